// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for the CUDA samples' helper_image.h (PGM/PPM I/O, result comparison).
#ifndef __SLICEWATT_HELPER_IMAGE_H
#define __SLICEWATT_HELPER_IMAGE_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define COMMON_HELPER_IMAGE_H_
#include "helper_string.h"

#ifndef MIN
#define MIN(a, b) ((a < b) ? a : b)
#endif
#ifndef MAX
#define MAX(a, b) ((a > b) ? a : b)
#endif

template <class T> bool sdkLoadPGM(const char *file, T **data, unsigned int *w, unsigned int *h);
template <class T> bool sdkSavePGM(const char *file, T *data, unsigned int w, unsigned int h);
bool __loadPPM(const char *file, unsigned char **data, unsigned int *w, unsigned int *h, unsigned int *channels);
bool __savePPM(const char *file, unsigned char *data, unsigned int w, unsigned int h, unsigned int channels);
bool sdkLoadPPM4(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w, unsigned int h);
template <class T> bool sdkReadFile(const char *filename, T **data, unsigned int *len, bool verbose);
template <class T> bool sdkReadFileBlocks(const char *filename, T **data, unsigned int *len, unsigned int block_num,
                                          unsigned int block_size, bool verbose);
template <class T, class S>
bool sdkWriteFile(const char *filename, const T *data, unsigned int len, const S epsilon, bool verbose,
                  bool append = false);
template <class T, class S>
bool compareData(const T *reference, const T *data, const unsigned int len, const S epsilon, const float threshold);
template <class T, class S>
bool compareDataAsFloatThreshold(const T *reference, const T *data, const unsigned int len, const S epsilon,
                                 const float threshold);
bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len, const float epsilon);
bool sdkComparePGM(const char *src_file, const char *ref_file, const float epsilon, const float threshold,
                   bool verboseErrors);
bool sdkComparePPM(const char *src_file, const char *ref_file, const float epsilon, const float threshold,
                   bool verboseErrors);
void sdkDumpBin(void *data, unsigned int bytes, const char *filename);
bool sdkCompareBin2BinUint(const char *src_file, const char *ref_file, unsigned int nelements, const float epsilon,
                           const float threshold, char *exec_path);
bool sdkCompareBin2BinFloat(const char *src_file, const char *ref_file, unsigned int nelements, const float epsilon,
                            const float threshold, char *exec_path);

#endif

// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for the CUDA samples' helper_functions.h (timers, strings, images).
#ifndef __SLICEWATT_HELPER_FUNCTIONS_H
#define __SLICEWATT_HELPER_FUNCTIONS_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define COMMON_HELPER_FUNCTIONS_H_
// The samples' version also drags in <iostream>, <fstream>, <string>,
// <vector>, <algorithm> and <math.h>; those cost ~400 ms of parsing, so only
// the cheap C headers are included. Code that uses std::cout & co. without
// including them itself will therefore not parse cleanly.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helper_string.h"
#include "helper_image.h"
#include "helper_timer.h"

#endif

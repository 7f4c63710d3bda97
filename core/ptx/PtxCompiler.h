// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// A program that turns CUDA device code into PTX (METHOD §10): NVIDIA's nvcc where a CUDA
// toolkit is installed, else Debian's clang with its NVPTX back end and SliceWatt's prelude
// instead of CUDA's headers. Neither is needed by anything else in SliceWatt.
struct PtxProducer {
    enum class Kind { Nvcc, Clang };
    Kind kind = Kind::Nvcc;
    QString executable;
    QString version; // "13.0" (nvcc's release), "14.0.6" (clang)
    QString name() const; // "nvcc 13.0", "clang 14.0.6"
};

// nvcc on PATH, in $CUDA_PATH/bin or /usr/local/cuda/bin, then clang on PATH; the ones that
// answer --version.
QVector<PtxProducer> findPtxProducers(
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

// The architecture a producer is asked for when `requested` is wanted: nvcc 13 compiles for
// sm_75 and newer only, nvcc 12 for sm_50 and newer, so an older GPU's code is compiled for
// the oldest the installed nvcc accepts; clang 14 compiles for sm_86 and older only, so a
// newer GPU's code is compiled for the newest the installed clang accepts; `note` says so.
QString ptxArchFor(const PtxProducer& producer, const QString& requested, QString* note);

struct PtxRequest {
    QString sourceFile;
    QStringList includeDirs;
    QStringList defines; // NAME or NAME=VALUE
    QString arch = QStringLiteral("sm_70");
    QString standard = QStringLiteral("c++17");
    int timeoutMs = 120000;
    QString preludeFolder; // clang: SliceWatt's stand-ins for the CUDA headers, on disk
    // nvcc: searched after the file's own folders, for the CUDA samples' helper headers a
    // toolkit does not install (SliceWatt's stand-ins, without its CUDA headers).
    QString helperFolder;
};

struct PtxCompilation {
    QByteArray ptx;
    QString arch; // the architecture compiled for
    QString error; // empty when PTX came out
    QStringList notes; // the architecture mapping, and the like
    QString command; // what was run, for the user
    QStringList dependencies; // every file the compile read (its -MD list), for PtxCache
    bool ok() const { return error.isEmpty(); }
};

// The producer's arguments for `request` at `arch`, without the output, dependency list and
// source file (what the cache keys on, with the same files and flags).
QStringList ptxArguments(const PtxProducer& producer, const PtxRequest& request, const QString& arch);

// The prerequisites of the first rule of a make dependency file (what -MD writes).
QStringList readMakeDependencies(const QByteArray& text);

// Compiles one file's device code to PTX with source-line information (-lineinfo; clang:
// -gline-tables-only), optimised as a build would (-O3), into a temporary folder; never
// writes beside the source.
PtxCompilation compilePtx(const PtxProducer& producer, const PtxRequest& request);

} // namespace slicewatt

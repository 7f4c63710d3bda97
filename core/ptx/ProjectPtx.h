// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxCache.h"
#include "PtxCompiler.h"
#include "PtxProgram.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace slicewatt {

// One translation unit's device code as PTX, read.
struct FilePtx {
    QString file;
    PtxCompilation compilation; // the error says why there is no PTX
    PtxModule module;
};

// A project's PTX from one producer (METHOD §10): the first of findPtxProducers(), or none.
struct ProjectPtx {
    QString producer; // "nvcc 13.0"; empty when no producer is installed
    QVector<FilePtx> files;
    int fromCache = 0; // files whose PTX came from a PtxCache, not from the producer
    // The PTX function of a kernel by its qualified name, from the file that defines it
    // (else from any file: kernels often live in files another one includes); nullptr when
    // none has it. `from`, when given, is set to the file whose PTX it is.
    const PtxFunction* kernel(const QString& qualifiedName, const QString& file, const FilePtx** from = nullptr) const;
};

// Compiles each request's file with the first producer found (nvcc, else clang), through
// `cache` when given. `progress` is told after each file and may stop the rest by returning false.
ProjectPtx compileProjectPtx(const QVector<PtxRequest>& requests,
    const std::function<bool(int done, int total)>& progress = {},
    const QVector<PtxProducer>& producers = findPtxProducers(), PtxCache* cache = nullptr);

} // namespace slicewatt

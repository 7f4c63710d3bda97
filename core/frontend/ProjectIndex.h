// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "common/CudaArch.h"

#include <QHash>

namespace slicewatt {

// A kernel or device function of the project, merged over every translation unit that
// saw it (a kernel in a header is seen once per including file but listed once).
struct CatalogFunction {
    FunctionInfo info;
    QStringList callerKeys; // kernels and device functions that call it directly
    QStringList calleeKeys; // project kernels and device functions it calls directly
    QVector<LaunchSite> launches; // kernels only
    QString unitPath; // the translation unit it was read from
    int unitErrors = 0; // errors in that unit: its analysis may stand on a broken parse
    // The architecture its body was read for ("sm_90") when its code tests __CUDA_ARCH__
    // (the device compiler's reading differs from the host's); empty when the body is the
    // same for every architecture.
    QString deviceArch;
};

// Everything the front end learnt about the project.
struct ProjectIndex {
    QVector<UnitIndex> units; // per parsed file, sorted by path
    QVector<CatalogFunction> kernels; // sorted by file, line
    QVector<CatalogFunction> deviceFunctions;
    QVector<LaunchSite> unresolvedLaunches; // launches of kernels defined outside the project
    QVector<MemoryCopySite> copies; // host-device copies in source order, each place once
    // Copies in plain host functions that neither main nor any function of the project calls,
    // in a project with a main: not the program's copies (a helper left unused, another
    // program's entry point). Without a main every host function may be an entry point.
    QVector<MemoryCopySite> uncalledCopies;
    Diagnostics loaderDiagnostics; // from finding the sources
    QStringList droppedFlags;
    bool cancelled = false;
    // What device code was read for: __CUDA_ARCH__ in the files whose code tests it.
    CudaArch deviceArch;

    // Loader and parser diagnostics, each once (a header's repeat in every including unit).
    const Diagnostics& allDiagnostics() const { return m_diagnostics; }
    // Warnings and errors located in `path`.
    int diagnosticCountForFile(const QString& path) const { return m_countByFile.value(path); }
    // Recomputes the two views above; call after changing units or loaderDiagnostics.
    void refreshDiagnostics();
    const CatalogFunction* functionByKey(const QString& key) const;
    // The statement-level view of a kernel (null when its body could not be read).
    const KernelIR* kernelIR(const QString& key) const;
    QHash<QString, KernelIR> kernelIRs; // by function key

private:
    Diagnostics m_diagnostics;
    QHash<QString, int> m_countByFile;
};

// Merges per-file results into the project view (deduplication, callers, launches).
ProjectIndex mergeUnits(QVector<UnitIndex> units, CudaArch deviceArch = {});

} // namespace slicewatt

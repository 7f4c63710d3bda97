// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelEnergy.h"
#include "PtxExecution.h"
#include "model/GpuCatalogue.h"
#include "model/PowerModel.h"
#include "project/ProjectLoader.h"
#include "ptx/PtxCache.h"
#include "ptx/PtxCompiler.h"

#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace slicewatt {

// A temporary folder with what a PTX producer needs besides the project (METHOD §10): the
// prelude in `prelude/` (clang reads it in place of CUDA's headers) and its stand-ins for the
// CUDA samples' helper_*.h alone in `helpers/` (nvcc finds them after its own headers).
// Removed with the object; never inside the analysed project.
class PtxWorkspace {
public:
    PtxWorkspace();
    bool isValid() const { return m_valid; }
    QString preludeFolder() const;
    QString helperFolder() const;

    // One translation unit's request: its include folders, macros and standard from its flags.
    PtxRequest requestFor(const SourceFile& unit, const QString& arch) const;
    QVector<PtxRequest> requestsFor(const QVector<SourceFile>& units, const QString& arch) const;

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    bool m_valid = false;
};

// The architecture a GPU's code is compiled for: "sm_70" for compute capability 7.0; empty
// when the catalogue does not give one.
QString ptxArchOf(const GpuSpec& gpu);

// The producers found (looked for once per run), or only those of `wanted` ("nvcc", "clang";
// empty: all), first preferred.
QVector<PtxProducer> ptxProducersNamed(const QString& wanted);

// Whether an estimate needs the project's PTX: the model reads it (alavani-xgb), or the energy
// model is to price the PTX's instructions (--energy-counts ptx).
bool needsProjectPtx(const PowerModel& model, EnergyCounts counts);

// The producers to try for a model's PTX features on a GPU: `wanted` when given, else the kind
// its trees were trained on first (the features it knows), then the others; for a model that
// reads no PTX (the time and energy models' counts) nvcc first.
QVector<PtxProducer> ptxProducersFor(const PowerModel& model, const GpuSpec& gpu, const QString& wanted);

// Every translation unit of the project compiled for the GPU by the first producer, off
// nothing but the project's files and a workspace of its own, through `cache` when given.
// `progress` as compileProjectPtx.
ProjectPtx compileSourcesPtx(const ProjectSources& sources, const GpuSpec& gpu, const QVector<PtxProducer>& producers,
    const std::function<bool(int done, int total)>& progress = {}, PtxCache* cache = nullptr);

// The PTX settings of a model that reads PTX: `ptx` (kept by the caller) with a note when its
// producer is not the one the model was trained on; `missing` when there is none.
PtxSettings ptxSettingsFor(const PowerModel& model, const GpuSpec& gpu, const ProjectPtx& ptx);

} // namespace slicewatt

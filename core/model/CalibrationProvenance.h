// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationCsv.h"
#include "GpuCatalogue.h"
#include "LevenbergMarquardt.h"

#include <QByteArray>
#include <QJsonObject>

#include <optional>

namespace slicewatt {

// The measurement a calibration CSV describes in its `# key: value` lines (GPU name,
// driver, clocks, idle power, date, …), as the "measurement" object of a fitted model's
// provenance. Values of keys naming a unit or a count (idle_w, sm_clock_mhz, sm_count) are
// numbers; everything else is kept as written.
QJsonObject measurementProvenance(const CalibrationData& data);

// The GPU a calibration was measured on, from its metadata: gpu_id, gpu_name, sm_count and,
// when present, compute_capability, architecture, max_threads_per_sm, max_blocks_per_sm,
// registers_per_sm, shared_memory_per_sm_bytes. nullopt (with `whyNot`) when gpu_id or a
// positive sm_count is missing — the SM count is what turns a launch into a saturation.
std::optional<GpuSpec> calibratedGpu(const CalibrationData& data, QString* whyNot = nullptr);

// A GPU catalogue file (slicewatt-gpus/1) with one GPU, for a user models folder, so
// models fitted to a GPU the shipped catalogue lacks can be used (GpuCatalogue reads
// gpus*.json there).
QByteArray gpuCatalogueFile(const GpuSpec& gpu, const QString& source);
// gpuCatalogueFile for the GPU a calibration measured, saying which file measured it.
QByteArray measuredGpuFile(const GpuSpec& gpu, const CalibrationData& data);

// The model file (fittedModelFile) of `fit`, `form` fitted to `samples` of `data`, with the
// calibration's provenance: data file, tool and the measurement's metadata. One place for
// the CLI's fit, slicewatt-calibrate and the Calibration view's "Use this model".
QByteArray calibratedModelFile(const CalibrationData& data, const ModelForm& form, const FitResult& fit,
    const QVector<ModelSample>& samples, const QString& modelId, const QString& gpuId, const QString& tool);

} // namespace slicewatt

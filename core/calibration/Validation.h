// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/WhatIf.h"
#include "frontend/ParserOptions.h"
#include "model/GpuCatalogue.h"
#include "model/PowerModel.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One measured program of a validation set: a CUDA program run on a real GPU with its
// power measured, to compare with SliceWatt's static prediction for the same source.
struct ValidationRow {
    QString program; // the .cu file, relative to the CSV's folder or absolute
    QString kernel; // compare with this kernel; empty: the mean over the program's kernels [ours]
    double measuredW = 0; // average board power while the program ran, W
    std::optional<double> seconds; // how long it ran, s (for energy)
    // Inside that time, how long kernels kept the GPU busy (CUPTI, kernel_s), and what the
    // board drew with the program's context open and nothing running (context_idle_w).
    std::optional<double> kernelSeconds;
    std::optional<double> contextIdleW;
    int line = 0;

    // kernel_s / seconds, at most 1; nullopt without both.
    std::optional<double> kernelShare() const;
};

// A validation CSV: `# key: value` metadata lines (GPU, driver, how power was measured),
// a header naming program, measured_w and optionally kernel, seconds; other columns ignored.
struct ValidationSet {
    QString file;
    QMap<QString, QString> metadata;
    QVector<ValidationRow> rows;
    QStringList errors; // "file:line: problem"; non-empty: unusable
    bool ok() const { return errors.isEmpty(); }
};
ValidationSet readValidationCsv(const QString& path);
ValidationSet parseValidationCsv(const QByteArray& contents, const QString& fileName);

struct ValidationResult {
    ValidationRow row;
    QString error; // the program could not be analysed or has no such kernel: not in the MAPE
    std::optional<double> predictedW;
    int kernelsCompared = 0; // kernels averaged into predictedW
    // |predicted − measured| / measured
    std::optional<double> absoluteError() const;
    // What the measurement averages, predicted: the model's power while kernels run for the
    // kernels' share f of the loop, the measured between-kernel power for the rest [ours]:
    // f·P_predicted + (1 − f)·P_context_idle. Nullopt without the kernel time or that power.
    std::optional<double> loopAverageW() const;
    std::optional<double> loopAverageError() const;
};

struct ValidationSummary {
    QVector<ValidationResult> results; // in the CSV's order
    int compared = 0; // rows with a prediction
    std::optional<double> meanAbsolutePercentageError; // over the compared rows, %
    std::optional<double> maxAbsolutePercentageError;
    // The same over the rows with a loop average (loopAverageW).
    int comparedLoopAverage = 0;
    std::optional<double> loopAverageMeanAbsolutePercentageError;
    std::optional<double> loopAverageMaxAbsolutePercentageError;
};

// Analyses each program (once, however many rows name it) with `model` on `gpu` and the
// what-if `settings`, and compares with the measured power.
ValidationSummary validatePredictions(const ValidationSet& set, const PowerModel& model, const GpuSpec& gpu,
    const WhatIfSettings& settings, const ParserOptions& parserOptions);

QString validationTable(const ValidationSummary& summary);
QByteArray validationJson(const ValidationSummary& summary, const QString& modelId, const QString& gpuId);
QByteArray validationCsvOutput(const ValidationSummary& summary);

} // namespace slicewatt

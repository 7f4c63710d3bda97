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
    int line = 0;
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
};

struct ValidationSummary {
    QVector<ValidationResult> results; // in the CSV's order
    int compared = 0; // rows with a prediction
    std::optional<double> meanAbsolutePercentageError; // over the compared rows, %
    std::optional<double> maxAbsolutePercentageError;
};

// Analyses each program (once, however many rows name it) with `model` on `gpu` and the
// what-if `settings`, and compares with the measured power.
ValidationSummary validatePredictions(const ValidationSet& set, const PowerModel& model, const GpuSpec& gpu,
    const WhatIfSettings& settings, const ParserOptions& parserOptions);

QString validationTable(const ValidationSummary& summary);
QByteArray validationJson(const ValidationSummary& summary, const QString& modelId, const QString& gpuId);
QByteArray validationCsvOutput(const ValidationSummary& summary);

} // namespace slicewatt

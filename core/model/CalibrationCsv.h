// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelForm.h"
#include "common/FileErrorList.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One row of a measurement CSV: a slice (real or a microbenchmark) run at a known
// saturation and intensity, with its averaged measured power.
struct CalibrationSample {
    double saturation = 0; // Sa = active SMs / SMs, in [0, 1]
    double intensity = 0; // JoS13 ratio Ã = N_a / N_mem, ≥ 0
    double watts = 0; // measured average power, W
    std::optional<double> lines; // slice length in effective lines (a WNN input), ≥ 0
    std::optional<double> fraction; // JSW12 fraction intensity #A / (#A + N_mem), in [0, 1]
    QString gpu; // the gpu column as written; empty when absent
    int gpuIndex = -1; // see CalibrationData::gpuNames; -1 when there is no gpu column
    int line = 0; // 1-based line in the file, for messages about this sample
};

// A parsed measurement file. Columns are found by name in a required header line
// (case-insensitive): saturation, intensity, watts; optionally lines, gpu, fraction; other
// columns are ignored. Comma separated, fields trimmed, double-quoted fields allowed
// (spreadsheet exports quote text), `#` comment lines and blank lines skipped.
// Comment lines of the form `# key: value` before the header are the measurement's
// metadata (slicewatt-calibrate writes gpu_name, driver, sm_clock_mhz, idle_w, date, …);
// keys are lower-case letters, digits and '_'.
struct CalibrationData {
    QString file; // the name messages use
    QVector<CalibrationSample> samples;
    QMap<QString, QString> metadata; // key → value, from the comment lines before the header
    bool hasLines = false;
    bool hasFraction = false;
    bool hasGpu = false;
    // GPU labels in index order. When every gpu value is a non-negative integer the values
    // are the indices themselves (the WNN's "GPU type index 0, 1, …") and the names are
    // those numbers; otherwise indices follow first appearance in the file.
    QStringList gpuNames;
    // "file:line: problem", in file order; empty when the file is usable. At most
    // kMaxErrors problems are listed, then one line counting the rest.
    QStringList errors;
    bool ok() const { return errors.isEmpty(); }

    static constexpr int kMaxErrors = FileErrorList::kMax;
};

// Reads and parses `path`; messages name the file as `path` is written.
CalibrationData readCalibrationCsv(const QString& path);
// Parses UTF-8 `contents`; messages name the file `fileName`.
CalibrationData parseCalibrationCsv(const QByteArray& contents, const QString& fileName);

// The samples `form` is fitted to, its intensity on the form's scale. A Fraction form
// uses the fraction column where present, else derives it from the ratio:
// #A / (#A + N_mem) = Ã / (1 + Ã) [ours].
QVector<ModelSample> modelSamples(const CalibrationData& data, const ModelForm& form);

} // namespace slicewatt

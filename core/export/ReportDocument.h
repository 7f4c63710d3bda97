// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConceptTexts.h"
#include "EstimateWriter.h"
#include "estimate/WhatIf.h"
#include "model/ModelGrid.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

#include <array>
#include <optional>

namespace slicewatt {

// The PDF report's content, built once from the engine's results (no painting here): the
// GUI's File → Export Report and `slicewatt-cli report` paint the same document
// (ui/report/ReportPainter), so both give the same pages. Every number is the estimate's.

struct ReportParameter {
    QString name; // "GPU", "Model", "SM saturation (reduceSum)", "BDPM δ", "Execution time"
    QString value; // as printed, with its unit
};

struct ReportKernelRow {
    QString kernelKey;
    QString name; // qualified name
    QString location; // "src/reduce.cu:68", relative to the project folder
    double watts = 0; // P̂
    std::optional<double> joules; // Ē = P̂·t when a time was given
    double intensity = 0; // the model's intensity definition (ACIM average)
    bool fractionIntensity = false; // true: JSW12 fraction x; false: JoS13 ratio Ã
    double saturation = 1; // Sa
    int activeSms = 0;
    bool dense = false; // BDPM when true, BSPM otherwise
    QString noEstimate; // why the kernel has no estimate (then watts means nothing)
};

struct ReportHotLine {
    int rank = 0;
    QString kernel; // qualified name
    QString location; // relative "file:line"
    double watts = 0;
    double share = 0; // of its kernel's P̂, 0…1
};

struct ReportSourceLine {
    int number = 0; // 1-based line in its file
    QString text; // tabs expanded, no line break
    double watts = 0; // the line's heat (W)
    double fraction = 0; // of the kernel's hottest line, 0…1: the heat colour
    std::array<bool, kMemorySpaceCount> spaces{}; // slices the line belongs to
};

struct ReportSliceRow {
    MemorySpace space = MemorySpace::Global;
    int length = 0; // |C_i| (or |Ĉ_i| for BDPM)
    double arithmetic = 0; // #A, loop-weighted
    SpaceCounts accesses; // n per space, loop-weighted
    double intensity = 0; // the model's definition
    double watts = 0; // P_i
    double share = 0; // |C_i| / L, 0…1
    double contribution = 0; // share · P_i in W: this slice's part of P̂
    QStringList outOfDomain;
};

struct ReportKernelSection {
    ReportKernelRow summary;
    QString file; // absolute path of the kernel's file
    QVector<ReportSourceLine> listing; // the kernel's lines in its file, in order
    QVector<ReportSliceRow> slices;
    QString programFormula; // "P̂ = Σ (|C_i| / L)·P_i = …" with the numbers
    QVector<QString> sliceFormulas; // per slice, the model with its numbers substituted
    QStringList assumptions; // trip counts, branch probabilities, saturation
    QStringList outOfDomain;
    double hottestLineWatts = 0; // top of the heat scale (fraction 1): the kernel's hottest line in `file`
    // The operating points for the surface plot: the kernel and each slice.
    SliceOperatingPoint kernelPoint;
    QVector<SliceOperatingPoint> slicePoints; // parallel to `slices`
    // Added for the painter (ui/report): the model's power surface for the report's GPU under
    // this kernel's operating points, from ModelGrid::sample (painted as vector cells, so the
    // PDF has no images). Sample it as the GUI's SurfacePlot does: an intensity axis that
    // holds kernelPoint's and every slice's intensity (the model's fitted range widened to
    // whole decades, ui/plots/SurfaceMap.cpp intensityAxis), Sa from min(0.1, 1/SMs) to 1,
    // `lines` = the typical slice length for the wavelet network. About 60 × 46 points is
    // plenty on paper. Empty when the model gives no surface for the GPU: the painter then
    // says so instead of drawing the plot.
    std::optional<ModelGrid> surface;
};

struct ReportMethod {
    QStringList formulas; // the slice and program formulas in use, plain Unicode text
    QString modelName;
    QString modelEquation;
    QString modelProvenance; // paper and table, or the calibration data, as the model file says
    QString modelParameters; // the chosen GPU's parameters: "β0 = 95 W, β1 = 46.7 W, β2 = 0.2"
    QStringList provenanceItems; // modelProvenance split into its "key: text" entries
    // Added for the painter: the model's fitted intensity range (PowerModel::intensityMin/Max,
    // in the model's intensity definition). The surface plots mark it; 0, 0 = not known.
    double intensityMin = 0;
    double intensityMax = 0;
    QVector<ConceptText> concepts; // what the numbers mean and do not mean
    QVector<Citation> citations;
};

struct ReportDocument {
    QString title; // "SliceWatt power report: imagepipe"
    QString project; // the analysed folder or files, as given
    QString projectFolder; // the folder locations are relative to
    QDateTime created; // set by the caller (tests fix it for byte-stable output)
    QString toolVersion;
    QString gpuId;
    QString gpuName;
    QString modelId;
    QString modelName;
    QVector<ReportParameter> parameters; // every what-if parameter, defaults included
    QVector<ReportKernelRow> kernels; // the summary table, in the project's kernel order
    std::optional<double> totalJoules; // Σ Ē when a time was given
    QVector<ReportHotLine> hottestLines; // across the project, hottest first
    QVector<ReportKernelSection> sections; // one per kernel, same order as `kernels`
    ReportMethod method;
    QStringList diagnostics; // "file:line: severity: message", errors and warnings
};

struct ReportOptions {
    QString project; // as the user gave it (inputs joined)
    QString projectFolder; // for relative locations
    QString toolVersion;
    QDateTime created;
    int hottestLines = 20; // rows of the project-wide ranking
    QString title; // empty: "SliceWatt power report: <project folder name>"
};

// When a report is made: now, or SOURCE_DATE_EPOCH (s since 1970, UTC) when set, so that
// archived reports can be reproduced byte for byte; the GUI and the CLI use the same rule.
QDateTime reportCreationTime();

// The report for an estimated project. `run` comes from estimateProjectWhatIf with
// `settings` (the same what-ifs the GUI or the CLI flags set).
ReportDocument buildReport(const EstimateRun& run, const WhatIfSettings& settings, const ReportOptions& options);

} // namespace slicewatt

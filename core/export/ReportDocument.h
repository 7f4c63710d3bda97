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
    std::optional<double> joules; // Ē = P̂·t over the time given or predicted
    QString timeText; // "238 µs per launch, memory-bound (…)" or why there is no time (METHOD §12)
    QString energyText; // energy per launch and its dynamic part, over which time; empty without
    QString bandText; // "364–630 W": the interval the model's measured error gives P̂; empty without
    QString powerTermsText; // the physical model's terms ("idle 125.6 W + …"); empty for other models
    double intensity = 0; // the model's intensity definition (ACIM average)
    bool fractionIntensity = false; // true: JSW12 fraction x; false: JoS13 ratio Ã
    double saturation = 1; // Sa
    int activeSms = 0;
    bool dense = false; // BDPM when true, BSPM otherwise
    QString noEstimate; // why the kernel has no estimate (then watts means nothing)
};

struct ReportHotLine {
    int rank = 0; // lines that print the same watts share a rank (1, 2, 2, 4)
    bool tied = false; // another line shares the rank: printed "2="
    QString code; // the line's text, trimmed
    QString kernel; // qualified name
    QString location; // relative "file:line"
    double watts = 0;
    double share = 0; // of its kernel's P̂, 0…1
    double joules = 0; // the line's dynamic energy per launch (instruction-class model), J; 0 without one
};

struct ReportSourceLine {
    int number = 0; // 1-based line in its file
    QString text; // tabs expanded, no line break
    double watts = 0; // the line's heat (W)
    double joules = 0; // the line's dynamic energy per launch, J (0: executes nothing, or no energy model)
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

// One executed instruction class of a kernel as the energy model prices it (METHOD §9).
struct ReportEnergyClass {
    QString label; // "global memory", energyClassLabel
    double perThread = 0; // executed instructions per thread (loop weights × path probabilities)
    double eachNj = 0; // e_class: the model file's nJ per instruction
    double joules = 0; // per launch, all threads: threads × perThread × e_class
};

// A kernel's instruction-class energy: the estimate's KernelEnergy as the report prints it.
struct ReportKernelEnergy {
    double dynamicJ = 0; // E_dyn, J per launch
    double threads = 0;
    bool threadsAssumed = false;
    QString threadsSource; // where the count comes from, in words ("the launch: …", "assumed: …")
    QString countsSource; // where the executed instructions come from: the source's operators, or PTX
    QVector<ReportEnergyClass> classes; // the executed classes with the most energy, largest first
    int omittedClasses = 0; // executed classes beyond `classes`
    double omittedJoules = 0; // their energy per launch, J
    QString formula; // "E_dyn = threads × Σ n_class·e_class = 262144 × 1185 nJ = 310.6 µJ"
    std::optional<double> seconds; // the execution time t, when given
    std::optional<double> staticW; // P_static; unknown for the thesis's board
    std::optional<double> dynamicW; // E_dyn / t
    std::optional<double> totalW; // P_static + E_dyn / t
    std::optional<double> totalJ; // P_static·t + E_dyn
};

// The most instruction classes a kernel section lists (the rest are summed in one row).
constexpr int kReportEnergyClasses = 6;

struct ReportKernelSection {
    ReportKernelRow summary;
    QString file; // absolute path of the kernel's file
    QVector<ReportSourceLine> listing; // the kernel's lines in its file, in order
    QVector<ReportSliceRow> slices;
    QString programFormula; // "P̂ = Σ (|C_i| / L)·P_i = …" with the numbers
    QVector<QString> sliceFormulas; // per slice, the model with its numbers substituted
    QStringList assumptions; // trip counts, branch probabilities, saturation
    // A kernel launched at several sites (issue 47): one line per site with its sizes, time,
    // power and energy per launch, the one the section is estimated at first; empty otherwise.
    QStringList launches;
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
    std::optional<ReportKernelEnergy> energy; // when an energy model was chosen
};

// A host-device copy of the program with the copy term of the energy model.
struct ReportCopy {
    QString location; // relative "file:line"
    QString caller; // the host function holding the call
    QString api; // "cudaMemcpy", "cudaMemcpyAsync", …
    QString direction; // "HostToDevice", …; empty when the call does not spell it
    std::optional<qint64> bytes; // when a compile-time value
    std::optional<double> seconds; // latency + bytes / bandwidth
    std::optional<double> joules; // P_transfer · t
    QString note; // why there is no energy
};

// The instruction-class energy model the report used, for its parameters and method.
struct ReportEnergyModel {
    QString id;
    QString name;
    QString equation;
    QString source; // the model file's provenance "source": where its numbers come from
    QStringList provenanceItems; // the whole provenance as "key: text" entries
    std::optional<double> staticW; // P_static in use (the file's, or --static-w); unknown when empty
    QString staticSource; // where P_static comes from, or why it is unknown
    std::optional<double> transferW; // P_transfer of copies
    QString transferSource;
};

struct ReportMethod {
    QStringList formulas; // the slice and program formulas in use, plain Unicode text
    QString modelName;
    QString modelEquation;
    QString modelProvenance; // paper and table, or the calibration data, as the model file says
    QString modelParameters; // the chosen GPU's parameters: "β0 = 95 W, β1 = 46.7 W, β2 = 0.2"
    QStringList provenanceItems; // modelProvenance split into its "key: text" entries
    // The model's measured error on this GPU (METHOD §11) in words, or that it has none.
    QString accuracy;
    // Added for the painter: the model's fitted intensity range (PowerModel::intensityMin/Max,
    // in the model's intensity definition). The surface plots mark it; 0, 0 = not known.
    double intensityMin = 0;
    double intensityMax = 0;
    std::optional<ReportEnergyModel> energyModel; // the instruction-class model, when one was chosen
    QStringList energyFormulas; // its formulas, plain Unicode text
    QVector<ConceptText> concepts; // what the numbers mean and do not mean
    QVector<Citation> citations;
};

// The "Changes since the baseline" section (issue 18): the report made while comparing with a
// saved analysis or a git revision. Filled by compare/ReportChanges from the comparison.
struct ReportKernelChange {
    QString name; // qualified, as now (as in the baseline for a removed kernel)
    QString location; // relative "file:line", the new version's (the baseline's when removed)
    QString status; // "changed", "unchanged", "added", "removed"
    QString pairing; // "renamed or moved from blurOld, similarity 0.98"; empty: same name and signature
    std::optional<double> beforeW; // P̂ in the baseline
    std::optional<double> afterW;
    std::optional<double> beforeJ; // Ē per launch
    std::optional<double> afterJ;
};

struct ReportLineChange {
    QString kernel;
    QString location; // relative "file:line" in the new version; the baseline's with "(gone)"
    QString code; // the line's text, trimmed
    double beforeW = 0; // its heat in the baseline (0: none)
    double afterW = 0;
};

struct ReportChanges {
    QString baseline; // its label: "release-1.2.json", "git main"
    QStringList notes; // what makes the two less comparable (another GPU or model)
    QVector<ReportKernelChange> kernels; // paired in the new version's order, then added, removed
    QVector<ReportLineChange> lines; // the most changed lines across kernels, largest |Δ| first
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
    QString noSurfaceReason; // the model has no surface to draw (launch-level), in words
    QVector<ReportParameter> parameters; // every what-if parameter, defaults included
    QVector<ReportKernelRow> kernels; // the summary table, in the project's kernel order
    std::optional<double> totalJoules; // Σ Ē when a time was given
    QVector<ReportHotLine> hottestLines; // across the project, hottest first
    QVector<ReportKernelSection> sections; // one per kernel, same order as `kernels`
    QVector<ReportCopy> copies; // the program's host-device copies, in source order
    std::optional<double> copiesJoules; // Σ of the copies with an energy; empty without an energy model
    ReportMethod method;
    QStringList diagnostics; // "file:line: severity: message", errors and warnings
    std::optional<ReportChanges> changes; // made while comparing with a baseline
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

// The name Export Report proposes: "<project folder>-<GPU id>-<yyyy-MM-dd>.pdf"
// ("imagepipe-gtx480-2026-11-26.pdf"), with characters a file system may refuse replaced by '-'.
QString suggestedReportFileName(const QString& projectFolder, const QString& gpuId, const QDate& date);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GroupedValidation.h"
#include "estimate/PowerBand.h"
#include "model/DataSheetPhysics.h"
#include "model/PhysicalPower.h"

#include <QHash>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>

namespace slicewatt {

// One measured launch as the physical model sees it: the time model's work for it (the
// analysis of its driver at its launch) and the board power measured back to back.
struct PhysicalFitRow {
    QString kernel; // "driver|kernel": every launch of one kernel is held out together
    QString caseName;
    QString set; // the measurement it comes from (the runs file), for figures per set
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    LaunchWork work;
    double measuredW = 0;
    // The measured time per launch, where the runs give one (0: not known): with the time
    // model's (work.seconds) it makes the energy per launch comparable, P · t.
    double measuredSeconds = 0;
    // The GPU the launch ran on and its constants from the data sheet and the architecture
    // (DataSheetPhysics.h), which a fit only corrects: empty prior, a free fit (fitPhysicalModel).
    QString gpuId;
    QHash<QString, double> prior;
    ClockScaling clocks;
    double boardW = 0;
    // A row's weight in a fit of the corrections across GPUs: each GPU counts alike, however
    // many launches it has (1 / its launches).
    double fitWeight = 1;
    // Measured back to back at sizes its driver states (PhysicalGpuFit::measuredBackToBack):
    // only such launches say how the energy divides between the terms, so only they correct
    // the data sheet of another GPU (PhysicalTransfer.h).
    bool measuredBackToBack = false;
};

// Gives `row` the GPU's constants from its data sheet (`physics`; null: none, a free fit), its
// clock scaling and board limit.
void setPhysicalPrior(PhysicalFitRow& row, const GpuSpec& gpu, const DataSheetPhysics* physics);

// Relative errors up to this count in full in the fit, larger ones less (Huber's loss) [ours:
// fixed before any figure was seen, the error aimed at; plain least squares (0) is the other
// choice compared in the closing note of issue 34].
constexpr double kPhysicalHuberShare = 0.1;

// An energy per instruction or byte is fitted only where at least this many training kernels
// run the input at kPhysicalSupportRate or more [ours: at ~10 pJ, 10^11 a second is ~1 W, what a
// board's power sensor can still tell apart; one or two kernels would let the fit give the
// input whatever those kernels' other errors need (26,000 pJ per FP64 instruction on the H200,
// from one FP64 kernel the analysis reads as FP32)].
constexpr int kPhysicalSupportKernels = 3;
constexpr double kPhysicalSupportRate = 1e11; // per second
// The inputs of `trainRows` below that support: not fitted. pj_fp64 is then derived, 2 ×
// pj_fp32 (an FP64 operation moves and multiplies twice the bits of an FP32 one [ours]); any
// other such input is 0, and a launch that uses it lies outside the model's domain.
QStringList unsupportedPhysicalInputs(const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows);

// The physical model's GPU constants fitted to measured launches (issue 34): rows with a
// prior get the prior with the corrections fitCorrections finds (idle_w the measured one when
// given); rows without (tests, a GPU the architecture table lacks) a free fit: with P_idle fixed
// at the board's measured idle power, every other parameter by non-negative least squares on
// the relative error (P̂ − P) / P, the error the validation reports, under Huber's loss.
// Without a measured idle power (the public data sets measured kernels only), P_idle is one
// more non-negative weight of the same fit. Nothing is capped in the fit: the board's limit
// only bounds what is shown.
QHash<QString, double> fitPhysicalModel(
    const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows, std::optional<double> measuredIdleW);

// What constants fitted as above predict for a launch without work (the time model could not
// read it): its own validation reads such a launch as idle; compared with other models on the
// public data it is left unpredicted (each model is scored on the launches it predicts).
enum class WithoutWork { Idle, NotPredicted };
// fitPhysicalModel on the rows of `trainRows` with work (one without has nothing to fit), and
// the power those constants predict for any row (capped at `boardW`).
std::function<double(int)> fitPhysicalPredictor(const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows,
    std::optional<double> measuredIdleW, double boardW, WithoutWork withoutWork);

// The model's error with whole kernels held out (METHOD §11), every choice inside the folds:
// each kernel's launches are predicted by constants fitted on the other kernels, and its band
// is what covers kBandCoverage of those other kernels' own held-out errors (an inner
// leave-one-kernel-out on the training kernels).
struct PhysicalValidation {
    QVector<double> predictedW; // per row, its kernel held out (capped at the board's limit)
    QVector<double> bandShare; // per row: the band the fold without its kernel gives
    QVector<bool> covered; // per row: the measurement lies inside P̂ · (1 ± band)
    ErrorFigures figures;
    double spearman = 0;
    double coveragePct = 0;
    ErrorFigures medianBaseline; // the training kernels' median power
    ErrorFigures idleBaseline; // the idle power for every launch
    // For the file: the band that covers kBandCoverage of all held-out errors, and the
    // range of each input's rate over the rows (the domain a prediction is inside).
    double fileBandShare = 0;
    QHash<QString, std::pair<double, double>> domain;
};
// The held-out figures of the rows of one set (or all rows for an empty set): error, rank
// correlation and the band's coverage.
struct PhysicalSetFigures {
    ErrorFigures figures;
    double spearman = 0;
    double coveragePct = 0;
};
PhysicalSetFigures setFigures(
    const QVector<PhysicalFitRow>& rows, const PhysicalValidation& validation, const QString& set);

// `measuredIdleW` as fitPhysicalModel's; nullopt: the idle power is fitted inside every fold,
// and the idle baseline is each fold's fitted idle power.
PhysicalValidation validatePhysicalModel(
    const QVector<PhysicalFitRow>& rows, std::optional<double> measuredIdleW, double boardW);

} // namespace slicewatt

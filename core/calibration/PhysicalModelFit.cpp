// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalModelFit.h"

#include "NonNegativeLeastSquares.h"
#include "PhysicalCorrectionFit.h"
#include "PtxFeatureComparison.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace slicewatt {
namespace {

constexpr int kHuberIterations = 20;

// Held-out predictions of `rows` (indices into all rows), each kernel predicted by constants
// fitted on the other kernels of `rows`.
QVector<double> heldOut(
    const QVector<PhysicalFitRow>& all, const QVector<int>& rows, std::optional<double> idleW, double boardW)
{
    QStringList groups;
    for (int i : rows)
        groups << all[i].kernel;
    return leaveOneGroupOut(groups, [&](const QVector<int>& train) -> std::function<double(int)> {
        QVector<int> trainRows;
        for (int t : train)
            trainRows << rows[t];
        const std::function<double(int)> predict
            = fitPhysicalPredictor(all, trainRows, idleW, boardW, WithoutWork::Idle);
        return [&rows, predict](int r) { return predict(rows[r]); };
    });
}

} // namespace

void setPhysicalPrior(PhysicalFitRow& row, const GpuSpec& gpu, const DataSheetPhysics* physics)
{
    row.gpuId = gpu.id;
    row.boardW = gpu.boardPowerW.value_or(0);
    if (!physics)
        return;
    row.prior = physics->parameters;
    row.clocks = physics->clocks;
}

QStringList unsupportedPhysicalInputs(const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows)
{
    QStringList unsupported;
    for (const PhysicalInput& input : physicalInputs()) {
        if (!input.perSecond)
            continue;
        QSet<QString> kernels;
        for (int r : trainRows) {
            if (input.amount(rows[r].work) / rows[r].work.seconds >= kPhysicalSupportRate)
                kernels.insert(rows[r].kernel);
        }
        if (kernels.size() < kPhysicalSupportKernels)
            unsupported << input.key;
    }
    return unsupported;
}

QHash<QString, double> fitPhysicalModel(
    const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows, std::optional<double> measuredIdleW)
{
    // Rows with the data sheet's constants: those, corrected (every row one GPU's, one prior).
    if (!trainRows.isEmpty() && !rows[trainRows.first()].prior.isEmpty()) {
        const CorrectionFit fit = fitCorrections(rows, trainRows, measuredIdleW);
        QHash<QString, double> parameters = correctedParameters(rows[trainRows.first()].prior, fit.multipliers);
        if (measuredIdleW)
            parameters.insert(QStringLiteral("idle_w"), *measuredIdleW);
        return parameters;
    }
    const QVector<PhysicalInput>& inputs = physicalInputs();
    const int n = int(trainRows.size());
    const int k = int(inputs.size());
    // A fitted idle power is the last weight, on a column of ones.
    Eigen::MatrixXd a(n, measuredIdleW ? k : k + 1);
    Eigen::VectorXd b(n);
    for (int r = 0; r < n; ++r) {
        const PhysicalFitRow& row = rows[trainRows[r]];
        const QVector<double> rates = physicalRates(row.work);
        // Relative residuals: every launch's error counts as a share of its power.
        for (int j = 0; j < k; ++j)
            a(r, j) = rates[j] / row.measuredW;
        if (measuredIdleW)
            b(r) = (row.measuredW - *measuredIdleW) / row.measuredW;
        else {
            a(r, k) = 1 / row.measuredW;
            b(r) = 1;
        }
    }
    const QStringList unsupported = unsupportedPhysicalInputs(rows, trainRows);
    for (int j = 0; j < k; ++j) {
        if (unsupported.contains(inputs[j].key))
            a.col(j).setZero(); // NNLS leaves a zero column's weight at 0
    }
    // Huber's loss by iteratively reweighted least squares: a launch the analysis reads wrong
    // (atomics contending for one address run far longer than the time model says) would
    // otherwise pull every constant towards itself.
    Eigen::VectorXd x = nonNegativeLeastSquares(a, b);
    for (int iteration = 0; iteration < kHuberIterations; ++iteration) {
        Eigen::MatrixXd weightedA = a;
        Eigen::VectorXd weightedB = b;
        const Eigen::VectorXd residual = a * x - b;
        for (int r = 0; r < n; ++r) {
            const double e = std::abs(residual(r));
            const double w = e <= kPhysicalHuberShare ? 1.0 : std::sqrt(kPhysicalHuberShare / e);
            weightedA.row(r) *= w;
            weightedB(r) *= w;
        }
        x = nonNegativeLeastSquares(weightedA, weightedB);
    }
    QHash<QString, double> parameters{{QStringLiteral("idle_w"), measuredIdleW ? *measuredIdleW : x(k)}};
    for (int j = 0; j < k; ++j)
        parameters.insert(inputs[j].key, x(j));
    if (unsupported.contains(QStringLiteral("pj_fp64")))
        parameters.insert(QStringLiteral("pj_fp64"), 2 * parameters.value(QStringLiteral("pj_fp32")));
    return parameters;
}

std::function<double(int)> fitPhysicalPredictor(const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows,
    std::optional<double> measuredIdleW, double boardW, WithoutWork withoutWork)
{
    QVector<int> timed;
    for (int r : trainRows)
        if (rows[r].work.seconds > 0)
            timed << r;
    const QHash<QString, double> parameters = fitPhysicalModel(rows, timed, measuredIdleW);
    const double withoutWorkW = withoutWork == WithoutWork::Idle ? parameters.value(QStringLiteral("idle_w"))
                                                                 : std::numeric_limits<double>::quiet_NaN();
    return [&rows, parameters, boardW, withoutWorkW](int row) {
        const PhysicalFitRow& r = rows[row];
        const std::optional<PhysicalPower> p
            = physicalPower(parameters, r.work, boardW, r.prior.isEmpty() ? nullptr : &r.clocks);
        return p ? p->watts : withoutWorkW;
    };
}

PhysicalValidation validatePhysicalModel(
    const QVector<PhysicalFitRow>& rows, std::optional<double> idleW, double boardW)
{
    PhysicalValidation v;
    const int n = int(rows.size());
    QVector<int> all(n);
    for (int i = 0; i < n; ++i)
        all[i] = i;
    v.predictedW = heldOut(rows, all, idleW, boardW);
    QVector<double> measured;
    QStringList groups;
    for (const PhysicalFitRow& row : rows) {
        measured << row.measuredW;
        groups << row.kernel;
    }
    const int kernels = int(QSet<QString>(groups.begin(), groups.end()).size());
    v.figures = errorFigures(measured, v.predictedW, kernels);
    v.spearman = spearmanCorrelation(v.predictedW, measured);

    // Each kernel's band from the other kernels' held-out errors alone (the inner folds).
    v.bandShare.fill(0, n);
    v.covered.fill(false, n);
    QStringList names = QSet<QString>(groups.begin(), groups.end()).values();
    names.sort();
    int covered = 0;
    for (const QString& kernel : names) {
        QVector<int> others;
        for (int i = 0; i < n; ++i)
            if (groups[i] != kernel)
                others << i;
        const QVector<double> inner = heldOut(rows, others, idleW, boardW);
        QVector<double> errors;
        for (int k = 0; k < others.size(); ++k)
            errors << std::abs(inner[k] - measured[others[k]]) / inner[k];
        const double band = bandShare(errors, kBandCoverage);
        for (int i = 0; i < n; ++i) {
            if (groups[i] != kernel)
                continue;
            v.bandShare[i] = band;
            v.covered[i] = std::abs(v.predictedW[i] - measured[i]) <= band * v.predictedW[i];
            covered += v.covered[i] ? 1 : 0;
        }
    }
    v.coveragePct = n > 0 ? 100.0 * covered / n : 0;

    QVector<double> errors;
    for (int i = 0; i < n; ++i)
        errors << std::abs(v.predictedW[i] - measured[i]) / v.predictedW[i];
    v.fileBandShare = bandShare(errors, kBandCoverage);

    v.medianBaseline = errorFigures(measured, leaveOneGroupOut(groups, medianBaseline(measured)), kernels);
    v.idleBaseline = errorFigures(measured,
        idleW ? QVector<double>(n, *idleW)
              : leaveOneGroupOut(groups,
                  [&](const QVector<int>& train) -> std::function<double(int)> {
                      const double fittedIdleW
                          = fitPhysicalModel(rows, train, std::nullopt).value(QStringLiteral("idle_w"));
                      return [fittedIdleW](int) { return fittedIdleW; };
                  }),
        kernels);

    const QVector<PhysicalInput>& inputs = physicalInputs();
    for (const PhysicalFitRow& row : rows) {
        const QVector<double> rates = physicalRates(row.work);
        for (int k = 0; k < inputs.size(); ++k) {
            auto range = v.domain.find(inputs[k].key);
            if (range == v.domain.end())
                v.domain.insert(inputs[k].key, {rates[k], rates[k]});
            else
                *range = {std::min(range->first, rates[k]), std::max(range->second, rates[k])};
        }
    }
    return v;
}

PhysicalSetFigures setFigures(
    const QVector<PhysicalFitRow>& rows, const PhysicalValidation& validation, const QString& set)
{
    QVector<double> measured, predicted;
    QSet<QString> kernels;
    int covered = 0;
    for (int i = 0; i < rows.size(); ++i) {
        if (!set.isEmpty() && rows[i].set != set)
            continue;
        measured << rows[i].measuredW;
        predicted << validation.predictedW[i];
        kernels.insert(rows[i].kernel);
        covered += validation.covered[i] ? 1 : 0;
    }
    PhysicalSetFigures f;
    f.figures = errorFigures(measured, predicted, int(kernels.size()));
    f.spearman = spearmanCorrelation(predicted, measured);
    f.coveragePct = measured.isEmpty() ? 0 : 100.0 * covered / measured.size();
    return f;
}

} // namespace slicewatt

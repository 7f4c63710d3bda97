// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalCorrectionFit.h"

#include "BoundedLeastSquares.h"

#include <QSet>

#include <cmath>

namespace slicewatt {
namespace {

constexpr int kHuberIterations = 20;

bool isIdle(const PhysicalCorrection& c)
{
    return c.id == QLatin1String("idle");
}

} // namespace

QVector<double> correctionGroupWatts(const PhysicalFitRow& row)
{
    // The data sheet's terms at boost, uncapped: what each multiplier scales.
    QHash<QString, double> watts{{QStringLiteral("idle_w"), row.prior.value(QStringLiteral("idle_w"))}};
    if (const std::optional<PhysicalPower> p = physicalPower(row.prior, row.work, 0)) {
        for (const PhysicalTerm& term : p->terms)
            watts.insert(term.key, term.watts);
    }
    QVector<double> groups;
    for (const PhysicalCorrection& c : physicalCorrections()) {
        double sum = 0;
        for (const QString& key : c.keys)
            sum += watts.value(key);
        groups << sum;
    }
    return groups;
}

CorrectionFit fitCorrections(
    const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows, std::optional<double> measuredIdleW)
{
    const QVector<PhysicalCorrection>& corrections = physicalCorrections();
    const int g = int(corrections.size());
    const int n = int(trainRows.size());
    CorrectionFit fit;
    // Which corrections the training launches exercise, and which are fixed.
    QVector<QVector<double>> groupW;
    QVector<QSet<QString>> support(g);
    for (int r : trainRows) {
        groupW << correctionGroupWatts(rows[r]);
        for (int j = 0; j < g; ++j) {
            if (groupW.last()[j] >= kCorrectionSupportShare * rows[r].measuredW)
                support[j].insert(rows[r].kernel);
        }
    }
    QVector<bool> free(g, true);
    for (int j = 0; j < g; ++j) {
        if (isIdle(corrections[j]) && measuredIdleW) {
            free[j] = false;
            continue;
        }
        if (support[j].size() < kPhysicalSupportKernels) {
            free[j] = false;
            fit.unsupported << corrections[j].id;
        }
    }
    QVector<int> columns;
    for (int j = 0; j < g; ++j)
        if (free[j])
            columns << j;
    // Relative residuals: (Σ m_j·W_j + fixed − P) / P, every launch's error as a share of its power.
    Eigen::MatrixXd a(n, columns.size());
    Eigen::VectorXd b(n);
    for (int r = 0; r < n; ++r) {
        const double measured = rows[trainRows[r]].measuredW;
        double fixedW = 0;
        for (int j = 0; j < g; ++j) {
            if (free[j])
                continue;
            fixedW += isIdle(corrections[j]) && measuredIdleW ? *measuredIdleW : groupW[r][j];
        }
        const double weight = std::sqrt(rows[trainRows[r]].fitWeight);
        for (int c = 0; c < columns.size(); ++c)
            a(r, c) = weight * groupW[r][columns[c]] / measured;
        b(r) = weight * (measured - fixedW) / measured;
    }
    Eigen::VectorXd low(columns.size()), high(columns.size()), start = Eigen::VectorXd::Ones(columns.size());
    for (int c = 0; c < columns.size(); ++c) {
        low(c) = corrections[columns[c]].low;
        high(c) = corrections[columns[c]].high;
    }
    Eigen::VectorXd x = boundedLeastSquares(a, b, low, high, start);
    // Huber's loss by iteratively reweighted least squares, as the free fit.
    for (int iteration = 0; iteration < kHuberIterations && n > 0; ++iteration) {
        const Eigen::VectorXd residual = a * x - b;
        Eigen::VectorXd w(n);
        for (int r = 0; r < n; ++r) {
            const double e = std::abs(residual(r)) / std::sqrt(rows[trainRows[r]].fitWeight);
            w(r) = e <= kPhysicalHuberShare ? 1.0 : std::sqrt(kPhysicalHuberShare / e);
        }
        x = boundedLeastSquares(w.asDiagonal() * a, w.asDiagonal() * b, low, high, x);
    }
    for (int j = 0; j < g; ++j)
        fit.multipliers.insert(corrections[j].id, 1.0);
    for (int c = 0; c < columns.size(); ++c) {
        const PhysicalCorrection& correction = corrections[columns[c]];
        fit.multipliers.insert(correction.id, x(c));
        constexpr double kAtBound = 1e-6;
        if (x(c) <= correction.low * (1 + kAtBound))
            fit.atBound << QStringLiteral("%1 at its lower bound %2").arg(correction.id).arg(correction.low);
        else if (x(c) >= correction.high * (1 - kAtBound))
            fit.atBound << QStringLiteral("%1 at its upper bound %2").arg(correction.id).arg(correction.high);
    }
    return fit;
}

} // namespace slicewatt

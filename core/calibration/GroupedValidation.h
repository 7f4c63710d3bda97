// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace slicewatt {

// METHOD §11: a power model's error on kernels it has not seen. Rows are grouped by kernel
// (all launch configurations of one kernel together); each group is predicted by a model fitted
// on every other group (leave-one-kernel-out), and the figures are computed over all rows.

// MAPE, median and 90th-percentile absolute percentage error (%) and R².
struct ErrorFigures {
    int rows = 0;
    int groups = 0;
    double mapePct = 0;
    double medianApePct = 0;
    double p90ApePct = 0; // nearest rank
    double r2 = 0;
};
ErrorFigures errorFigures(const QVector<double>& measuredW, const QVector<double>& predictedW, int groups);

// Fits on the training rows (indices) and returns the fitted model's prediction for a row.
using GroupFitter = std::function<std::function<double(int row)>(const QVector<int>& trainRows)>;

// Predictions for every row, each from a fit that did not see the row's group. Groups are
// taken in sorted order: deterministic.
QVector<double> leaveOneGroupOut(const QStringList& groups, const GroupFitter& fit);

// Random row splits (k folds, rows shuffled with a fixed seed): only for reporting beside the
// grouped figure, labelled, since a row's kernel is then in the training rows (§11). The
// shuffle is written out (Fisher–Yates over mt19937's raw output), so folds are the same on
// every platform.
QVector<double> randomSplitPredictions(int rows, int folds, quint32 seed, const GroupFitter& fit);

// The trivial baselines of §11: the training rows' median power, and a least-squares line on
// launch features only.
GroupFitter medianBaseline(const QVector<double>& measuredW);
GroupFitter linearBaseline(const QVector<QVector<double>>& features, const QVector<double>& measuredW);

// The launch-only features: SM saturation min(blocks, SMs) / SMs and log10(total threads).
QVector<double> launchFeatures(qint64 gridBlocks, qint64 blockThreads, int sms);

} // namespace slicewatt

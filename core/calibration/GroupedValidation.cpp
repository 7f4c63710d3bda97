// SPDX-License-Identifier: GPL-3.0-or-later
#include "GroupedValidation.h"

#include <Eigen/Dense>

#include <QSet>

#include <algorithm>
#include <cmath>
#include <random>

namespace slicewatt {

ErrorFigures errorFigures(const QVector<double>& measuredW, const QVector<double>& predictedW, int groups)
{
    ErrorFigures figures;
    figures.groups = groups;
    const int n = int(std::min(measuredW.size(), predictedW.size()));
    figures.rows = n;
    if (n == 0)
        return figures;
    QVector<double> ape;
    ape.reserve(n);
    double mean = 0;
    for (int i = 0; i < n; ++i) {
        ape << std::abs(predictedW[i] - measuredW[i]) / measuredW[i] * 100.0;
        mean += measuredW[i] / n;
    }
    double residual = 0;
    double total = 0;
    for (int i = 0; i < n; ++i) {
        residual += (measuredW[i] - predictedW[i]) * (measuredW[i] - predictedW[i]);
        total += (measuredW[i] - mean) * (measuredW[i] - mean);
    }
    double sum = 0;
    for (double e : ape)
        sum += e;
    figures.mapePct = sum / n;
    std::sort(ape.begin(), ape.end());
    figures.medianApePct = n % 2 ? ape[n / 2] : (ape[n / 2 - 1] + ape[n / 2]) / 2;
    figures.p90ApePct = ape[std::clamp(int(std::ceil(0.9 * n)) - 1, 0, n - 1)];
    figures.r2 = total > 0 ? 1.0 - residual / total : 0;
    return figures;
}

QVector<double> leaveOneGroupOut(const QStringList& groups, const GroupFitter& fit)
{
    QStringList names = QSet<QString>(groups.begin(), groups.end()).values();
    names.sort();
    QVector<double> predicted(groups.size(), 0.0);
    for (const QString& held : names) {
        QVector<int> train;
        QVector<int> test;
        for (int i = 0; i < groups.size(); ++i)
            (groups[i] == held ? test : train) << i;
        const std::function<double(int)> model = fit(train);
        for (int row : test)
            predicted[row] = model(row);
    }
    return predicted;
}

QVector<double> randomSplitPredictions(int rows, int folds, quint32 seed, const GroupFitter& fit)
{
    QVector<int> order(rows);
    for (int i = 0; i < rows; ++i)
        order[i] = i;
    std::mt19937 random(seed);
    for (int i = rows - 1; i > 0; --i)
        std::swap(order[i], order[int(random() % quint32(i + 1))]);
    QVector<double> predicted(rows, 0.0);
    folds = std::clamp(folds, 2, std::max(2, rows));
    for (int fold = 0; fold < folds; ++fold) {
        QVector<int> train;
        QVector<int> test;
        for (int i = 0; i < rows; ++i)
            (i % folds == fold ? test : train) << order[i];
        const std::function<double(int)> model = fit(train);
        for (int row : test)
            predicted[row] = model(row);
    }
    return predicted;
}

GroupFitter medianBaseline(const QVector<double>& measuredW)
{
    return [measuredW](const QVector<int>& train) {
        QVector<double> values;
        for (int row : train)
            values << measuredW[row];
        std::sort(values.begin(), values.end());
        const int n = int(values.size());
        const double median = n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
        return std::function<double(int)>([median](int) { return median; });
    };
}

GroupFitter linearBaseline(const QVector<QVector<double>>& features, const QVector<double>& measuredW)
{
    return [features, measuredW](const QVector<int>& train) {
        const int columns = features.isEmpty() ? 0 : int(features.first().size()) + 1; // + intercept
        Eigen::MatrixXd x(train.size(), columns);
        Eigen::VectorXd y(train.size());
        for (int r = 0; r < train.size(); ++r) {
            x(r, 0) = 1;
            for (int c = 1; c < columns; ++c)
                x(r, c) = features[train[r]][c - 1];
            y(r) = measuredW[train[r]];
        }
        // Column-pivoting QR: a feature constant over the training rows leaves the fit defined.
        const Eigen::VectorXd beta = x.colPivHouseholderQr().solve(y);
        return std::function<double(int)>([features, beta, columns](int row) {
            double value = beta(0);
            for (int c = 1; c < columns; ++c)
                value += beta(c) * features[row][c - 1];
            return value;
        });
    };
}

QVector<double> launchFeatures(qint64 gridBlocks, qint64 blockThreads, int sms)
{
    const double saturation = sms > 0 ? double(std::min<qint64>(gridBlocks, sms)) / sms : 1.0;
    return {saturation, std::log10(double(gridBlocks) * double(blockThreads))};
}

} // namespace slicewatt

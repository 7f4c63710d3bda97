// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxFeatureComparison.h"

#include "MeasuredValidation.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace slicewatt {

namespace {

QVector<double> ranks(const QVector<double>& values)
{
    QVector<int> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return values[a] < values[b]; });
    QVector<double> rank(values.size());
    for (int i = 0; i < order.size();) {
        int j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        const double average = (i + j) / 2.0 + 1;
        for (int k = i; k <= j; ++k)
            rank[order[k]] = average;
        i = j + 1;
    }
    return rank;
}

} // namespace

double median(QVector<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const int n = int(values.size());
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double spearmanCorrelation(const QVector<double>& a, const QVector<double>& b)
{
    const QVector<double> ra = ranks(a);
    const QVector<double> rb = ranks(b);
    const int n = int(ra.size());
    if (n < 2)
        return 0;
    const double meanA = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
    const double meanB = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double cov = 0, varA = 0, varB = 0;
    for (int i = 0; i < n; ++i) {
        cov += (ra[i] - meanA) * (rb[i] - meanB);
        varA += (ra[i] - meanA) * (ra[i] - meanA);
        varB += (rb[i] - meanB) * (rb[i] - meanB);
    }
    return varA > 0 && varB > 0 ? cov / std::sqrt(varA * varB) : 0;
}

QVector<PtxFeatureAgreement> comparePtxFeatures(const MeasuredFeatureSet& features)
{
    QVector<PtxFeatureAgreement> result;
    for (const QString& column : datasetFeatureColumns()) {
        QVector<double> ours, theirs, ratios;
        PtxFeatureAgreement agreement;
        agreement.column = column;
        for (const MeasuredRowFeatures& row : features.rows) {
            const auto o = row.ptxFeatures.constFind(column);
            const auto t = row.datasetFeatures.constFind(column);
            if (o == row.ptxFeatures.constEnd() || t == row.datasetFeatures.constEnd() || !std::isfinite(*o)
                || !std::isfinite(*t))
                continue;
            ours << *o;
            theirs << *t;
            if (*t > 0)
                ratios << *o / *t;
            if (std::abs(*o - *t) <= 0.01 * std::max(std::abs(*o), std::abs(*t)))
                ++agreement.equal;
        }
        agreement.rows = int(ours.size());
        agreement.spearman = spearmanCorrelation(ours, theirs);
        agreement.medianRatio = median(ratios);
        result << agreement;
    }
    return result;
}

} // namespace slicewatt

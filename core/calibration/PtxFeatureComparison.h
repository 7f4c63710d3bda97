// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredFeatures.h"

#include <QString>
#include <QVector>

namespace slicewatt {

// How SliceWatt's PTX features of the measured kernels compare with the data set's own
// columns for the same rows (METHOD §10; ours from today's producer and the analysis's trip
// counts, theirs from the authors' older nvcc and their loop iteration input).
struct PtxFeatureAgreement {
    QString column;
    int rows = 0; // rows with both values
    double spearman = 0; // rank correlation over the rows: do they order launches alike?
    double medianRatio = 0; // median of ours / theirs over rows where theirs is positive
    int equal = 0; // rows where the two agree within 1 %
};

QVector<PtxFeatureAgreement> comparePtxFeatures(const MeasuredFeatureSet& features);

// Spearman's rank correlation (average ranks for ties); 0 when either side is constant.
double spearmanCorrelation(const QVector<double>& a, const QVector<double>& b);
// The middle value (the mean of the two middle ones for an even count); 0 for none.
double median(QVector<double> values);

} // namespace slicewatt

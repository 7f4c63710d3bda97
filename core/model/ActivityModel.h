// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LaunchActivity.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// The launch-activity form [ours] (METHOD §11, issue 16): a GPU draws its idle power plus a
// share of the rest of its board power that grows with how busy the launch keeps it,
//   P = P_idle + (P_board − P_idle) · σ(z),  z = b0 + Σ_k b_k · x_k,  σ(z) = 1 / (1 + e^−z),
// with P_board from the GPU catalogue, P_idle the floor of the measurements (below), and the
// inputs x_k below. σ keeps every
// prediction between the idle and the board power without a clamp. The time input is the
// static roofline estimate: short launches read near idle on a lagging sensor (METHOD §6).
struct ActivityInput {
    QString key; // the parameter is "b_" + key
    QString meaning;
    double (*value)(const LaunchActivity&);
};
const QVector<ActivityInput>& activityInputs();

// "idle_w", "b0", then "b_" + each input key: a model file's parameters.
QStringList activityParameterNames();

// P in W; parameters missing from `parameters` count as 0 (an input the fit left out).
double activityWatts(const QHash<QString, double>& parameters, const LaunchActivity& activity, double boardW);

struct ActivityFitOptions {
    QStringList inputs; // input keys to fit; empty: all
    // Penalty on the standardised input weights (the intercept and idle power are free): one
    // value for every GPU and variant, the best of 0.01, 0.1 and 1 on the grouped figures.
    double ridge = 1.0;
    // P_idle = this × the lowest measured power [ours]: no data sheet publishes these GPUs'
    // idle power, and the smallest launches read near idle (V100's `branch` kernel: 40 W at
    // every size); fitting it instead drives it to 0 W with no better grouped error.
    double idleFloorFraction = 0.9;
};

struct ActivityFit {
    QString error; // non-empty: no parameters
    QHash<QString, double> parameters;
    int iterations = 0;
    bool ok() const { return error.isEmpty(); }
};

// Fits the weights to measured power by Levenberg–Marquardt (Eigen's MINPACK port) on relative residuals (P̂ − P) / P,
// the error the validation reports, with a small ridge penalty so that a weight the data cannot pin down stays near 0.
// Inputs are standardised over the training rows for the fit and the weights converted back.
ActivityFit fitActivityModel(const QVector<LaunchActivity>& rows, const QVector<double>& measuredW, double boardW,
    const ActivityFitOptions& options = {});

} // namespace slicewatt

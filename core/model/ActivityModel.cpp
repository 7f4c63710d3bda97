// SPDX-License-Identifier: GPL-3.0-or-later
#include "ActivityModel.h"

#include <Eigen/Dense>
#include <unsupported/Eigen/NonLinearOptimization>

#include <algorithm>
#include <cmath>

namespace slicewatt {

namespace {

double sigmoid(double z)
{
    return 1.0 / (1.0 + std::exp(-z));
}

double logit(double p)
{
    p = std::clamp(p, 1e-4, 1 - 1e-4);
    return std::log(p / (1 - p));
}

// Residuals: (P̂ − P) / P per row, then √ridge · w_k per standardised weight. Parameters: b0,
// then the standardised weights; the idle power is fixed.
struct RelativeResiduals {
    using Scalar = double;
    enum { InputsAtCompileTime = Eigen::Dynamic, ValuesAtCompileTime = Eigen::Dynamic };
    using InputType = Eigen::VectorXd;
    using ValueType = Eigen::VectorXd;
    using JacobianType = Eigen::MatrixXd;

    const Eigen::MatrixXd& x; // rows × inputs, standardised
    const Eigen::VectorXd& watts;
    double idleW;
    double boardW;
    double ridge;

    int inputs() const { return int(x.cols()) + 1; }
    int values() const { return int(x.rows() + x.cols()); }

    int operator()(const Eigen::VectorXd& p, Eigen::VectorXd& residuals) const
    {
        const Eigen::VectorXd z = (x * p.tail(x.cols())).array() + p(0);
        for (int i = 0; i < x.rows(); ++i)
            residuals(i) = (idleW + (boardW - idleW) * sigmoid(z(i)) - watts(i)) / watts(i);
        residuals.tail(x.cols()) = std::sqrt(ridge) * p.tail(x.cols());
        return 0;
    }

    int df(const Eigen::VectorXd& p, Eigen::MatrixXd& jacobian) const
    {
        const Eigen::VectorXd z = (x * p.tail(x.cols())).array() + p(0);
        jacobian.setZero();
        for (int i = 0; i < x.rows(); ++i) {
            const double g = sigmoid(z(i));
            const double dz = (boardW - idleW) * g * (1 - g) / watts(i);
            jacobian(i, 0) = dz;
            for (int k = 0; k < x.cols(); ++k)
                jacobian(i, 1 + k) = dz * x(i, k);
        }
        for (int k = 0; k < x.cols(); ++k)
            jacobian(x.rows() + k, 1 + k) = std::sqrt(ridge);
        return 0;
    }
};

} // namespace

const QVector<ActivityInput>& activityInputs()
{
    static const QVector<ActivityInput> inputs = {
        {QStringLiteral("log_threads"), QStringLiteral("log10 of the launch's threads"),
            [](const LaunchActivity& a) { return std::log10(std::max(1.0, a.threads)); }},
        {QStringLiteral("saturation"), QStringLiteral("SMs the launch occupies / SMs"),
            [](const LaunchActivity& a) { return a.saturation; }},
        {QStringLiteral("occupancy"), QStringLiteral("resident threads on a busy SM / its thread limit"),
            [](const LaunchActivity& a) { return a.occupancy; }},
        {QStringLiteral("log_seconds"), QStringLiteral("log10 of the static time estimate, s"),
            [](const LaunchActivity& a) { return std::log10(a.seconds); }},
        {QStringLiteral("memory_share"), QStringLiteral("memory time / (compute + memory time) of the roofline"),
            [](const LaunchActivity& a) { return a.memoryShare(); }},
        {QStringLiteral("log_rate"), QStringLiteral("log10 of compute instructions per second over the estimate"),
            [](const LaunchActivity& a) { return std::log10(1.0 + a.instructions / a.seconds); }},
    };
    return inputs;
}

QStringList activityParameterNames()
{
    QStringList names = {QStringLiteral("idle_w"), QStringLiteral("b0")};
    for (const ActivityInput& input : activityInputs())
        names << QStringLiteral("b_") + input.key;
    return names;
}

double activityWatts(const QHash<QString, double>& parameters, const LaunchActivity& activity, double boardW)
{
    const double idle = parameters.value(QStringLiteral("idle_w"));
    double z = parameters.value(QStringLiteral("b0"));
    for (const ActivityInput& input : activityInputs())
        z += parameters.value(QStringLiteral("b_") + input.key) * input.value(activity);
    return idle + (boardW - idle) * sigmoid(z);
}

ActivityFit fitActivityModel(const QVector<LaunchActivity>& rows, const QVector<double>& measuredW, double boardW,
    const ActivityFitOptions& options)
{
    ActivityFit fit;
    QVector<const ActivityInput*> used;
    for (const ActivityInput& input : activityInputs()) {
        if (options.inputs.isEmpty() || options.inputs.contains(input.key))
            used << &input;
    }
    const int n = int(rows.size());
    if (n != measuredW.size() || n < int(used.size()) + 3) {
        fit.error = QStringLiteral("%1 measured rows are too few to fit %2 parameters").arg(n).arg(used.size() + 2);
        return fit;
    }
    if (!(boardW > 0)) {
        fit.error = QStringLiteral("the GPU has no board power");
        return fit;
    }
    Eigen::MatrixXd x(n, used.size());
    Eigen::VectorXd watts(n);
    for (int i = 0; i < n; ++i) {
        watts(i) = measuredW[i];
        if (!(watts(i) > 0) || watts(i) >= boardW) {
            fit.error = QStringLiteral("a measured power of %1 W lies outside (0, %2 W)").arg(watts(i)).arg(boardW);
            return fit;
        }
        for (int k = 0; k < used.size(); ++k)
            x(i, k) = used[k]->value(rows[i]);
    }
    const Eigen::RowVectorXd mean = x.colwise().mean();
    Eigen::RowVectorXd scale = ((x.rowwise() - mean).array().square().colwise().sum() / n).sqrt();
    for (int k = 0; k < scale.size(); ++k)
        scale(k) = scale(k) > 1e-12 ? scale(k) : 1.0; // a constant input keeps weight 0 by the ridge
    const Eigen::MatrixXd standard = (x.rowwise() - mean).array().rowwise() / scale.array();

    const double idle = options.idleFloorFraction * watts.minCoeff();
    Eigen::VectorXd p = Eigen::VectorXd::Zero(used.size() + 1);
    p(0) = logit(((watts.array() - idle) / (boardW - idle)).mean()); // start: the mean activity

    RelativeResiduals residuals{standard, watts, idle, boardW, options.ridge};
    Eigen::LevenbergMarquardt<RelativeResiduals> solver(residuals);
    solver.parameters.maxfev = 400;
    const int status = solver.minimize(p);
    fit.iterations = int(solver.iter);
    if (status == Eigen::LevenbergMarquardtSpace::ImproperInputParameters || !p.allFinite()) {
        fit.error = QStringLiteral("the fit did not converge");
        return fit;
    }
    fit.parameters.insert(QStringLiteral("idle_w"), idle);
    double b0 = p(0);
    for (int k = 0; k < used.size(); ++k) {
        const double weight = p(1 + k) / scale(k);
        fit.parameters.insert(QStringLiteral("b_") + used[k]->key, weight);
        b0 -= weight * mean(k);
    }
    fit.parameters.insert(QStringLiteral("b0"), b0);
    return fit;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "WaveletNetwork.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace slicewatt {
namespace {

// Uniform in (0, 1) from one mt19937 draw. The standard distributions are implementation
// defined, so they would give other weights with another standard library; mt19937's
// sequence itself is fixed by the standard.
double uniform01(std::mt19937& generator)
{
    return (static_cast<double>(generator()) + 0.5) / 4294967296.0;
}

double toUnitRange(double value, double min, double max)
{
    if (!(max > min))
        return 0.0;
    return 2.0 * (value - min) / (max - min) - 1.0;
}

std::array<double, 4> rawInputs(double intensity, double saturation, double lines, int gpu)
{
    return {
        {std::log10(std::max(intensity, WaveletNetwork::kMinIntensity)), saturation, lines, static_cast<double>(gpu)}};
}

// Parameters as one vector for the optimiser: inputWeights (column-major), translations,
// dilations, outputWeights.
Eigen::VectorXd pack(const WnnParameters& p)
{
    const Eigen::Index h = p.outputWeights.size();
    Eigen::VectorXd v(p.inputWeights.size() + 3 * h);
    v << Eigen::Map<const Eigen::VectorXd>(p.inputWeights.data(), p.inputWeights.size()), p.translations, p.dilations,
        p.outputWeights;
    return v;
}

void unpack(const Eigen::VectorXd& v, WnnParameters& p)
{
    const Eigen::Index w = p.inputWeights.size();
    const Eigen::Index h = p.outputWeights.size();
    Eigen::Map<Eigen::VectorXd>(p.inputWeights.data(), w) = v.segment(0, w);
    p.translations = v.segment(w, h);
    p.dilations = v.segment(w + h, h);
    p.outputWeights = v.segment(w + 2 * h, h);
}

void clampDilations(Eigen::VectorXd& dilations)
{
    for (Eigen::Index j = 0; j < dilations.size(); ++j) {
        double& a = dilations[j];
        if (std::abs(a) < WaveletNetwork::kMinDilation)
            a = a < 0.0 ? -WaveletNetwork::kMinDilation : WaveletNetwork::kMinDilation;
    }
}

bool allFinite(const WnnParameters& p)
{
    return p.inputWeights.allFinite() && p.translations.allFinite() && p.dilations.allFinite()
        && p.outputWeights.allFinite();
}

} // namespace

WaveletNetwork WaveletNetwork::untrained(int hidden, double morlet)
{
    WaveletNetwork network;
    const Eigen::Index h = std::max(hidden, 1);
    network.morlet_ = morlet;
    network.params_.inputWeights = Eigen::MatrixXd::Zero(kInputs, h);
    network.params_.translations = Eigen::VectorXd::Zero(h);
    network.params_.dilations = Eigen::VectorXd::Ones(h);
    network.params_.outputWeights = Eigen::VectorXd::Zero(h);
    return network;
}

void WaveletNetwork::fitNormalisation(const std::vector<WnnSample>& samples)
{
    if (samples.empty())
        return;
    WnnNormalisation n = norm_;
    n.inputMin.fill(std::numeric_limits<double>::infinity());
    n.inputMax.fill(-std::numeric_limits<double>::infinity());
    n.minWatts = std::numeric_limits<double>::infinity();
    n.maxWatts = -std::numeric_limits<double>::infinity();
    for (const WnnSample& s : samples) {
        const auto x = rawInputs(s.intensity, s.saturation, s.lines, s.gpu);
        for (std::size_t i = 0; i < x.size(); ++i) {
            n.inputMin[i] = std::min(n.inputMin[i], x[i]);
            n.inputMax[i] = std::max(n.inputMax[i], x[i]);
        }
        n.minWatts = std::min(n.minWatts, s.watts);
        n.maxWatts = std::max(n.maxWatts, s.watts);
    }
    norm_ = n;
}

bool WaveletNetwork::setParameters(const WnnParameters& p, QString* error)
{
    const Eigen::Index h = p.outputWeights.size();
    QString problem;
    if (h < 1)
        problem = QStringLiteral("no hidden nodes");
    else if (p.inputWeights.rows() != kInputs || p.inputWeights.cols() != h || p.translations.size() != h
        || p.dilations.size() != h)
        problem = QStringLiteral("parameter shapes do not match %1 inputs × %2 hidden nodes").arg(kInputs).arg(h);
    else if (!allFinite(p))
        problem = QStringLiteral("parameters are not all finite");
    else if ((p.dilations.array().abs() < kMinDilation).any())
        problem = QStringLiteral("a dilation is closer to 0 than %1").arg(kMinDilation);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    params_ = p;
    return true;
}

double WaveletNetwork::predictWatts(double intensity, double saturation, double lines, int gpu) const
{
    const auto raw = rawInputs(intensity, saturation, lines, gpu);
    Eigen::Vector4d x;
    for (int i = 0; i < kInputs; ++i)
        x[i] = toUnitRange(raw[static_cast<std::size_t>(i)], norm_.inputMin[static_cast<std::size_t>(i)],
            norm_.inputMax[static_cast<std::size_t>(i)]);
    const Eigen::ArrayXd u
        = ((params_.inputWeights.transpose() * x - params_.translations).array() / params_.dilations.array());
    const Eigen::ArrayXd hidden = (morlet_ * u).cos() * (-0.5 * u.square()).exp();
    const double y = hidden.matrix().dot(params_.outputWeights);
    // s(y) = a·(1 − e^(−by)) / (1 + e^(−by)) = a·tanh(by/2), which does not overflow for large |y|.
    const double out = activationA_ * std::tanh(0.5 * activationB_ * y);
    if (!(norm_.maxWatts > norm_.minWatts))
        return norm_.minWatts;
    const double unit = out / (norm_.outputSpan * activationA_);
    return norm_.minWatts + 0.5 * (unit + 1.0) * (norm_.maxWatts - norm_.minWatts);
}

Eigen::MatrixXd WaveletNetwork::normalisedInputs(const std::vector<WnnSample>& samples) const
{
    Eigen::MatrixXd x(static_cast<Eigen::Index>(samples.size()), kInputs);
    for (std::size_t n = 0; n < samples.size(); ++n) {
        const WnnSample& s = samples[n];
        const auto raw = rawInputs(s.intensity, s.saturation, s.lines, s.gpu);
        for (std::size_t i = 0; i < raw.size(); ++i)
            x(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(i))
                = toUnitRange(raw[i], norm_.inputMin[i], norm_.inputMax[i]);
    }
    return x;
}

Eigen::VectorXd WaveletNetwork::normalisedTargets(const std::vector<WnnSample>& samples) const
{
    Eigen::VectorXd t(static_cast<Eigen::Index>(samples.size()));
    const double span = norm_.outputSpan * activationA_;
    for (std::size_t n = 0; n < samples.size(); ++n)
        t[static_cast<Eigen::Index>(n)] = span * toUnitRange(samples[n].watts, norm_.minWatts, norm_.maxWatts);
    return t;
}

double WaveletNetwork::loss(const std::vector<WnnSample>& samples, WnnParameters* gradient) const
{
    return lossOn(normalisedInputs(samples), normalisedTargets(samples), params_, gradient);
}

// Forward pass and backpropagation for all samples at once (rows of `x`). With
// u_nj = (Σ_i x_ni·w_ij − b_j) / a_j, h = ψ(u), y = h·v, o = s(y), L = ½·mean((o − t)²):
//   ∂L/∂o_n  = (o_n − t_n) / N
//   s'(y)    = (b / 2a)·(a² − s(y)²)
//   ψ'(u)    = −e^(−u²/2)·(c·sin(c·u) + u·cos(c·u))
//   δu_nj    = ∂L/∂o_n · s'(y_n) · v_j · ψ'(u_nj)
//   ∂L/∂v_j  = Σ_n ∂L/∂o_n · s'(y_n) · h_nj
//   ∂L/∂w_ij = Σ_n δu_nj · x_ni / a_j
//   ∂L/∂b_j  = −Σ_n δu_nj / a_j
//   ∂L/∂a_j  = −Σ_n δu_nj · u_nj / a_j
double WaveletNetwork::lossOn(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& t, const WnnParameters& p, WnnParameters* gradient) const
{
    const Eigen::Index count = x.rows();
    if (count == 0) {
        if (gradient) {
            gradient->inputWeights = Eigen::MatrixXd::Zero(p.inputWeights.rows(), p.inputWeights.cols());
            gradient->translations = Eigen::VectorXd::Zero(p.translations.size());
            gradient->dilations = Eigen::VectorXd::Zero(p.dilations.size());
            gradient->outputWeights = Eigen::VectorXd::Zero(p.outputWeights.size());
        }
        return 0.0;
    }
    const Eigen::Index hiddenCount = p.outputWeights.size();
    Eigen::MatrixXd u = (x * p.inputWeights).rowwise() - p.translations.transpose();
    Eigen::MatrixXd hidden(count, hiddenCount);
    // ψ'(u) is kept for backpropagation. One pass over the elements, so sin and cos of the
    // same argument sit side by side (the compiler merges them into one sincos call).
    Eigen::MatrixXd dpsi(count, hiddenCount);
    for (Eigen::Index j = 0; j < hiddenCount; ++j) {
        const double inverseDilation = 1.0 / p.dilations[j];
        for (Eigen::Index n = 0; n < count; ++n) {
            const double uj = u(n, j) * inverseDilation;
            const double envelope = std::exp(-0.5 * uj * uj);
            const double cosine = std::cos(morlet_ * uj);
            const double sine = std::sin(morlet_ * uj);
            u(n, j) = uj;
            hidden(n, j) = cosine * envelope;
            dpsi(n, j) = -envelope * (morlet_ * sine + uj * cosine);
        }
    }
    const Eigen::VectorXd y = hidden * p.outputWeights;
    const Eigen::ArrayXd out = activationA_ * (0.5 * activationB_ * y.array()).tanh();
    const Eigen::ArrayXd residual = out - t.array();
    const double value = 0.5 * residual.square().mean();
    if (!gradient)
        return value;

    const double a = activationA_;
    const Eigen::ArrayXd dy
        = (residual / static_cast<double>(count)) * (activationB_ / (2.0 * a)) * (a * a - out.square());
    gradient->outputWeights = hidden.transpose() * dy.matrix();
    const Eigen::ArrayXXd du = (dy.matrix() * p.outputWeights.transpose()).array() * dpsi.array();
    const Eigen::ArrayXXd dz = du.rowwise() / p.dilations.transpose().array();
    gradient->inputWeights = x.transpose() * dz.matrix();
    gradient->translations = -dz.colwise().sum().transpose().matrix();
    gradient->dilations = -(dz * u.array()).colwise().sum().transpose().matrix();
    return value;
}

// Zhang & Benveniste-style start: each wavelon gets a random direction and is centred on a
// random training point, so the translations spread over the data; its dilation is half the
// data's extent along that direction, so it starts out neither flat nor a spike. The output
// weights then solve the linear least-squares problem for the pre-activation targets s⁻¹(t),
// which puts the network near a good fit before any descent.
void WaveletNetwork::initialise(const Eigen::MatrixXd& x, const Eigen::VectorXd& t, unsigned seed)
{
    std::mt19937 generator(seed);
    const Eigen::Index h = params_.outputWeights.size();
    const Eigen::Index count = x.rows();
    for (Eigen::Index j = 0; j < h; ++j) {
        Eigen::Vector4d direction;
        for (int i = 0; i < kInputs; ++i)
            direction[i] = 2.0 * uniform01(generator) - 1.0;
        if (direction.norm() < 1e-6)
            direction = Eigen::Vector4d::UnitX();
        direction.normalize();
        const auto centre = static_cast<Eigen::Index>(uniform01(generator) * static_cast<double>(count));
        const Eigen::VectorXd projection = x * direction;
        const double extent = projection.maxCoeff() - projection.minCoeff();
        params_.inputWeights.col(j) = direction;
        params_.translations[j] = projection[std::min(centre, count - 1)];
        params_.dilations[j] = std::max(0.5 * extent, 10.0 * kMinDilation);
    }
    const Eigen::ArrayXXd u
        = ((x * params_.inputWeights).rowwise() - params_.translations.transpose()).array().rowwise()
        / params_.dilations.transpose().array();
    const Eigen::MatrixXd hidden = ((morlet_ * u).cos() * (-0.5 * u.square()).exp()).matrix();
    // s⁻¹(t) = (1/b)·ln((a + t) / (a − t)); the targets lie strictly inside (−a, a).
    const Eigen::ArrayXd ratio = (activationA_ + t.array()) / (activationA_ - t.array());
    const Eigen::VectorXd preActivation = (ratio.log() / activationB_).matrix();
    Eigen::MatrixXd normal = hidden.transpose() * hidden;
    normal.diagonal().array() += 1e-6 * static_cast<double>(count);
    params_.outputWeights = normal.ldlt().solve(hidden.transpose() * preActivation);
    if (!params_.outputWeights.allFinite())
        params_.outputWeights.setZero();
}

WnnTrainingReport WaveletNetwork::train(const std::vector<WnnSample>& samples, const WnnTrainingOptions& options)
{
    WnnTrainingReport report;
    if (samples.empty()) {
        report.error = QStringLiteral("no training samples");
        return report;
    }
    for (std::size_t n = 0; n < samples.size(); ++n) {
        const WnnSample& s = samples[n];
        if (!std::isfinite(s.intensity) || !std::isfinite(s.saturation) || !std::isfinite(s.lines)
            || !std::isfinite(s.watts)) {
            report.error = QStringLiteral("training sample %1 has a value that is not a finite number").arg(n + 1);
            return report;
        }
    }
    if (options.reinitialise)
        fitNormalisation(samples);
    const Eigen::MatrixXd x = normalisedInputs(samples);
    const Eigen::VectorXd t = normalisedTargets(samples);
    if (options.reinitialise)
        initialise(x, t, options.seed);

    // Adam (Kingma & Ba 2015) on the full batch: per-parameter step sizes matter here because
    // output weights, dilations and input weights have gradients of very different scales.
    constexpr double beta1 = 0.9;
    constexpr double beta2 = 0.999;
    constexpr double epsilon = 1e-12;
    WnnParameters current = params_;
    WnnParameters gradient;
    Eigen::VectorXd theta = pack(current);
    Eigen::VectorXd m = Eigen::VectorXd::Zero(theta.size());
    Eigen::VectorXd v = Eigen::VectorXd::Zero(theta.size());
    double beta1Power = 1.0;
    double beta2Power = 1.0;
    const int epochs = std::max(options.maxEpochs, 0);
    const double decay = options.learningRate > 0.0 && options.finalLearningRate > 0.0 && epochs > 0
        ? std::log(options.finalLearningRate / options.learningRate) / epochs
        : 0.0;

    WnnParameters best = current;
    double bestLoss = lossOn(x, t, current, &gradient);
    report.initialLoss = bestLoss;
    double currentLoss = bestLoss;
    int epoch = 0;
    while (epoch < epochs && bestLoss >= options.tolerance) {
        if (options.progress && options.progressInterval > 0 && epoch % options.progressInterval == 0
            && !options.progress(epoch, currentLoss)) {
            report.cancelled = true;
            break;
        }
        const Eigen::VectorXd g = pack(gradient);
        m = beta1 * m + (1.0 - beta1) * g;
        v = beta2 * v + (1.0 - beta2) * g.cwiseProduct(g);
        beta1Power *= beta1;
        beta2Power *= beta2;
        const double rate = options.learningRate * std::exp(decay * epoch);
        theta.array() -= rate * (m.array() / (1.0 - beta1Power)) / ((v.array() / (1.0 - beta2Power)).sqrt() + epsilon);
        unpack(theta, current);
        clampDilations(current.dilations);
        theta = pack(current);
        ++epoch;
        currentLoss = lossOn(x, t, current, &gradient);
        if (!std::isfinite(currentLoss))
            break; // diverged: keep the best weights seen
        if (currentLoss < bestLoss) {
            bestLoss = currentLoss;
            best = current;
        }
    }
    params_ = best;
    report.epochs = epoch;
    report.finalLoss = bestLoss;
    report.reachedTolerance = bestLoss < options.tolerance;
    for (const WnnSample& s : samples) {
        const double error = std::abs(predictWatts(s.intensity, s.saturation, s.lines, s.gpu) - s.watts);
        report.maxAbsErrorWatts = std::max(report.maxAbsErrorWatts, error);
        if (s.watts != 0.0)
            report.maxRelativeError = std::max(report.maxRelativeError, error / std::abs(s.watts));
    }
    return report;
}

} // namespace slicewatt

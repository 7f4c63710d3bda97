// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <Eigen/Core>

#include <array>
#include <functional>
#include <optional>
#include <vector>

namespace slicewatt {

// One training or test point of the JoS13 wavelet network (METHOD.md §4).
struct WnnSample {
    double intensity = 0.0; // computation intensity ratio Ã = N_a / N_mem, dimensionless
    double saturation = 0.0; // SM saturation Sa = active SMs / SMs, in [0, 1]
    double lines = 0.0; // slice length |C| in effective lines
    int gpu = 0; // GPU type index (default network: 0 GTX 260, 1 GTX 280, 2 C870, 3 GTX 480)
    double watts = 0.0; // slice power, W
};

// The normaliser is part of a trained model: the weights only mean something together with
// it, so it is saved and loaded with them. [ours, METHOD.md §4]
struct WnnNormalisation {
    // Input order: log10(intensity), saturation, lines, GPU index. Each [min, max] maps
    // linearly onto [-1, 1]; a degenerate range (min == max) maps to 0.
    std::array<double, 4> inputMin{{0.0, 0.0, 0.0, 0.0}};
    std::array<double, 4> inputMax{{1.0, 1.0, 1.0, 1.0}};
    double minWatts = 0.0; // W, mapped to -outputSpan·a
    double maxWatts = 1.0; // W, mapped to +outputSpan·a
    // Fraction of the output activation's amplitude a that the targets fill, [-span·a, span·a].
    // s only tends to ±a, so targets near ±a would need huge weights; and where s flattens the
    // gradient fades. 0.5 keeps s' at 75 % of its peak at the ends; with 0.8 (36 %) the
    // default network's worst relative error on held-out points was about twice as large.
    double outputSpan = 0.5;
};

// Weights of the network; also the shape of a loss gradient.
struct WnnParameters {
    Eigen::MatrixXd inputWeights; // w_ij, 4 inputs × hidden
    Eigen::VectorXd translations; // b_j, in normalised input units
    Eigen::VectorXd dilations; // a_j, |a_j| >= WaveletNetwork::kMinDilation
    Eigen::VectorXd outputWeights; // w_jk
};

struct WnnTrainingOptions {
    unsigned seed = 1; // initial weights come from std::mt19937(seed): same seed, same network
    // true: fit the normaliser to the samples and draw new initial weights; false: continue
    // from the current weights and normaliser (fine-tuning on new data).
    bool reinitialise = true;
    int maxEpochs = 20000;
    double tolerance = 1e-8; // stop once the loss is below this (normalised output units²)
    // Adam step size, decaying geometrically from learningRate to finalLearningRate at maxEpochs.
    double learningRate = 0.01;
    double finalLearningRate = 1e-4;
    // Called every progressInterval epochs with the current loss; returning false stops early
    // (the best weights so far are kept).
    std::function<bool(int epoch, double loss)> progress;
    int progressInterval = 100;
};

struct WnnTrainingReport {
    int epochs = 0; // epochs run
    double initialLoss = 0.0; // loss of the initial weights
    double finalLoss = 0.0; // loss of the weights kept (the best seen)
    bool reachedTolerance = false;
    bool cancelled = false; // progress callback returned false
    double maxAbsErrorWatts = 0.0; // on the training samples, W
    double maxRelativeError = 0.0; // on the training samples, |error| / watts
    QString error; // why nothing was trained (no samples, non-finite values); empty otherwise
};

// JoS13's compact wavelet neural network: 4 inputs, one layer of wavelons
// h_j = ψ((Σ_i w_ij·x_i − b_j) / a_j) with the Morlet wavelet ψ(u) = cos(c·u)·e^(−u²/2), and
// one output y = Σ_j w_jk·h_j passed through s(y) = a·(1 − e^(−b·y)) / (1 + e^(−b·y)).
// Inputs x_i and the output are normalised (see WnnNormalisation); predictions are in W.
// The loss is ½·mean((s(y) − t)²) over the samples, with t the normalised target.
class WaveletNetwork {
public:
    static constexpr int kInputs = 4;
    static constexpr int kDefaultHidden = 11;
    // The paper prints 1.67; wavelet networks usually use 1.75 (METHOD.md §4).
    static constexpr double kDefaultMorlet = 1.67;
    static constexpr double kActivationA = 1.716;
    static constexpr double kActivationB = 0.667;
    // A dilation near 0 turns a wavelon into a spike and its gradient explodes.
    static constexpr double kMinDilation = 1e-3;
    // Intensities are floored here before log10, so a slice without arithmetic (Ã = 0)
    // still gives a finite input.
    static constexpr double kMinIntensity = 1e-6;

    // All weights zero, dilations 1, identity-like normaliser: predicts the middle of [0, 1] W
    // until trained or given parameters.
    static WaveletNetwork untrained(int hidden = kDefaultHidden, double morlet = kDefaultMorlet);

    int hiddenCount() const { return static_cast<int>(params_.outputWeights.size()); }
    double morletConstant() const { return morlet_; }

    // Free text saved with the model saying what it was trained on, so the app can tell the
    // user (METHOD.md §4: the default network is trained on sampled surfaces, not measurements).
    const QString& provenance() const { return provenance_; }
    void setProvenance(const QString& provenance) { provenance_ = provenance; }

    const WnnNormalisation& normalisation() const { return norm_; }
    void setNormalisation(const WnnNormalisation& normalisation) { norm_ = normalisation; }
    // Ranges of the samples' inputs (after log10 of intensity) and watts.
    void fitNormalisation(const std::vector<WnnSample>& samples);

    const WnnParameters& parameters() const { return params_; }
    // Rejects shapes that do not match (4 × n, n, n, n) and dilations below kMinDilation.
    bool setParameters(const WnnParameters& parameters, QString* error = nullptr);

    // Slice power in W. Inputs outside the normaliser's ranges extrapolate (wavelons fade to 0
    // away from their centres), so a GPU index the network was not trained on means nothing.
    double predictWatts(double intensity, double saturation, double lines, int gpu) const;

    // Loss on the samples (normalised with the current normaliser) and, when `gradient` is
    // given, its analytic gradient with respect to every parameter.
    double loss(const std::vector<WnnSample>& samples, WnnParameters* gradient = nullptr) const;

    // Full-batch gradient descent on the loss (Zhang & Benveniste 1992) with Adam steps;
    // deterministic for a given seed and build. Keeps the best weights seen.
    WnnTrainingReport train(const std::vector<WnnSample>& samples, const WnnTrainingOptions& options);

    QByteArray toJson() const;
    // nullopt with a message naming the offending field when the document is not a network.
    static std::optional<WaveletNetwork> fromJson(const QByteArray& json, QString* error = nullptr);

private:
    WaveletNetwork() = default;

    Eigen::MatrixXd normalisedInputs(const std::vector<WnnSample>& samples) const;
    Eigen::VectorXd normalisedTargets(const std::vector<WnnSample>& samples) const;
    double lossOn(const Eigen::MatrixXd& inputs, const Eigen::VectorXd& targets, const WnnParameters& parameters,
        WnnParameters* gradient) const;
    void initialise(const Eigen::MatrixXd& inputs, const Eigen::VectorXd& targets, unsigned seed);

    double morlet_ = kDefaultMorlet;
    double activationA_ = kActivationA;
    double activationB_ = kActivationB;
    WnnNormalisation norm_;
    WnnParameters params_;
    QString provenance_;
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BoostedTrees.h"
#include "GpuCatalogue.h"
#include "LaunchActivity.h"
#include "SliceOperatingPoint.h"
#include "WaveletNetwork.h"
#include "ir/MemorySpace.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QVector>

#include <array>
#include <memory>
#include <optional>

namespace slicewatt {

class ModelFileErrors;

// How far a model's predictions were off on measured kernels it had not seen (METHOD §11),
// as its model file records per GPU: what "±15 % typical error" rests on.
// One measured launch as the validation predicted it with its kernel held out.
struct HeldOutPrediction {
    QString kernel; // "source|kernel"
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    double measuredW = 0;
    double predictedW = 0;
};

struct ModelAccuracy {
    double mapePct = 0; // kernel-grouped MAPE: the expected error shown beside a prediction
    double medianApePct = 0;
    double p90ApePct = 0;
    double r2 = 0;
    int rows = 0; // measured launches
    int kernels = 0; // kernels held out one at a time
    QString split; // "leave-one-kernel-out"
    QString data; // the measurement it was validated on
    double randomSplitMapePct = 0; // beside, labelled: the kernel is then in the training rows
    bool isDefault = false; // chosen as the GPU's default model by the grouped figure
    // The band: ± this share (%) of a prediction. The file's band_pct (the physical model's:
    // it covered bandCoveragePct % of the held-out launches, each kernel's band from the other
    // kernels' errors), else the share covering kBandCoverage of the listed predictions' errors.
    double bandPct = 0;
    double bandCoveragePct = 0;
    double spearman = 0; // rank correlation of held-out predictions with the measurements, where given
    QVector<HeldOutPrediction> predictions; // every measured launch, when the file lists them
    // Every form the validation compared (baselines too): id → grouped MAPE, %.
    QVector<std::pair<QString, double>> compared;
    // physical, a measured GPU: the same launches predicted with the GPU held out, from its data
    // sheet with the other GPUs' corrections (the model file's "transfer", issue 46).
    struct GpuHeldOut {
        double mapePct = 0;
        double spearman = 0;
        double dataSheetOnlyMapePct = 0; // no correction at all
        int rows = 0;
    };
    std::optional<GpuHeldOut> gpuHeldOut;
};

// A published or calibrated slice power model read from a model file (models/*.json):
// its form, per-GPU parameters, input domain and provenance. Forms:
//   jos13       P = β0·Sa + β1·Ã^β2                       (Ã ratio)
//   jos13-idle  P = P_idle + β0·Sa + β1·Ã^β2              (calibrated, idle-aware)
//   jsw12       P = c0 + c1·x + (n / sm_bench)·μ·log10(α·n + β)  (x fraction, n active SMs)
//   linear-intensity  P = c0 + c1·x                        (JSW12's f(x) alone, calibrated)
//   wnn         JoS13's wavelet network (one network for all its GPUs, by type index)
//   launch-activity  P = P_idle + (P_board − P_idle)·σ(z) on the launch's activity (ActivityModel.h):
//               one power per kernel launch, fitted to measured power per launch [ours]
//   physical    P = P_idle + P_active·s + Σ e_class·N_class / t + e_byte·bytes / t, capped at the board's
//               limit (PhysicalPower.h): the launch's work over the time model's time [ours, issue 34]
//   alavani-xgb P = exp(Σ trees) on the launch's PTX features (METHOD §10): XGBoost's trees per
//               GPU, trained on measured power per launch
class PowerModel {
public:
    static std::optional<PowerModel> parse(const QByteArray& json, const QString& fileName, QStringList& errors);

    QString id() const { return m_id; }
    QString name() const { return m_name; }
    QString form() const { return m_form; }
    QString equation() const { return m_equation; }
    QJsonObject provenance() const { return m_provenance; }
    bool usesFractionIntensity() const;
    double intensityMin() const { return m_intensityMin; }
    double intensityMax() const { return m_intensityMax; }
    const std::array<double, kMemorySpaceCount>& memoryFactors() const { return m_memoryFactors; }
    // The GPUs it has parameters for, sorted: messages and tooltips list them the same way each run.
    QStringList gpuIds() const;
    bool supports(const QString& gpuId) const { return m_parameters.contains(gpuId); }
    QHash<QString, double> parameters(const QString& gpuId) const { return m_parameters.value(gpuId); }

    // Slice power in W for one GPU; nullopt when the model has no parameters for it.
    std::optional<PowerPrediction> predict(const GpuSpec& gpu, const SliceOperatingPoint& point) const;

    static QStringList parameterNames(const QString& form);

    // True for forms that predict a whole launch from its activity (launch-activity,
    // alavani-xgb) rather than a slice from its intensity.
    bool isLaunchLevel() const;
    // physical: board power from the launch's work over its predicted time (PhysicalPower.h).
    bool isPhysical() const;
    // alavani-xgb: the launch's PTX features are its inputs.
    bool needsPtx() const;
    // The PTX producer a GPU's trees were trained on ("clang 14.0.6"): PTX from it gives the
    // features the model knows.
    QString ptxProducer(const QString& gpuId) const { return m_ptxProducers.value(gpuId); }
    // alavani-xgb: the trees' inputs, in the order they read them (METHOD §10's column names).
    QStringList features() const { return m_features; }
    // Why predictLaunch gives nothing for this GPU and launch, in words.
    QString launchProblem(const GpuSpec& gpu, const LaunchActivity& activity) const;
    // Kernel power in W from the launch's activity; nullopt when the model has no parameters
    // for the GPU, is not launch-level, or the GPU has no board power. Inputs outside the
    // range the model was fitted on are named in outOfDomain.
    std::optional<PowerPrediction> predictLaunch(const GpuSpec& gpu, const LaunchActivity& activity) const;
    // The GPU's default model by its file, without measurements (derived constants) or by its
    // validation's choice.
    bool isDefaultFor(const QString& gpuId) const
    {
        const ModelAccuracy* validated = accuracy(gpuId);
        return m_defaultFor.contains(gpuId) || (validated && validated->isDefault);
    }
    // Where each of a GPU's parameters comes from (the file's "sources"; physical model).
    QHash<QString, QString> parameterSources(const QString& gpuId) const { return m_sources.value(gpuId); }
    // physical: a GPU nobody measured gets constants from its data sheet and architecture
    // (DataSheetPhysics.h) with the corrections the measured GPUs agree on (the file's
    // "transfer"), and the error of that kind of prediction on the measured GPUs, each held
    // out in turn, as its accuracy. Its default model.
    void addDataSheetGpu(
        const QString& gpuId, const QHash<QString, double>& prior, const QHash<QString, QString>& sources);
    // True for a GPU whose constants come from its data sheet alone (addDataSheetGpu).
    bool isDataSheetOnly(const QString& gpuId) const { return m_dataSheetGpus.contains(gpuId); }
    // The file's leave-one-GPU-out validation (physical), when it has one.
    const ModelAccuracy* transferAccuracy() const { return m_transfer ? &*m_transfer : nullptr; }
    // The corrections the measured GPUs agree on (physical: correction id → multiplier).
    QHash<QString, double> transferCorrections() const { return m_transferCorrections; }

    // The measured error for a GPU, when the model file has one.
    // Null where the model was not validated on the GPU's measured power. Points into the model.
    const ModelAccuracy* accuracy(const QString& gpuId) const
    {
        const auto it = m_accuracy.constFind(gpuId);
        return it != m_accuracy.constEnd() && it->has_value() ? &**it : nullptr;
    }

private:
    static void readTransfer(PowerModel& model, const QJsonObject& transfer, ModelFileErrors& problems);
    static void readTrees(PowerModel& model, const QJsonObject& gpu, const QString& gpuId, ModelFileErrors& problems);
    std::optional<PowerPrediction> predictFromPtx(const GpuSpec& gpu, const LaunchActivity& activity) const;
    std::optional<PowerPrediction> predictPhysical(const GpuSpec& gpu, const LaunchActivity& activity) const;

    QString m_id, m_name, m_form, m_equation;
    QJsonObject m_provenance;
    double m_intensityMin = 0;
    double m_intensityMax = 0;
    std::array<double, kMemorySpaceCount> m_memoryFactors = {1.0, 1.67, 0.91, 0.95};
    std::shared_ptr<const WaveletNetwork> m_network; // form "wnn" only
    QStringList m_features; // alavani-xgb: the trees' inputs, in order
    QHash<QString, std::shared_ptr<const BoostedTrees>> m_trees; // alavani-xgb: gpu id → trees
    QHash<QString, QString> m_ptxProducers; // alavani-xgb: gpu id → producer of its training PTX
    QHash<QString, QHash<QString, double>> m_parameters; // gpu id → parameter → value
    QHash<QString, std::optional<ModelAccuracy>> m_accuracy; // gpu id → its validation
    QStringList m_defaultFor; // gpu ids whose entry says "default" (derived, unmeasured GPUs)
    QHash<QString, QHash<QString, QString>> m_sources; // gpu id → parameter → where it comes from
    QStringList m_dataSheetGpus; // physical: GPUs with constants from their data sheet alone
    std::optional<ModelAccuracy> m_transfer; // physical: leave-one-GPU-out figures
    QHash<QString, double> m_transferCorrections;
    // launch-activity: gpu id → input key → the [min, max] it was fitted on
    QHash<QString, QHash<QString, std::pair<double, double>>> m_domains;
};

} // namespace slicewatt

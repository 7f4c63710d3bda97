// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GpuCatalogue.h"
#include "SliceOperatingPoint.h"
#include "WaveletNetwork.h"
#include "ir/MemorySpace.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <array>
#include <memory>
#include <optional>

namespace slicewatt {

// A published or calibrated slice power model read from a model file (models/*.json):
// its form, per-GPU parameters, input domain and provenance. Forms:
//   jos13       P = β0·Sa + β1·Ã^β2                       (Ã ratio)
//   jos13-idle  P = P_idle + β0·Sa + β1·Ã^β2              (calibrated, idle-aware)
//   jsw12       P = c0 + c1·x + (n / sm_bench)·μ·log10(α·n + β)  (x fraction, n active SMs)
//   linear-intensity  P = c0 + c1·x                        (JSW12's f(x) alone, calibrated)
//   wnn         JoS13's wavelet network (one network for all its GPUs, by type index)
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
    QStringList gpuIds() const { return m_parameters.keys(); }
    bool supports(const QString& gpuId) const { return m_parameters.contains(gpuId); }
    QHash<QString, double> parameters(const QString& gpuId) const { return m_parameters.value(gpuId); }

    // Slice power in W for one GPU; nullopt when the model has no parameters for it.
    std::optional<PowerPrediction> predict(const GpuSpec& gpu, const SliceOperatingPoint& point) const;

    static QStringList parameterNames(const QString& form);

private:
    QString m_id, m_name, m_form, m_equation;
    QJsonObject m_provenance;
    double m_intensityMin = 0;
    double m_intensityMax = 0;
    std::array<double, kMemorySpaceCount> m_memoryFactors = {1.0, 1.67, 0.91, 0.95};
    std::shared_ptr<const WaveletNetwork> m_network; // form "wnn" only
    QHash<QString, QHash<QString, double>> m_parameters; // gpu id → parameter → value
};

} // namespace slicewatt

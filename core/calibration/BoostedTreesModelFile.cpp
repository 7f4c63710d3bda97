// SPDX-License-Identifier: GPL-3.0-or-later
#include "BoostedTreesModelFile.h"

#include "MeasuredValidationWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace slicewatt {

namespace {

constexpr const char* kModelId = "alavani-xgb";

QJsonObject featureDomain(const MeasuredFeatureSet& features)
{
    QJsonObject domain;
    for (const QString& column : datasetFeatureColumns()) {
        double low = std::numeric_limits<double>::infinity();
        double high = -low;
        for (const MeasuredRowFeatures& row : features.rows) {
            const auto value = row.ptxFeatures.constFind(column);
            if (value == row.ptxFeatures.constEnd() || !std::isfinite(*value))
                continue;
            low = std::min(low, *value);
            high = std::max(high, *value);
        }
        if (std::isfinite(low))
            domain.insert(column, QJsonArray{low, high});
    }
    return domain;
}

} // namespace

QByteArray boostedTreesModelFile(
    const QVector<MeasuredValidation>& validations, const QString& data, const QString& tool)
{
    QJsonObject gpus;
    QStringList files;
    QStringList producers;
    for (const MeasuredValidation& v : validations) {
        const ModelFigures* m = v.figures(QLatin1String(kModelId));
        if (!m || m->fullTrees.isEmpty())
            continue;
        files << v.dataFile;
        producers << v.features.ptxProducer;
        QJsonObject gpu;
        gpu.insert(QStringLiteral("ptx_producer"), v.features.ptxProducer);
        gpu.insert(QStringLiteral("loop_rule"), v.features.ptxRule);
        gpu.insert(QStringLiteral("domain"), featureDomain(v.features));
        // XGBoost's own JSON text, kept as a string: its reader tells 1.0 from 1, which a JSON
        // object read and written again would not keep.
        gpu.insert(QStringLiteral("trees"), QString::fromUtf8(m->fullTrees));
        gpu.insert(QStringLiteral("validation"),
            QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-kernel-out")},
                {QStringLiteral("data"), QString(data).replace(QStringLiteral("%FILE%"), v.dataFile)},
                {QStringLiteral("grouped"), errorFiguresJson(m->grouped)},
                {QStringLiteral("random_split"), errorFiguresJson(m->randomSplit)}, {QStringLiteral("default"), false},
                {QStringLiteral("compared"), comparedModels(v, m)}, {QStringLiteral("rows"), heldOutRows(v, *m)}});
        gpus.insert(v.features.gpuId, gpu);
    }
    producers.removeDuplicates();
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("slicewatt-model/1")},
        {QStringLiteral("id"), QLatin1String(kModelId)},
        {QStringLiteral("name"),
            QStringLiteral("PTX features + XGBoost (Alavani et al. 2023), trained on measured "
                           "power per launch")},
        {QStringLiteral("form"), QLatin1String(kModelId)},
        {QStringLiteral("equation"),
            QStringLiteral("P = exp(sum of the trees' leaves at the launch's PTX features) (XGBoost, squared error "
                           "on log P)")},
        {QStringLiteral("unit"), QStringLiteral("W")},
        {QStringLiteral("features"), QJsonArray::fromStringList(datasetFeatureColumns())},
        {QStringLiteral("provenance"),
            QJsonObject{{QStringLiteral("source"),
                            QString(data).replace(QStringLiteral("%FILE%"), files.join(QStringLiteral(", ")))},
                {QStringLiteral("tool"), tool},
                {QStringLiteral("method"),
                    QStringLiteral("Alavani et al., 'Program Analysis and Machine Learning-based Approach to Predict "
                                   "Power Consumption of CUDA Kernel', ACM TOMPECS 8(4), 2023 (doi:10.1145/3603533): "
                                   "static features of the kernel's PTX and launch (their PFEA, METHOD section 10) "
                                   "and gradient-boosted trees (XGBoost's C API). Features from SliceWatt's own "
                                   "PTX of the measured kernels (%1), not the data set's columns; error with whole "
                                   "kernels held out (METHOD section 11)")
                        .arg(producers.join(QStringLiteral(", ")))},
                {QStringLiteral("assumptions"),
                    QStringLiteral("problem sizes are not in the data: loops whose trip count the code does not fix "
                                   "run the default 10 times; occupancy from thread and block limits only (no "
                                   "register counts); kernels the PTX producer cannot compile are neither trained "
                                   "on nor predicted")}}},
        {QStringLiteral("gpus"), gpus}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

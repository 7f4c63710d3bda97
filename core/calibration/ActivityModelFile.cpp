// SPDX-License-Identifier: GPL-3.0-or-later
#include "ActivityModelFile.h"

#include "MeasuredValidationWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace slicewatt {

namespace {

QJsonObject inputDomain(const MeasuredFeatureSet& features)
{
    QJsonObject domain;
    for (const ActivityInput& input : activityInputs()) {
        double low = std::numeric_limits<double>::infinity();
        double high = -low;
        for (const MeasuredRowFeatures& row : features.rows) {
            low = std::min(low, input.value(row.activity));
            high = std::max(high, input.value(row.activity));
        }
        if (std::isfinite(low))
            domain.insert(input.key, QJsonArray{low, high});
    }
    return domain;
}

} // namespace

QByteArray activityModelFile(const QVector<MeasuredValidation>& validations, const QString& data, const QString& tool)
{
    QJsonObject gpus;
    QStringList files;
    for (const MeasuredValidation& v : validations) {
        files << v.dataFile;
        const ModelFigures* chosen = chosenActivityVariant(v);
        if (!chosen)
            continue;
        QJsonObject gpu;
        for (const QString& name : activityParameterNames())
            gpu.insert(name, chosen->fullFit.value(name, 0.0));
        gpu.insert(QStringLiteral("domain"), inputDomain(v.features));
        gpu.insert(QStringLiteral("validation"),
            QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-kernel-out")},
                {QStringLiteral("data"), QString(data).replace(QStringLiteral("%FILE%"), v.dataFile)},
                {QStringLiteral("variant"), chosen->id},
                {QStringLiteral("inputs"), QJsonArray::fromStringList(chosen->inputs)},
                {QStringLiteral("grouped"), errorFiguresJson(chosen->grouped)},
                {QStringLiteral("random_split"), errorFiguresJson(chosen->randomSplit)},
                {QStringLiteral("default"), v.defaultModelId == chosen->id},
                {QStringLiteral("compared"), comparedModels(v)}, {QStringLiteral("rows"), heldOutRows(v, *chosen)}});
        gpus.insert(v.features.gpuId, gpu);
    }
    QString equation = QStringLiteral("P = idle_w + (P_board - idle_w) * sigmoid(b0");
    for (const ActivityInput& input : activityInputs())
        equation += QStringLiteral(" + b_%1 * %1").arg(input.key);
    equation += QStringLiteral("), P_board from the GPU catalogue");
    QJsonObject inputs;
    for (const ActivityInput& input : activityInputs())
        inputs.insert(input.key, input.meaning);
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("slicewatt-model/1")},
        {QStringLiteral("id"), QStringLiteral("launch-activity")},
        {QStringLiteral("name"), QStringLiteral("Launch activity, fitted to measured power per launch")},
        {QStringLiteral("form"), QStringLiteral("launch-activity")}, {QStringLiteral("equation"), equation},
        {QStringLiteral("unit"), QStringLiteral("W")}, {QStringLiteral("inputs"), inputs},
        {QStringLiteral("provenance"),
            QJsonObject{{QStringLiteral("source"),
                            QString(data).replace(QStringLiteral("%FILE%"), files.join(QStringLiteral(", ")))},
                {QStringLiteral("tool"), tool},
                {QStringLiteral("method"),
                    QStringLiteral("[ours] SliceWatt's static analysis of each measured kernel at each measured "
                                   "launch; idle power and weights fitted by Levenberg-Marquardt on relative "
                                   "residuals with a ridge penalty; error with whole kernels held out (METHOD "
                                   "section 11)")},
                {QStringLiteral("assumptions"),
                    QStringLiteral("problem sizes are not in the data: loops whose trip count the code does not fix "
                                   "run the default 10 times; occupancy from thread and block limits only")}}},
        {QStringLiteral("gpus"), gpus}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

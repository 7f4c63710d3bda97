// SPDX-License-Identifier: GPL-3.0-or-later
// The wavelet network as JSON (format "slicewatt-wavelet-network", version 1: its
// normalisation, activation and every hidden unit's weights), the part of a "wnn" model file
// (WnnModelFile) that holds the network; read back with the path of what is wrong named.
#include "WaveletNetwork.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace slicewatt {
namespace {

const char* const kFormat = "slicewatt-wavelet-network";
constexpr int kFormatVersion = 1;
const std::array<const char*, 4> kInputNames = {{"log10Intensity", "saturation", "lines", "gpu"}};

QJsonArray toArray(const Eigen::VectorXd& v)
{
    QJsonArray array;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        array.append(v[i]);
    return array;
}

// Reads a finite number at `key` of `object`; on failure names `where.key` in `error`.
bool readNumber(const QJsonObject& object, const char* key, const QString& where, double& value, QString& error)
{
    const QJsonValue v = object.value(QLatin1String(key));
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        error = QStringLiteral("%1%2: missing or not a finite number").arg(where, QLatin1String(key));
        return false;
    }
    value = v.toDouble();
    return true;
}

bool readObject(const QJsonObject& object, const char* key, const QString& where, QJsonObject& value, QString& error)
{
    const QJsonValue v = object.value(QLatin1String(key));
    if (!v.isObject()) {
        error = QStringLiteral("%1%2: missing or not an object").arg(where, QLatin1String(key));
        return false;
    }
    value = v.toObject();
    return true;
}

bool readArray(const QJsonObject& object, const char* key, const QString& where, QJsonArray& value, QString& error)
{
    const QJsonValue v = object.value(QLatin1String(key));
    if (!v.isArray()) {
        error = QStringLiteral("%1%2: missing or not an array").arg(where, QLatin1String(key));
        return false;
    }
    value = v.toArray();
    return true;
}

} // namespace

QByteArray WaveletNetwork::toJson() const
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QLatin1String(kFormat));
    root.insert(QStringLiteral("version"), kFormatVersion);
    if (!provenance_.isEmpty())
        root.insert(QStringLiteral("provenance"), provenance_);
    root.insert(QStringLiteral("morletConstant"), morlet_);
    root.insert(QStringLiteral("activation"),
        QJsonObject{{QStringLiteral("a"), activationA_}, {QStringLiteral("b"), activationB_}});

    QJsonArray inputs;
    for (std::size_t i = 0; i < kInputNames.size(); ++i)
        inputs.append(QJsonObject{{QStringLiteral("name"), QLatin1String(kInputNames[i])},
            {QStringLiteral("min"), norm_.inputMin[i]}, {QStringLiteral("max"), norm_.inputMax[i]}});
    root.insert(QStringLiteral("normalisation"),
        QJsonObject{{QStringLiteral("inputs"), inputs},
            {QStringLiteral("output"),
                QJsonObject{{QStringLiteral("minWatts"), norm_.minWatts}, {QStringLiteral("maxWatts"), norm_.maxWatts},
                    {QStringLiteral("span"), norm_.outputSpan}}}});

    QJsonArray hidden;
    for (Eigen::Index j = 0; j < params_.outputWeights.size(); ++j)
        hidden.append(QJsonObject{{QStringLiteral("inputWeights"), toArray(params_.inputWeights.col(j))},
            {QStringLiteral("translation"), params_.translations[j]},
            {QStringLiteral("dilation"), params_.dilations[j]},
            {QStringLiteral("outputWeight"), params_.outputWeights[j]}});
    root.insert(QStringLiteral("hidden"), hidden);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<WaveletNetwork> WaveletNetwork::fromJson(const QByteArray& json, QString* error)
{
    QString problem;
    const auto fail = [&](const QString& message) -> std::optional<WaveletNetwork> {
        if (error)
            *error = QStringLiteral("wavelet network: %1").arg(message);
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(
            QStringLiteral("not valid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    if (!document.isObject())
        return fail(QStringLiteral("the document is not a JSON object"));
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String(kFormat))
        return fail(QStringLiteral("format: expected \"%1\"").arg(QLatin1String(kFormat)));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != kFormatVersion)
        return fail(QStringLiteral("version: expected %1").arg(kFormatVersion));

    WaveletNetwork network;
    const QJsonValue provenance = root.value(QStringLiteral("provenance"));
    if (!provenance.isUndefined() && !provenance.isString())
        return fail(QStringLiteral("provenance: not a string"));
    network.provenance_ = provenance.toString();
    QJsonObject activation;
    if (!readNumber(root, "morletConstant", QString(), network.morlet_, problem)
        || !readObject(root, "activation", QString(), activation, problem)
        || !readNumber(activation, "a", QStringLiteral("activation."), network.activationA_, problem)
        || !readNumber(activation, "b", QStringLiteral("activation."), network.activationB_, problem))
        return fail(problem);
    if (!(network.activationA_ > 0.0) || !(network.activationB_ > 0.0))
        return fail(QStringLiteral("activation: a and b must be positive"));

    QJsonObject normalisation;
    QJsonArray inputs;
    QJsonObject output;
    if (!readObject(root, "normalisation", QString(), normalisation, problem)
        || !readArray(normalisation, "inputs", QStringLiteral("normalisation."), inputs, problem)
        || !readObject(normalisation, "output", QStringLiteral("normalisation."), output, problem))
        return fail(problem);
    if (inputs.size() != kInputs)
        return fail(
            QStringLiteral("normalisation.inputs: expected %1 entries, found %2").arg(kInputs).arg(inputs.size()));
    WnnNormalisation& n = network.norm_;
    for (int i = 0; i < kInputs; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const QString where = QStringLiteral("normalisation.inputs[%1].").arg(i);
        const QJsonObject input = inputs.at(i).toObject();
        if (input.value(QStringLiteral("name")).toString() != QLatin1String(kInputNames[k]))
            return fail(QStringLiteral("%1name: expected \"%2\"").arg(where, QLatin1String(kInputNames[k])));
        if (!readNumber(input, "min", where, n.inputMin[k], problem)
            || !readNumber(input, "max", where, n.inputMax[k], problem))
            return fail(problem);
        if (n.inputMax[k] < n.inputMin[k])
            return fail(QStringLiteral("%1max is below min").arg(where));
    }
    const QString outputWhere = QStringLiteral("normalisation.output.");
    if (!readNumber(output, "minWatts", outputWhere, n.minWatts, problem)
        || !readNumber(output, "maxWatts", outputWhere, n.maxWatts, problem)
        || !readNumber(output, "span", outputWhere, n.outputSpan, problem))
        return fail(problem);
    if (n.maxWatts < n.minWatts)
        return fail(QStringLiteral("normalisation.output.maxWatts is below minWatts"));
    if (!(n.outputSpan > 0.0 && n.outputSpan < 1.0))
        return fail(QStringLiteral("normalisation.output.span must lie in (0, 1)"));

    QJsonArray hidden;
    if (!readArray(root, "hidden", QString(), hidden, problem))
        return fail(problem);
    if (hidden.isEmpty())
        return fail(QStringLiteral("hidden: no hidden nodes"));
    const Eigen::Index h = hidden.size();
    WnnParameters p;
    p.inputWeights.resize(kInputs, h);
    p.translations.resize(h);
    p.dilations.resize(h);
    p.outputWeights.resize(h);
    for (Eigen::Index j = 0; j < h; ++j) {
        const QString where = QStringLiteral("hidden[%1].").arg(j);
        if (!hidden.at(j).isObject())
            return fail(QStringLiteral("hidden[%1]: not an object").arg(j));
        const QJsonObject node = hidden.at(j).toObject();
        QJsonArray weights;
        if (!readArray(node, "inputWeights", where, weights, problem))
            return fail(problem);
        if (weights.size() != kInputs)
            return fail(QStringLiteral("%1inputWeights: expected %2 numbers, found %3")
                            .arg(where)
                            .arg(kInputs)
                            .arg(weights.size()));
        for (int i = 0; i < kInputs; ++i) {
            const QJsonValue w = weights.at(i);
            if (!w.isDouble() || !std::isfinite(w.toDouble()))
                return fail(QStringLiteral("%1inputWeights[%2]: not a finite number").arg(where).arg(i));
            p.inputWeights(i, j) = w.toDouble();
        }
        if (!readNumber(node, "translation", where, p.translations[j], problem)
            || !readNumber(node, "dilation", where, p.dilations[j], problem)
            || !readNumber(node, "outputWeight", where, p.outputWeights[j], problem))
            return fail(problem);
        if (std::abs(p.dilations[j]) < kMinDilation)
            return fail(QStringLiteral("%1dilation: %2 is closer to 0 than %3")
                            .arg(where)
                            .arg(p.dilations[j])
                            .arg(kMinDilation));
    }
    network.params_ = p;
    return network;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "WnnModelFile.h"

#include <QJsonDocument>

namespace slicewatt {

QByteArray wnnModelFile(const QString& id, const QString& name, const WaveletNetwork& network,
    const QHash<QString, int>& typeIndexByGpu, const QJsonObject& provenance)
{
    QJsonObject gpus;
    for (auto it = typeIndexByGpu.constBegin(); it != typeIndexByGpu.constEnd(); ++it)
        gpus.insert(it.key(), QJsonObject{{QStringLiteral("type_index"), it.value()}});
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("slicewatt-model/1"));
    root.insert(QStringLiteral("id"), id);
    root.insert(QStringLiteral("name"), name);
    root.insert(QStringLiteral("form"), QStringLiteral("wnn"));
    root.insert(QStringLiteral("equation"),
        QStringLiteral("JoS13 wavelet network: 4 inputs (intensity ratio, SM saturation, slice length, GPU type), "
                       "%1 Morlet wavelons, output a(1 - e^-bx)/(1 + e^-bx)")
            .arg(network.hiddenCount()));
    root.insert(QStringLiteral("unit"), QStringLiteral("W"));
    root.insert(QStringLiteral("provenance"), provenance);
    root.insert(QStringLiteral("intensity"),
        QJsonObject{{QStringLiteral("definition"), QStringLiteral("ratio")}, {QStringLiteral("min"), 7.1},
            {QStringLiteral("max"), 8200.0}});
    root.insert(QStringLiteral("gpus"), gpus);
    root.insert(QStringLiteral("network"), QJsonDocument::fromJson(network.toJson()).object());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShippedFiles.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace slicewatt::test {

QByteArray shippedModelBytes(const QString& name)
{
    const QString path = QStringLiteral(SLICEWATT_SOURCE_DIR "/models/") + name;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the shipped model file %s is missing: %s", qPrintable(path), qPrintable(file.errorString()));
    const QByteArray bytes = file.readAll();
    if (bytes.isEmpty())
        qFatal("the shipped model file %s is empty", qPrintable(path));
    return bytes;
}

QJsonObject shippedModel(const QString& name)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(shippedModelBytes(name), &error);
    if (!document.isObject())
        qFatal("the shipped model file models/%s is not a JSON object: %s", qPrintable(name),
            qPrintable(error.errorString()));
    return document.object();
}

} // namespace slicewatt::test

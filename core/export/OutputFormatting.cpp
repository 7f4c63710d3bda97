// SPDX-License-Identifier: GPL-3.0-or-later
#include "OutputFormatting.h"

namespace slicewatt {

QString pathRelativeTo(const QString& path, const QString& baseDir)
{
    if (baseDir.isEmpty() || !path.startsWith(baseDir + QLatin1Char('/')))
        return path;
    return path.mid(baseDir.size() + 1);
}

QJsonValue optionalNumberJson(const std::optional<qint64>& value)
{
    return value ? QJsonValue(double(*value)) : QJsonValue(QJsonValue::Null);
}

QJsonObject diagnosticJson(const Diagnostic& d)
{
    QJsonObject object;
    object.insert(QStringLiteral("severity"), severityName(d.severity));
    object.insert(QStringLiteral("file"), d.file);
    object.insert(QStringLiteral("line"), d.line);
    object.insert(QStringLiteral("column"), d.column);
    object.insert(QStringLiteral("message"), d.message);
    return object;
}

} // namespace slicewatt

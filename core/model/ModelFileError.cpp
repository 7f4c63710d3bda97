// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelFileError.h"

#include <QJsonDocument>

namespace slicewatt {

int ModelFileErrors::lineOf(const QString& key) const
{
    if (key.isEmpty())
        return 0;
    const int offset = int(m_text.indexOf(QByteArray("\"") + key.toUtf8() + QByteArray("\"")));
    return offset < 0 ? 0 : int(m_text.left(offset).count('\n')) + 1;
}

void ModelFileErrors::add(const QString& problem, const QString& nearKey)
{
    const int line = lineOf(nearKey);
    m_errors << (line > 0 ? QStringLiteral("%1:%2: %3").arg(m_file).arg(line).arg(problem)
                          : QStringLiteral("%1: %2").arg(m_file, problem));
}

std::optional<QJsonObject> ModelFileErrors::parseObject()
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(m_text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        addAtOffset(QStringLiteral("not valid JSON: %1").arg(parseError.errorString()), parseError.offset);
        return std::nullopt;
    }
    return doc.object();
}

void ModelFileErrors::addAtOffset(const QString& problem, int offset)
{
    const int line = int(m_text.left(offset).count('\n')) + 1;
    m_errors << QStringLiteral("%1:%2: %3").arg(m_file).arg(line).arg(problem);
}

} // namespace slicewatt

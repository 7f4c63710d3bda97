// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelFileError.h"

#include <QJsonDocument>

namespace slicewatt {

int ModelFileErrors::lineOf(const QString& key) const
{
    if (key.isEmpty())
        return 0;
    const QByteArray quoted = QByteArray("\"") + key.toUtf8() + QByteArray("\"");
    qsizetype offset = m_text.indexOf(quoted, m_entryOffset);
    if (offset < 0)
        offset = m_text.indexOf(quoted);
    return offset < 0 ? 0 : int(m_text.left(offset).count('\n')) + 1;
}

qsizetype ModelFileErrors::entryOffset(const QString& id) const
{
    if (id.isEmpty())
        return 0;
    const QByteArray value = QByteArray("\"") + id.toUtf8() + QByteArray("\"");
    for (qsizetype at = m_text.indexOf("\"id\""); at >= 0; at = m_text.indexOf("\"id\"", at + 4)) {
        qsizetype p = at + 4;
        while (p < m_text.size() && (m_text[p] == ':' || QChar::isSpace(uchar(m_text[p]))))
            ++p;
        if (m_text.mid(p, value.size()) == value)
            return at;
    }
    return 0;
}

void ModelFileErrors::lookFromEntry(const QString& id)
{
    m_entryOffset = entryOffset(id);
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

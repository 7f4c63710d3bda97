// SPDX-License-Identifier: GPL-3.0-or-later
#include "CsvFields.h"

#include <QRegularExpression>

namespace slicewatt {

bool splitCsvFields(const QString& line, QStringList* fields)
{
    QString field;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"') && field.trimmed().isEmpty()) {
            field.clear();
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            fields->append(field.trimmed());
            field.clear();
        } else {
            field += c;
        }
    }
    fields->append(field.trimmed());
    return !quoted;
}

bool splitMetadataComment(const QString& line, QString* key, QString* value)
{
    static const QRegularExpression pattern(QStringLiteral("^#\\s*([a-z0-9_]+)\\s*:\\s*(.*)$"));
    const QRegularExpressionMatch match = pattern.match(line);
    if (!match.hasMatch())
        return false;
    *key = match.captured(1);
    *value = match.captured(2).trimmed();
    return true;
}

QString metadataCommentLine(const QString& key, QString value)
{
    value.replace(QLatin1Char('\n'), QLatin1Char(' ')).replace(QLatin1Char('\r'), QLatin1Char(' '));
    return QStringLiteral("# %1: %2").arg(key, value);
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

QString CsvRows::field(const Row& row, const char* name) const
{
    const auto found = column.constFind(QLatin1String(name));
    return found == column.constEnd() ? QString() : row.fields.value(*found);
}

CsvRows readCsvRows(const QByteArray& text, const QString& fileName, const QStringList& required, const QString& kind)
{
    CsvRows result;
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines[n].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList fields;
        if (!splitCsvFields(line, &fields)) {
            result.problems << QStringLiteral("%1:%2: a quote is left open").arg(fileName).arg(n + 1);
            continue;
        }
        if (result.column.isEmpty()) {
            for (int i = 0; i < fields.size(); ++i)
                result.column.insert(fields[i], i);
            result.headerLine = n + 1;
            continue;
        }
        result.rows.append({n + 1, fields});
    }
    if (result.column.isEmpty())
        result.problems << QStringLiteral("%1: empty").arg(fileName);
    for (const QString& name : required) {
        if (!result.column.isEmpty() && !result.column.contains(name)) {
            result.problems << QStringLiteral("%1:%2: no \"%3\" column: not %4")
                                   .arg(fileName)
                                   .arg(result.headerLine)
                                   .arg(name, kind);
            result.rows.clear();
            break;
        }
    }
    return result;
}

} // namespace slicewatt

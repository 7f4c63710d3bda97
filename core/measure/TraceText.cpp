// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceText.h"

#include <cmath>

namespace slicewatt {

bool TraceLineReader::next(QString* line)
{
    if (m_failed)
        return false;
    // Empty only at the end (an empty line still has its '\n'); no atEnd() check first,
    // which pipes answer before any data has arrived.
    QByteArray bytes = m_device->readLine(kMaxLineBytes + 2); // at most kMaxLineBytes + 1 bytes
    if (bytes.isEmpty())
        return false;
    ++m_lineNumber;
    m_bytesRead += bytes.size();
    if (m_bytesRead > m_maxBytes) {
        m_errors->add(
            m_lineNumber, QStringLiteral("more than %1 MiB: not read further").arg(m_maxBytes / (1024 * 1024)));
        m_failed = true;
        return false;
    }
    if (bytes.contains('\0')) {
        m_errors->add(m_lineNumber, QStringLiteral("not a text file (NUL byte)"));
        m_failed = true;
        return false;
    }
    m_unterminated = !bytes.endsWith('\n');
    if (m_unterminated && bytes.size() > kMaxLineBytes) {
        m_errors->add(
            m_lineNumber, QStringLiteral("line longer than %1 KiB: not a power trace").arg(kMaxLineBytes / 1024));
        m_failed = true;
        return false;
    }
    while (bytes.endsWith('\n') || bytes.endsWith('\r'))
        bytes.chop(1);
    if (m_lineNumber == 1 && bytes.startsWith("\xEF\xBB\xBF")) // byte order mark of spreadsheet exports
        bytes.remove(0, 3);
    *line = QString::fromUtf8(bytes);
    return true;
}

HeaderCell parseHeaderCell(const QString& cell)
{
    HeaderCell header;
    const QString text = cell.trimmed();
    const int open = int(text.lastIndexOf(QLatin1Char('[')));
    if (open > 0 && text.endsWith(QLatin1Char(']'))) {
        header.name = text.left(open).trimmed().toLower();
        header.unit = text.mid(open + 1, text.size() - open - 2).trimmed();
    } else {
        header.name = text.toLower();
    }
    return header;
}

std::optional<NumberWithUnit> parseNumberWithUnit(const QString& text)
{
    const QString trimmed = text.trimmed();
    const int space = int(trimmed.indexOf(QLatin1Char(' ')));
    NumberWithUnit number;
    QString digits = trimmed;
    if (space > 0) {
        digits = trimmed.left(space);
        number.unit = trimmed.mid(space + 1).trimmed();
        if (number.unit.contains(QLatin1Char(' ')))
            return std::nullopt;
    }
    bool ok = false;
    number.value = digits.toDouble(&ok); // C locale: '.' decimals whatever the user's locale
    if (!ok || !std::isfinite(number.value))
        return std::nullopt;
    return number;
}

bool isUnavailableValue(const QString& text)
{
    const QString trimmed = text.trimmed();
    return trimmed.compare(QLatin1String("N/A"), Qt::CaseInsensitive) == 0
        || (trimmed.startsWith(QLatin1Char('[')) && trimmed.endsWith(QLatin1Char(']')));
}

QString shownNumber(double value)
{
    return QString::number(value, 'g', 6);
}

} // namespace slicewatt

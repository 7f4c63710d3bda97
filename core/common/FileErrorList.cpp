// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileErrorList.h"

namespace slicewatt {

void FileErrorList::add(int line, const QString& problem)
{
    if (++m_count > kMax)
        return;
    m_messages.append(at(line, problem));
}

QString FileErrorList::at(int line, const QString& text) const
{
    return line > 0 ? QStringLiteral("%1:%2: %3").arg(m_file).arg(line).arg(text)
                    : QStringLiteral("%1: %2").arg(m_file, text);
}

QStringList FileErrorList::finish() const
{
    QStringList messages = m_messages;
    if (m_count > kMax)
        messages.append(QStringLiteral("%1: %2 more problems not shown").arg(m_file).arg(m_count - kMax));
    return messages;
}

} // namespace slicewatt

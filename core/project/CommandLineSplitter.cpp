// SPDX-License-Identifier: GPL-3.0-or-later
#include "CommandLineSplitter.h"

namespace slicewatt {

QStringList splitCommandLine(const QString& command)
{
    QStringList args;
    QString current;
    bool inArgument = false;
    QChar quote;
    for (int i = 0; i < command.size(); ++i) {
        const QChar c = command.at(i);
        if (!quote.isNull()) {
            if (c == quote) {
                quote = QChar();
            } else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < command.size()) {
                current += command.at(++i);
            } else {
                current += c;
            }
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            inArgument = true;
        } else if (c == QLatin1Char('\\') && i + 1 < command.size()) {
            current += command.at(++i);
            inArgument = true;
        } else if (c.isSpace()) {
            if (inArgument)
                args << current;
            current.clear();
            inArgument = false;
        } else {
            current += c;
            inArgument = true;
        }
    }
    if (inArgument)
        args << current;
    return args;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a trace file's text line by line, for both trace formats: bounded line length,
// binary detection, comma splitting and "file:line: problem" messages. Internal to
// core/measure.
#pragma once

#include "common/CsvFields.h"
#include "common/FileErrorList.h"

#include <QIODevice>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// Hands out the lines of a text device one by one, with their 1-based numbers. Stops, with
// an error, at a NUL byte (binary data) or a line longer than kMaxLineBytes, so a binary
// or huge file costs one bounded read, not its whole size in strings.
class TraceLineReader {
public:
    static constexpr qint64 kMaxLineBytes = 64 * 1024;

    // Stops with an error after maxBytes (a pipe or device has no size to check first).
    TraceLineReader(QIODevice* device, FileErrorList* errors, qint64 maxBytes)
        : m_device(device)
        , m_errors(errors)
        , m_maxBytes(maxBytes)
    {
    }
    // The next line without its end-of-line characters; false at the end or after an error.
    bool next(QString* line);
    int lineNumber() const { return m_lineNumber; }
    // Whether the line just read ended the file without a newline (a logger cut off
    // mid-write leaves such a line).
    bool lastLineUnterminated() const { return m_unterminated; }
    bool failed() const { return m_failed; }

private:
    QIODevice* m_device;
    FileErrorList* m_errors;
    qint64 m_maxBytes;
    qint64 m_bytesRead = 0;
    int m_lineNumber = 0;
    bool m_unterminated = false;
    bool m_failed = false;
};

// A header cell "power.draw [W]": the name in lower case ("power.draw") and the unit
// without brackets ("W"; empty when none).
struct HeaderCell {
    QString name;
    QString unit;
};
HeaderCell parseHeaderCell(const QString& cell);

// A finite number in C locale, with an optional unit after it ("85.31 W", "1980 MHz"): the
// value, and the unit as written (empty when none). nullopt when the text is no number.
struct NumberWithUnit {
    double value = 0;
    QString unit;
};
std::optional<NumberWithUnit> parseNumberWithUnit(const QString& text);

// nvidia-smi's words for a missing value: "[N/A]", "N/A", "[Not Supported]", "[Unknown
// Error]", and any other bracketed text.
bool isUnavailableValue(const QString& text);

// Number formatting for messages: 6 significant digits.
QString shownNumber(double value);

} // namespace slicewatt

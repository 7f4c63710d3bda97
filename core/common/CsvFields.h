// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// Splits one CSV line on commas and trims each field (nvidia-smi writes ", "). Double
// quotes protect commas, "" is a literal quote; no field spans lines. False when a quote
// is left open. Shared by the calibration CSV and the power-trace readers.
bool splitCsvFields(const QString& line, QStringList* fields);

// One field as CSV writes it: quoted (with "" for a quote) only when it holds a comma, a
// quote or a line break.
QString csvField(const QString& text);

// A metadata comment `# key: value` (key: lower-case letters, digits, '_'), trimmed line
// given; false for any other line. slicewatt-calibrate writes them before a CSV's header.
bool splitMetadataComment(const QString& line, QString* key, QString* value);
// The line splitMetadataComment reads back: "# key: value", line breaks in `value` made
// spaces (they would end the line).
QString metadataCommentLine(const QString& key, QString value);

// A CSV file with a header line: blank lines and `#` comments skipped, every other line
// after the header a row with its line number (from 1). A line whose quote is left open is
// left out with a problem ("file:line: a quote is left open"). A file without a header or
// without one of the `required` columns has no rows and says so ("not a `kind`"). Shared by
// the readers of measured runs and of hardware counters.
struct CsvRows {
    struct Row {
        int line = 0;
        QStringList fields;
    };
    QHash<QString, int> column; // header name → index; empty when the file has no header
    int headerLine = 0;
    QVector<Row> rows;
    QStringList problems;

    // The row's field under `name`; empty when the file has no such column.
    QString field(const Row& row, const char* name) const;
};

CsvRows readCsvRows(const QByteArray& text, const QString& fileName, const QStringList& required, const QString& kind);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

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

} // namespace slicewatt

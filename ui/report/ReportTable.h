// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

class ReportLayout;

struct ReportColumn {
    ReportColumn(const QString& heading, Qt::Alignment align = Qt::AlignLeft, bool stretches = false,
        Qt::TextElideMode elideMode = Qt::ElideRight)
        : title(heading)
        , alignment(align)
        , stretch(stretches)
        , elide(elideMode)
    {
    }

    QString title; // may hold a unit: "P̂ (W)"
    Qt::Alignment alignment;
    // Stretching columns take what the others leave (names, locations) and elide when the
    // page is too narrow; the others keep their natural width.
    bool stretch;
    Qt::TextElideMode elide;
};

struct ReportRow {
    ReportRow() = default;
    ReportRow(const QStringList& texts) // implicit: a table's rows are often just their cells
        : cells(texts)
    {
    }

    QStringList cells;
    bool emphasised = false; // bold, with a rule above: totals
    std::optional<QColor> swatch; // a small square before the first cell (memory spaces)
    std::optional<QColor> textColour; // instead of the style's text colour
};

struct ReportTableOptions {
    bool header = true; // a header row, repeated on every page the table continues on
    bool stripes = true;
    std::optional<QFont> font; // the style's body font when empty
};

// A table at the cursor, the content width wide: one line per row, cells elided rather
// than wrapped, breaking between rows across pages with the header repeated.
void paintTable(ReportLayout& layout, const QVector<ReportColumn>& columns, const QVector<ReportRow>& rows,
    const ReportTableOptions& options = {});
// The height of the table's header and first `rows` rows: for keeping a heading with them.
double tableHeight(const ReportLayout& layout, int rows, const ReportTableOptions& options = {});

} // namespace slicewatt

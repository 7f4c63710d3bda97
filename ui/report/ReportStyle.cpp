// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportStyle.h"

#include <QFontDatabase>

namespace slicewatt {
namespace {

// A family list rather than one name: Qt falls back along it per glyph, so a missing
// DejaVu still gives readable text instead of boxes.
QFont makeFont(const QStringList& families, double points, bool bold = false)
{
    QFont font;
    font.setFamilies(families);
    font.setPointSizeF(points);
    font.setBold(bold);
    // Paper needs no hinting: it would snap glyph widths to a screen's pixel grid, and
    // text measured for the page should be set exactly as measured.
    font.setHintingPreference(QFont::PreferNoHinting);
    font.setKerning(true);
    // A letter spacing, however tiny, makes Qt shape without ligatures: "fi" as a single
    // glyph would come out of the PDF as U+FB01, and a search for "filters" would miss it.
    // 0.05 device pixels at 300 dpi is far below anything visible.
    font.setLetterSpacing(QFont::AbsoluteSpacing, 0.05);
    return font;
}

} // namespace

ReportStyle ReportStyle::standard()
{
    const QString systemSans = QFontDatabase::systemFont(QFontDatabase::GeneralFont).family();
    const QString systemMono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
    const QStringList sans = {QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans"), systemSans};
    const QStringList mono = {QStringLiteral("DejaVu Sans Mono"), QStringLiteral("Noto Sans Mono"), systemMono};

    ReportStyle style;
    style.body = makeFont(sans, 8.5);
    style.small = makeFont(sans, 7);
    style.tableHeader = makeFont(sans, 7.5, true);
    style.title = makeFont(sans, 22, true);
    style.heading1 = makeFont(sans, 14, true);
    style.heading2 = makeFont(sans, 10, true);
    style.mono = makeFont(mono, 6.8);
    style.mono.setStyleHint(QFont::Monospace);
    style.mono.setFixedPitch(true);
    style.monoBold = style.mono;
    style.monoBold.setBold(true);
    return style;
}

} // namespace slicewatt

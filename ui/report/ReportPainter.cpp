// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportPainter.h"

#include "ReportChangesSection.h"
#include "ReportKernelSection.h"
#include "ReportLayout.h"
#include "ReportMethodPage.h"
#include "ReportSummary.h"
#include "ReportTitlePage.h"
#include "export/ReportDocument.h"

namespace slicewatt {
namespace {
// What a kernel's section needs on its first page: heading, location, key figures and the
// energy table (about 75 mm on A4).
constexpr double kKernelSectionStartMm = 80;
} // namespace

QVector<ReportContentsEntry> reportContents(const ReportDocument& document)
{
    QVector<ReportContentsEntry> entries;
    // A review reads what changed first; the kernels' sections stay under the summary.
    if (document.changes)
        entries.append({QStringLiteral("Changes since the baseline"), 0, 0});
    entries.append({QStringLiteral("Summary"), 0, 0});
    for (int i = 0; i < document.sections.size(); ++i)
        entries.append({kernelSectionTitle(document.sections[i], i), 1, 0});
    entries.append({QStringLiteral("Method"), 0, 0});
    return entries;
}

ReportPagination paintReport(
    const ReportDocument& document, QPagedPaintDevice& device, QPainter& painter, const ReportPagination& known)
{
    ReportLayout layout(device, painter, ReportStyle::standard(), document.title, known.pages);
    const QString created
        = document.created.isValid() ? document.created.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
    layout.setFooterNote(created.isEmpty() ? QStringLiteral("SliceWatt %1").arg(document.toolVersion)
                                           : QStringLiteral("SliceWatt %1 · %2").arg(document.toolVersion, created));

    ReportPagination result;
    result.contents = reportContents(document);
    const bool knownContents = known.contents.size() == result.contents.size();

    layout.setHeaderVisible(false);
    paintTitlePage(layout, document, knownContents ? known.contents : result.contents);

    // Kernels follow one another on the page: starting each on a page of its own left the
    // page its source listing ends on half empty, in a report that is mostly listings. A
    // kernel starts on a new page only when its heading, key figures and energy table
    // would not fit below the one before. The other sections start on a page of their own.
    enum class Start { NewPage, BelowPrevious };
    int entry = 0;
    const auto startSection = [&](const QString& name, Start start) {
        layout.setSection(name);
        if (start == Start::NewPage)
            layout.newPage();
        else if (!layout.ensureSpace(layout.mm(kKernelSectionStartMm)) && !layout.atPageTop())
            layout.advance(layout.mm(8));
        result.contents[entry++].page = layout.page();
    };
    if (document.changes) {
        startSection(QStringLiteral("Changes since the baseline"), Start::NewPage);
        paintChangesSection(layout, *document.changes);
    }
    startSection(QStringLiteral("Summary"), Start::NewPage);
    paintSummary(layout, document);
    for (int i = 0; i < document.sections.size(); ++i) {
        startSection(kernelSectionTitle(document.sections[i], i), Start::BelowPrevious);
        paintKernelSection(layout, document, i);
    }
    startSection(QStringLiteral("Method"), Start::NewPage);
    paintMethodPage(layout, document);
    layout.finish();
    result.pages = layout.page();
    return result;
}

} // namespace slicewatt

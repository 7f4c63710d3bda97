// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

class QPagedPaintDevice;
class QPainter;

namespace slicewatt {

struct ReportDocument;

// A line of the contents list: a section and the page it starts on.
struct ReportContentsEntry {
    QString title;
    int level = 0; // 0: summary, kernels' group, method; 1: one kernel
    int page = 0; // 0 while unknown (the first pass)
};

// What one painting pass learnt: how many pages, and where each section starts.
struct ReportPagination {
    int pages = 0;
    QVector<ReportContentsEntry> contents;
};

// The contents list of a document, pages unknown: summary, each kernel, method.
QVector<ReportContentsEntry> reportContents(const ReportDocument& document);

// Paints every page of the report on `device` through `painter` (already begun on it).
// Pass `known` from an earlier pass over the same document to print "Page N of M" and the
// contents' page numbers; both passes lay out identically, because a page number's width
// never moves anything.
ReportPagination paintReport(
    const ReportDocument& document, QPagedPaintDevice& device, QPainter& painter, const ReportPagination& known);

} // namespace slicewatt

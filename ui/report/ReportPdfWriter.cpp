// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportPdfWriter.h"

#include "ReportPainter.h"
#include "export/ReportDocument.h"

#include <QBuffer>
#include <QDir>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

namespace slicewatt {
namespace {

constexpr int kResolution = 300; // dpi: fine enough for hairlines and small type on paper

void setUp(QPdfWriter& writer, const ReportDocument& document)
{
    // No printer margins: ReportLayout places everything, header and footer included.
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setResolution(kResolution);
    writer.setTitle(document.title);
    writer.setCreator(QStringLiteral("SliceWatt %1").arg(document.toolVersion));
}

// One pass over the document on `device`; false when the painter cannot start or finish.
bool paintPass(
    const ReportDocument& document, QIODevice& device, const ReportPagination& known, ReportPagination* result)
{
    QPdfWriter writer(&device);
    setUp(writer, document);
    QPainter painter;
    if (!painter.begin(&writer))
        return false;
    const ReportPagination pagination = paintReport(document, writer, painter, known);
    if (!painter.end())
        return false;
    if (result)
        *result = pagination;
    return true;
}

} // namespace

bool writeReportPdf(const ReportDocument& document, const QString& fileName, QString* error)
{
    const auto fail = [&](const QString& reason) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), reason);
        return false;
    };
    if (fileName.isEmpty())
        return fail(QStringLiteral("no file name given"));

    // First pass into memory: it counts the pages and finds where each section starts, so
    // the second can print "Page N of M" and a contents list with page numbers.
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    ReportPagination pagination;
    if (!paintPass(document, scratch, {}, &pagination))
        return fail(QStringLiteral("the PDF painter could not start"));
    scratch.close();

    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (!paintPass(document, file, pagination, nullptr)) {
        file.cancelWriting();
        return fail(file.error() != QFileDevice::NoError ? file.errorString()
                                                         : QStringLiteral("the PDF painter could not finish"));
    }
    // A full disk or a vanished folder shows here: QSaveFile keeps the first write error
    // and refuses to replace the target with an incomplete file.
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportDocument.h"

#include "ReportBuilder.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace slicewatt {

ReportDocument buildReport(const EstimateRun& run, const WhatIfSettings& settings, const ReportOptions& options)
{
    if (!run.model || !run.gpu) {
        ReportDocument empty;
        empty.title = options.title;
        empty.project = options.project;
        empty.projectFolder = options.projectFolder;
        empty.created = options.created;
        empty.toolVersion = options.toolVersion;
        return empty;
    }
    return report::ReportBuilder(run, settings, options).build();
}

QDateTime reportCreationTime()
{
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    return ok ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTime();
}

QString suggestedReportFileName(const QString& projectFolder, const QString& gpuId, const QDate& date)
{
    QString project = QFileInfo(QDir::cleanPath(projectFolder)).fileName();
    if (project.isEmpty())
        project = QStringLiteral("slicewatt");
    QStringList parts{project, gpuId, date.toString(Qt::ISODate)};
    parts.removeAll(QString());
    QString name = parts.join(QLatin1Char('-'));
    // Portable on every desktop's file system: no separators, wildcards or quotes.
    static const QRegularExpression unsafe(QStringLiteral("[\\\\/:*?\"<>|\\s]+"));
    name.replace(unsafe, QStringLiteral("-"));
    return name + QStringLiteral(".pdf");
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportBuilder.h"

#include "estimate/KernelSurface.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "EstimateExplanation.h"
#include "KernelListing.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "SourceLineCache.h"
#include "TimeOutput.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

// The report's frame: its parts in order, its header and the analysis's diagnostics.
namespace slicewatt::report {

ReportDocument ReportBuilder::build()
{
    header();
    parameters();
    for (const KernelEstimateReport& report : m_run.kernels) {
        ReportKernelSection section = kernelSection(report);
        m_document.kernels << section.summary;
        if (section.summary.joules)
            m_document.totalJoules = m_document.totalJoules.value_or(0) + *section.summary.joules;
        m_document.sections << std::move(section);
    }
    copies();
    hottestLines();
    method();
    diagnostics();
    return m_document;
}

void ReportBuilder::header()
{
    m_document.project = m_options.project;
    m_document.projectFolder = m_options.projectFolder;
    m_document.created = m_options.created;
    m_document.toolVersion = m_options.toolVersion;
    m_document.gpuId = m_gpu.id;
    m_document.gpuName = m_gpu.name;
    m_document.modelId = m_model.id();
    m_document.noSurfaceReason = noSurfaceReason(m_model);
    m_document.modelName = m_model.name();
    QString projectName = QFileInfo(m_options.projectFolder).fileName();
    if (projectName.isEmpty())
        projectName = m_options.project;
    m_document.title = !m_options.title.isEmpty()
        ? m_options.title
        : QStringLiteral("SliceWatt power report: %1").arg(projectName).trimmed();
}

void ReportBuilder::diagnostics()
{
    const Diagnostics none;
    for (const Diagnostic& d : m_run.index ? m_run.index->allDiagnostics() : none) {
        if (d.severity == Diagnostic::Severity::Note)
            continue;
        QString where;
        if (!d.file.isEmpty())
            where = d.line > 0 ? locationText(d.file, d.line, m_options.projectFolder) + QStringLiteral(": ")
                               : pathRelativeTo(d.file, m_options.projectFolder) + QStringLiteral(": ");
        m_document.diagnostics << QStringLiteral("%1%2: %3").arg(where, severityName(d.severity), d.message);
    }
    m_document.diagnostics += m_listingProblems;
}

} // namespace slicewatt::report

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

// The project's host-device copies and its hottest lines over every kernel.
namespace slicewatt::report {

// The project's hottest lines over every kernel: hottest first, ties in kernel and
// source order so two builds rank alike.
void ReportBuilder::hottestLines()
{
    struct Candidate {
        int kernel;
        const LineHeat* heat;
    };
    QVector<Candidate> candidates;
    for (int k = 0; k < m_run.kernels.size(); ++k) {
        for (const LineHeat& heat : m_run.kernels[k].estimate.lines) {
            if (heat.watts > 0) // a cold line (a thread index set-up) is no hot spot
                candidates << Candidate{k, &heat};
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.heat->watts != b.heat->watts)
            return a.heat->watts > b.heat->watts;
        return std::tie(a.kernel, a.heat->file, a.heat->line) < std::tie(b.kernel, b.heat->file, b.heat->line);
    });
    const int count = std::min(int(candidates.size()), std::max(0, m_options.hottestLines));
    SourceLineCache sources;
    for (int i = 0; i < count; ++i) {
        const KernelEstimateReport& report = m_run.kernels[candidates[i].kernel];
        const LineHeat& heat = *candidates[i].heat;
        ReportHotLine line;
        line.rank = i + 1;
        // A tie as the reader sees it: the same watts as printed (a device function's line
        // inlined into several kernels, or equal lines of one loop).
        if (i > 0 && formatLineWatts(heat.watts) == formatLineWatts(candidates[i - 1].heat->watts)) {
            line.rank = m_document.hottestLines.last().rank;
            line.tied = true;
            m_document.hottestLines.last().tied = true;
        }
        line.code = sources.trimmedLine(
            heat.file.isEmpty() ? report.analysis.kernel->info.location.file : heat.file, heat.line);
        line.kernel = report.analysis.kernel->info.qualifiedName;
        line.location = locationText(heat.file, heat.line, m_options.projectFolder);
        line.watts = heat.watts;
        line.share = report.estimate.watts > 0 ? heat.watts / report.estimate.watts : 0;
        line.joules = heat.joules;
        m_document.hottestLines << line;
    }
}

// The program's host-device copies with their energy (only priced by an energy model).
void ReportBuilder::copies()
{
    if (!m_energy)
        return;
    for (const CopyEnergy& copy : m_run.copies) {
        ReportCopy row;
        row.location = locationText(copy.site.location.file, copy.site.location.line, m_options.projectFolder);
        row.caller = copy.site.callerName;
        row.api = copy.site.api;
        row.direction = copy.site.direction;
        row.bytes = copy.site.bytes;
        row.seconds = copy.seconds;
        row.joules = copy.joules;
        row.note = copy.note;
        m_document.copies << row;
    }
    m_document.copiesJoules = knownCopyJoules(m_run.copies);
}

} // namespace slicewatt::report

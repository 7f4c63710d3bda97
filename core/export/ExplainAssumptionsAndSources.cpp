// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplanationBuilder.h"

#include "ConceptTexts.h"
#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "estimate/LaunchActivityEstimate.h"
#include "model/ActivityModel.h"
#include "model/ModelForm.h"

#include <QFileInfo>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

// Sections 4 to 7 of the "Why?": assumptions, what the numbers mean, the concepts and the sources.
namespace slicewatt::explanation {

void ExplanationBuilder::assumptions()
{
    heading(QStringLiteral("4. Assumptions"));
    QStringList items = m_estimate.assumptions;
    if (m_estimate.energy)
        items += m_estimate.energy->assumptions;
    const LaunchShape& launch = m_report.analysis.launch;
    auto dims = [](const std::optional<qint64>(&d)[3]) {
        QStringList parts;
        for (const auto& v : d)
            parts << (v ? QString::number(*v) : QStringLiteral("?"));
        return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
    };
    items << QStringLiteral("launch analysed: grid %1, block %2 (? = not known at compile time)")
                 .arg(dims(launch.gridDim), dims(launch.blockDim));
    for (const LoopResolution& loop : m_report.analysis.slices.loops) {
        if (loop.assumed)
            items << QStringLiteral("loop at line %1: %2 trips assumed (%3)")
                         .arg(loop.line)
                         .arg(formatNumber(loop.trips, 6))
                         .arg(loop.reason);
        else if (loop.threadAveraged)
            items << QStringLiteral("loop at line %1: %2 trips a thread, %3")
                         .arg(loop.line)
                         .arg(formatNumber(loop.trips, 6))
                         .arg(loop.reason);
    }
    for (const BranchResolution& branch : m_report.analysis.slices.branches) {
        if (!branch.assumed)
            continue;
        QStringList arms;
        for (double p : branch.arms)
            arms << formatNumber(p, 4);
        items << QStringLiteral("branch at line %1: arm probabilities %2 assumed (%3)")
                     .arg(branch.line)
                     .arg(arms.join(QStringLiteral(", ")), branch.reason);
    }
    if (m_report.analysis.ir)
        items += m_report.analysis.ir->notes;
    list(items);
    paragraph(QStringLiteral("Change any of these in the what-if panel; the estimate follows at once."),
        QStringLiteral("note"));
}

void ExplanationBuilder::meaning()
{
    heading(QStringLiteral("5. What the numbers do and do not mean"));
    paragraph(conceptText(Concept::StaticEstimate).body);
    if (!m_estimate.outOfDomain.isEmpty()) {
        paragraph(QStringLiteral("Out of the model's domain here:"), QStringLiteral("warning"));
        list(m_estimate.outOfDomain, QStringLiteral("warning"));
        paragraph(extrapolationSentence(), QStringLiteral("warning"));
    } else {
        paragraph(QStringLiteral("Every slice lies inside the range the model was fitted on."), QStringLiteral("note"));
    }
    if (m_model.form() == QLatin1String("wnn"))
        paragraph(conceptText(Concept::WaveletTraining).body, QStringLiteral("warning"));
}

void ExplanationBuilder::concepts()
{
    heading(QStringLiteral("6. The ideas behind it"));
    for (Concept c :
        {Concept::ProgramSlice, Concept::ComputationIntensity, Concept::SmSaturation, Concept::BranchDensity}) {
        const ConceptText text = conceptText(c);
        add(QStringLiteral("<h4>%1</h4>").arg(esc(text.title)));
        paragraph(text.body);
    }
}

void ExplanationBuilder::sources()
{
    heading(QStringLiteral("7. Sources"));
    add(QStringLiteral("<ul>"));
    add(citationHtml(jos13Citation()));
    add(citationHtml(jsw12Citation()));
    if (m_model.form() == QLatin1String("wnn"))
        add(citationHtml(waveletNetworkCitation()));
    add(QStringLiteral("</ul>"));
    const QJsonObject provenance = m_model.provenance();
    QStringList items;
    for (auto it = provenance.begin(); it != provenance.end(); ++it) {
        if (it.value().isString())
            items << QStringLiteral("%1: %2").arg(it.key(), it.value().toString());
    }
    if (!items.isEmpty()) {
        paragraph(QStringLiteral("Where the numbers of model %1 come from:").arg(m_model.id()));
        list(items);
    }
}

} // namespace slicewatt::explanation

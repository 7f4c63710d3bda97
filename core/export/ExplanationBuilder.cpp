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
#include <utility>

#include <algorithm>
#include <cmath>

// The explanation's frame: the sections in order, and its header (kernel, model, GPU, accuracy).
namespace slicewatt::explanation {

QString ExplanationBuilder::build()
{
    if (!m_estimate.hasEstimate()) {
        const FunctionInfo* info = m_report.analysis.kernel ? &m_report.analysis.kernel->info : nullptr;
        add(QStringLiteral("<h2>No estimate for %1</h2>")
                .arg(esc(info ? info->qualifiedName : QStringLiteral("this kernel"))));
        paragraph(m_estimate.noEstimate
            + QStringLiteral(". The slice models put a slice's arithmetic against its memory operations (METHOD "
                             "§3); without any, there is no number to give, and the kernel is not ranked."));
        energy();
        counts();
        assumptions();
        return m_html;
    }
    for (int i = 0; i < kSectionCount; ++i)
        add(section(Section(i)));
    return m_html;
}

QString ExplanationBuilder::section(Section which)
{
    QString whole;
    std::swap(whole, m_html);
    switch (which) {
    case Section::Header:
        header();
        break;
    case Section::SliceModel:
        sliceModel();
        break;
    case Section::ProgramModel:
        programModel();
        break;
    case Section::Energy:
        energy();
        break;
    case Section::Counts:
        counts();
        break;
    case Section::Assumptions:
        assumptions();
        break;
    case Section::Meaning:
        meaning();
        break;
    case Section::Concepts:
        concepts();
        break;
    case Section::Sources:
        sources();
        break;
    }
    std::swap(whole, m_html);
    return whole;
}

void ExplanationBuilder::header()
{
    const FunctionInfo* info = m_report.analysis.kernel ? &m_report.analysis.kernel->info : nullptr;
    const QString name = info ? info->qualifiedName : QStringLiteral("kernel");
    add(QStringLiteral("<h2>Why %1 draws %2</h2>").arg(esc(name), esc(formatWatts(m_estimate.watts))));
    QString where;
    if (info)
        where
            = QStringLiteral("%1, line %2 · ").arg(QFileInfo(info->location.file).fileName()).arg(info->location.line);
    paragraph(where
            + QStringLiteral("%1 on %2 · %3 (%4)")
                  .arg(m_model.name(), m_gpu.name,
                      m_estimate.dense ? QStringLiteral("branch-dense, BDPM") : QStringLiteral("branch-sparse, BSPM"),
                      m_slice ? QStringLiteral("%1 slice selected").arg(memorySpaceName(*m_slice))
                              : QStringLiteral("all slices")),
        QStringLiteral("note"));
    // The measured error of this model on this GPU (METHOD §11), or that there is none.
    paragraph(QStringLiteral("Accuracy: %1.").arg(accuracyText(m_model, m_gpu)),
        m_model.accuracy(m_gpu.id) ? QStringLiteral("note") : QStringLiteral("warning"));
    if (m_report.analysis.kernel && !m_report.analysis.kernel->deviceArch.isEmpty())
        paragraph(QStringLiteral("Device code %1: the statements counted here are those the device compiler "
                                 "reads for that architecture (choose another in Edit › Preferences, or with "
                                 "slicewatt-cli --arch).")
                      .arg(archDependenceNote(*m_report.analysis.kernel)),
            QStringLiteral("note"));
}

} // namespace slicewatt::explanation

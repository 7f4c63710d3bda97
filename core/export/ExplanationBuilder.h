// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EstimateExplanation.h"
#include "ExplanationText.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt::explanation {

// Writes the "Why?" of one kernel's estimate (explanationHtml) section by section.
class ExplanationBuilder {
public:
    ExplanationBuilder(const KernelEstimateReport& report, const PowerModel& model, const GpuSpec& gpu,
        std::optional<MemorySpace> slice, const EstimateSettings& settings)
        : m_report(report)
        , m_estimate(report.estimate)
        , m_model(model)
        , m_gpu(gpu)
        , m_slice(slice)
        , m_settings(settings)
    {
    }

    QString build();

    // The sections of an estimate's explanation, in the order build() writes them.
    enum class Section { Header, SliceModel, ProgramModel, Energy, Counts, Assumptions, Meaning, Concepts, Sources };
    static constexpr int kSectionCount = int(Section::Sources) + 1;
    // One section alone, as build() writes it (each is tested on its own).
    QString section(Section which);

private:
    void add(const QString& html) { m_html += html; }
    void heading(const QString& text) { add(QStringLiteral("<h3>%1</h3>").arg(esc(text))); }
    void formulaLine(const QString& text) { add(QStringLiteral("<p class=\"formula\">%1</p>").arg(esc(text))); }
    void paragraph(const QString& text, const QString& cssClass = {})
    {
        if (cssClass.isEmpty())
            add(QStringLiteral("<p>%1</p>").arg(esc(text)));
        else
            add(QStringLiteral("<p class=\"%1\">%2</p>").arg(cssClass, esc(text)));
    }
    void list(const QStringList& items, const QString& cssClass = {})
    {
        add(QStringLiteral("<ul>"));
        for (const QString& item : items) {
            if (cssClass.isEmpty())
                add(QStringLiteral("<li>%1</li>").arg(esc(item)));
            else
                add(QStringLiteral("<li class=\"%1\">%2</li>").arg(cssClass, esc(item)));
        }
        add(QStringLiteral("</ul>"));
    }

    bool fraction() const { return m_model.usesFractionIntensity(); }
    double intensityOf(const SliceEstimate& s) const { return fraction() ? s.intensityFraction : s.intensityRatio; }
    QString kernelFile() const
    {
        return m_report.analysis.kernel ? m_report.analysis.kernel->info.location.file : QString();
    }

    // The slices the formula and counts are shown for: the selected one, or all.
    QVector<const SliceEstimate*> shownSlices() const
    {
        QVector<const SliceEstimate*> shown;
        for (const SliceEstimate& s : m_estimate.slices) {
            if (!m_slice || s.space == *m_slice)
                shown << &s;
        }
        return shown;
    }

    // The sections, in the order build() writes them, each defined in the file named.
    void header(); // ExplanationBuilder.cpp
    void sliceModel(); // ExplainSliceModel.cpp: the formula with this launch's numbers
    void ptxInputs();
    void physicalTerms();
    void launchInputs();
    void programModel(); // ExplainProgramModel.cpp: how the slices make the kernel's power
    void subSlices();
    void energy(); // ExplainCountsAndEnergy.cpp
    void counts();
    void assumptions(); // ExplainAssumptionsAndSources.cpp
    void meaning();
    void concepts();
    void sources();

    const KernelEstimateReport& m_report;
    const KernelEstimate& m_estimate;
    const PowerModel& m_model;
    const GpuSpec& m_gpu;
    std::optional<MemorySpace> m_slice;
    const EstimateSettings& m_settings;
    QString m_html;
};

} // namespace slicewatt::explanation

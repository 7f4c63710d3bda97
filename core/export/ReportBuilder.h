// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReportDocument.h"
#include "ReportFacts.h"

#include <QString>
#include <QStringList>

namespace slicewatt::report {

// Builds the report of an estimated project (buildReport) part by part.
class ReportBuilder {
public:
    ReportBuilder(const EstimateRun& run, const WhatIfSettings& settings, const ReportOptions& options)
        : m_run(run)
        , m_model(*run.model)
        , m_gpu(*run.gpu)
        , m_settings(settings)
        , m_options(options)
        , m_energy(run.settings.energy.model)
    {
    }

    ReportDocument build();
    // One kernel's section alone, as build() writes it (ReportKernelSections.cpp).
    ReportKernelSection kernelSection(const KernelEstimateReport& report);

private:
    bool fraction() const { return m_model.usesFractionIntensity(); }

    void parameter(const QString& name, const QString& value) { m_document.parameters << ReportParameter{name, value}; }

    // The report's parts, in the order build() writes them, each defined in the file named.
    void header(); // ReportBuilder.cpp, with diagnostics()
    void parameters(); // ReportParameters.cpp: every input of the estimate
    void energyParameters();
    // ReportKernelSections.cpp: each kernel's section
    void listing(const KernelEstimateReport& report, ReportKernelSection& section);
    void slices(const KernelEstimate& estimate, ReportKernelSection& section);
    QString programFormula(const KernelEstimate& estimate) const;
    QStringList assumptions(const KernelEstimateReport& report) const;
    void copies(); // ReportHottestLines.cpp: the copies and the project's hottest lines
    void hottestLines();
    void method(); // ReportMethod.cpp: how the numbers are made
    void energyMethod();
    void diagnostics();

    const EstimateRun& m_run;
    const PowerModel& m_model;
    const GpuSpec& m_gpu;
    const WhatIfSettings& m_settings;
    const ReportOptions& m_options;
    const EnergyModel* m_energy; // the instruction-class table, or none
    ReportDocument m_document;
    QStringList m_listingProblems; // after the analysis's own diagnostics
};

} // namespace slicewatt::report

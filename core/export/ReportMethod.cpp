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

// The method pages: how the power and the energy are made, and where the numbers come from.
namespace slicewatt::report {

void ReportBuilder::method()
{
    ReportMethod& method = m_document.method;
    method.modelName = m_model.name();
    method.modelEquation = m_model.equation();
    method.intensityMin = m_model.intensityMin();
    method.intensityMax = m_model.intensityMax();
    SliceOperatingPoint generic;
    const FormulaSubstitution general = substituteFormula(m_model, m_gpu, generic);
    method.modelParameters = general.parameters;
    method.provenanceItems = provenanceItems(m_model.provenance());
    method.modelProvenance = method.provenanceItems.join(QStringLiteral("; "));
    method.accuracy = accuracyText(m_model, m_gpu);

    method.formulas << QStringLiteral("%1 (%2, %3): %4")
                           .arg(m_model.needsPtx() ? QStringLiteral("Kernel power from the launch's PTX features "
                                                                    "(METHOD section 10), the same for each of "
                                                                    "its slices")
                                   : m_model.isLaunchLevel() ? QStringLiteral("Kernel power from the launch's "
                                                                              "activity, the same for each of its "
                                                                              "slices")
                                                             : QStringLiteral("Slice power"),
                               m_model.name(), m_model.form(), general.formula);
    method.formulas << QStringLiteral("Parameters for %1: %2").arg(m_gpu.name, general.parameters);
    method.formulas << (fraction() ? QStringLiteral("Computation intensity (fraction): x = #A / (#A + N_mem), "
                                                    "N_mem = Σ r_S·n_S")
                                   : QStringLiteral("Computation intensity (ratio): Ã = #A / N_mem, "
                                                    "N_mem = Σ r_S·n_S; a slice without memory operations gets "
                                                    "the model's domain maximum"));
    method.formulas << QStringLiteral("SM saturation: Sa = active SMs / SMs, active SMs = min(blocks in the grid, "
                                      "SMs) (%1 has %2 SMs)")
                           .arg(m_gpu.name)
                           .arg(m_gpu.sms);
    method.formulas << QStringLiteral("BSPM (branch-sparse kernels): P̂ = Σ (|C_i| / L)·P_i, L = Σ |C_i|");
    method.formulas << QStringLiteral("BDPM (branch-dense kernels): P̂ = Σ (|Ĉ_i| / L̂)·P_i, L̂ = Σ |Ĉ_i|, "
                                      "Ĉ_i keeps the sub-slices with path probability p > δ = %1")
                           .arg(formatNumber(m_settings.delta, 4));
    method.formulas << QStringLiteral("Average computation intensity (ACIM): Ā = Σ (|C_i| / L)·Ã_i");
    method.formulas << (m_settings.seconds
            ? QStringLiteral("Energy: Ē = P̂·t with t = %1").arg(formatSeconds(*m_settings.seconds))
            : QStringLiteral("Energy: Ē = P̂·t with t each kernel's predicted time per launch (METHOD §12: "
                             "overhead + max(compute, memory), the bound in each kernel's figures)"));
    method.formulas << QStringLiteral("Line heat: each slice's P_i / L spread over its statements; a kernel's "
                                      "lines sum to P̂");

    energyMethod();

    const bool network = m_model.form() == QLatin1String("wnn");
    for (const ConceptText& text : allConceptTexts()) {
        // The training note belongs to the wavelet network only.
        if (text.id != Concept::WaveletTraining || network)
            method.concepts << text;
    }
    method.citations << jos13Citation() << jsw12Citation();
    if (network)
        method.citations << waveletNetworkCitation();
}

void ReportBuilder::energyMethod()
{
    if (!m_energy)
        return;
    ReportMethod& method = m_document.method;
    method.energyModel = energyModelFacts(*m_energy, m_run.settings.energy);
    method.energyFormulas << QStringLiteral(
        "Dynamic energy of a launch: E_dyn = threads × Σ_class n_class·e_class, n_class = "
        "executed instructions of the class per thread (loop weights × path probabilities), "
        "e_class = the model's nJ per instruction");
    method.energyFormulas << QStringLiteral("Threads: grid × block of the launch; without one --threads, else "
                                            "the GPU full (%1 × %2 SMs), said as an assumption")
                                 .arg(m_gpu.maxThreadsPerSm)
                                 .arg(m_gpu.sms);
    method.energyFormulas << QStringLiteral("A line's energy: the same sum over its statements (J per launch, "
                                            "all threads); a kernel's lines sum to its E_dyn");
    method.energyFormulas << (m_settings.seconds
            ? QStringLiteral("With t = %1: dynamic power E_dyn / t, total power P_static + E_dyn / t, energy "
                             "P_static·t + E_dyn")
                  .arg(formatSeconds(*m_settings.seconds))
            : QStringLiteral("With t each kernel's predicted time per launch (METHOD §12): dynamic power "
                             "E_dyn / t, total power P_static + E_dyn / t, energy P_static·t + E_dyn"));
    method.energyFormulas << QStringLiteral("Copies: E = P_transfer × (latency + bytes / bandwidth), with the "
                                            "%1's PCI Express link")
                                 .arg(m_gpu.name);
}

} // namespace slicewatt::report

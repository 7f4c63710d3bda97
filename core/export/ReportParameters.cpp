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

// The report's parameters: every input of the estimate and of the instruction-class model.
namespace slicewatt::report {

// Every input of the estimate, the defaults too: a reader can redo the numbers.
void ReportBuilder::parameters()
{
    parameter(QStringLiteral("GPU"), QStringLiteral("%1 (%2, %3 SMs)").arg(m_gpu.name, m_gpu.id).arg(m_gpu.sms));
    parameter(QStringLiteral("Board power"),
        m_gpu.boardPowerW ? QStringLiteral("%1 W (%2); predictions above it are flagged")
                                .arg(*m_gpu.boardPowerW, 0, 'g', 4)
                                .arg(m_gpu.boardPowerSource)
                          : QStringLiteral("not known for this GPU: predictions are not checked against it"));
    parameter(QStringLiteral("Model"), QStringLiteral("%1 (%2)").arg(m_model.name(), m_model.id()));
    parameter(QStringLiteral("Counting"),
        m_settings.counting == AnalysisOptions::Counting::Lexical
            ? QStringLiteral("lexical: one memory operation per `=`, as the papers' prototype")
            : QStringLiteral("ast: real loads and stores"));
    parameter(QStringLiteral("BDPM δ"), formatNumber(m_settings.delta, 4));
    int archDependent = 0;
    for (const KernelEstimateReport& report : m_run.kernels)
        archDependent += report.analysis.kernel->deviceArch.isEmpty() ? 0 : 1;
    parameter(QStringLiteral("Device code"),
        QStringLiteral("read for %1 (__CUDA_ARCH__ = %2); %3 of %4 kernels test it")
            .arg(m_run.index->deviceArch.name())
            .arg(m_run.index->deviceArch.number())
            .arg(archDependent)
            .arg(m_run.kernels.size()));
    parameter(QStringLiteral("Execution time"),
        m_settings.seconds     ? formatSeconds(*m_settings.seconds)
            : m_gpu.throughput ? QStringLiteral("predicted per kernel (the time model, METHOD §12)")
                               : QStringLiteral("not given"));
    const KernelWhatIf& all = m_settings.allKernels;
    parameter(QStringLiteral("SM saturation (all kernels)"),
        all.saturation ? formatSaturation(*all.saturation) : QStringLiteral("from each kernel's launch"));
    parameter(QStringLiteral("Grid (all kernels)"),
        all.grid ? QStringLiteral("%1 blocks").arg(all.grid->toString()) : QStringLiteral("as the code says"));
    parameter(QStringLiteral("Block (all kernels)"),
        all.block ? QStringLiteral("%1 threads").arg(all.block->toString()) : QStringLiteral("as the code says"));
    const AnalysisOptions defaults;
    parameter(QStringLiteral("Unknown loop trip count"), QStringLiteral("%1 (assumed)").arg(defaults.defaultTripCount));
    parameter(QStringLiteral("Branch-dense from density"), formatNumber(defaults.denseThreshold, 3));
    QStringList factors;
    for (MemorySpace space : kAllMemorySpaces)
        factors << QStringLiteral("r_%1 = %2")
                       .arg(memorySpaceName(space), formatNumber(m_model.memoryFactors()[size_t(space)], 4));
    parameter(QStringLiteral("Memory factors"), factors.join(QStringLiteral(", ")));
    energyParameters();

    // Per-kernel what-ifs, in the project's kernel order (the settings hold them in a hash).
    for (const KernelEstimateReport& report : m_run.kernels) {
        const FunctionInfo& info = report.analysis.kernel->info;
        const KernelWhatIf own = m_settings.kernels.value(info.key);
        const KernelWhatIf merged = m_settings.forKernel(info.key);
        const QString name = info.qualifiedName;
        if (own.saturation)
            parameter(QStringLiteral("SM saturation (%1)").arg(name), formatSaturation(*own.saturation));
        if (own.grid)
            parameter(QStringLiteral("Grid (%1)").arg(name), QStringLiteral("%1 blocks").arg(own.grid->toString()));
        if (own.block)
            parameter(QStringLiteral("Block (%1)").arg(name), QStringLiteral("%1 threads").arg(own.block->toString()));
        if (!report.analysis.ir)
            continue;
        const QString file = info.location.file;
        if (!merged.tripCounts.isEmpty())
            parameter(QStringLiteral("Loop trip counts (%1)").arg(name),
                byLine(merged.tripCounts, *report.analysis.ir, file, tripsText).join(QStringLiteral(", ")));
        if (!merged.branchArms.isEmpty())
            parameter(QStringLiteral("Branch arms (%1)").arg(name),
                byLine(merged.branchArms, *report.analysis.ir, file, armsText).join(QStringLiteral(", ")));
    }
}

// The instruction-class model's inputs: which table, the static power, the threads of
// kernels whose launch the code does not fix.
void ReportBuilder::energyParameters()
{
    if (!m_energy) {
        parameter(QStringLiteral("Energy model"), QStringLiteral("none: no instruction-class energy"));
        return;
    }
    parameter(QStringLiteral("Energy model"), QStringLiteral("%1 (%2)").arg(m_energy->name(), m_energy->id()));
    const auto [staticW, source] = staticPower(*m_energy, m_run.settings.energy);
    parameter(QStringLiteral("Static power"),
        staticW ? QStringLiteral("%1 (%2)").arg(formatWatts(*staticW), source)
                : QStringLiteral("unknown: no total power or energy, only the dynamic part"));
    parameter(QStringLiteral("Threads (launch not known)"),
        m_run.settings.energy.threads ? QStringLiteral("%1 (--threads)").arg(*m_run.settings.energy.threads)
                                      : QStringLiteral("the GPU full: %1 × %2 SMs = %3 (assumed)")
                                            .arg(m_gpu.maxThreadsPerSm)
                                            .arg(m_gpu.sms)
                                            .arg(qint64(m_gpu.maxThreadsPerSm) * m_gpu.sms));
}

} // namespace slicewatt::report

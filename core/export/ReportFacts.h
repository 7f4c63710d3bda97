// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReportDocument.h"
#include "ir/KernelIR.h"
#include "model/ModelGrid.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <tuple>
#include <utility>

// The facts and pieces of text the report (buildReport) is made of: places, launches, what-ifs
// by line, provenance, the kernel's surface and energy.
namespace slicewatt::report {

// "src/reduce.cu:68"
QString locationText(const QString& file, int line, const QString& projectFolder);

// "line 73" for the kernel's own file, "device_math.cuh line 12" for an inlined callee's.
QString lineReference(const KernelIR& ir, int statement, const QString& kernelFile);

QString armsText(const QVector<double>& arms);

QString launchDims(const std::optional<qint64> (&dims)[3]);

QString tripsText(qint64 trips);

// The model file's provenance as "key: text" entries (nested objects and lists flattened).
QStringList provenanceItems(const QJsonObject& provenance);

// The model's surface under one kernel's operating points, sampled as the GUI's surface plot
// samples it: the fitted intensity range widened to whole decades that hold every point,
// Sa down to one active SM, the wavelet network fed the kernel's typical slice length.
std::optional<ModelGrid> kernelSurface(const PowerModel& model, const GpuSpec& gpu, const KernelEstimate& estimate);

// A kernel's energy as the report prints it: the estimate's numbers, the largest classes
// priced one by one and the rest summed, so the rows add up to E_dyn.
ReportKernelEnergy kernelEnergy(const KernelEnergy& energy, const EnergyModel& model);

// The static power in use and where it comes from: --static-w over the model file's.
std::pair<std::optional<double>, QString> staticPower(const EnergyModel& model, const EnergySettings& settings);

ReportEnergyModel energyModelFacts(const EnergyModel& model, const EnergySettings& settings);

// Grid sizes for the report's surface plots: plenty on paper, small in a PDF.
constexpr int kSurfaceIntensitySteps = 60;
constexpr int kSurfaceSaturationSteps = 46;

// A what-if keyed by statement index, in source order (file, line), as "line L: value".
template <typename T, typename Format>
QStringList byLine(const QHash<int, T>& values, const KernelIR& ir, const QString& kernelFile, Format format)
{
    std::map<std::tuple<bool, QString, int, int>, QString> sorted;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const bool known = it.key() >= 0 && it.key() < ir.statements.size();
        const SourceLocation where = known ? ir.statements[it.key()].location : SourceLocation{};
        sorted.emplace(std::make_tuple(where.file != kernelFile, where.file, where.line, it.key()),
            QStringLiteral("%1: %2").arg(lineReference(ir, it.key(), kernelFile), format(it.value())));
    }
    QStringList items;
    for (const auto& entry : sorted)
        items << entry.second;
    return items;
}

} // namespace slicewatt::report

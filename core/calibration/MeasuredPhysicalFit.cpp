// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredPhysicalFit.h"

namespace slicewatt {

PhysicalGpuFit physicalFitOfMeasured(
    const MeasuredValidation& validation, const GpuSpec& gpu, const QString& data, const QString& tool)
{
    PhysicalGpuFit fit;
    fit.gpuId = gpu.id;
    fit.tool = tool;
    fit.rows = physicalFitRows(validation.features, true, gpu);
    const int timed = int(fit.rows.size());
    fit.data = QStringLiteral("%1 (%2 launches the time model reads; power only: t from the time model)")
                   .arg(data)
                   .arg(timed);
    QVector<int> all(timed);
    for (int i = 0; i < timed; ++i)
        all[i] = i;
    fit.parameters = fitPhysicalModel(fit.rows, all, std::nullopt);
    if (const std::optional<DataSheetPhysics> physics = dataSheetPhysics(gpu, ArchitectureTable::standard());
        physics && timed > 0) {
        fit.priorSources = physics->sources;
        fit.corrections = fitCorrections(fit.rows, all, std::nullopt);
    }
    fit.idleSource = QStringLiteral("fitted with the other constants (the data set measured no idle power): %1 W")
                         .arg(fit.parameters.value(QStringLiteral("idle_w")), 0, 'f', 1);
    fit.validation = validatePhysicalModel(fit.rows, std::nullopt, gpu.boardPowerW.value_or(0));

    const ModelFigures* physical = validation.figures(QStringLiteral("physical"));
    const ModelFigures* current = validation.defaultModel();
    if (!physical || !current) {
        fit.isDefault = current == nullptr;
        fit.defaultBecause = current ? QStringLiteral("no held-out figures of the physical model to compare")
                                     : QStringLiteral("no other model predicts these launches");
        return fit;
    }
    const ErrorFigures mine = physical->grouped;
    const ErrorFigures theirs = figuresOnRowsOf(validation, *current, *physical);
    fit.isDefault = mine.mapePct < theirs.mapePct;
    fit.defaultBecause = QStringLiteral("with whole kernels held out, on the same %1 launches: physical %2 %, %3 %4 %")
                             .arg(mine.rows)
                             .arg(mine.mapePct, 0, 'f', 1)
                             .arg(current->id)
                             .arg(theirs.mapePct, 0, 'f', 1)
        + (fit.isDefault ? QStringLiteral("; the physical model is the default")
                         : QStringLiteral("; %1 stays the default").arg(current->id));
    return fit;
}

} // namespace slicewatt

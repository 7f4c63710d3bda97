// SPDX-License-Identifier: GPL-3.0-or-later
#include "RememberedWhatIf.h"

#include "calibration/LocalGpu.h"
#include "estimate/KernelEnergy.h"
#include "estimate/WhatIf.h"
#include "session/ProjectSession.h"

#include <QSettings>

namespace slicewatt {

void restoreRememberedWhatIf(ProjectSession& session)
{
    QSettings settings;
    WhatIfSettings whatIf = session.settings();
    whatIf.gpuId = settings.value(QStringLiteral("whatif/gpu")).toString();
    whatIf.modelId = settings.value(QStringLiteral("whatif/model")).toString();
    if (whatIf.gpuId.isEmpty() || !chooseModel(session.library(), whatIf).error.isEmpty()) {
        whatIf.gpuId = firstRunGpuId(session.library().gpus());
        if (const PowerModel* model = session.library().defaultModelFor(whatIf.gpuId))
            whatIf.modelId = model->id();
    }
    whatIf.delta = settings.value(QStringLiteral("whatif/delta"), whatIf.delta).toDouble();
    whatIf.energyModelId = settings.value(QStringLiteral("whatif/energyModel"), whatIf.energyModelId).toString();
    whatIf.energyCounts = energyCountsNamed(settings.value(QStringLiteral("whatif/energyCounts")).toString())
                              .value_or(EnergyCounts::Auto);
    if (chooseModel(session.library(), whatIf).error.isEmpty())
        session.setSettings(whatIf);
    if (settings.value(QStringLiteral("view/heatUnit")).toString() == QLatin1String("energy"))
        session.setHeatUnit(ProjectSession::HeatUnit::Energy);
}

void rememberWhatIf(const ProjectSession& session)
{
    QSettings settings;
    settings.setValue(QStringLiteral("whatif/gpu"), session.settings().gpuId);
    settings.setValue(QStringLiteral("whatif/model"), session.settings().modelId);
    settings.setValue(QStringLiteral("whatif/delta"), session.settings().delta);
    settings.setValue(QStringLiteral("whatif/energyModel"), session.settings().energyModelId);
    settings.setValue(QStringLiteral("whatif/energyCounts"), energyCountsName(session.settings().energyCounts));
    settings.setValue(QStringLiteral("view/heatUnit"),
        session.heatUnit() == ProjectSession::HeatUnit::Energy ? QStringLiteral("energy") : QStringLiteral("power"));
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/ProjectEstimate.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace slicewatt {

// A kernel's launch sites, each with its own sizes, time, power and energy per launch (issue
// 47), in every output: JSON `launches`, CSV rows, the table, the tree, the report.

// "x·y·z" of a grid or block the launch analysed ("?" where not known): "1x1000x1".
QString launchDimsText(const std::optional<qint64> (&dims)[3]);
// How the kernel's site was picked, for a line under its estimate: "the heaviest of 3 launch
// sites (most energy per launch)"; empty for a kernel launched once or never.
QString launchChoiceText(const KernelEstimateReport& report);

// JSON: one object per site (file, line, caller, grid, block, arguments, time_per_launch_s,
// power_w, energy_per_launch_j, chosen).
QJsonArray launchSitesJson(const KernelEstimateReport& report);

// The program: every kernel's launch sites summed once each, since how often the host code
// runs a site is not read (said in `note`). Sites without energy are counted apart.
struct ProgramEnergy {
    double joules = 0; // over the sites with energy
    int sites = 0; // launch sites counted
    int sitesWithoutEnergy = 0;
    int kernelsWithoutLaunch = 0; // kernels no analysed code launches: not in the sum
    QString note;
};
ProgramEnergy programEnergy(const EstimateRun& run);
QJsonObject programEnergyJson(const ProgramEnergy& program);
QString programEnergyText(const ProgramEnergy& program);

} // namespace slicewatt

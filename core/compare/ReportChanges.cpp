// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportChanges.h"

#include "ChangeText.h"
#include "export/OutputFormatting.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString location(const QString& file, int line, const QString& folder)
{
    return QStringLiteral("%1:%2").arg(pathRelativeTo(file, folder)).arg(line);
}

// Unchanged to the digits the table prints (0.1 W, 0.1 % of the energy).
bool unchanged(const KernelChange& k)
{
    const std::optional<double> dp = k.powerW.delta();
    const std::optional<double> re = k.energyJ.relative();
    return (!dp || std::abs(*dp) < 0.05) && (!re || std::abs(*re) < 0.0005);
}

} // namespace

ReportChanges reportChangesOf(
    const AnalysisComparison& comparison, const QString& label, const QString& projectFolder, int lines)
{
    ReportChanges changes;
    changes.baseline = label;
    changes.notes = comparison.notes;
    for (const KernelChange& k : comparison.kernels) {
        changes.kernels.append({k.now.name, location(k.now.file, k.now.line, projectFolder),
            unchanged(k) ? QStringLiteral("unchanged") : QStringLiteral("changed"), pairingDescription(k),
            k.powerW.before, k.powerW.after, k.energyJ.before, k.energyJ.after});
    }
    for (const KernelSnapshot& k : comparison.added)
        changes.kernels.append({k.name, location(k.file, k.line, projectFolder), QStringLiteral("added"), QString(),
            std::nullopt, k.powerW, std::nullopt, k.energyJ});
    for (const KernelSnapshot& k : comparison.removed)
        changes.kernels.append({k.name, location(k.file, k.line, comparison.base.root), QStringLiteral("removed"),
            QString(), k.powerW, std::nullopt, k.energyJ, std::nullopt});

    for (const KernelChange& k : comparison.kernels) {
        for (const LineChange& l : k.lines) {
            if (l.magnitude() <= 0)
                continue;
            const bool gone = l.line == 0;
            const KernelSnapshot& side = gone ? k.base : k.now;
            const QString file = l.file.isEmpty() ? side.file : l.file;
            const int line = gone ? l.baseLine : l.line;
            QString code;
            for (const LineSnapshot& s : side.lines) {
                if (s.file == l.file && s.line == line)
                    code = s.code;
            }
            changes.lines.append({k.now.name,
                gone ? location(file, line, comparison.base.root) + QStringLiteral(" (gone)")
                     : location(file, line, projectFolder),
                code, l.heatW.before.value_or(0), l.heatW.after.value_or(0)});
        }
    }
    std::stable_sort(
        changes.lines.begin(), changes.lines.end(), [](const ReportLineChange& a, const ReportLineChange& b) {
            return std::abs(a.afterW - a.beforeW) > std::abs(b.afterW - b.beforeW);
        });
    if (changes.lines.size() > lines)
        changes.lines.resize(lines);
    return changes;
}

} // namespace slicewatt

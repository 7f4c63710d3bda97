// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisComparison.h"

#include "ChangeText.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QVector<SliceChange> sliceChanges(const KernelSnapshot& base, const KernelSnapshot& now)
{
    QStringList spaces;
    for (const SliceSnapshot& s : now.slices)
        spaces << s.space;
    for (const SliceSnapshot& s : base.slices) {
        if (!spaces.contains(s.space))
            spaces << s.space;
    }
    QVector<SliceChange> changes;
    for (const QString& space : spaces) {
        const SliceSnapshot* b = base.slice(space);
        const SliceSnapshot* n = now.slice(space);
        changes.append(SliceChange{space, ValueChange{b ? b->powerW : std::nullopt, n ? n->powerW : std::nullopt},
            ValueChange{b ? b->intensity : std::nullopt, n ? n->intensity : std::nullopt}});
    }
    return changes;
}

QVector<LineChange> lineChanges(const KernelSnapshot& base, const KernelSnapshot& now)
{
    // First by text: a hot line whose code is unchanged is the same line wherever it moved
    // (the one nearest its expected place where the text repeats). Then the rest by position,
    // shifted as much as the nearest text-paired line above it moved (or the kernel itself):
    // an edited line keeps its place among unchanged neighbours.
    const int kernelShift = now.line - base.line;
    QVector<int> pairedBase(now.lines.size(), -1);
    QVector<bool> baseUsed(base.lines.size(), false);
    for (int n = 0; n < now.lines.size(); ++n) {
        const LineSnapshot& l = now.lines[n];
        int best = -1;
        for (int b = 0; b < base.lines.size(); ++b) {
            const LineSnapshot& c = base.lines[b];
            if (baseUsed[b] || c.file != l.file || l.code.isEmpty() || c.code != l.code)
                continue;
            if (best < 0
                || std::abs(c.line + kernelShift - l.line) < std::abs(base.lines[best].line + kernelShift - l.line))
                best = b;
        }
        if (best >= 0) {
            pairedBase[n] = best;
            baseUsed[best] = true;
        }
    }
    const auto localShift = [&](const LineSnapshot& l) {
        int shift = kernelShift, nearest = 0;
        for (int n = 0; n < now.lines.size(); ++n) {
            const int b = pairedBase[n];
            if (b >= 0 && now.lines[n].file == l.file && now.lines[n].line < l.line && now.lines[n].line > nearest) {
                nearest = now.lines[n].line;
                shift = now.lines[n].line - base.lines[b].line;
            }
        }
        return shift;
    };
    for (int n = 0; n < now.lines.size(); ++n) {
        if (pairedBase[n] >= 0)
            continue;
        const LineSnapshot& l = now.lines[n];
        const int expected = l.line - localShift(l);
        for (int b = 0; b < base.lines.size(); ++b) {
            if (!baseUsed[b] && base.lines[b].file == l.file && base.lines[b].line == expected) {
                pairedBase[n] = b;
                baseUsed[b] = true;
                break;
            }
        }
    }
    QVector<LineChange> changes;
    for (int n = 0; n < now.lines.size(); ++n) {
        const LineSnapshot& l = now.lines[n];
        const LineSnapshot* b = pairedBase[n] >= 0 ? &base.lines[pairedBase[n]] : nullptr;
        changes.append(LineChange{l.file, l.line, b ? b->line : 0,
            ValueChange{b ? std::optional<double>(b->heatW) : std::optional<double>(0.0), l.heatW},
            ValueChange{b ? b->energyJ : std::nullopt, l.energyJ}});
    }
    // The baseline's hot lines no new line took: their heat went with them.
    for (int b = 0; b < base.lines.size(); ++b) {
        if (baseUsed[b])
            continue;
        const LineSnapshot& l = base.lines[b];
        changes.append(LineChange{l.file, 0, l.line, ValueChange{l.heatW, 0.0},
            ValueChange{l.energyJ, l.energyJ ? std::optional<double>(0.0) : std::nullopt}});
    }
    std::stable_sort(changes.begin(), changes.end(),
        [](const LineChange& x, const LineChange& y) { return x.magnitude() > y.magnitude(); });
    return changes;
}

} // namespace

std::optional<double> ValueChange::delta() const
{
    if (!before || !after)
        return std::nullopt;
    return *after - *before;
}

std::optional<double> ValueChange::relative() const
{
    const std::optional<double> d = delta();
    if (!d || *before == 0)
        return std::nullopt;
    return *d / std::abs(*before);
}

double LineChange::magnitude() const
{
    return std::abs(heatW.delta().value_or(0));
}

namespace {

KernelChange kernelChange(const AnalysisSnapshot& base, const AnalysisSnapshot& now, const KernelPair& pair)
{
    KernelChange change;
    change.pair = pair;
    change.base = base.kernels[pair.base];
    change.now = now.kernels[pair.now];
    change.powerW = {change.base.powerW, change.now.powerW};
    change.energyJ = {change.base.energyJ, change.now.energyJ};
    change.intensity = {change.base.intensity, change.now.intensity};
    change.saturation = {change.base.saturation, change.now.saturation};
    change.slices = sliceChanges(change.base, change.now);
    change.lines = lineChanges(change.base, change.now);
    return change;
}

// Every difference, each pair's taken by `changeOf`.
template <typename ChangeOf>
AnalysisComparison compareWith(const AnalysisSnapshot& base, const AnalysisSnapshot& now, ChangeOf changeOf)
{
    AnalysisComparison comparison;
    comparison.base = base;
    comparison.now = now;
    if (base.gpu != now.gpu)
        comparison.notes
            << QStringLiteral("the baseline was estimated for GPU %1, the new version for %2").arg(base.gpu, now.gpu);
    if (base.model != now.model)
        comparison.notes << QStringLiteral("the baseline used model %1, the new version %2").arg(base.model, now.model);
    if (base.energyModel != now.energyModel)
        comparison.notes << QStringLiteral("the baseline's energy model is %1, the new version's %2")
                                .arg(base.energyModel.isEmpty() ? QStringLiteral("none") : base.energyModel,
                                    now.energyModel.isEmpty() ? QStringLiteral("none") : now.energyModel);
    const KernelPairing pairing = pairKernels(base, now);
    for (const KernelPair& pair : pairing.pairs)
        comparison.kernels.append(changeOf(pair));
    for (const int n : pairing.added)
        comparison.added.append(now.kernels[n]);
    for (const int b : pairing.removed)
        comparison.removed.append(base.kernels[b]);
    return comparison;
}

} // namespace

AnalysisComparison compareAnalyses(const AnalysisSnapshot& base, const AnalysisSnapshot& now)
{
    return compareWith(base, now, [&](const KernelPair& pair) { return kernelChange(base, now, pair); });
}

AnalysisComparison compareAnalysesAgain(const AnalysisSnapshot& base, const AnalysisSnapshot& now,
    const AnalysisComparison& previous, const QSet<int>& changedRows)
{
    QHash<int, const KernelChange*> previousByRow; // the new version's row → its pair before
    for (const KernelChange& k : previous.kernels)
        previousByRow.insert(k.pair.now, &k);
    return compareWith(base, now, [&](const KernelPair& pair) {
        const KernelChange* before = previousByRow.value(pair.now);
        if (before && !changedRows.contains(pair.now) && before->pair.base == pair.base
            && before->pair.match == pair.match && before->pair.similarity == pair.similarity)
            return *before;
        return kernelChange(base, now, pair);
    });
}

QStringList increasesOver(const AnalysisComparison& comparison, double percent)
{
    QStringList increases;
    for (const KernelChange& k : comparison.kernels) {
        QStringList what;
        const auto check = [&](const ValueChange& v, const QString& name, const QString& unit, int decimals) {
            const std::optional<double> r = v.relative();
            if (r && *r * 100 > percent)
                what << QStringLiteral("%1 %2 (%3 → %4 %5)")
                            .arg(name, signedPercent(*r))
                            .arg(*v.before, 0, 'g', decimals)
                            .arg(*v.after, 0, 'g', decimals)
                            .arg(unit);
        };
        check(k.energyJ, QStringLiteral("energy per launch"), QStringLiteral("J"), 4);
        check(k.powerW, QStringLiteral("power"), QStringLiteral("W"), 4);
        if (!what.isEmpty())
            increases << QStringLiteral("%1: %2").arg(k.now.name, what.join(QStringLiteral(", ")));
    }
    return increases;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelSlices.h"

#include "ThreadGuardShare.h"
#include "TripCount.h"

#include <algorithm>

namespace slicewatt {
namespace {

const SpaceCounts& countsOf(const Statement& statement, const AnalysisOptions& options)
{
    return options.counting == AnalysisOptions::Counting::Lexical ? statement.lexicalAccesses : statement.accesses;
}

// A branch path as a hash key: equal paths, equal keys.
QByteArray pathKey(const QVector<ArmStep>& path)
{
    QByteArray key;
    key.reserve(path.size() * 8);
    for (const ArmStep& step : path) {
        key.append(reinterpret_cast<const char*>(&step.branch), sizeof step.branch);
        key.append(reinterpret_cast<const char*>(&step.arm), sizeof step.arm);
    }
    return key;
}

// How far each assumption reaches (analysis-rules §4): the compound factor of nested
// default trip counts, and the share of the kernel's weighted work inside each loop (resolved
// ones too) and assumed branch, by which the assumptions are ranked so the one that matters
// is set first.
void rankAssumptions(const KernelIR& ir, const QHash<int, double>& trips, KernelSlices& result)
{
    QHash<int, double> workInside; // assumed loop or branch statement → weighted operations
    QSet<int> assumedLoops;
    for (const LoopResolution& loop : result.loops) {
        if (loop.assumed)
            assumedLoops.insert(loop.statement);
    }
    QSet<int> assumedBranches;
    for (const BranchResolution& branch : result.branches) {
        if (branch.assumed)
            assumedBranches.insert(branch.statement);
    }
    double total = 0;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        const double work = result.weights[i] * (statement.arithmetic + statement.accesses.total());
        total += work;
        for (int loop : statement.loops) // every loop: an argument's table shows what its loops hold
            workInside[loop] += work;
        QSet<int> branches;
        for (const ArmStep& step : statement.arms)
            branches.insert(step.branch);
        for (int branch : branches) {
            if (assumedBranches.contains(branch))
                workInside[branch] += work;
        }
    }
    QVector<std::pair<double, int*>> ranking; // (share, where the rank goes)
    for (LoopResolution& loop : result.loops) {
        loop.workShare = total > 0 ? workInside.value(loop.statement) / total : 0;
        if (!loop.assumed)
            continue;
        loop.compoundFactor = 1;
        for (int enclosing : ir.statements[loop.statement].loops) {
            if (assumedLoops.contains(enclosing))
                loop.compoundFactor *= trips.value(enclosing, 1.0);
        }
        ranking.append({loop.workShare, &loop.rank});
    }
    for (BranchResolution& branch : result.branches) {
        if (!branch.assumed)
            continue;
        branch.workShare = total > 0 ? workInside.value(branch.statement) / total : 0;
        ranking.append({branch.workShare, &branch.rank});
    }
    // Larger share first; equal shares keep source order (loops before branches).
    std::stable_sort(ranking.begin(), ranking.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (int i = 0; i < ranking.size(); ++i)
        *ranking[i].second = i + 1;
}

// Why a canonical loop's count is not known: the values its header leaves open ("n",
// "blockDim.x" without a launch). The start, with thread indices counted as 0, read as
// "(((0 * blockDim.x) + 0) < n)" and named nothing the user could supply.
QString unknownBoundsReason(const LoopHeader& loop, const LaunchShape& launch)
{
    QStringList open;
    for (const SymbolicExprPtr& part : {loop.start, loop.bound, loop.step}) {
        for (const QString& name : part ? part->unresolved(launch) : QStringList()) {
            if (!open.contains(name))
                open << name;
        }
    }
    if (open.isEmpty()) // all known, and still no count (the header overflows or never ends)
        return QStringLiteral("the header gives no count (%1 %2 %3)")
            .arg(loop.start->toString(), spellingOf(loop.comparison), loop.bound->toString());
    return QStringLiteral("bounds not known at compile time: %1").arg(open.join(QStringLiteral(", ")));
}

} // namespace

QVector<std::array<bool, kMemorySpaceCount>> sliceMembership(const KernelIR& ir)
{
    const int count = int(ir.statements.size());
    // Variables by number, each with the statements that define it (ascending) and the
    // defined variables each statement uses.
    QHash<QString, int> variableIds;
    QVector<QVector<int>> definitions;
    for (int i = 0; i < count; ++i) {
        for (const QString& variable : ir.statements[i].defines) {
            const auto found = variableIds.constFind(variable);
            const int id = found != variableIds.constEnd() ? *found : int(definitions.size());
            if (found == variableIds.constEnd()) {
                variableIds.insert(variable, id);
                definitions.append(QVector<int>());
            }
            definitions[id] << i;
        }
    }
    QVector<QVector<int>> uses(count);
    for (int i = 0; i < count; ++i) {
        for (const QString& variable : ir.statements[i].uses) {
            const auto found = variableIds.constFind(variable);
            if (found != variableIds.constEnd())
                uses[i] << *found;
        }
    }
    // The last statement inside each loop: a loop's statements lie between its header and it.
    QHash<int, int> loopEnd;
    for (int i = 0; i < count; ++i) {
        for (int loop : ir.statements[i].loops)
            loopEnd[loop] = qMax(loopEnd.value(loop, loop), i);
    }

    QVector<std::array<bool, kMemorySpaceCount>> membership(count, {false, false, false, false});
    for (MemorySpace space : kAllMemorySpaces) {
        const size_t s = size_t(space);
        QVector<int> work;
        auto add = [&](int i) {
            if (!membership[i][s]) {
                membership[i][s] = true;
                work << i;
            }
        };
        for (int i = 0; i < count; ++i) {
            const Statement& statement = ir.statements[i];
            if (statement.accesses[space] > 0 || (space == MemorySpace::Shared && statement.isBarrier))
                add(i);
        }
        // Whether a definition joins depends on the definition alone once it reaches a use,
        // so each is looked at once per side: below[v] counts v's definitions already seen
        // from below some use; above[(v, loop)] is the lowest use inside that outermost loop
        // whose later definitions were seen. Linear instead of uses × definitions.
        QVector<int> below(int(definitions.size()), 0);
        QHash<quint64, int> above;
        auto consider = [&](int definition) {
            if (!ir.statements[definition].touchesMemory())
                add(definition);
        };
        while (!work.isEmpty()) {
            const int member = work.takeLast();
            const Statement& statement = ir.statements[member];
            // Register closure: definitions that reach this use and touch no memory, i.e. every
            // earlier one, and later ones that share a loop with the use (the next iteration).
            for (int variable : uses[member]) {
                const QVector<int>& defs = definitions[variable];
                const int earlier = int(std::lower_bound(defs.begin(), defs.end(), member) - defs.begin());
                for (int& seen = below[variable]; seen < earlier; ++seen)
                    consider(defs[seen]);
                if (statement.loops.isEmpty())
                    continue;
                // Sharing any loop means lying inside the use's outermost loop.
                const int outer = statement.loops.first();
                const quint64 key = (quint64(quint32(variable)) << 32) | quint32(outer);
                const auto previous = above.constFind(key);
                const int last = previous != above.constEnd() ? *previous : loopEnd.value(outer, outer);
                if (previous != above.constEnd() && member >= *previous)
                    continue;
                above.insert(key, member);
                auto it = std::upper_bound(defs.begin(), defs.end(), member);
                for (; it != defs.end() && *it <= last; ++it) {
                    if (ir.statements[*it].loops.contains(outer))
                        consider(*it);
                }
            }
            // Values returned by callees inlined at this statement come after it.
            for (int returned : statement.valuesFrom)
                consider(returned);
            // Control skeleton: enclosing conditions, loops and earlier conditional returns.
            for (int control : statement.controls)
                add(control);
        }
    }
    return membership;
}

KernelSlices analyseKernel(const KernelIR& ir, const LaunchShape& launch, const AnalysisOptions& options)
{
    KernelSlices result;
    const int count = int(ir.statements.size());
    result.effectiveStatements = count;
    result.membership = sliceMembership(ir);

    QHash<int, double> trips;
    for (int i = 0; i < count; ++i) {
        const Statement& statement = ir.statements[i];
        result.decisionPoints += statement.decisionPoints;
        if (statement.kind != StatementKind::Loop)
            continue;
        LoopResolution loop;
        loop.statement = i;
        loop.line = statement.location.line;
        if (options.tripCountOverrides.contains(i)) {
            loop.trips = double(options.tripCountOverrides.value(i));
            loop.reason = QStringLiteral("set by the user");
        } else if (const auto resolved = averagedTripCount(ir.statements, i, launch)) {
            loop.trips = resolved->trips;
            loop.threadAveraged = !resolved->note.isEmpty();
            QStringList notes;
            for (const QString& note : {statement.loop.note, resolved->note}) {
                if (!note.isEmpty())
                    notes << note;
            }
            loop.reason = notes.join(QStringLiteral("; "));
        } else {
            loop.trips = options.defaultTripCount;
            loop.assumed = true;
            loop.reason
                = statement.loop.canonical ? unknownBoundsReason(statement.loop, launch) : statement.loop.reason;
        }
        trips.insert(i, loop.trips);
        result.loops << loop;
    }

    // Arm probabilities of every branch: the user's or measured values, else the defaults of
    // analysis-rules §6 (0.5 per if arm, 1/k per switch arm, 1/blockDim.x for a thread-index
    // equality such as `threadIdx.x == 0`).
    QHash<int, QVector<double>> armProbabilities;
    for (int i = 0; i < count; ++i) {
        const Statement& branch = ir.statements[i];
        if (branch.kind != StatementKind::If && branch.kind != StatementKind::Switch)
            continue;
        BranchResolution resolution;
        resolution.statement = i;
        resolution.line = branch.location.line;
        if (options.branchProbabilities.contains(i)) {
            resolution.arms = options.branchProbabilities.value(i);
            resolution.assumed = false;
            resolution.reason = QStringLiteral("measured or set by the user");
        } else if (branch.kind == StatementKind::If) {
            const auto threads = launch.blockDim[0];
            const auto decided = branch.launchCondition ? branch.launchCondition->evaluate(launch) : std::nullopt;
            if (decided) {
                const bool then = *decided != 0;
                resolution.arms = {then ? 1.0 : 0.0, then ? 0.0 : 1.0};
                resolution.assumed = false;
                resolution.reason = QStringLiteral("the launch decides it: %1 is %2")
                                        .arg(branch.launchCondition->toString(),
                                            then ? QStringLiteral("true") : QStringLiteral("false"));
            } else if (const auto share = threadGuardsShare(branch.guards, launch, ir.statements)) {
                resolution.arms = {share->share, 1.0 - share->share};
                resolution.assumed = false;
                resolution.reason = QStringLiteral("%1 %% of the launch's threads pass the check on their indices")
                                        .arg(100.0 * share->share, 0, 'g', 4);
                if (!share->note.isEmpty())
                    resolution.reason += QStringLiteral(" (%1)").arg(share->note);
            } else if (branch.equalityOnThreadIndex && threads && *threads > 0) {
                const double one = 1.0 / double(*threads);
                resolution.arms = {one, 1.0 - one};
                resolution.reason = QStringLiteral("one thread of %1 takes the then-arm").arg(*threads);
            } else {
                resolution.arms = {0.5, 0.5};
                resolution.reason = QStringLiteral("two-way branch");
            }
        } else {
            const int arms = qMax(branch.armCount, 1);
            resolution.arms = QVector<double>(arms, 1.0 / arms);
            resolution.reason = QStringLiteral("%1-way switch").arg(arms);
        }
        armProbabilities.insert(i, resolution.arms);
        result.branches << resolution;
    }

    result.weights.resize(count);
    result.probability.resize(count);
    for (int i = 0; i < count; ++i) {
        const Statement& statement = ir.statements[i];
        double weight = 1;
        for (int loop : statement.loops)
            weight *= trips.value(loop, 1.0);
        result.weights[i] = weight;
        double probability = 1;
        for (const ArmStep& step : statement.arms)
            probability *= armProbabilities.value(step.branch).value(step.arm, 1.0);
        result.probability[i] = probability;
    }

    rankAssumptions(ir, trips, result);

    for (MemorySpace space : kAllMemorySpaces) {
        SliceSummary& slice = result.slices[size_t(space)];
        slice.space = space;
        QSet<int> lines;
        for (int i = 0; i < count; ++i) {
            if (!result.membership[i][size_t(space)])
                continue;
            const Statement& statement = ir.statements[i];
            slice.members << i;
            slice.arithmetic += result.weights[i] * statement.arithmetic;
            slice.accesses += countsOf(statement, options).scaled(result.weights[i]);
            if (!lines.contains(statement.location.line)) {
                lines.insert(statement.location.line);
                slice.lines << statement.location.line;
            }
        }
        std::sort(slice.lines.begin(), slice.lines.end());
        slice.length = int(slice.members.size());
        QHash<QByteArray, int> subSliceByPath; // a branch-heavy kernel has as many paths as statements
        for (int member : slice.members) {
            const Statement& statement = ir.statements[member];
            const QByteArray key = pathKey(statement.arms);
            auto known = subSliceByPath.constFind(key);
            if (known == subSliceByPath.constEnd()) {
                SubSlice fresh;
                fresh.path = statement.arms;
                fresh.probability = result.probability[member];
                known = subSliceByPath.insert(key, int(slice.subSlices.size()));
                slice.subSlices << fresh;
            }
            SubSlice* sub = &slice.subSlices[*known];
            sub->members << member;
            sub->length += 1;
            sub->arithmetic += result.weights[member] * statement.arithmetic;
            sub->accesses += countsOf(statement, options).scaled(result.weights[member]);
        }
        for (MemorySpace s : kAllMemorySpaces)
            slice.normalisedMemory += options.memoryFactors[size_t(s)] * slice.accesses[s];
        if (slice.length > 0) {
            slice.intensityRatio
                = slice.normalisedMemory > 0 ? slice.arithmetic / slice.normalisedMemory : options.ratioIntensityMax;
            slice.intensityFraction
                = slice.normalisedMemory > 0 ? slice.arithmetic / (slice.arithmetic + slice.normalisedMemory) : 1.0;
        }
    }
    QHash<QPair<QString, int>, int> lineIndex;
    for (int i = 0; i < count; ++i) {
        const auto& m = result.membership[i];
        if (!m[0] && !m[1] && !m[2] && !m[3])
            result.unsliced << i;
        const Statement& statement = ir.statements[i];
        const QPair<QString, int> where(statement.location.file, statement.location.line);
        auto known = lineIndex.constFind(where);
        if (known == lineIndex.constEnd()) {
            LineAttribution fresh;
            fresh.file = statement.location.file;
            fresh.line = statement.location.line;
            known = lineIndex.insert(where, int(result.lines.size()));
            result.lines << fresh;
        }
        LineAttribution* line = &result.lines[*known];
        for (size_t s = 0; s < m.size(); ++s)
            line->slices[s] = line->slices[s] || m[s];
        line->arithmetic += result.weights[i] * statement.arithmetic;
        line->accesses += countsOf(statement, options).scaled(result.weights[i]);
        line->statements << i;
    }
    std::sort(result.lines.begin(), result.lines.end(), [](const LineAttribution& a, const LineAttribution& b) {
        return std::tie(a.file, a.line) < std::tie(b.file, b.line);
    });
    result.branchDensity = count > 0 ? double(result.decisionPoints) / count : 0.0;
    result.dense = result.branchDensity >= options.denseThreshold;
    return result;
}

} // namespace slicewatt

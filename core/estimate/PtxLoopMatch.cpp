// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxLoopMatch.h"

#include <QFileInfo>
#include <QHash>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <set>

namespace slicewatt {

namespace {

// "file name:line": the PTX names files as its producer saw them (relative, or another
// prefix), so lines are matched by file name.
QString lineKey(const QString& file, int line)
{
    return QFileInfo(file).fileName() + QLatin1Char(':') + QString::number(line);
}

QString instructionKey(const PtxModule& module, const PtxInstruction& instruction)
{
    return instruction.line > 0 ? lineKey(module.files.value(instruction.file), instruction.line) : QString();
}

// The statement line an instruction belongs to: its own line when a statement starts there,
// else the nearest statement start above it in its file (the rest of a statement written over
// several lines, as ExecutedPtxLines owns them).
class StatementLineOwners {
public:
    StatementLineOwners(const PtxModule& module, const KernelIR& ir)
        : m_module(module)
    {
        for (const Statement& s : ir.statements)
            m_starts[QFileInfo(s.location.file).fileName()].insert(s.location.line);
    }
    QString keyOf(const PtxInstruction& instruction) const
    {
        if (instruction.line <= 0)
            return {};
        const QString file = QFileInfo(m_module.files.value(instruction.file)).fileName();
        const auto starts = m_starts.constFind(file);
        if (starts == m_starts.constEnd())
            return lineKey(file, instruction.line);
        const auto after = starts->upper_bound(instruction.line);
        return lineKey(file, after == starts->begin() ? instruction.line : *std::prev(after));
    }

private:
    const PtxModule& m_module;
    QHash<QString, std::set<int>> m_starts;
};

// A load from memory: a load's copies are what the source's accesses can be matched with
// (a store of a function inlined at a call line lands on that line, its loads do not).
bool isLoad(const PtxInstruction& i)
{
    const bool memory = i.cls == PtxClass::Global || i.cls == PtxClass::Shared || i.cls == PtxClass::Local
        || i.cls == PtxClass::Constant || i.cls == PtxClass::Texture;
    return memory && (i.opcode.startsWith(QLatin1String("ld")) || i.opcode.startsWith(QLatin1String("tex")));
}

// The loads a statement makes per execution: its accesses less the stores' share of its bytes.
double loadsOf(const Statement& s)
{
    double loads = 0;
    for (MemorySpace space : kAllMemorySpaces) {
        const double bytes = s.accessBytes[space];
        const double storeShare = bytes > 0 ? s.storeBytes[space] / bytes : 0;
        loads += s.accesses[space] * (1 - storeShare);
    }
    return loads;
}

bool isLoopHeader(const KernelIR& ir, int statement)
{
    const QVector<int>& loops = ir.statements[statement].loops;
    return !loops.isEmpty() && loops.last() == statement;
}

// What the source says about its loops, by line.
struct SourceLoops {
    QHash<QString, int> headerAt; // line → the loop statement whose header is there
    QHash<QString, QVector<int>> loopsAround; // line → the longest chain of loops around a statement there
    QHash<int, double> trips; // loop statement → trips per entry
};

SourceLoops sourceLoopsOf(const KernelIR& ir, const KernelSlices& slices)
{
    SourceLoops source;
    for (const LoopResolution& loop : slices.loops)
        source.trips.insert(loop.statement, loop.trips);
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& s = ir.statements[i];
        const QString key = lineKey(s.location.file, s.location.line);
        if (isLoopHeader(ir, i) && !source.headerAt.contains(key))
            source.headerAt.insert(key, i);
        QVector<int>& around = source.loopsAround[key];
        if (s.loops.size() > around.size())
            around = s.loops;
    }
    return source;
}

// The source loop whose header line the loop's back edges (else its header block) carry.
int loopByLatchLine(
    const PtxFunction& function, const PtxModule& module, const PtxLoop& loop, const SourceLoops& source)
{
    for (int latch : loop.latches) {
        const QVector<PtxInstruction>& instructions = function.blocks[latch].instructions;
        for (auto i = instructions.crbegin(); i != instructions.crend(); ++i) {
            const auto found = source.headerAt.constFind(instructionKey(module, *i));
            if (found != source.headerAt.constEnd())
                return *found;
        }
    }
    for (const PtxInstruction& i : function.blocks[loop.header].instructions) {
        const auto found = source.headerAt.constFind(instructionKey(module, i));
        if (found != source.headerAt.constEnd())
            return *found;
    }
    return -1;
}

// The blocks a loop holds directly, not through a loop inside it; `innermost` per block.
QVector<int> ownBlocks(const PtxFunction& function, const QVector<int>& innermost, int loop)
{
    QVector<int> own;
    for (int b : function.loops[loop].blocks) {
        if (innermost[b] == loop)
            own << b;
    }
    return own;
}

int nestingLevel(const PtxFunction& function, int loop)
{
    int level = 0;
    for (int l = loop; l >= 0; l = function.loops[l].parent)
        ++level;
    return level;
}

// The source loop at the PTX loop's nesting depth around its own lines (the older rule, for
// loops whose back edge names no loop header).
int loopByDepth(const PtxFunction& function, const PtxModule& module, const QVector<int>& innermost, int loop,
    const SourceLoops& source)
{
    QVector<int> longest;
    for (int b : ownBlocks(function, innermost, loop)) {
        for (const PtxInstruction& i : function.blocks[b].instructions) {
            const QVector<int> around = source.loopsAround.value(instructionKey(module, i));
            if (around.size() > longest.size())
                longest = around;
        }
    }
    const int level = nestingLevel(function, loop);
    return level <= longest.size() ? longest[level - 1] : -1;
}

// The lines of a source loop's own body (not its header, not loops inside it).
QSet<QString> bodyLines(const KernelIR& ir, int sourceLoop)
{
    QSet<QString> lines;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& s = ir.statements[i];
        if (i != sourceLoop && !s.loops.isEmpty() && s.loops.last() == sourceLoop)
            lines.insert(lineKey(s.location.file, s.location.line));
    }
    return lines;
}

// Copies of a body without memory accesses: the fewest runs of consecutive instructions any
// line of the source loop's own body has in the PTX loop's own blocks (each unrolled copy
// is one run of a line; code the compiler interleaves only adds runs).
int copiesByRuns(const PtxFunction& function, const StatementLineOwners& owners, const QVector<int>& innermost,
    int loop, const KernelIR& ir, int sourceLoop)
{
    const QSet<QString> body = bodyLines(ir, sourceLoop);
    QHash<QString, int> runs;
    QString previous;
    for (int b : ownBlocks(function, innermost, loop)) {
        for (const PtxInstruction& i : function.blocks[b].instructions) {
            const QString key = owners.keyOf(i);
            if (key.isEmpty())
                continue;
            if (key != previous && body.contains(key))
                ++runs[key];
            previous = key;
        }
    }
    int fewest = 0;
    for (int r : std::as_const(runs))
        fewest = fewest == 0 ? r : std::min(fewest, r);
    return std::max(1, fewest);
}

// The instructions a PTX loop's own blocks hold on the lines of the source loop's own body.
int bodyInstructions(const PtxFunction& function, const StatementLineOwners& owners, const QVector<int>& innermost,
    int loop, const QSet<QString>& body)
{
    int count = 0;
    for (int b : ownBlocks(function, innermost, loop)) {
        for (const PtxInstruction& i : function.blocks[b].instructions)
            count += body.contains(owners.keyOf(i)) ? 1 : 0;
    }
    return count;
}

// Copies of the source loop's body in one trip of the PTX loop by its loads (see
// matchPtxLoops); 0 when no line of the body loads anything to compare.
int copiesByLoads(const PtxFunction& function, const StatementLineOwners& owners, const QVector<int>& innermost,
    int loop, const KernelIR& ir, int sourceLoop)
{
    QHash<QString, double> sourceLoads; // per iteration, on the lines of the loop's own body
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& s = ir.statements[i];
        const double loads = loadsOf(s);
        if (i != sourceLoop && !s.loops.isEmpty() && s.loops.last() == sourceLoop && loads > 0)
            sourceLoads[lineKey(s.location.file, s.location.line)] += loads;
    }
    QHash<QString, double> ptxLoads;
    for (int b : ownBlocks(function, innermost, loop)) {
        for (const PtxInstruction& i : function.blocks[b].instructions) {
            const QString key = owners.keyOf(i);
            if (isLoad(i) && sourceLoads.contains(key))
                ptxLoads[key] += 1;
        }
    }
    double smallest = 0;
    for (auto it = ptxLoads.cbegin(); it != ptxLoads.cend(); ++it) {
        const double ratio = *it / sourceLoads.value(it.key());
        if (smallest == 0 || ratio < smallest)
            smallest = ratio;
    }
    return smallest > 0 ? std::max(1, int(std::lround(smallest))) : 0;
}

// A main loop and its remainder without loads to count: the remainder holds one copy of the
// body, so each loop's copies are its body instructions over the fewest any of them holds;
// a loop alone, by copiesByRuns.
void copiesWithoutLoads(const PtxFunction& function, const StatementLineOwners& owners, const QVector<int>& innermost,
    const KernelIR& ir, const QVector<int>& group, QVector<PtxLoopMatch>& matches)
{
    const QSet<QString> body = bodyLines(ir, matches[group.first()].sourceLoop);
    QVector<int> counts;
    int fewest = 0;
    for (int l : group) {
        counts << bodyInstructions(function, owners, innermost, l, body);
        fewest = fewest == 0 ? counts.last() : std::min(fewest, counts.last());
    }
    for (int k = 0; k < group.size(); ++k) {
        PtxLoopMatch& m = matches[group[k]];
        m.unrollFactor = group.size() > 1 && fewest > 0
            ? std::max(1, int(std::lround(double(counts[k]) / fewest)))
            : copiesByRuns(function, owners, innermost, group[k], ir, m.sourceLoop);
    }
}

} // namespace

int innermostPtxLoop(const PtxFunction& function, int block)
{
    int innermost = -1;
    for (int l = 0; l < function.loops.size(); ++l) {
        const QVector<int>& blocks = function.loops[l].blocks;
        if (std::binary_search(blocks.begin(), blocks.end(), block)
            && (innermost < 0 || blocks.size() < function.loops[innermost].blocks.size()))
            innermost = l;
    }
    return innermost;
}

QVector<PtxLoopMatch> matchPtxLoops(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount)
{
    const SourceLoops source = sourceLoopsOf(ir, slices);
    const StatementLineOwners owners(module, ir);
    QVector<int> innermost(function.blocks.size());
    for (int b = 0; b < innermost.size(); ++b)
        innermost[b] = innermostPtxLoop(function, b);
    QVector<PtxLoopMatch> matches(function.loops.size());
    // (source loop, parent PTX loop) → its PTX loops: a main loop and its remainders.
    QMap<std::pair<int, int>, QVector<int>> siblings;
    for (int l = 0; l < function.loops.size(); ++l) {
        PtxLoopMatch& m = matches[l];
        m.sourceLoop = loopByLatchLine(function, module, function.loops[l], source);
        m.byLatchLine = m.sourceLoop >= 0;
        if (m.sourceLoop < 0)
            m.sourceLoop = loopByDepth(function, module, innermost, l, source);
        if (m.sourceLoop < 0) {
            m.runsPerEntry = defaultTripCount;
            continue;
        }
        m.unrollFactor = copiesByLoads(function, owners, innermost, l, ir, m.sourceLoop);
        siblings[{m.sourceLoop, function.loops[l].parent}] << l;
    }
    for (const QVector<int>& group : std::as_const(siblings)) {
        const bool loadsTell
            = std::any_of(group.begin(), group.end(), [&](int l) { return matches[l].unrollFactor > 0; });
        if (!loadsTell)
            copiesWithoutLoads(function, owners, innermost, ir, group, matches);
        int mainFactor = 1;
        for (int l : group) {
            matches[l].unrollFactor = std::max(1, matches[l].unrollFactor);
            mainFactor = std::max(mainFactor, matches[l].unrollFactor);
        }
        for (int l : group) {
            PtxLoopMatch& m = matches[l];
            const double trips = source.trips.value(m.sourceLoop, 1.0) / m.unrollFactor;
            m.remainder = m.unrollFactor < mainFactor;
            m.runsPerEntry = m.remainder ? std::min(trips, (mainFactor - 1) / 2.0) : trips;
        }
    }
    return matches;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExecutedPtxLines.h"

#include "ptx/ProjectPtx.h"
#include "ptx/PtxEnergyClass.h"

#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <map>

namespace slicewatt {

namespace {

// A line where statements of the kernel start, with the most likely one's path probability.
struct StatementLine {
    QString path;
    int line = 0;
    double probability = 0;
};
using StatementLinesOfFile = std::map<int, StatementLine>;

// By file name: the PTX names files as its producer saw them (relative, or another prefix),
// ptxExecutionFromAnalysis matches them the same way.
QHash<QString, StatementLinesOfFile> statementLines(const KernelIR& ir, const KernelSlices& slices)
{
    QHash<QString, StatementLinesOfFile> byFile;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const SourceLocation& at = ir.statements[i].location;
        StatementLinesOfFile& lines = byFile[QFileInfo(at.file).fileName()];
        StatementLine& line = lines.try_emplace(at.line, StatementLine{at.file, at.line, 0.0}).first->second;
        line.probability = std::max(line.probability, slices.probability.value(i, 1.0));
    }
    return byFile;
}

// The statement line an instruction belongs to: its own line, or the nearest statement start
// above it in its file; nullptr for compiler-made code (line 0) and other files' lines.
const StatementLine* ownerOf(
    const QHash<QString, StatementLinesOfFile>& lines, const PtxModule& module, const PtxInstruction& instruction)
{
    if (instruction.line <= 0)
        return nullptr;
    const auto file = lines.constFind(QFileInfo(module.files.value(instruction.file)).fileName());
    if (file == lines.constEnd())
        return nullptr;
    const auto after = file->upper_bound(instruction.line);
    return after == file->begin() ? nullptr : &std::prev(after)->second;
}

} // namespace

std::optional<ExecutedPtxLines> executedPtxLines(
    const PtxSettings& settings, const KernelIR& ir, const KernelSlices& slices, int defaultTripCount, QString* why)
{
    const QString missing = ptxMissingFor(settings, ir.kernelName);
    if (!missing.isEmpty()) {
        if (why)
            *why = missing;
        return std::nullopt;
    }
    const PtxExecution execution = ptxExecutionFor(settings, ir, slices, defaultTripCount);
    ExecutedPtxLines result;
    result.source = execution.source;
    result.assumptions = execution.assumptions;

    const QHash<QString, StatementLinesOfFile> lines = statementLines(ir, slices);
    const PtxModule& module = settings.file->module;
    const PtxFunction& function = *settings.function;
    std::map<std::pair<QString, int>, ExecutedPtxLine> byLine;
    const StatementLine* previous = nullptr; // the last owned instruction's line, across blocks
    int priced = 0;
    int moved = 0;
    for (int b = 0; b < function.blocks.size(); ++b) {
        const QVector<PtxInstruction>& instructions = function.blocks[b].instructions;
        QVector<const StatementLine*> owners(instructions.size(), nullptr);
        QVector<bool> own(instructions.size(), false);
        for (int k = 0; k < instructions.size(); ++k) {
            owners[k] = ownerOf(lines, module, instructions[k]);
            own[k] = owners[k] != nullptr;
        }
        // Unowned instructions take the next owned line in their block, else the previous one.
        const StatementLine* next = nullptr;
        for (int k = int(instructions.size()) - 1; k >= 0; --k) {
            if (owners[k])
                next = owners[k];
            else
                owners[k] = next;
        }
        for (int k = 0; k < instructions.size(); ++k) {
            if (!owners[k])
                owners[k] = previous;
            else if (own[k])
                previous = owners[k];
            const int c = ptxEnergyClass(instructions[k].opcode);
            if (instructions[k].cls == PtxClass::Branch || instructions[k].cls == PtxClass::Sync)
                result.controlPerThread
                    += execution.blockRuns.value(b, 1.0) * (owners[k] ? owners[k]->probability : 1.0);
            if (c < 0)
                continue;
            ++priced;
            const PtxInstruction& instruction = instructions[k];
            const StatementLine* owner = owners[k];
            moved += own[k] ? 0 : 1;
            const QString file = owner ? owner->path : QFileInfo(module.files.value(instruction.file)).fileName();
            const int line = owner ? owner->line : instruction.line;
            ExecutedPtxLine& executed = byLine[{file, line}];
            executed.file = file;
            executed.line = line;
            executed.probability = owner ? owner->probability : 1.0;
            const double runs = execution.blockRuns.value(b, 1.0) * executed.probability;
            executed.perThread[c] += runs;
            executed.inPtx[c] += 1;
            result.perThread[c] += runs;
        }
    }
    for (auto& entry : byLine)
        result.lines << entry.second;
    if (moved > 0)
        result.assumptions << QStringLiteral("%1 of the %2 priced PTX instructions are the compiler's own (line 0) "
                                             "or on lines of headers: each counts on the nearest line of the kernel "
                                             "in its block")
                                  .arg(moved)
                                  .arg(priced);
    return result;
}

} // namespace slicewatt

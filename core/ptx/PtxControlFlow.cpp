// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxControlFlow.h"

#include <QHash>

#include <algorithm>

namespace slicewatt {

namespace {

void addSuccessors(PtxFunction& function)
{
    QHash<QString, int> byLabel;
    for (int i = 0; i < function.blocks.size(); ++i) {
        if (!function.blocks[i].label.isEmpty())
            byLabel.insert(function.blocks[i].label, i);
    }
    for (int i = 0; i < function.blocks.size(); ++i) {
        PtxBlock& block = function.blocks[i];
        bool fallsThrough = true;
        if (!block.instructions.isEmpty()) {
            const PtxInstruction& last = block.instructions.last();
            const bool ends = last.opcode.startsWith(QLatin1String("bra")) || last.opcode == QLatin1String("ret")
                || last.opcode == QLatin1String("exit");
            if (ends && !last.predicated)
                fallsThrough = false;
            if (last.opcode.startsWith(QLatin1String("bra"))) {
                const auto target = byLabel.constFind(last.target);
                if (target != byLabel.constEnd())
                    block.successors << *target;
            }
        }
        if (fallsThrough && i + 1 < function.blocks.size() && !block.successors.contains(i + 1))
            block.successors << i + 1;
    }
}

// Depth-first from the entry block, iteratively (PTX of unrolled kernels has thousands of
// blocks): an edge to a block still on the stack is a back edge.
void findBackEdges(PtxFunction& function)
{
    const int n = int(function.blocks.size());
    enum State { Unseen, OnStack, Done };
    QVector<State> state(n, Unseen);
    QVector<std::pair<int, int>> stack; // block, next successor to look at
    if (n == 0)
        return;
    stack.append({0, 0});
    state[0] = OnStack;
    while (!stack.isEmpty()) {
        auto& [block, next] = stack.last();
        const QVector<int>& successors = function.blocks[block].successors;
        if (next >= successors.size()) {
            state[block] = Done;
            stack.removeLast();
            continue;
        }
        const int to = successors[next++];
        if (state[to] == OnStack)
            function.backEdges.append({block, to});
        else if (state[to] == Unseen) {
            state[to] = OnStack;
            stack.append({to, 0});
        }
    }
    std::sort(function.backEdges.begin(), function.backEdges.end()); // block order, not walk order
}

// The back edge from → header with its natural loop `inLoop`, merged into the header's loop.
void addToLoop(PtxFunction& function, int header, int from, const QVector<bool>& inLoop)
{
    auto loop = std::find_if(
        function.loops.begin(), function.loops.end(), [header](const PtxLoop& l) { return l.header == header; });
    if (loop == function.loops.end()) {
        function.loops.append(PtxLoop{header, {}, {}, -1});
        loop = function.loops.end() - 1;
    }
    loop->latches << from;
    for (int i = 0; i < inLoop.size(); ++i) {
        if (inLoop[i] && !loop->blocks.contains(i))
            loop->blocks << i;
    }
    std::sort(loop->blocks.begin(), loop->blocks.end());
}

// Each loop's parent: the smallest other loop holding its header (natural loops nest or are
// disjoint once back edges to one header are merged).
void addLoopParents(PtxFunction& function)
{
    std::sort(function.loops.begin(), function.loops.end(),
        [](const PtxLoop& a, const PtxLoop& b) { return a.header < b.header; });
    for (int i = 0; i < function.loops.size(); ++i) {
        PtxLoop& loop = function.loops[i];
        for (int j = 0; j < function.loops.size(); ++j) {
            const PtxLoop& other = function.loops[j];
            if (j == i || other.blocks.size() <= loop.blocks.size()
                || !std::binary_search(other.blocks.begin(), other.blocks.end(), loop.header))
                continue;
            if (loop.parent < 0 || other.blocks.size() < function.loops[loop.parent].blocks.size())
                loop.parent = j;
        }
    }
}

// The natural loop of each back edge (from → header): the header and every block that
// reaches `from` without passing the header; each such block is one loop deeper.
void addLoopDepths(PtxFunction& function)
{
    const int n = int(function.blocks.size());
    QVector<QVector<int>> predecessors(n);
    for (int i = 0; i < n; ++i) {
        for (int s : function.blocks[i].successors)
            predecessors[s] << i;
    }
    for (const auto& [from, header] : function.backEdges) {
        QVector<bool> inLoop(n, false);
        inLoop[header] = true;
        QVector<int> work;
        if (!inLoop[from]) {
            inLoop[from] = true;
            work << from;
        }
        while (!work.isEmpty()) {
            const int block = work.takeLast();
            for (int p : predecessors[block]) {
                if (!inLoop[p]) {
                    inLoop[p] = true;
                    work << p;
                }
            }
        }
        for (int i = 0; i < n; ++i)
            function.blocks[i].loopDepth += inLoop[i] ? 1 : 0;
        addToLoop(function, header, from, inLoop);
    }
    addLoopParents(function);
}

} // namespace

void linkBlocks(PtxFunction& function)
{
    addSuccessors(function);
    findBackEdges(function);
    addLoopDepths(function);
}

} // namespace slicewatt

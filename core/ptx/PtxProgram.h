// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <array>

namespace slicewatt {

// What a PTX instruction does, for the power models (METHOD §10) and per-line counts: the
// data set's compute / global / shared / misc split, refined by memory space.
enum class PtxClass { Compute, Global, Shared, Local, Constant, Texture, Param, Branch, Sync, Other };
constexpr int kPtxClassCount = 10;
QString ptxClassName(PtxClass c); // "compute", "global", …

// Class of an opcode with its modifiers ("ld.global.nc.f32", "fma.rn.f32", "bar.sync").
// Loads and stores without a state space use generic addressing; they are counted as global
// [ours: nvcc emits ld.global for kernel arguments, generic accesses are mostly to global
// memory reached through pointers].
PtxClass classifyPtxOpcode(const QString& opcode);

struct PtxInstruction {
    QString opcode; // with modifiers: "ld.global.f32"
    PtxClass cls = PtxClass::Other;
    bool predicated = false; // @%p … or @!%p …
    QString target; // bra: the label jumped to
    int file = 0; // .loc file index (0: none yet)
    int line = 0; // source line by .loc; the call site (inlined_at) for inlined code
    int ptxLine = 0; // in the PTX text, 1-based
};

struct PtxBlock {
    QString label; // empty for a block that starts after a branch without a label
    QVector<PtxInstruction> instructions;
    QVector<int> successors; // block indices
    int loopDepth = 0; // natural loops that contain the block
};

// A natural loop of a function's control-flow graph: every back edge to one header together.
struct PtxLoop {
    int header = 0; // block index
    QVector<int> latches; // the blocks whose back edges jump to the header
    QVector<int> blocks; // every block of the loop, ascending (the header included)
    int parent = -1; // the smallest loop around this one (index into PtxFunction::loops), -1: none
};

// One .entry or .func with its control-flow graph: basic blocks split at labels and after
// branches, edges for fall-through and branch targets, back edges (found by a depth-first
// walk from the first block: an edge to a block still on the walk's stack), and each block's
// loop depth from the natural loops of those back edges.
struct PtxFunction {
    QString name; // mangled, as in the PTX
    bool isEntry = false; // .entry (a kernel) or .func
    QVector<PtxBlock> blocks;
    QVector<std::pair<int, int>> backEdges; // (from, to = loop header)
    QVector<PtxLoop> loops; // by header block order
    int sharedBytes = 0; // static .shared declarations inside the function
    std::array<int, kPtxClassCount> counts() const; // static instruction counts per class
};

// One source line's PTX: instructions per class in the function's static code, and the
// deepest loop any of them sits in.
struct PtxLineCounts {
    int file = 0; // .file index
    int line = 0;
    std::array<int, kPtxClassCount> counts{};
    int loopDepth = 0;
    int total() const;
};
// Every source line of a function with instructions, by (file, line). Instructions before
// the first .loc (line 0) are left out.
QVector<PtxLineCounts> ptxLineCounts(const PtxFunction& function);

struct PtxModule {
    QString version; // ".version 9.0"
    QString target; // "sm_75"
    QHash<int, QString> files; // .file index → path
    QVector<PtxFunction> functions;
    QStringList problems; // "file:line: problem" for text the reader could not use
};

} // namespace slicewatt

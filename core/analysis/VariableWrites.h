// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <clang-c/Index.h>

#include <QHash>
#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

class TokenIndex;

// One place a function writes a local scalar variable.
struct VariableWrite {
    enum class Kind {
        Declaration, // `T v = value;` (value null: declared without one)
        Assignment, // `v = value`
        Compound, // `v op= value`
        Increment, // ++v, v++
        Decrement, // --v, v--
        Opaque, // `&v`, or an overloaded operator on it: the value cannot be followed
    };
    Kind kind = Kind::Opaque;
    QString compoundOperator; // "+", "<<", … for Compound
    CXCursor expression; // the writing expression (the VarDecl for a declaration)
    CXCursor value; // the assigned or added value; null where there is none
    // The statement tree from the function's body down to `expression`: each node with its
    // position among its parent's children, which orders writes against loops.
    QVector<std::pair<CXCursor, int>> path;
};

// Where one function writes its local variables, read once (analysis-rules §4): the writes
// whose values reach the start of a loop, so a loop variable or step set before a `while`
// (`unsigned i = blockIdx.x * 2 * blockSize + threadIdx.x; gridSize = gridSize << 1; while (i
// < n) { …; i += gridSize; }`) is known there.
class VariableWrites {
public:
    VariableWrites(CXCursor function, const TokenIndex& tokens);

    // False when the function nests too deeply to be read whole: nothing is trusted then.
    bool complete() const { return m_complete; }

    // The writes of `variable` (USR) whose values hold when `loop` starts, in execution order,
    // its declaration first; every other write must be unable to reach the loop's start or
    // its iterations: in an arm of a branch the loop is not in, or after the loop with no
    // enclosing loop to bring it round. `loopStep`, a write inside the loop, is the loop's own
    // step (a while loop's `i += s`) and is allowed there. nullopt when any write may change
    // the value on the way (a conditional write before the loop, a write inside it, an
    // address taken).
    std::optional<QVector<const VariableWrite*>> reachingLoop(
        const QString& variable, CXCursor loop, const VariableWrite* loopStep = nullptr) const;

    // The writes of `variable` inside `loop` (its condition, body and step).
    QVector<const VariableWrite*> writesInside(const QString& variable, CXCursor loop) const;

private:
    bool scan(CXCursor parent, QVector<std::pair<CXCursor, int>>& path);
    void note(CXCursor cursor, const QVector<std::pair<CXCursor, int>>& path);
    const QVector<std::pair<CXCursor, int>>* loopPath(CXCursor loop) const;

    const TokenIndex& m_tokens;
    QHash<QString, QVector<VariableWrite>> m_writes; // by variable USR, in source order
    QVector<QVector<std::pair<CXCursor, int>>> m_loopPaths; // every loop statement's path
    bool m_complete = true;
};

} // namespace slicewatt

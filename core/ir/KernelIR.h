// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InstructionClass.h"
#include "MemorySpace.h"
#include "SymbolicExpr.h"
#include "common/SourceLocation.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QVector>

#include <memory>

namespace slicewatt {

// The statement-level view of one kernel that slicing and estimation work on, built once
// from the AST (analysis-rules.md §1–4). It holds no libclang handles: later stages and
// what-if changes use it long after the translation unit is gone.

enum class StatementKind { Expression, Declaration, If, Switch, Loop, Return };

// A `for` loop in canonical form, kept symbolic so its trip count can be evaluated for
// any launch configuration.
struct LoopHeader {
    bool canonical = false; // false: while/do, or a for the rules do not resolve
    QString reason; // why it is not canonical, for the assumption shown to users
    SymbolicExprPtr start; // induction variable's initial value
    BinaryOperator comparison = BinaryOperator::Less; // <, <=, >, >=, !=
    SymbolicExprPtr bound;
    BinaryOperator stepOperator = BinaryOperator::Add; // +, -, *, /, <<, >>
    SymbolicExprPtr step;
    // How a canonical count was approximated, said beside it (empty: exact).
    QString note;
    // Under `#pragma unroll` (libclang shows it as an attributed statement around the loop):
    // nvcc unrolls it, fully where the count is a compile-time constant, and folds its
    // control and index arithmetic into the unrolled code (the time model, METHOD §12).
    bool unrollPragma = false;
};

// `if (i < n)` where one side is a thread's position in the launch (threadIdx, blockIdx, or
// the global index blockIdx·blockDim + threadIdx, plus a constant) and the other a value the
// launch may give: which share of the threads takes the then-arm follows from the launch
// (analysis-rules §6). Kept symbolic, like loop headers, for every launch and what-if.
struct ThreadGuard {
    SymbolicExprPtr index; // null: the condition is no such comparison
    BinaryOperator comparison = BinaryOperator::Less; // index OP bound (<, <=, >, >=, ==, !=)
    SymbolicExprPtr bound;
    // The bound is the variable of this enclosing loop (its statement index), as in a tree
    // reduction's `for (s = blockDim.x / 2; s > 0; s >>= 1) if (tid < s)`: the share is the
    // average over the loop's values (analysis-rules §6). -1: the bound is `bound`.
    int boundLoop = -1;

    bool isGuard() const { return index && bound; }
};

// Where the lanes of a warp point for one global or shared access `a[i]`, `tile[y][x]`: the
// byte offset from the array's start, kept symbolic over thread and block indices so the
// time model can lay a warp's 32 addresses out for any launch (METHOD §12: coalescing into
// 32-byte sectors, shared-memory bank conflicts). The only values the reading does not know
// inside the offset are ones the same for every lane of a warp (LoopHeaderReader::warpIndex:
// variables of loops whose start and step do not move with the thread).
struct AccessPattern {
    MemorySpace space = MemorySpace::Global;
    SymbolicExprPtr byteOffset;
    int elementBytes = 4;
    double count = 1; // accesses per execution of the statement (2 for `a[i] += x`)
    // The array starts at the same address for every thread: a kernel's pointer parameter no
    // statement moves (or a callee's bound to one), an array variable. Only then do threads
    // whose offsets are equal read the same bytes (AccessReuse); `d_Src += baseY * pitch`
    // moves the start per thread.
    bool uniformBase = false;
    // An atomic read-modify-write of global memory (`atomicAdd(&bins[v], 1u)`): L2 applies it,
    // and atomics on one 128-byte line wait for each other (AtomicContention).
    bool atomic = false;
    // For an atomic whose offset is not a function of the launch (a loaded byte as its index):
    // how many elements the index can name, from its type or a mask (256 for an unsigned
    // char, C for `v % C`); 0 where nothing says.
    double indexValues = 0;
};

// One arm of a branch a statement sits in: the decision statement and which arm.
struct ArmStep {
    int branch = -1; // index of the If/Switch statement
    int arm = 0; // If: 0 then, 1 else; Switch: label group in source order
};

struct Statement {
    StatementKind kind = StatementKind::Expression;
    SourceLocation location; // start of the statement (callee lines for inlined statements)
    int arithmetic = 0; // per execution (analysis-rules §3)
    SpaceCounts accesses; // per execution
    SpaceCounts accessBytes; // bytes those accesses move, per execution (the types' sizes)
    SpaceCounts storeBytes; // the part of accessBytes that stores write (a thread does not wait for them)
    // The papers' prototype counted lexically: every `=` (compound ones too) in a statement
    // naming a variable of space S is one memory operation of S (analysis-rules §3).
    SpaceCounts lexicalAccesses;
    // The counted operations by type and class (METHOD §9), per execution: the compute
    // classes only (comparisons and logical operators among them, as "other"); the memory
    // classes follow from `accesses`.
    InstructionCounts instructions;
    // What the machine runs minus `instructions`, per execution, for the time model only
    // (time-model.md step 2): a cuRAND draw's generator in place of its one operation, an
    // integer division by a constant as one integer instruction. The energy model keeps
    // METHOD §9's operations.
    InstructionCounts machineAdjustment;
    bool isBarrier = false; // __syncthreads and friends: belongs to the shared slice
    QSet<QString> defines; // variables (USRs) this statement assigns
    QSet<QString> uses; // variables it reads
    // Statements whose values it uses that come after it in statement order: the return
    // statements of device functions inlined at this call (analysis-rules §3).
    QVector<int> valuesFrom;
    QVector<int> loops; // enclosing loop statements, outermost first (a loop header lists itself last)
    QVector<int> controls; // statements it is control dependent on: enclosing conditions,
                           // loops, and earlier conditional returns
    QVector<ArmStep> arms; // branch arms from the kernel body down to it
    int decisionPoints = 0; // if: 1; switch: case labels; plus each ?: in the statement
    // Branch data for If/Switch statements.
    int armCount = 0;
    bool equalityOnThreadIndex = false; // `threadIdx.x == 0`: then-arm taken by one thread
    // If statements whose condition is such comparisons joined by && (`x < w && y < h`), each
    // one; empty when any part of the condition is something else.
    QVector<ThreadGuard> guards;
    // If statements whose condition the launch decides, the same for every thread: a kernel
    // argument, a template parameter or a launch dimension compared with a value
    // (`if (d_Input)`, `if (blockSize >= 512)`, `if (n > 0 && flag)`): 1 or 0 for the
    // then-arm once the launch gives the values (analysis-rules §6). Null otherwise.
    SymbolicExprPtr launchCondition;
    QString inlinedFrom; // device function name when inlined at a call
    LoopHeader loop; // for Loop statements
    QVector<AccessPattern> patterns; // global and shared subscripts whose offset could be read

    bool touchesMemory() const { return accesses.total() > 0; }
};

// A kernel's `__shared__` declarations, its own and those of the device functions inlined
// into it, each declaration once (one allocation per block however often it is called).
struct SharedMemoryUse {
    qint64 staticBytes = 0; // bytes of the declarations whose size the code fixes
    // Declarations without such a size, by name: `extern __shared__` (dynamic, sized by the
    // launch's third argument) and sizes that depend on a template parameter.
    QStringList unsized;
    QStringList declarations; // USRs counted, so an inlined helper's array counts once
};

struct KernelIR {
    QString kernelKey;
    QString kernelName;
    SourceLocation location;
    QVector<Statement> statements; // source order; inlined callee statements follow their call
    QStringList notes; // e.g. recursion cut off
    SharedMemoryUse sharedMemory;
    // The type template arguments this reading is for ("T" → "double"), as the launch it was
    // read at gives them; empty for a kernel that is no template (or a launch that names none).
    QHash<QString, QString> templateTypes;
    // The same kernel read again for each other combination of type arguments its launches
    // in the unit use (issue 47): axpby<float> moves 4 bytes an element and axpby<double> 8,
    // and an `if constexpr (std::is_same_v<T, double>)` takes another arm. At most
    // kMaxTypeInstantiations, each with its own templateTypes and none of its own.
    QVector<std::shared_ptr<const KernelIR>> typeInstantiations;

    static constexpr int kMaxTypeInstantiations = 4;

    // The reading for a launch with these type arguments: the instantiation read for them,
    // else this one.
    const KernelIR& readingFor(const QHash<QString, QString>& types) const
    {
        for (const std::shared_ptr<const KernelIR>& other : typeInstantiations) {
            if (other->templateTypes == types)
                return *other;
        }
        return *this;
    }
};

} // namespace slicewatt

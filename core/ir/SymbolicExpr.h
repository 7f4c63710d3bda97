// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Operators.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace slicewatt {

// The launch parameters a kernel's loop bounds may depend on. Unknown components stay
// unset; what-if changes fill them in without reparsing anything.
struct LaunchShape {
    std::optional<qint64> blockDim[3];
    std::optional<qint64> gridDim[3];
    QHash<QString, qint64> templateArguments; // of the launched instantiation, by parameter name
    std::optional<qint64> dynamicSharedBytes; // the launch's third argument; unset when unknown
    // Integer values of the kernel's own parameters at the launch (`n` of `k<<<g, b>>>(x, n)`),
    // by parameter name: from the launch site, a caller, --arg or the sizes file.
    QHash<QString, qint64> kernelArguments;
    // An enclosing loop's variable at one of its iterations, by the loop's statement index:
    // set while a nested loop's count is averaged over the enclosing loop's values
    // (averagedTripCount, analysis-rules §4).
    QHash<int, qint64> loopVariables;
    // One thread's position (threadIdx, blockIdx), set while a count whose header moves with
    // the thread is averaged over the launch's threads (threadAveragedTripCount); unset, as
    // everywhere else, a position has no single value.
    std::optional<qint64> threadIndex[3];
    std::optional<qint64> blockIndex[3];
    // Values of host functions' parameters and locals a user gives (issue 47: `--arg
    // launch:n=4096`, or a plain `n`), by "FUNCTION:NAME" or "NAME": what the host expressions
    // of a launch (LaunchSite::hostValues) read for the components the code leaves open.
    QHash<QString, qint64> hostValues;
    // The host values those open components are computed from that no value was given for
    // (their first names, "launch:n"), for the assumptions that say how to give them.
    QStringList hostValuesOpen;

    // No thread's position is set: the shape stands for every thread of the launch.
    bool positionsUnset() const
    {
        for (int axis = 0; axis < 3; ++axis) {
            if (threadIndex[axis] || blockIndex[axis])
                return false;
        }
        return true;
    }
};

// A small integer expression over constants and launch parameters, kept from the AST so
// trip counts can be re-evaluated for any launch (METHOD §2: loops bounded by blockDim
// and gridDim). Anything else is Unknown, with a label saying what it was.
class SymbolicExpr {
public:
    // KernelArgument: a parameter of the kernel, known once the launch gives its value.
    // ThreadIndex, BlockIndex: threadIdx and blockIdx, which differ per thread; they never
    // evaluate to a value, but a bounds guard (`if (i < n)`) reads which share of threads
    // passes from them (threadGuardShare).
    enum class Kind {
        Constant,
        BlockDim,
        GridDim,
        TemplateParameter,
        Unknown,
        Binary,
        KernelArgument,
        ThreadIndex,
        BlockIndex,
        LoopVariable, // an enclosing loop's variable, uniform over the threads (axis: its statement)
        // A host function's parameter or local no constant gives (`n` of `void launch(int n)`,
        // `int n = atoi(argv[1])` in main), by its names: "launch:n", then the names the same
        // value has in the callers that pass it on ("main:n"). Only launch configurations
        // computed in host code hold one; LaunchShape::hostValues gives its value.
        HostValue
    };

    static std::shared_ptr<const SymbolicExpr> constant(qint64 value);
    static std::shared_ptr<const SymbolicExpr> launch(Kind kind, int axis); // BlockDim or GridDim
    static std::shared_ptr<const SymbolicExpr> unknown(const QString& label);
    static std::shared_ptr<const SymbolicExpr> templateParameter(const QString& name);
    static std::shared_ptr<const SymbolicExpr> kernelArgument(const QString& name);
    static std::shared_ptr<const SymbolicExpr> threadPosition(Kind kind, int axis); // ThreadIndex or BlockIndex
    static std::shared_ptr<const SymbolicExpr> loopVariable(const QString& name, int loopStatement);
    static std::shared_ptr<const SymbolicExpr> hostValue(const QStringList& names); // each "FUNCTION:NAME"
    static std::shared_ptr<const SymbolicExpr> binary(
        BinaryOperator op, std::shared_ptr<const SymbolicExpr> lhs, std::shared_ptr<const SymbolicExpr> rhs);

    Kind kind() const { return m_kind; }
    // The parts, for writing the expression out (the unit cache) and nothing else.
    qint64 value() const { return m_value; }
    int axis() const { return m_axis; }
    const QString& text() const { return m_text; } // unknown label, template parameter, operator spelling
    BinaryOperator binaryOperator() const { return m_operator; }
    const std::shared_ptr<const SymbolicExpr>& lhs() const { return m_lhs; }
    const std::shared_ptr<const SymbolicExpr>& rhs() const { return m_rhs; }
    std::optional<qint64> evaluate(const LaunchShape& launch) const;
    // The value for one thread: threadIdx and blockIdx as given; every other value the
    // launch leaves open (an unknown, a loop variable) counts as 0, which lays a warp's
    // addresses out relative to each other when those values are the same for the whole warp.
    // nullopt only where the arithmetic fails (division by zero).
    std::optional<qint64> evaluateForThread(
        const LaunchShape& launch, const qint64 (&threadIndex)[3], const qint64 (&blockIndex)[3]) const;
    // True when threadIdx appears in it.
    bool mentionsThreadIndex() const;
    // True when threadIdx or blockIdx appears in it.
    bool mentionsThreadPosition() const;
    // True when a value nothing gives (Kind::Unknown) appears in it.
    bool mentionsUnknown() const;
    // A HostValue's names ("launch:n", "main:n"); empty for every other kind.
    QStringList hostNames() const;
    // The names of every host value in it, in the order written, each once.
    QStringList hostValueNames() const;
    // The statement of the enclosing loop whose variable appears in it; -1 when none does.
    int loopVariableStatement() const;
    // True when the value depends on the launch: blockDim, gridDim, template or kernel arguments.
    bool dependsOnLaunch() const;
    // What `launch` leaves open, in the order written, each once: unknown values by their
    // label ("n"), and launch dimensions or template parameters the launch does not give.
    QStringList unresolved(const LaunchShape& launch) const;
    QString toString() const;

private:
    Kind m_kind = Kind::Unknown;
    qint64 m_value = 0;
    int m_axis = 0;
    QString m_text; // operator spelling or unknown label
    BinaryOperator m_operator = BinaryOperator::Add;
    std::shared_ptr<const SymbolicExpr> m_lhs, m_rhs;
};

using SymbolicExprPtr = std::shared_ptr<const SymbolicExpr>;

} // namespace slicewatt

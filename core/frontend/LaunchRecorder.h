// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "ConstantEvaluator.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QVector>

namespace slicewatt {

// Finds kernel launches in host code with their configuration values: `k<<<g, b, s, st>>>(…)`
// (also inside macros such as checkKernelErrors((k<<<…>>>(…))), in template host functions
// and member functions), and launches through the runtime API: cudaLaunchKernel and
// cudaLaunchCooperativeKernel with a kernel pointer, cudaLaunchKernelEx with a
// cudaLaunchConfig_t whose fields the function sets. A value the launch leaves open is
// taken one call level up: from the call of the enclosing host function whose constant
// arguments (and template arguments) make most of its values known (of equals, the first),
// and from that caller's caller where the caller passes its own parameter on (two levels:
// the launchers of llm.c, cuda-samples and Rodinia). Integer arguments of the kernel are
// kept by parameter name (LaunchSite::argumentValues) for its loop bounds and guards.
// Control flow inside the host function is not followed: a launch in a branch the call
// would not take gets that call's values too. What stays open is kept as an expression over
// the host values it is computed from (LaunchSite::hostValues), which the user can give.
class LaunchRecorder {
public:
    explicit LaunchRecorder(CXTranslationUnit tu);

    // A call inside `function`'s body: true when it is a launch, which is recorded.
    bool recordLaunch(CXCursor call, CXCursor function, ConstantEvaluator& evaluator);
    // Any other call, with the functions it may invoke: a possible caller of a host
    // function that launches.
    void noteCall(CXCursor call, CXCursor caller, const QVector<CXCursor>& candidates);
    // After the whole unit was walked: values from callers, then the launches.
    QVector<LaunchSite> finish();
    // The unit's macro definitions, shared with every evaluator that reads this unit.
    const std::shared_ptr<MacroOperators>& macroOperators() const { return m_macros; }

private:
    struct Configuration {
        CXCursor grid = clang_getNullCursor();
        CXCursor block = clang_getNullCursor();
        CXCursor sharedBytes = clang_getNullCursor();
        CXCursor stream = clang_getNullCursor();
        CXCursor kernel = clang_getNullCursor(); // the launched template, for written arguments
        QVector<CXCursor> templateArguments; // written at a dependent kernel reference
        // The kernel's arguments at the launch, with the kernel's names of the integer
        // parameters they bind (empty for the others: pointers, floats, structs).
        QVector<CXCursor> arguments;
        QStringList integerParameters;
        QStringList pointerParameters; // by position too: a null pointer passed is a value (0)
    };
    // A launch whose values may come from a caller, with what evaluates them again.
    struct Pending {
        int launch;
        CXCursor function;
        Configuration configuration;
        QHash<QString, qint64> bindings; // what the call that gave the launch's values bound
    };
    struct CallSite {
        CXCursor call;
        CXCursor caller;
    };

    void record(LaunchSite launch, CXCursor function, const Configuration& configuration, ConstantEvaluator& evaluator);
    void evaluate(LaunchSite& launch, const Configuration& configuration, ConstantEvaluator& evaluator) const;
    bool recordRuntimeLaunch(CXCursor call, const QString& name, CXCursor function, ConstantEvaluator& evaluator);
    Configuration launchConfigFields(CXCursor config, CXCursor function) const;
    void resolveFromCaller(Pending& pending);
    // What one call of a function gives its parameters: values by parameter USR (template
    // parameters by ConstantEvaluator::templateParameterBinding), and the call's "file:line".
    struct CallBinding {
        QHash<QString, qint64> values;
        QString from;
    };
    // Every call of `function` that gives some parameter a compile-time value, in walk order;
    // the callers' own parameters are bound from their calls `levels` - 1 more levels up.
    QVector<CallBinding> callerBindings(CXCursor function, int levels);
    bool isComplete(const LaunchSite& launch, const Configuration& configuration) const;
    // What the launch still leaves open, as expressions over host values (LaunchHostValues).
    void readHostValues(const Pending& pending);
    // The names `function`'s parameter `index` has in its one caller that passes a variable
    // of its own there ("main:n"), and further up where that is a parameter too.
    QStringList callerNamesOf(CXCursor function, int index, int depth) const;

    CXTranslationUnit m_tu;
    std::shared_ptr<MacroOperators> m_macros;
    QVector<LaunchSite> m_launches;
    QVector<Pending> m_pending;
    QHash<QString, QVector<CallSite>> m_callsByCallee; // callee USR → calls, in walk order
    QHash<QString, QHash<QString, qint64>> m_bestCallerBindings; // "USR@levels" → best call's values
};

// The key of a function's definition when this unit has it, else its USR; an implicit
// instantiation is its template, an explicit specialisation itself.
QString functionReference(CXCursor called);

} // namespace slicewatt

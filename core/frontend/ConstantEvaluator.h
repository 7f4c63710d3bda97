// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "MacroOperators.h"
#include "ir/Operators.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QSet>

#include <array>
#include <memory>
#include <optional>

namespace slicewatt {

class FileBudget;

// Computes the compile-time value of launch expressions inside one function: literals,
// macros, sizeof, const/constexpr variables, arithmetic on those, dim3(…) constructions,
// and local variables that are initialised with such a value and never changed afterwards
// (`dim3 block(16, 16); k<<<grid, block>>>` is how most launches are written).
// Anything that depends on parameters, calls or runtime data stays unknown.
class ConstantEvaluator {
public:
    ConstantEvaluator(CXTranslationUnit tu, CXCursor function);

    std::optional<qint64> scalar(CXCursor expression);
    // A grid or block argument: a dim3 expression, or an integer meaning (n, 1, 1).
    LaunchDim dim3(CXCursor expression);
    // const-qualified, or local to this function and never assigned, incremented or
    // address-taken in it: its initialiser is its value.
    bool isFixedValueVariable(CXCursor variable);
    // Values of the function's own parameters for one call of it (a launch's values one
    // call level up): by parameter USR, and by templateParameterBinding(name) for
    // non-type template parameters.
    void bindParameters(const QHash<QString, qint64>& values);
    static QString templateParameterBinding(const QString& name);
    // Canonical spellings of type template parameters ("T" → "float") for one
    // instantiation: `std::is_same<T, float>::value` and `std::is_same_v<T, float>` become
    // known when both sides are bound or fundamental types.
    void bindTemplateTypes(const QHash<QString, QString>& types);
    // The binding (and LaunchSite::templateArguments key) of a type template parameter's
    // size in bytes: "sizeof(T)", what `sizeof(T)` evaluates to once bound.
    static QString templateTypeSizeKey(const QString& name);
    // The binding for one LaunchSite::templateArguments entry: a type's size key as it is,
    // a value by its parameter's templateParameterBinding.
    static QString templateArgumentBinding(const QString& launchKey);
    // The unit's macro definitions, read once for every evaluator of the unit that asks.
    void shareMacroOperators(std::shared_ptr<MacroOperators> macros) { m_macros = std::move(macros); }
    // Makes every evaluation give up (unknown) once the file's time budget is spent.
    void setBudget(FileBudget* budget) { m_budget = budget; }
    // The operator of a binary expression whose left operand is `lhs`, also where a macro's
    // definition spells it (`CEIL_DIV(n, 256)`).
    std::optional<BinaryOperator> binaryOperatorOf(CXCursor expression, CXCursor lhs);

private:
    using Triple = std::array<std::optional<qint64>, 3>;

    std::optional<qint64> evaluateScalar(CXCursor expression, int depth);
    Triple evaluateDim3(CXCursor expression, int depth);
    std::optional<qint64> evaluateVariable(CXCursor variable, int depth);
    std::optional<qint64> structField(CXCursor member, CXCursor base, int depth);
    std::optional<CXCursor> initialiserOf(CXCursor variable) const;
    const QSet<QString>& modifiedVariables();
    // Adds what `parent`'s descendants modify to m_modified; false when it stopped early
    // (nesting too deep, or the file's time budget spent).
    bool scanForModifiedVariables(CXCursor parent, int depth);
    void noteModification(CXCursor cursor);
    QString operatorAfter(CXCursor expression, CXCursor operand) const;
    QString firstToken(CXCursor expression) const;

    CXTranslationUnit m_tu;
    CXCursor m_function;
    bool m_inTemplate;
    bool m_modifiedScanned = false;
    QSet<QString> m_modified; // USRs of local variables assigned, incremented or address-taken
    bool m_modifiedComplete = false; // the scan saw the whole function
    // Values of variables already evaluated, by USR: `const int b = a + a; const int c = b + b;`
    // would otherwise be evaluated again at every use, twice as often per level.
    QHash<QString, std::optional<qint64>> m_variableValues;
    FileBudget* m_budget = nullptr;
    QHash<QString, qint64> m_bindings;
    QHash<QString, QString> m_typeBindings;
    std::shared_ptr<MacroOperators> m_macros; // made when an operator hides in a macro
    std::optional<qint64> isSameType(CXCursor expression) const;
    std::optional<qint64> bound(const QString& key) const;
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchRecorder.h"

#include "ClangHandles.h"
#include "CursorQueries.h"
#include "HostValueReader.h"

#include <QRegularExpression>

namespace slicewatt {
namespace {

bool isLaunchConfigurationCall(CXCursor cursor)
{
    if (clang_getCursorKind(cursor) != CXCursor_CallExpr)
        return false;
    const QString name = spellingOf(cursor);
    // clang calls cudaConfigureCall for old CUDA versions and __cudaPushCallConfiguration
    // for CUDA ≥ 9.2; which one depends on the version it assumes, so accept both.
    return name == QLatin1String("cudaConfigureCall") || name == QLatin1String("__cudaPushCallConfiguration");
}

// Parentheses, casts and `&` peeled off a reference: a kernel pointer (`(void*)saxpy`,
// `&k<256>`) or the launch configuration of cudaLaunchKernelEx (`&config`).
CXCursor strippedReference(CXCursor expression)
{
    for (int i = 0; i < 16; ++i) {
        const CXCursorKind kind = clang_getCursorKind(expression);
        if (kind == CXCursor_DeclRefExpr || kind == CXCursor_OverloadedDeclRef)
            return expression;
        const QVector<CXCursor> operands = expressionChildren(expression);
        if (operands.size() != 1)
            break;
        expression = operands.first();
    }
    return clang_getNullCursor();
}

// The function a reference names; for an overloaded or dependent name (`reduce<BLOCK>`
// in a template host function), its first candidate.
CXCursor referencedFunction(CXCursor reference)
{
    if (isNull(reference))
        return reference;
    if (clang_getCursorKind(reference) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(reference) > 0)
        return clang_getOverloadedDecl(reference, 0);
    const CXCursor referenced = clang_getCursorReferenced(reference);
    const CXCursorKind kind = clang_getCursorKind(referenced);
    if (kind == CXCursor_FunctionDecl || kind == CXCursor_FunctionTemplate)
        return referenced;
    // A dependent `reduce<BLOCK>`: a reference whose first child names the candidates.
    const QVector<CXCursor> children = childrenOf(reference);
    if (!children.isEmpty() && clang_getCursorKind(children.first()) == CXCursor_OverloadedDeclRef)
        return referencedFunction(children.first());
    return clang_getNullCursor();
}

// The template arguments written at a dependent kernel reference (`reduce<BLOCK, T>`), in
// order: expressions for values, type references for types (kept for their position).
QVector<CXCursor> writtenTemplateArguments(CXCursor reference)
{
    QVector<CXCursor> children = childrenOf(reference);
    if (children.isEmpty() || clang_getCursorKind(children.first()) != CXCursor_OverloadedDeclRef)
        return {};
    children.removeFirst();
    return children;
}

bool isIntegerType(CXType type)
{
    const CXTypeKind kind = clang_getCanonicalType(type).kind;
    return (kind >= CXType_Bool && kind <= CXType_Int128) || kind == CXType_Enum;
}

// The names of a kernel's integer parameters by position (empty for the others), read from
// the template for an instantiation: the names the kernel's body uses.
QStringList integerParameterNames(CXCursor kernel)
{
    QStringList names;
    for (const CXCursor& parameter : parametersOf(primaryTemplateOf(kernel)))
        names << (isIntegerType(clang_getCursorType(parameter)) ? spellingOf(parameter) : QString());
    return names;
}

// The names of its pointer parameters by position, the same way.
QStringList pointerParameterNames(CXCursor kernel)
{
    QStringList names;
    for (const CXCursor& parameter : parametersOf(primaryTemplateOf(kernel))) {
        const CXTypeKind kind = clang_getCanonicalType(clang_getCursorType(parameter)).kind;
        names << (kind == CXType_Pointer ? spellingOf(parameter) : QString());
    }
    return names;
}

QVector<CXCursor> kernelCallArguments(CXCursor call)
{
    QVector<CXCursor> arguments;
    const int count = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < count; ++i)
        arguments << clang_Cursor_getArgument(call, unsigned(i));
    return arguments;
}

} // namespace

QString functionReference(CXCursor called)
{
    // An explicit specialisation is a function of its own (the launch of k<double> runs
    // its body); an implicit instantiation is its template.
    const CXCursor function = functionRunBy(called);
    const QString usr = usrOf(function);
    const CXCursor definition = clang_getCursorDefinition(function);
    if (usr.isEmpty() || isNull(definition))
        return usr;
    return functionKey(usr, expansionLocationOf(definition));
}

namespace {

// The template parameter names of a specialisation's primary template, in order; empty
// when the cursor is no specialisation.
QStringList templateParameterNames(CXCursor specialisation)
{
    QStringList names;
    const CXCursor primary = primaryTemplateOf(specialisation);
    if (clang_Cursor_getNumTemplateArguments(specialisation) <= 0 || clang_equalCursors(primary, specialisation))
        return names;
    for (const CXCursor& child : childrenOf(primary)) {
        const CXCursorKind kind = clang_getCursorKind(child);
        if (kind == CXCursor_TemplateTypeParameter || kind == CXCursor_NonTypeTemplateParameter
            || kind == CXCursor_TemplateTemplateParameter)
            names << spellingOf(child);
    }
    return names;
}

// A specialisation's template arguments by its primary template's parameter names:
// integral ones by value; type ones by size under "sizeof(T)" (all `if constexpr
// (sizeof(T) == 8)` asks) and by canonical spelling (for std::is_same).
struct TemplateArguments {
    QHash<QString, qint64> values;
    QHash<QString, QString> types;
};

TemplateArguments templateArgumentsOf(CXCursor specialisation)
{
    TemplateArguments arguments;
    const int count = clang_Cursor_getNumTemplateArguments(specialisation);
    const QStringList names = templateParameterNames(specialisation);
    for (int i = 0; i < count && i < names.size(); ++i) {
        const CXTemplateArgumentKind kind = clang_Cursor_getTemplateArgumentKind(specialisation, unsigned(i));
        if (kind == CXTemplateArgumentKind_Integral) {
            arguments.values.insert(names[i], clang_Cursor_getTemplateArgumentValue(specialisation, unsigned(i)));
        } else if (kind == CXTemplateArgumentKind_Type) {
            const CXType type = clang_Cursor_getTemplateArgumentType(specialisation, unsigned(i));
            const long long bytes = clang_Type_getSizeOf(type);
            if (bytes > 0)
                arguments.values.insert(ConstantEvaluator::templateTypeSizeKey(names[i]), bytes);
            arguments.types.insert(names[i], takeString(clang_getTypeSpelling(clang_getCanonicalType(type))));
        }
    }
    return arguments;
}

// Which kernel a launch starts, with the template arguments of the instantiation.
void identifyKernel(LaunchSite& launch, CXCursor kernel)
{
    launch.kernelRef = functionReference(kernel);
    launch.kernelName = spellingOf(primaryTemplateOf(kernel));
    TemplateArguments arguments = templateArgumentsOf(kernel);
    launch.templateArguments = std::move(arguments.values);
    launch.templateTypes = std::move(arguments.types);
}

} // namespace

LaunchRecorder::LaunchRecorder(CXTranslationUnit tu)
    : m_tu(tu)
    , m_macros(std::make_shared<MacroOperators>(tu))
{
}

void LaunchRecorder::evaluate(
    LaunchSite& launch, const Configuration& configuration, ConstantEvaluator& evaluator) const
{
    // What is known already stays: a caller's values only fill the gaps.
    auto fill = [&](LaunchDim& dim, CXCursor expression) {
        if (isNull(expression))
            return;
        const LaunchDim value = evaluator.dim3(expression);
        dim.x = dim.x ? dim.x : value.x;
        dim.y = dim.y ? dim.y : value.y;
        dim.z = dim.z ? dim.z : value.z;
        if (dim.expression.isEmpty())
            dim.expression = value.expression;
    };
    fill(launch.grid, configuration.grid);
    fill(launch.block, configuration.block);
    if (!isNull(configuration.sharedBytes)) {
        if (!launch.sharedBytes)
            launch.sharedBytes = evaluator.scalar(configuration.sharedBytes);
        if (launch.sharedExpression.isEmpty())
            launch.sharedExpression = sourceTextOf(m_tu, configuration.sharedBytes);
    } else if (!launch.sharedBytes) {
        launch.sharedBytes = 0;
    }
    if (!isNull(configuration.stream) && launch.streamExpression.isEmpty())
        launch.streamExpression = sourceTextOf(m_tu, configuration.stream);
    for (int i = 0; i < configuration.integerParameters.size() && i < configuration.arguments.size(); ++i) {
        const QString& name = configuration.integerParameters[i];
        if (name.isEmpty() || launch.argumentValues.contains(name))
            continue;
        if (const auto value = evaluator.scalar(configuration.arguments[i]))
            launch.argumentValues.insert(name, *value);
    }
    // `nullptr`, `NULL` or `0` for a pointer: the kernel's `if (d_Input)` is decided. Any
    // other pointer stays unknown (an allocation's address is no constant).
    for (int i = 0; i < configuration.pointerParameters.size() && i < configuration.arguments.size(); ++i) {
        const QString& name = configuration.pointerParameters[i];
        if (!name.isEmpty() && !launch.argumentValues.contains(name)
            && evaluator.scalar(configuration.arguments[i]) == 0)
            launch.argumentValues.insert(name, 0);
    }
    // `reduce<BLOCK>` in a template host function: the kernel's parameters by position.
    if (!configuration.templateArguments.isEmpty()) {
        QStringList names;
        for (const CXCursor& child : childrenOf(primaryTemplateOf(configuration.kernel))) {
            const CXCursorKind kind = clang_getCursorKind(child);
            if (kind == CXCursor_TemplateTypeParameter || kind == CXCursor_NonTypeTemplateParameter
                || kind == CXCursor_TemplateTemplateParameter)
                names << (kind == CXCursor_NonTypeTemplateParameter ? spellingOf(child) : QString());
        }
        for (int i = 0; i < names.size() && i < configuration.templateArguments.size(); ++i) {
            if (names[i].isEmpty() || launch.templateArguments.contains(names[i]))
                continue;
            if (const auto value = evaluator.scalar(configuration.templateArguments[i]))
                launch.templateArguments.insert(names[i], *value);
        }
    }
}

void LaunchRecorder::record(
    LaunchSite launch, CXCursor function, const Configuration& configuration, ConstantEvaluator& evaluator)
{
    launch.callerName = spellingOf(function);
    evaluate(launch, configuration, evaluator);
    for (auto it = launch.argumentValues.constBegin(); it != launch.argumentValues.constEnd(); ++it)
        launch.argumentOrigins.insert(it.key(), QStringLiteral("launch"));
    if (!isComplete(launch, configuration))
        m_pending << Pending{int(m_launches.size()), function, configuration, {}};
    m_launches << launch;
}

bool LaunchRecorder::recordLaunch(CXCursor call, CXCursor function, ConstantEvaluator& evaluator)
{
    const QVector<CXCursor> children = childrenOf(call);
    if (children.size() >= 2 && isLaunchConfigurationCall(children[1])) {
        LaunchSite launch;
        CXCursor kernel = clang_getCursorReferenced(call);
        const CXCursor reference = strippedReference(children.first());
        const CXCursorKind kernelKind = clang_getCursorKind(kernel);
        if (kernelKind != CXCursor_FunctionDecl && kernelKind != CXCursor_FunctionTemplate)
            kernel = referencedFunction(reference); // a dependent `k<BLOCK>` in a template host function
        if (!isNull(kernel))
            identifyKernel(launch, kernel);
        if (launch.kernelName.isEmpty())
            launch.kernelName = spellingOf(call);
        launch.location = expansionLocationOf(children.first());
        // Arguments the launch leaves out (shared bytes, stream) appear as defaulted ones;
        // the first expression child is the reference to the configuration function itself.
        QVector<CXCursor> values;
        for (const CXCursor& child : childrenOf(children[1])) {
            if (clang_isExpression(clang_getCursorKind(child)) && !isDefaultedArgument(child))
                values << child;
        }
        if (!values.isEmpty())
            values.removeFirst();
        Configuration configuration;
        configuration.grid = values.value(0, clang_getNullCursor());
        configuration.block = values.value(1, clang_getNullCursor());
        configuration.sharedBytes = values.value(2, clang_getNullCursor());
        configuration.stream = values.value(3, clang_getNullCursor());
        configuration.kernel = kernel;
        configuration.templateArguments = writtenTemplateArguments(reference);
        if (!isNull(kernel)) {
            configuration.arguments = kernelCallArguments(call);
            configuration.integerParameters = integerParameterNames(kernel);
            configuration.pointerParameters = pointerParameterNames(kernel);
        }
        record(launch, function, configuration, evaluator);
        return true;
    }
    const QString name = spellingOf(call);
    return name.startsWith(QLatin1String("cudaLaunch")) && recordRuntimeLaunch(call, name, function, evaluator);
}

void LaunchRecorder::noteCall(CXCursor call, CXCursor caller, const QVector<CXCursor>& candidates)
{
    for (const CXCursor& callee : candidates) {
        const QString usr = usrOf(primaryTemplateOf(callee));
        if (!usr.isEmpty())
            m_callsByCallee[usr] << CallSite{call, caller};
    }
}

bool LaunchRecorder::recordRuntimeLaunch(
    CXCursor call, const QString& name, CXCursor function, ConstantEvaluator& evaluator)
{
    const QVector<CXCursor> arguments = callArguments(call);
    const bool extended = name == QLatin1String("cudaLaunchKernelEx");
    if (!extended && name != QLatin1String("cudaLaunchKernel") && name != QLatin1String("cudaLaunchCooperativeKernel"))
        return false;
    const int kernelIndex = extended ? 1 : 0;
    if (arguments.size() <= kernelIndex)
        return false;
    const CXCursor reference = strippedReference(arguments[kernelIndex]);
    const CXCursor kernel = referencedFunction(reference);
    if (isNull(kernel) || functionKindOf(primaryTemplateOf(kernel)) != FunctionKind::Kernel)
        return false; // a function pointer variable: which kernel it holds is not known here
    LaunchSite launch;
    launch.api = name;
    identifyKernel(launch, kernel);
    launch.location = expansionLocationOf(call);
    Configuration configuration;
    if (extended) {
        configuration = launchConfigFields(arguments[0], function);
    } else {
        configuration.grid = arguments.value(1, clang_getNullCursor());
        configuration.block = arguments.value(2, clang_getNullCursor());
        if (arguments.size() > 4 && !isDefaultedArgument(arguments[4]))
            configuration.sharedBytes = arguments[4];
        if (arguments.size() > 5 && !isDefaultedArgument(arguments[5]))
            configuration.stream = arguments[5];
    }
    record(launch, function, configuration, evaluator);
    return true;
}

// `&config` of cudaLaunchKernelEx: the values the function gives config's fields, from
// `cudaLaunchConfig_t config = {grid, block, bytes, stream}` or `config.gridDim = …;` (the
// last assignment before the launch wins).
LaunchRecorder::Configuration LaunchRecorder::launchConfigFields(CXCursor config, CXCursor function) const
{
    Configuration configuration;
    const CXCursor reference = strippedReference(config);
    const CXCursor variable = isNull(reference) ? reference : clang_getCursorReferenced(reference);
    if (isNull(variable) || clang_getCursorKind(variable) != CXCursor_VarDecl)
        return configuration;
    const QVector<CXCursor> initialiser = expressionChildren(variable);
    if (!initialiser.isEmpty() && clang_getCursorKind(initialiser.last()) == CXCursor_InitListExpr) {
        const QVector<CXCursor> fields = expressionChildren(initialiser.last());
        configuration.grid = fields.value(0, clang_getNullCursor());
        configuration.block = fields.value(1, clang_getNullCursor());
        configuration.sharedBytes = fields.value(2, clang_getNullCursor());
        configuration.stream = fields.value(3, clang_getNullCursor());
    }
    struct Search {
        CXTranslationUnit tu;
        QString usr;
        Configuration* configuration;
    } search{m_tu, usrOf(variable), &configuration};
    clang_visitChildren(
        function,
        [](CXCursor cursor, CXCursor, CXClientData data) {
            auto* found = static_cast<Search*>(data);
            // `config.gridDim = dim3(128)` assigns a class: an operator= call.
            const bool classAssignment
                = clang_getCursorKind(cursor) == CXCursor_CallExpr && spellingOf(cursor) == QLatin1String("operator=");
            if (clang_getCursorKind(cursor) != CXCursor_BinaryOperator && !classAssignment)
                return CXChildVisit_Recurse;
            QVector<CXCursor> sides;
            for (const CXCursor& operand : expressionChildren(cursor)) {
                if (!classAssignment || spellingOf(operand) != QLatin1String("operator="))
                    sides << operand;
            }
            while (!sides.isEmpty() && clang_getCursorKind(sides[0]) == CXCursor_UnexposedExpr
                && expressionChildren(sides[0]).size() == 1)
                sides[0] = expressionChildren(sides[0]).first();
            if (sides.size() != 2 || clang_getCursorKind(sides[0]) != CXCursor_MemberRefExpr)
                return CXChildVisit_Recurse;
            const QVector<CXCursor> base = expressionChildren(sides[0]);
            if (base.size() != 1 || clang_getCursorKind(base[0]) != CXCursor_DeclRefExpr
                || usrOf(clang_getCursorReferenced(base[0])) != found->usr)
                return CXChildVisit_Recurse;
            // An assignment, not a comparison: `config.gridDim = …`.
            static const QRegularExpression assignment(QStringLiteral("^[^=]*[^=!<>]=[^=]"));
            if (!assignment.match(sourceTextOf(found->tu, cursor)).hasMatch())
                return CXChildVisit_Recurse;
            const QString field = spellingOf(sides[0]);
            if (field == QLatin1String("gridDim"))
                found->configuration->grid = sides[1];
            else if (field == QLatin1String("blockDim"))
                found->configuration->block = sides[1];
            else if (field == QLatin1String("dynamicSmemBytes"))
                found->configuration->sharedBytes = sides[1];
            else if (field == QLatin1String("stream"))
                found->configuration->stream = sides[1];
            return CXChildVisit_Continue;
        },
        &search);
    return configuration;
}

bool LaunchRecorder::isComplete(const LaunchSite& launch, const Configuration& configuration) const
{
    if (!launch.grid.isFullyKnown() || !launch.block.isFullyKnown() || !launch.sharedBytes
        || !configuration.templateArguments.isEmpty())
        return false;
    for (const QString& name : configuration.integerParameters) {
        if (!name.isEmpty() && !launch.argumentValues.contains(name))
            return false;
    }
    return true;
}

QVector<LaunchRecorder::CallBinding> LaunchRecorder::callerBindings(CXCursor function, int levels)
{
    QVector<CallBinding> found;
    if (levels <= 0)
        return found;
    const auto calls = m_callsByCallee.constFind(usrOf(primaryTemplateOf(function)));
    if (calls == m_callsByCallee.constEnd())
        return found;
    const QVector<CXCursor> parameters = parametersOf(function);
    for (const CallSite& site : *calls) {
        ConstantEvaluator callerValues(m_tu, site.caller);
        callerValues.shareMacroOperators(m_macros);
        // The caller passing its own parameter on (`launch(n)` inside `run(int n)`): bound
        // from the caller's call that binds most of them, one level further up.
        if (levels > 1 && !clang_equalCursors(site.caller, function)) {
            // Cached per caller and level: a host function calling a launcher many times
            // would otherwise read its own callers once per call.
            const QString key = QStringLiteral("%1@%2").arg(usrOf(site.caller)).arg(levels - 1);
            auto outer = m_bestCallerBindings.constFind(key);
            if (outer == m_bestCallerBindings.constEnd()) {
                QHash<QString, qint64> values;
                for (const CallBinding& call : callerBindings(site.caller, levels - 1)) {
                    if (call.values.size() > values.size())
                        values = call.values;
                }
                outer = m_bestCallerBindings.insert(key, values);
            }
            callerValues.bindParameters(*outer);
        }
        CallBinding binding;
        const QVector<CXCursor> arguments = callArguments(site.call);
        for (int i = 0; i < parameters.size() && i < arguments.size(); ++i) {
            if (const auto value = callerValues.scalar(arguments[i]))
                binding.values.insert(usrOf(parameters[i]), *value);
        }
        const QHash<QString, qint64> templateArguments
            = templateArgumentsOf(clang_getCursorReferenced(site.call)).values;
        for (auto it = templateArguments.constBegin(); it != templateArguments.constEnd(); ++it)
            binding.values.insert(ConstantEvaluator::templateParameterBinding(it.key()), it.value());
        if (binding.values.isEmpty())
            continue;
        const SourceLocation where = expansionLocationOf(site.call);
        binding.from = QStringLiteral("%1:%2").arg(where.file).arg(where.line);
        found << binding;
    }
    return found;
}

void LaunchRecorder::resolveFromCaller(Pending& pending)
{
    const LaunchSite original = m_launches[pending.launch];
    LaunchSite best = original;
    for (const CallBinding& call : callerBindings(pending.function, 2)) {
        ConstantEvaluator evaluator(m_tu, pending.function);
        evaluator.shareMacroOperators(m_macros);
        evaluator.bindParameters(call.values);
        LaunchSite candidate = original;
        evaluate(candidate, pending.configuration, evaluator);
        // The call that makes most values known decides; of equals, the first.
        if (candidate.knownValueCount() <= best.knownValueCount())
            continue;
        for (auto it = candidate.argumentValues.constBegin(); it != candidate.argumentValues.constEnd(); ++it) {
            if (!original.argumentValues.contains(it.key()))
                candidate.argumentOrigins.insert(it.key(), call.from);
        }
        candidate.valuesFrom = call.from;
        best = candidate;
        pending.bindings = call.values;
    }
    m_launches[pending.launch] = best;
}

QStringList LaunchRecorder::callerNamesOf(CXCursor function, int index, int depth) const
{
    const auto calls = m_callsByCallee.constFind(usrOf(primaryTemplateOf(function)));
    // More callers than one pass different values: a name in one of them is not the value.
    if (depth > 3 || calls == m_callsByCallee.constEnd() || calls->size() != 1)
        return {};
    const CallSite& site = calls->first();
    CXCursor argument = callArguments(site.call).value(index, clang_getNullCursor());
    for (int i = 0; i < 8 && !isNull(argument) && clang_getCursorKind(argument) != CXCursor_DeclRefExpr; ++i) {
        const QVector<CXCursor> inner = expressionChildren(argument);
        const CXCursorKind kind = clang_getCursorKind(argument);
        const bool wrapper = kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr
            || kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr;
        argument = wrapper && inner.size() == 1 ? inner.first() : clang_getNullCursor();
    }
    if (isNull(argument))
        return {};
    const CXCursor variable = clang_getCursorReferenced(argument);
    const CXCursorKind kind = clang_getCursorKind(variable);
    if ((kind != CXCursor_ParmDecl && kind != CXCursor_VarDecl)
        || usrOf(clang_getCursorSemanticParent(variable)) != usrOf(site.caller))
        return {};
    QStringList names{QStringLiteral("%1:%2").arg(spellingOf(primaryTemplateOf(site.caller)), spellingOf(variable))};
    if (kind == CXCursor_ParmDecl) {
        const QVector<CXCursor> parameters = parametersOf(site.caller);
        for (int position = 0; position < parameters.size(); ++position) {
            if (clang_equalCursors(parameters[position], variable))
                names << callerNamesOf(site.caller, position, depth + 1);
        }
    }
    return names;
}

void LaunchRecorder::readHostValues(const Pending& pending)
{
    LaunchSite& launch = m_launches[pending.launch];
    ConstantEvaluator evaluator(m_tu, pending.function);
    evaluator.shareMacroOperators(m_macros);
    evaluator.bindParameters(pending.bindings);
    HostValueReader reader(
        m_tu, pending.function, evaluator,
        [this](CXCursor function, int index) { return callerNamesOf(function, index, 0); }, m_macros);
    // Only what reads a host value: a constant would have been known already, and an
    // expression with nothing to give is no use to anyone.
    auto kept = [](SymbolicExprPtr e) { return e && !e->hostValueNames().isEmpty() ? e : nullptr; };
    const Configuration& configuration = pending.configuration;
    auto readDim = [&](const LaunchDim& dim, CXCursor expression, SymbolicExprPtr(&into)[3]) {
        if (isNull(expression) || dim.isFullyKnown())
            return;
        const std::array<SymbolicExprPtr, 3> value = reader.dim3(expression);
        const std::optional<qint64> known[3] = {dim.x, dim.y, dim.z};
        for (int axis = 0; axis < 3; ++axis) {
            if (!known[axis])
                into[axis] = kept(value[size_t(axis)]);
        }
    };
    readDim(launch.grid, configuration.grid, launch.hostValues.grid);
    readDim(launch.block, configuration.block, launch.hostValues.block);
    if (!launch.sharedBytes && !isNull(configuration.sharedBytes))
        launch.hostValues.sharedBytes = kept(reader.scalar(configuration.sharedBytes));
    for (int i = 0; i < configuration.integerParameters.size() && i < configuration.arguments.size(); ++i) {
        const QString& name = configuration.integerParameters[i];
        if (name.isEmpty() || launch.argumentValues.contains(name))
            continue;
        if (SymbolicExprPtr value = kept(reader.scalar(configuration.arguments[i])))
            launch.hostValues.arguments.insert(name, std::move(value));
    }
}

QVector<LaunchSite> LaunchRecorder::finish()
{
    for (Pending& pending : m_pending) {
        resolveFromCaller(pending);
        readHostValues(pending);
    }
    return m_launches;
}

} // namespace slicewatt

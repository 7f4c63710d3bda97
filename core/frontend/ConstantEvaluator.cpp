// SPDX-License-Identifier: GPL-3.0-or-later
#include "ConstantEvaluator.h"

#include <QRegularExpression>

#include "ClangHandles.h"
#include "CursorQueries.h"
#include "FileBudget.h"

#include <limits>

namespace slicewatt {
namespace {

// Deep enough for real launch expressions, shallow enough that a self-referencing
// initialiser in broken code cannot recurse forever.
constexpr int kMaxDepth = 24;

} // namespace

ConstantEvaluator::ConstantEvaluator(CXTranslationUnit tu, CXCursor function)
    : m_tu(tu)
    , m_function(function)
    , m_inTemplate(isInTemplateContext(function))
{
}

QString ConstantEvaluator::templateTypeSizeKey(const QString& name)
{
    return QStringLiteral("sizeof(%1)").arg(name);
}

QString ConstantEvaluator::templateArgumentBinding(const QString& launchKey)
{
    return launchKey.startsWith(QLatin1String("sizeof(")) ? launchKey : templateParameterBinding(launchKey);
}

QString ConstantEvaluator::templateParameterBinding(const QString& name)
{
    return QStringLiteral("template:") + name;
}

void ConstantEvaluator::bindParameters(const QHash<QString, qint64>& values)
{
    m_bindings = values;
    m_variableValues.clear(); // locals computed from parameters change with them
}

void ConstantEvaluator::bindTemplateTypes(const QHash<QString, QString>& types)
{
    m_typeBindings = types;
    m_variableValues.clear();
}

std::optional<qint64> ConstantEvaluator::isSameType(CXCursor expression) const
{
    static const QRegularExpression pattern(QStringLiteral(
        R"(^(?:::)?(?:std::)?is_same(_v)?<([A-Za-z_][A-Za-z_0-9 ]*),([A-Za-z_][A-Za-z_0-9 ]*)>(::value)?$)"));
    static const QSet<QString> fundamental = {QStringLiteral("bool"), QStringLiteral("char"),
        QStringLiteral("signed char"), QStringLiteral("unsigned char"), QStringLiteral("short"),
        QStringLiteral("unsigned short"), QStringLiteral("int"), QStringLiteral("unsigned int"), QStringLiteral("long"),
        QStringLiteral("unsigned long"), QStringLiteral("long long"), QStringLiteral("unsigned long long"),
        QStringLiteral("float"), QStringLiteral("double")};
    // Spaces only where they separate two words ("unsigned int"), so the pattern is simple.
    static const QRegularExpression looseSpace(QStringLiteral(R"(\s+(?=[^A-Za-z_0-9]|$)|(?<=[^A-Za-z_0-9])\s+)"));
    QString text = sourceTextOf(m_tu, expression);
    text.remove(looseSpace);
    const QRegularExpressionMatch match = pattern.match(text);
    // is_same_v<…> or is_same<…>::value, not is_same<…> alone (a type) or both.
    if (!match.hasMatch() || match.captured(1).isEmpty() == match.captured(4).isEmpty())
        return std::nullopt;
    // A bound parameter's spelling is canonical, and so is a fundamental type's; any other
    // name may be a typedef of either.
    struct Spelling {
        QString text;
        bool canonical;
    };
    auto resolve = [&](const QString& name) {
        const QString simplified = name.simplified();
        const auto bound = m_typeBindings.constFind(simplified);
        if (bound != m_typeBindings.constEnd())
            return Spelling{*bound, true};
        return Spelling{simplified, fundamental.contains(simplified)};
    };
    const Spelling a = resolve(match.captured(2));
    const Spelling b = resolve(match.captured(3));
    if (a.text == b.text)
        return 1;
    if (a.canonical && b.canonical)
        return 0;
    return std::nullopt;
}

std::optional<qint64> ConstantEvaluator::bound(const QString& key) const
{
    const auto it = m_bindings.constFind(key);
    return it == m_bindings.constEnd() ? std::nullopt : std::optional<qint64>(*it);
}

std::optional<qint64> ConstantEvaluator::scalar(CXCursor expression)
{
    return evaluateScalar(expression, 0);
}

LaunchDim ConstantEvaluator::dim3(CXCursor expression)
{
    const Triple value = evaluateDim3(expression, 0);
    LaunchDim dim;
    dim.x = value[0];
    dim.y = value[1];
    dim.z = value[2];
    dim.expression = sourceTextOf(m_tu, expression);
    return dim;
}

std::optional<qint64> ConstantEvaluator::evaluateScalar(CXCursor expression, int depth)
{
    if (depth > kMaxDepth || isNull(expression) || (m_budget && m_budget->exhausted()))
        return std::nullopt;
    // clang's own evaluator knows every constant expression, but libclang 14 must not be
    // asked about value-dependent expressions, which only occur inside templates.
    if (!m_inTemplate) {
        CXEvalResult result = clang_Cursor_Evaluate(expression);
        if (result) {
            std::optional<qint64> value;
            if (clang_EvalResult_getKind(result) == CXEval_Int)
                value = clang_EvalResult_isUnsignedInt(result) ? qint64(clang_EvalResult_getAsUnsigned(result))
                                                               : qint64(clang_EvalResult_getAsLongLong(result));
            clang_EvalResult_dispose(result);
            if (value)
                return value;
        }
    }
    const CXCursorKind kind = clang_getCursorKind(expression);
    if (!m_typeBindings.isEmpty() && (kind == CXCursor_DeclRefExpr || kind == CXCursor_UnexposedExpr)) {
        if (const std::optional<qint64> same = isSameType(expression))
            return same;
    }
    const QVector<CXCursor> operands = expressionChildren(expression);
    switch (kind) {
    case CXCursor_IntegerLiteral: {
        bool ok = false;
        QString text = firstToken(expression).toLower();
        while (text.endsWith(QLatin1Char('u')) || text.endsWith(QLatin1Char('l')))
            text.chop(1);
        const qint64 value = text.toLongLong(&ok, 0);
        return ok ? std::optional<qint64>(value) : std::nullopt;
    }
    case CXCursor_CXXBoolLiteralExpr:
        return firstToken(expression) == QLatin1String("true") ? 1 : 0;
    case CXCursor_CXXNullPtrLiteralExpr:
    case CXCursor_GNUNullExpr:
        return 0; // nullptr and NULL: a pointer the kernel can test (`if (d_Input)`)
    case CXCursor_UnexposedExpr:
    case CXCursor_ParenExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
        return operands.size() == 1 ? evaluateScalar(operands.first(), depth + 1) : std::nullopt;
    case CXCursor_DeclRefExpr: {
        const CXCursor referenced = clang_getCursorReferenced(expression);
        if (clang_getCursorKind(referenced) == CXCursor_VarDecl)
            return evaluateVariable(referenced, depth + 1);
        if (!m_bindings.isEmpty()) {
            const CXCursorKind referencedKind = clang_getCursorKind(referenced);
            if (referencedKind == CXCursor_ParmDecl)
                return bound(usrOf(referenced));
            if (referencedKind == CXCursor_NonTypeTemplateParameter)
                return bound(templateParameterBinding(spellingOf(referenced)));
        }
        return std::nullopt;
    }
    case CXCursor_MemberRefExpr: {
        if (operands.size() == 1 && !isDim3Type(clang_getCursorType(operands.first())))
            return structField(expression, operands.first(), depth);
        // `block.x` of a dim3 whose value is known.
        if (operands.size() != 1)
            return std::nullopt;
        const Triple value = evaluateDim3(operands.first(), depth + 1);
        const QString member = spellingOf(expression);
        if (member == QLatin1String("x"))
            return value[0];
        if (member == QLatin1String("y"))
            return value[1];
        if (member == QLatin1String("z"))
            return value[2];
        return std::nullopt;
    }
    case CXCursor_BinaryOperator: {
        if (operands.size() != 2)
            return std::nullopt;
        const auto lhs = evaluateScalar(operands[0], depth + 1);
        const auto rhs = evaluateScalar(operands[1], depth + 1);
        if (!lhs || !rhs)
            return std::nullopt;
        const auto op = binaryOperatorOf(expression, operands[0]);
        return op ? applyBinaryOperator(*op, *lhs, *rhs) : std::nullopt;
    }
    case CXCursor_UnaryOperator: {
        if (operands.size() != 1)
            return std::nullopt;
        const auto value = evaluateScalar(operands[0], depth + 1);
        if (!value)
            return std::nullopt;
        const QString op = firstToken(expression);
        if (op == QLatin1String("-"))
            return *value == std::numeric_limits<qint64>::min() ? std::nullopt : std::optional<qint64>(-*value);
        if (op == QLatin1String("+"))
            return *value;
        if (op == QLatin1String("~"))
            return ~*value;
        if (op == QLatin1String("!"))
            return qint64(!*value);
        return std::nullopt;
    }
    case CXCursor_UnaryExpr: {
        // sizeof(T): a type template parameter's size where a launch bound it, or the size
        // of a type the template does not depend on.
        if (firstToken(expression) != QLatin1String("sizeof"))
            return std::nullopt;
        for (const CXCursor& child : childrenOf(expression)) {
            if (clang_getCursorKind(child) != CXCursor_TypeRef)
                continue;
            const CXCursor referenced = clang_getCursorReferenced(child);
            if (clang_getCursorKind(referenced) == CXCursor_TemplateTypeParameter) {
                if (const std::optional<qint64> size = bound(templateTypeSizeKey(spellingOf(referenced))))
                    return size;
            }
            // A type the template does not depend on, or a parameter an instantiation
            // substituted (`16 / sizeof(T)` of Packed<float>::kCount).
            const long long bytes = clang_Type_getSizeOf(clang_getCursorType(child));
            return bytes > 0 ? std::optional<qint64>(bytes) : std::nullopt;
        }
        return std::nullopt;
    }
    case CXCursor_ConditionalOperator: {
        if (operands.size() != 3)
            return std::nullopt;
        const auto condition = evaluateScalar(operands[0], depth + 1);
        if (!condition)
            return std::nullopt;
        return evaluateScalar(*condition ? operands[1] : operands[2], depth + 1);
    }
    default:
        return std::nullopt;
    }
}

ConstantEvaluator::Triple ConstantEvaluator::evaluateDim3(CXCursor expression, int depth)
{
    if (depth > kMaxDepth || isNull(expression) || (m_budget && m_budget->exhausted()))
        return {};
    if (!isDim3Type(clang_getCursorType(expression))) {
        // An integer grid or block means (n, 1, 1).
        return {evaluateScalar(expression, depth + 1), qint64(1), qint64(1)};
    }
    const CXCursorKind kind = clang_getCursorKind(expression);
    const QVector<CXCursor> operands = expressionChildren(expression);
    switch (kind) {
    case CXCursor_UnexposedExpr:
    case CXCursor_ParenExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CStyleCastExpr:
        return operands.size() == 1 ? evaluateDim3(operands.first(), depth + 1) : Triple{};
    case CXCursor_CallExpr: {
        // A dim3 constructor: copy (one dim3 argument) or from up to three integers, the
        // missing ones defaulting to 1 as in CUDA's dim3.
        if (operands.size() == 1 && isDim3Type(clang_getCursorType(operands.first())))
            return evaluateDim3(operands.first(), depth + 1);
        if (operands.size() > 3)
            return {};
        for (const CXCursor& operand : operands) {
            const QString type
                = takeString(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(operand))));
            if (type.contains(QLatin1String("uint3"))) // dim3(blockIdx) and friends: runtime values
                return {};
        }
        Triple value = {qint64(1), qint64(1), qint64(1)};
        for (int i = 0; i < operands.size(); ++i) {
            // dim3's defaulted components are 1.
            if (!isDefaultedArgument(operands[i]))
                value[size_t(i)] = evaluateScalar(operands[i], depth + 1);
        }
        return value;
    }
    case CXCursor_DeclRefExpr: {
        const CXCursor variable = clang_getCursorReferenced(expression);
        if (clang_getCursorKind(variable) != CXCursor_VarDecl || !isFixedValueVariable(variable))
            return {};
        const auto initialiser = initialiserOf(variable);
        if (!initialiser)
            return {qint64(1), qint64(1), qint64(1)}; // `dim3 block;` is (1, 1, 1)
        return evaluateDim3(*initialiser, depth + 1);
    }
    default:
        // Wrappers libclang does not expose (conversions in templates, for instance):
        // the value is that of the single operand.
        return operands.size() == 1 ? evaluateDim3(operands.first(), depth + 1) : Triple{};
    }
}

std::optional<qint64> ConstantEvaluator::evaluateVariable(CXCursor variable, int depth)
{
    const QString usr = usrOf(variable); // empty for some declarations in broken code
    const auto known = usr.isEmpty() ? m_variableValues.constEnd() : m_variableValues.constFind(usr);
    if (known != m_variableValues.constEnd())
        return *known;
    std::optional<qint64> value;
    if (isFixedValueVariable(variable)) {
        if (const auto initialiser = initialiserOf(variable))
            value = evaluateScalar(*initialiser, depth + 1);
    }
    // A value given up on because time ran out is not the variable's value.
    if (!usr.isEmpty() && !(m_budget && m_budget->wasExhausted()))
        m_variableValues.insert(usr, value);
    return value;
}

// `shape.cols` of `const Shape shape = {64, 1000};` (a struct variable of fixed value whose
// initialiser lists its fields in order): the field's initialiser. Designated initialisers
// and fields left out are unknown.
std::optional<qint64> ConstantEvaluator::structField(CXCursor member, CXCursor base, int depth)
{
    CXCursor object = base;
    for (int i = 0; i < 4 && clang_getCursorKind(object) == CXCursor_UnexposedExpr; ++i) {
        const QVector<CXCursor> inner = expressionChildren(object);
        if (inner.size() != 1)
            return std::nullopt;
        object = inner.first();
    }
    const CXCursor field = clang_getCursorReferenced(member);
    if (clang_getCursorKind(object) != CXCursor_DeclRefExpr || clang_getCursorKind(field) != CXCursor_FieldDecl)
        return std::nullopt;
    const CXCursor variable = clang_getCursorReferenced(object);
    if (clang_getCursorKind(variable) != CXCursor_VarDecl || !isFixedValueVariable(variable))
        return std::nullopt;
    const std::optional<CXCursor> initialiser = initialiserOf(variable);
    if (!initialiser || clang_getCursorKind(*initialiser) != CXCursor_InitListExpr)
        return std::nullopt;
    int index = 0;
    bool found = false;
    for (const CXCursor& sibling : childrenOf(clang_getCursorSemanticParent(field))) {
        if (clang_getCursorKind(sibling) != CXCursor_FieldDecl)
            continue;
        if (clang_equalCursors(sibling, field)) {
            found = true;
            break;
        }
        ++index;
    }
    const QVector<CXCursor> values = expressionChildren(*initialiser);
    if (!found || index >= values.size())
        return std::nullopt;
    return evaluateScalar(values[index], depth + 1);
}

std::optional<CXCursor> ConstantEvaluator::initialiserOf(CXCursor variable) const
{
    const QVector<CXCursor> operands = expressionChildren(variable);
    if (operands.isEmpty())
        return std::nullopt;
    return operands.last();
}

std::optional<BinaryOperator> ConstantEvaluator::binaryOperatorOf(CXCursor expression, CXCursor lhs)
{
    if (const auto op = binaryOperatorFromSpelling(operatorAfter(expression, lhs)))
        return op;
    // Spelt in a macro's definition (`CEIL_DIV(n, 256)`): read from the expansion.
    if (!m_macros)
        m_macros = std::make_shared<MacroOperators>(m_tu);
    return m_macros->operatorOf(expression);
}

QString ConstantEvaluator::operatorAfter(CXCursor expression, CXCursor operand) const
{
    unsigned operandEnd = 0;
    clang_getSpellingLocation(
        clang_getRangeEnd(clang_getCursorExtent(operand)), nullptr, nullptr, nullptr, &operandEnd);
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(m_tu, clang_getCursorExtent(expression), &tokens, &count);
    QString op;
    for (unsigned i = 0; i < count; ++i) {
        if (clang_getTokenKind(tokens[i]) != CXToken_Punctuation)
            continue;
        unsigned offset = 0;
        clang_getSpellingLocation(clang_getTokenLocation(m_tu, tokens[i]), nullptr, nullptr, nullptr, &offset);
        if (offset >= operandEnd) {
            op = takeString(clang_getTokenSpelling(m_tu, tokens[i]));
            break;
        }
    }
    clang_disposeTokens(m_tu, tokens, count);
    return op;
}

QString ConstantEvaluator::firstToken(CXCursor expression) const
{
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(m_tu, clang_getCursorExtent(expression), &tokens, &count);
    const QString first = count ? takeString(clang_getTokenSpelling(m_tu, tokens[0])) : QString();
    clang_disposeTokens(m_tu, tokens, count);
    return first;
}

} // namespace slicewatt

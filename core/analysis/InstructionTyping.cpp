// SPDX-License-Identifier: GPL-3.0-or-later
#include "InstructionTyping.h"

#include "frontend/ClangHandles.h"

#include <QRegularExpression>
#include <QSet>

namespace slicewatt {
namespace {

// `const T &`, `volatile float` → `T`, `float`.
bool startsWithAny(const QString& name, std::initializer_list<const char*> prefixes)
{
    for (const char* prefix : prefixes) {
        if (name.startsWith(QLatin1String(prefix)))
            return true;
    }
    return false;
}

} // namespace

QString withoutQualifiers(QString spelling)
{
    static const QRegularExpression qualifiers(
        QStringLiteral("\\b(const|volatile|struct|class|__restrict__|__restrict)\\b|[&*]"));
    spelling.remove(qualifiers);
    return spelling.simplified();
}

ValueType valueTypeFromSpelling(const QString& spelling)
{
    const QString lower = spelling.toLower();
    if (lower.contains(QLatin1String("double")))
        return ValueType::Double;
    if (lower.contains(QLatin1String("float")) || lower.contains(QLatin1String("half"))
        || lower.contains(QLatin1String("bfloat16")) || lower.contains(QLatin1String("bf16")))
        return ValueType::Float;
    return ValueType::Integer;
}

std::optional<int> bytesOfSpelling(const QString& spelling)
{
    // The element sizes of the scalar and vector types a CUDA template is instantiated with.
    static const QHash<QString, int> elementBytes = {
        {QStringLiteral("char"), 1},
        {QStringLiteral("signed char"), 1},
        {QStringLiteral("unsigned char"), 1},
        {QStringLiteral("bool"), 1},
        {QStringLiteral("short"), 2},
        {QStringLiteral("unsigned short"), 2},
        {QStringLiteral("__half"), 2},
        {QStringLiteral("half"), 2},
        {QStringLiteral("__nv_bfloat16"), 2},
        {QStringLiteral("int"), 4},
        {QStringLiteral("unsigned int"), 4},
        {QStringLiteral("float"), 4},
        {QStringLiteral("long"), 8},
        {QStringLiteral("unsigned long"), 8},
        {QStringLiteral("long long"), 8},
        {QStringLiteral("unsigned long long"), 8},
        {QStringLiteral("double"), 8},
    };
    static const QHash<QString, QString> vectorElements = {
        {QStringLiteral("char"), QStringLiteral("char")},
        {QStringLiteral("uchar"), QStringLiteral("unsigned char")},
        {QStringLiteral("short"), QStringLiteral("short")},
        {QStringLiteral("ushort"), QStringLiteral("unsigned short")},
        {QStringLiteral("int"), QStringLiteral("int")},
        {QStringLiteral("uint"), QStringLiteral("unsigned int")},
        {QStringLiteral("float"), QStringLiteral("float")},
        {QStringLiteral("long"), QStringLiteral("long")},
        {QStringLiteral("ulong"), QStringLiteral("unsigned long")},
        {QStringLiteral("longlong"), QStringLiteral("long long")},
        {QStringLiteral("ulonglong"), QStringLiteral("unsigned long long")},
        {QStringLiteral("double"), QStringLiteral("double")},
        {QStringLiteral("half"), QStringLiteral("__half")},
    };
    const QString name = withoutQualifiers(spelling);
    if (const auto scalar = elementBytes.constFind(name); scalar != elementBytes.constEnd())
        return *scalar;
    // float4, double2, uint3, __half2: the element's bytes times the lanes.
    static const QRegularExpression vector(QStringLiteral("^(?:__)?([a-z]+)([1-4])$"));
    const QRegularExpressionMatch match = vector.match(name);
    if (match.hasMatch()) {
        const auto element = vectorElements.constFind(match.captured(1));
        if (element != vectorElements.constEnd())
            return elementBytes.value(*element) * match.captured(2).toInt();
    }
    return std::nullopt;
}

std::optional<int> accessBytesOf(CXType type, const QHash<QString, QString>& templateTypes)
{
    const long long size = clang_Type_getSizeOf(clang_getCanonicalType(type));
    if (size > 0)
        return size <= 4096 ? std::optional<int>(int(size)) : std::nullopt;
    const auto bound = templateTypes.constFind(withoutQualifiers(takeString(clang_getTypeSpelling(type))));
    return bound == templateTypes.constEnd() ? std::nullopt : bytesOfSpelling(*bound);
}

std::optional<ValueType> valueTypeOf(CXType type, const QHash<QString, QString>& templateTypes)
{
    if (type.kind == CXType_LValueReference || type.kind == CXType_RValueReference)
        type = clang_getPointeeType(type);
    const CXType canonical = clang_getCanonicalType(type);
    switch (canonical.kind) {
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Float128:
    case CXType_Ibm128:
        return ValueType::Double;
    case CXType_Float:
    case CXType_Half:
    case CXType_Float16:
    case CXType_BFloat16:
        return ValueType::Float;
    case CXType_Pointer:
    case CXType_BlockPointer:
    case CXType_MemberPointer:
    case CXType_ObjCObjectPointer:
    case CXType_NullPtr:
        return ValueType::Integer; // an address is an integer
    case CXType_Vector:
    case CXType_ExtVector:
        return valueTypeOf(clang_getElementType(canonical), templateTypes);
    case CXType_Record:
    case CXType_Elaborated:
        return valueTypeFromSpelling(takeString(clang_getTypeSpelling(canonical)));
    case CXType_Unexposed:
    case CXType_Invalid: {
        // A dependent type: `T`, or a type built from it the canonical form cannot name.
        const QString spelt = withoutQualifiers(takeString(clang_getTypeSpelling(type)));
        const auto bound = templateTypes.constFind(spelt);
        if (bound != templateTypes.constEnd())
            return valueTypeFromSpelling(*bound);
        const QString canonicalSpelling = takeString(clang_getTypeSpelling(canonical));
        if (spelt.isEmpty() || spelt.contains(QLatin1String("dependent"))
            || canonicalSpelling.contains(QLatin1String("type-parameter")))
            return std::nullopt;
        return valueTypeFromSpelling(spelt);
    }
    default:
        return ValueType::Integer; // bool, char, the integers, enums
    }
}

std::optional<OperationClass> operatorClass(BinaryOperator op)
{
    switch (op) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract:
    case BinaryOperator::Multiply:
        return OperationClass::Arithmetic;
    case BinaryOperator::Divide:
    case BinaryOperator::Remainder:
        return OperationClass::Division;
    case BinaryOperator::Assign:
    case BinaryOperator::Comma:
        return std::nullopt;
    default:
        return OperationClass::Other; // shifts, bitwise, logical, comparisons
    }
}

OperationClass mathCallClass(const QString& name)
{
    static const QSet<QString> arithmetic = {QStringLiteral("fma"), QStringLiteral("fmaf"), QStringLiteral("min"),
        QStringLiteral("max"), QStringLiteral("fmin"), QStringLiteral("fminf"), QStringLiteral("fmax"),
        QStringLiteral("fmaxf"), QStringLiteral("fabs"), QStringLiteral("fabsf"), QStringLiteral("abs"),
        QStringLiteral("labs"), QStringLiteral("llabs"), QStringLiteral("umin"), QStringLiteral("umax"),
        QStringLiteral("llmin"), QStringLiteral("llmax"), QStringLiteral("ullmin"), QStringLiteral("ullmax"),
        QStringLiteral("__hadd"), QStringLiteral("__hsub"), QStringLiteral("__hmul"), QStringLiteral("__hfma"),
        QStringLiteral("__hadd2"), QStringLiteral("__hsub2"), QStringLiteral("__hmul2"), QStringLiteral("__hfma2"),
        QStringLiteral("__hneg"), QStringLiteral("__habs"), QStringLiteral("__hmin"), QStringLiteral("__hmax")};
    if (arithmetic.contains(name)
        || startsWithAny(name,
            {"__fmaf_", "__fma_", "__fadd_", "__fsub_", "__fmul_", "__dadd_", "__dsub_", "__dmul_", "__fmaf_ieee_"}))
        return OperationClass::Arithmetic;
    static const QSet<QString> division = {QStringLiteral("__fdividef"), QStringLiteral("fdividef"),
        QStringLiteral("rcp"), QStringLiteral("__hdiv"), QStringLiteral("__h2div")};
    if (division.contains(name) || startsWithAny(name, {"__fdiv_", "__ddiv_", "__frcp_", "__drcp_"}))
        return OperationClass::Division;
    if (startsWithAny(name,
            {"__popc", "__clz", "__brev", "__ffs", "__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi",
                "__umul64hi", "__byte_perm", "__funnelshift", "__fns", "__sad", "__usad", "__bfe", "__bfi"}))
        return OperationClass::Other;
    return OperationClass::Sfu;
}

} // namespace slicewatt

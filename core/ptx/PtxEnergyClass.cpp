// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxEnergyClass.h"

#include <QSet>
#include <QStringList>

namespace slicewatt {

namespace {

// The widest value type among the opcode's type suffixes; nullopt-like Integer default.
ValueType widestType(const QStringList& parts)
{
    ValueType type = ValueType::Integer;
    for (const QString& part : parts) {
        if (part == QLatin1String("f64"))
            type = ValueType::Double;
        else if ((part == QLatin1String("f32") || part.startsWith(QLatin1String("f16"))
                     || part.startsWith(QLatin1String("bf16")))
            && type != ValueType::Double)
            type = ValueType::Float;
    }
    return type;
}

OperationClass operationOf(const QString& head)
{
    static const QSet<QString> division = {QStringLiteral("div"), QStringLiteral("rem"), QStringLiteral("rcp")};
    static const QSet<QString> sfu = {QStringLiteral("sqrt"), QStringLiteral("rsqrt"), QStringLiteral("sin"),
        QStringLiteral("cos"), QStringLiteral("lg2"), QStringLiteral("ex2"), QStringLiteral("tanh")};
    static const QSet<QString> arithmetic
        = {QStringLiteral("add"), QStringLiteral("sub"), QStringLiteral("mul"), QStringLiteral("mad"),
            QStringLiteral("fma"), QStringLiteral("mul24"), QStringLiteral("mad24"), QStringLiteral("sad"),
            QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("abs"), QStringLiteral("neg")};
    if (division.contains(head))
        return OperationClass::Division;
    if (sfu.contains(head))
        return OperationClass::Sfu;
    if (arithmetic.contains(head))
        return OperationClass::Arithmetic;
    return OperationClass::Other;
}

} // namespace

int ptxEnergyClass(const QString& opcode)
{
    switch (classifyPtxOpcode(opcode)) {
    case PtxClass::Global:
    case PtxClass::Texture:
    case PtxClass::Local:
        return kGlobalMemoryClass;
    case PtxClass::Shared:
    case PtxClass::Constant:
        return kLocalMemoryClass;
    case PtxClass::Compute: {
        const QStringList parts = opcode.split(QLatin1Char('.'));
        return computeClassIndex(widestType(parts), operationOf(parts.first()));
    }
    case PtxClass::Param:
    case PtxClass::Branch:
    case PtxClass::Sync:
    case PtxClass::Other:
        break;
    }
    return -1;
}

InstructionCounts ptxLineEnergyClasses(const PtxFunction& function, int file, int line)
{
    InstructionCounts counts;
    for (const PtxBlock& block : function.blocks) {
        for (const PtxInstruction& i : block.instructions) {
            if (i.file != file || i.line != line)
                continue;
            const int c = ptxEnergyClass(i.opcode);
            if (c >= 0)
                counts[c] += 1;
        }
    }
    return counts;
}

} // namespace slicewatt

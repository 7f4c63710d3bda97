// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/InstructionClass.h"
#include "ir/Operators.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QString>

#include <optional>

namespace slicewatt {

// The typing and classing rules of METHOD §9 (rule book "Instruction classes"): which
// value type an operand has and which class an operator or a math call belongs to.

// double → double; float, half, __half, bfloat16 → float; integers, bool, enums, pointers →
// integer. Vector and library types by their element (float4 → float, double2 → double,
// int4 → integer). A type spelt by a template parameter is looked up in `templateTypes`
// (parameter name → canonical spelling, from the launched instantiation); nullopt when it
// is not there.
std::optional<ValueType> valueTypeOf(CXType type, const QHash<QString, QString>& templateTypes);

// A type's spelling without cv-qualifiers, struct/class, restrict, & and *: "const T &" → "T".
QString withoutQualifiers(QString spelling);
// The same rule on a type's spelling ("float", "const double &", "float4").
ValueType valueTypeFromSpelling(const QString& spelling);
// The bytes of a value of a type a template parameter is bound to, from its canonical
// spelling ("double" 8, "float4" 16, "__half" 2, "unsigned long long" 8); nullopt for a
// spelling it does not know (a struct: libclang knows its size only where it is spelt).
std::optional<int> bytesOfSpelling(const QString& spelling);
// The bytes of an access of `type`: its size, or where it is spelt by a template parameter,
// the size of the type `templateTypes` binds it to; nullopt when neither is known.
std::optional<int> accessBytesOf(CXType type, const QHash<QString, QString>& templateTypes);

// + - * → arithmetic; / % → division; shifts, bitwise, comparisons, && || → other; nullopt
// for = and , (no instruction of their own).
std::optional<OperationClass> operatorClass(BinaryOperator op);

// A library math function or intrinsic: fma, min, max, fabs, abs and friends → arithmetic;
// __fdividef, __fdiv_*, __ddiv_*, __frcp_*, rcp → division; __popc, __clz, __brev, __mul24
// and the other bit intrinsics → other; every other math function → SFU.
OperationClass mathCallClass(const QString& name);

} // namespace slicewatt

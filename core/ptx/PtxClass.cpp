// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxProgram.h"

#include <QSet>

#include <algorithm>
#include <map>

namespace slicewatt {

QString ptxClassName(PtxClass c)
{
    switch (c) {
    case PtxClass::Compute:
        return QStringLiteral("compute");
    case PtxClass::Global:
        return QStringLiteral("global");
    case PtxClass::Shared:
        return QStringLiteral("shared");
    case PtxClass::Local:
        return QStringLiteral("local");
    case PtxClass::Constant:
        return QStringLiteral("constant");
    case PtxClass::Texture:
        return QStringLiteral("texture");
    case PtxClass::Param:
        return QStringLiteral("param");
    case PtxClass::Branch:
        return QStringLiteral("branch");
    case PtxClass::Sync:
        return QStringLiteral("sync");
    case PtxClass::Other:
        return QStringLiteral("other");
    }
    return QString();
}

PtxClass classifyPtxOpcode(const QString& opcode)
{
    const QStringList parts = opcode.split(QLatin1Char('.'));
    const QString head = parts.value(0);
    static const QSet<QString> memory
        = {QStringLiteral("ld"), QStringLiteral("ldu"), QStringLiteral("st"), QStringLiteral("atom"),
            QStringLiteral("red"), QStringLiteral("prefetch"), QStringLiteral("prefetchu"), QStringLiteral("cp")};
    if (memory.contains(head)) {
        // Global before shared: cp.async.ca.shared.global copies global → shared, and what it
        // costs is the global access.
        if (parts.contains(QLatin1String("global")))
            return PtxClass::Global;
        if (parts.contains(QLatin1String("shared")))
            return PtxClass::Shared;
        if (parts.contains(QLatin1String("local")))
            return PtxClass::Local;
        if (parts.contains(QLatin1String("const")))
            return PtxClass::Constant;
        if (parts.contains(QLatin1String("param")))
            return PtxClass::Param;
        return PtxClass::Global; // generic addressing
    }
    static const QSet<QString> texture = {QStringLiteral("tex"), QStringLiteral("tld4"), QStringLiteral("txq"),
        QStringLiteral("suld"), QStringLiteral("sust"), QStringLiteral("sured"), QStringLiteral("suq")};
    if (texture.contains(head))
        return PtxClass::Texture;
    static const QSet<QString> branch = {QStringLiteral("bra"), QStringLiteral("brx"), QStringLiteral("call"),
        QStringLiteral("ret"), QStringLiteral("exit")};
    if (branch.contains(head))
        return PtxClass::Branch;
    static const QSet<QString> sync
        = {QStringLiteral("bar"), QStringLiteral("barrier"), QStringLiteral("membar"), QStringLiteral("fence")};
    if (sync.contains(head))
        return PtxClass::Sync;
    static const QSet<QString> compute = {QStringLiteral("add"), QStringLiteral("sub"), QStringLiteral("mul"),
        QStringLiteral("mad"), QStringLiteral("mul24"), QStringLiteral("mad24"), QStringLiteral("sad"),
        QStringLiteral("div"), QStringLiteral("rem"), QStringLiteral("abs"), QStringLiteral("neg"),
        QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("popc"), QStringLiteral("clz"),
        QStringLiteral("bfind"), QStringLiteral("brev"), QStringLiteral("bfe"), QStringLiteral("bfi"),
        QStringLiteral("fma"), QStringLiteral("rcp"), QStringLiteral("sqrt"), QStringLiteral("rsqrt"),
        QStringLiteral("sin"), QStringLiteral("cos"), QStringLiteral("lg2"), QStringLiteral("ex2"),
        QStringLiteral("tanh"), QStringLiteral("and"), QStringLiteral("or"), QStringLiteral("xor"),
        QStringLiteral("not"), QStringLiteral("cnot"), QStringLiteral("shl"), QStringLiteral("shr"),
        QStringLiteral("shf"), QStringLiteral("setp"), QStringLiteral("set"), QStringLiteral("selp"),
        QStringLiteral("slct"), QStringLiteral("cvt"), QStringLiteral("testp"), QStringLiteral("copysign"),
        QStringLiteral("lop3"), QStringLiteral("dp4a"), QStringLiteral("dp2a"), QStringLiteral("mma"),
        QStringLiteral("wmma"), QStringLiteral("fns"), QStringLiteral("szext"), QStringLiteral("bmsk")};
    if (compute.contains(head))
        return PtxClass::Compute;
    return PtxClass::Other; // mov, cvta, shfl, vote, activemask, …
}

std::array<int, kPtxClassCount> PtxFunction::counts() const
{
    std::array<int, kPtxClassCount> counts{};
    for (const PtxBlock& block : blocks) {
        for (const PtxInstruction& instruction : block.instructions)
            ++counts[size_t(instruction.cls)];
    }
    return counts;
}

int PtxLineCounts::total() const
{
    int sum = 0;
    for (int c : counts)
        sum += c;
    return sum;
}

QVector<PtxLineCounts> ptxLineCounts(const PtxFunction& function)
{
    std::map<std::pair<int, int>, PtxLineCounts> lines;
    for (const PtxBlock& block : function.blocks) {
        for (const PtxInstruction& i : block.instructions) {
            if (i.line <= 0)
                continue;
            PtxLineCounts& l = lines[{i.file, i.line}];
            l.file = i.file;
            l.line = i.line;
            ++l.counts[size_t(i.cls)];
            l.loopDepth = std::max(l.loopDepth, block.loopDepth);
        }
    }
    QVector<PtxLineCounts> result;
    for (const auto& [key, counts] : lines)
        result << counts;
    return result;
}

} // namespace slicewatt

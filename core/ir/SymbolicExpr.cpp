// SPDX-License-Identifier: GPL-3.0-or-later
#include "SymbolicExpr.h"

namespace slicewatt {

SymbolicExprPtr SymbolicExpr::constant(qint64 value)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::Constant;
    e->m_value = value;
    return e;
}

SymbolicExprPtr SymbolicExpr::launch(Kind kind, int axis)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = kind;
    e->m_axis = axis;
    return e;
}

SymbolicExprPtr SymbolicExpr::unknown(const QString& label)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::Unknown;
    e->m_text = label;
    return e;
}

SymbolicExprPtr SymbolicExpr::templateParameter(const QString& name)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::TemplateParameter;
    e->m_text = name;
    return e;
}

SymbolicExprPtr SymbolicExpr::kernelArgument(const QString& name)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::KernelArgument;
    e->m_text = name;
    return e;
}

SymbolicExprPtr SymbolicExpr::threadPosition(Kind kind, int axis)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = kind;
    e->m_axis = axis;
    return e;
}

SymbolicExprPtr SymbolicExpr::loopVariable(const QString& name, int loopStatement)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::LoopVariable;
    e->m_text = name;
    e->m_axis = loopStatement;
    return e;
}

SymbolicExprPtr SymbolicExpr::hostValue(const QStringList& names)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::HostValue;
    // One string, so the unit cache writes it as every other leaf: names hold no '|'.
    e->m_text = names.join(QLatin1Char('|'));
    return e;
}

QStringList SymbolicExpr::hostNames() const
{
    return m_kind == Kind::HostValue ? m_text.split(QLatin1Char('|'), Qt::SkipEmptyParts) : QStringList();
}

QStringList SymbolicExpr::hostValueNames() const
{
    if (m_kind != Kind::Binary)
        return hostNames();
    QStringList names = m_lhs->hostValueNames();
    for (const QString& name : m_rhs->hostValueNames()) {
        if (!names.contains(name))
            names << name;
    }
    return names;
}

namespace {

// A host value by its names: each "FUNCTION:NAME" as given, then each plain NAME (a plain
// `--arg n=…` means every n).
std::optional<qint64> hostValueOf(const QStringList& names, const QHash<QString, qint64>& values)
{
    for (const QString& name : names) {
        const auto it = values.constFind(name);
        if (it != values.constEnd())
            return *it;
    }
    for (const QString& name : names) {
        const auto it = values.constFind(name.section(QLatin1Char(':'), -1));
        if (it != values.constEnd())
            return *it;
    }
    return std::nullopt;
}

} // namespace

SymbolicExprPtr SymbolicExpr::binary(BinaryOperator op, SymbolicExprPtr lhs, SymbolicExprPtr rhs)
{
    auto e = std::make_shared<SymbolicExpr>();
    e->m_kind = Kind::Binary;
    e->m_operator = op;
    e->m_text = spellingOf(op);
    e->m_lhs = std::move(lhs);
    e->m_rhs = std::move(rhs);
    return e;
}

std::optional<qint64> SymbolicExpr::evaluate(const LaunchShape& launch) const
{
    switch (m_kind) {
    case Kind::Constant:
        return m_value;
    case Kind::BlockDim:
        return launch.blockDim[m_axis];
    case Kind::GridDim:
        return launch.gridDim[m_axis];
    case Kind::TemplateParameter: {
        const auto it = launch.templateArguments.constFind(m_text);
        return it == launch.templateArguments.constEnd() ? std::nullopt : std::optional<qint64>(*it);
    }
    case Kind::KernelArgument: {
        const auto it = launch.kernelArguments.constFind(m_text);
        return it == launch.kernelArguments.constEnd() ? std::nullopt : std::optional<qint64>(*it);
    }
    case Kind::LoopVariable: {
        const auto it = launch.loopVariables.constFind(m_axis);
        return it == launch.loopVariables.constEnd() ? std::nullopt : std::optional<qint64>(*it);
    }
    case Kind::ThreadIndex:
        return launch.threadIndex[m_axis];
    case Kind::BlockIndex:
        return launch.blockIndex[m_axis];
    case Kind::HostValue:
        return hostValueOf(hostNames(), launch.hostValues);
    case Kind::Unknown:
        return std::nullopt;
    case Kind::Binary: {
        const auto lhs = m_lhs->evaluate(launch);
        const auto rhs = m_rhs->evaluate(launch);
        if (!lhs || !rhs)
            return std::nullopt;
        return applyBinaryOperator(m_operator, *lhs, *rhs);
    }
    }
    return std::nullopt;
}

std::optional<qint64> SymbolicExpr::evaluateForThread(
    const LaunchShape& launch, const qint64 (&threadIndex)[3], const qint64 (&blockIndex)[3]) const
{
    switch (m_kind) {
    case Kind::ThreadIndex:
        return threadIndex[m_axis];
    case Kind::BlockIndex:
        return blockIndex[m_axis];
    case Kind::Binary: {
        const auto lhs = m_lhs->evaluateForThread(launch, threadIndex, blockIndex);
        const auto rhs = m_rhs->evaluateForThread(launch, threadIndex, blockIndex);
        if (!lhs || !rhs)
            return std::nullopt;
        return applyBinaryOperator(m_operator, *lhs, *rhs);
    }
    default:
        return evaluate(launch).value_or(0);
    }
}

bool SymbolicExpr::mentionsThreadIndex() const
{
    if (m_kind == Kind::ThreadIndex)
        return true;
    return m_kind == Kind::Binary && (m_lhs->mentionsThreadIndex() || m_rhs->mentionsThreadIndex());
}

bool SymbolicExpr::mentionsThreadPosition() const
{
    if (m_kind == Kind::ThreadIndex || m_kind == Kind::BlockIndex)
        return true;
    return m_kind == Kind::Binary && (m_lhs->mentionsThreadPosition() || m_rhs->mentionsThreadPosition());
}

int SymbolicExpr::loopVariableStatement() const
{
    if (m_kind == Kind::LoopVariable)
        return m_axis;
    if (m_kind != Kind::Binary)
        return -1;
    const int left = m_lhs->loopVariableStatement();
    return left >= 0 ? left : m_rhs->loopVariableStatement();
}

bool SymbolicExpr::dependsOnLaunch() const
{
    switch (m_kind) {
    case Kind::BlockDim:
    case Kind::GridDim:
    case Kind::TemplateParameter:
    case Kind::KernelArgument:
        return true;
    case Kind::Binary:
        return m_lhs->dependsOnLaunch() || m_rhs->dependsOnLaunch();
    default:
        return false;
    }
}

bool SymbolicExpr::mentionsUnknown() const
{
    if (m_kind == Kind::Binary)
        return m_lhs->mentionsUnknown() || m_rhs->mentionsUnknown();
    return m_kind == Kind::Unknown;
}

QStringList SymbolicExpr::unresolved(const LaunchShape& launch) const
{
    QStringList names;
    switch (m_kind) {
    case Kind::Constant:
        break;
    case Kind::BlockDim:
        if (!launch.blockDim[m_axis])
            names << toString();
        break;
    case Kind::GridDim:
        if (!launch.gridDim[m_axis])
            names << toString();
        break;
    case Kind::TemplateParameter:
        if (!launch.templateArguments.contains(m_text))
            names << m_text;
        break;
    case Kind::KernelArgument:
        if (!launch.kernelArguments.contains(m_text))
            names << m_text;
        break;
    case Kind::Unknown:
        names << m_text;
        break;
    case Kind::HostValue:
        if (!hostValueOf(hostNames(), launch.hostValues))
            names << hostNames().value(0);
        break;
    case Kind::LoopVariable:
        if (!launch.loopVariables.contains(m_axis))
            names << m_text;
        break;
    case Kind::ThreadIndex:
    case Kind::BlockIndex:
        names << toString();
        break;
    case Kind::Binary:
        names = m_lhs->unresolved(launch);
        for (const QString& name : m_rhs->unresolved(launch)) {
            if (!names.contains(name))
                names << name;
        }
        break;
    }
    return names;
}

QString SymbolicExpr::toString() const
{
    static const char axes[] = {'x', 'y', 'z'};
    switch (m_kind) {
    case Kind::Constant:
        return QString::number(m_value);
    case Kind::BlockDim:
        return QStringLiteral("blockDim.") + QLatin1Char(axes[m_axis]);
    case Kind::GridDim:
        return QStringLiteral("gridDim.") + QLatin1Char(axes[m_axis]);
    case Kind::ThreadIndex:
        return QStringLiteral("threadIdx.") + QLatin1Char(axes[m_axis]);
    case Kind::BlockIndex:
        return QStringLiteral("blockIdx.") + QLatin1Char(axes[m_axis]);
    case Kind::TemplateParameter:
    case Kind::KernelArgument:
    case Kind::Unknown:
    case Kind::LoopVariable:
        return m_text;
    case Kind::HostValue:
        return hostNames().value(0);
    case Kind::Binary:
        return QStringLiteral("(%1 %2 %3)").arg(m_lhs->toString(), m_text, m_rhs->toString());
    }
    return QString();
}

} // namespace slicewatt

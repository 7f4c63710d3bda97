// SPDX-License-Identifier: GPL-3.0-or-later
#include "UnitSerialization.h"

#include <QDataStream>
#include <QIODevice>
#include <QMap>

namespace slicewatt {
namespace {

// Expressions are trees; a damaged count must not recurse without end.
constexpr int kMaxExpressionDepth = 4096;

template <typename T> void writeOptional(QDataStream& out, const std::optional<T>& value)
{
    out << bool(value.has_value()) << (value ? *value : T{});
}

template <typename T> std::optional<T> readOptional(QDataStream& in)
{
    bool present = false;
    T value{};
    in >> present >> value;
    return present ? std::optional<T>(value) : std::nullopt;
}

// Sets and hashes iterate in an order that depends on their history, not only their
// contents: written sorted, the same unit gives the same bytes (the cache's checksum and
// the round trip rely on it).
QStringList sortedList(const QSet<QString>& set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}

template <typename T> QMap<QString, T> sortedMap(const QHash<QString, T>& hash)
{
    QMap<QString, T> map;
    for (auto it = hash.constBegin(); it != hash.constEnd(); ++it)
        map.insert(it.key(), it.value());
    return map;
}

template <typename T> QHash<QString, T> hashOf(const QMap<QString, T>& map)
{
    QHash<QString, T> hash;
    for (auto it = map.constBegin(); it != map.constEnd(); ++it)
        hash.insert(it.key(), it.value());
    return hash;
}

template <typename Enum> void writeEnum(QDataStream& out, Enum value)
{
    out << qint32(value);
}

template <typename Enum> Enum readEnum(QDataStream& in)
{
    qint32 value = 0;
    in >> value;
    return Enum(value);
}

void write(QDataStream& out, const SourceLocation& location)
{
    out << location.file << qint32(location.line) << qint32(location.column);
}

void read(QDataStream& in, SourceLocation& location)
{
    qint32 line = 0, column = 0;
    in >> location.file >> line >> column;
    location.line = line;
    location.column = column;
}

void write(QDataStream& out, const Diagnostic& d)
{
    writeEnum(out, d.severity);
    writeEnum(out, d.origin);
    out << d.file << qint32(d.line) << qint32(d.column) << d.message;
}

void read(QDataStream& in, Diagnostic& d)
{
    d.severity = readEnum<Diagnostic::Severity>(in);
    d.origin = readEnum<Diagnostic::Origin>(in);
    qint32 line = 0, column = 0;
    in >> d.file >> line >> column >> d.message;
    d.line = line;
    d.column = column;
}

void write(QDataStream& out, const FunctionInfo& f)
{
    out << f.usr << f.key << f.name << f.qualifiedName;
    write(out, f.location);
    writeEnum(out, f.kind);
    out << f.isTemplate << f.isExternC << f.isStatic << f.calleeRefs << f.mentionsCudaArch;
}

void read(QDataStream& in, FunctionInfo& f)
{
    in >> f.usr >> f.key >> f.name >> f.qualifiedName;
    read(in, f.location);
    f.kind = readEnum<FunctionKind>(in);
    in >> f.isTemplate >> f.isExternC >> f.isStatic >> f.calleeRefs >> f.mentionsCudaArch;
}

void write(QDataStream& out, const LaunchDim& dim)
{
    writeOptional(out, dim.x);
    writeOptional(out, dim.y);
    writeOptional(out, dim.z);
    out << dim.expression;
}

void read(QDataStream& in, LaunchDim& dim)
{
    dim.x = readOptional<qint64>(in);
    dim.y = readOptional<qint64>(in);
    dim.z = readOptional<qint64>(in);
    in >> dim.expression;
}

void write(QDataStream& out, const SymbolicExprPtr& e);
SymbolicExprPtr readExpression(QDataStream& in, int depth);

void write(QDataStream& out, const LaunchHostValues& values)
{
    for (int axis = 0; axis < 3; ++axis) {
        write(out, values.grid[axis]);
        write(out, values.block[axis]);
    }
    write(out, values.sharedBytes);
    QStringList names = values.arguments.keys();
    names.sort();
    out << qint32(names.size());
    for (const QString& name : names) {
        out << name;
        write(out, values.arguments.value(name));
    }
}

void read(QDataStream& in, LaunchHostValues& values)
{
    for (int axis = 0; axis < 3; ++axis) {
        values.grid[axis] = readExpression(in, 0);
        values.block[axis] = readExpression(in, 0);
    }
    values.sharedBytes = readExpression(in, 0);
    qint32 count = 0;
    in >> count;
    if (count < 0 || count > 4096) {
        in.setStatus(QDataStream::ReadCorruptData);
        return;
    }
    for (qint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        QString name;
        in >> name;
        if (SymbolicExprPtr e = readExpression(in, 0))
            values.arguments.insert(name, std::move(e));
    }
}

void write(QDataStream& out, const LaunchSite& launch)
{
    out << launch.kernelRef << launch.kernelName << launch.callerName;
    write(out, launch.location);
    write(out, launch.grid);
    write(out, launch.block);
    writeOptional(out, launch.sharedBytes);
    out << launch.sharedExpression << launch.streamExpression << sortedMap(launch.templateArguments) << launch.api
        << launch.valuesFrom << sortedMap(launch.templateTypes) << sortedMap(launch.argumentValues)
        << sortedMap(launch.argumentOrigins);
    write(out, launch.hostValues);
}

void read(QDataStream& in, LaunchSite& launch)
{
    in >> launch.kernelRef >> launch.kernelName >> launch.callerName;
    read(in, launch.location);
    read(in, launch.grid);
    read(in, launch.block);
    launch.sharedBytes = readOptional<qint64>(in);
    QMap<QString, qint64> templateArguments;
    QMap<QString, QString> templateTypes;
    QMap<QString, qint64> argumentValues;
    QMap<QString, QString> argumentOrigins;
    in >> launch.sharedExpression >> launch.streamExpression >> templateArguments >> launch.api >> launch.valuesFrom
        >> templateTypes >> argumentValues >> argumentOrigins;
    launch.templateArguments = hashOf(templateArguments);
    launch.templateTypes = hashOf(templateTypes);
    launch.argumentValues = hashOf(argumentValues);
    launch.argumentOrigins = hashOf(argumentOrigins);
    read(in, launch.hostValues);
}

void write(QDataStream& out, const MemoryCopySite& copy)
{
    out << copy.api << copy.callerName << copy.callerUsr;
    write(out, copy.location);
    writeOptional(out, copy.bytes);
    out << copy.bytesExpression << copy.direction;
}

void read(QDataStream& in, MemoryCopySite& copy)
{
    in >> copy.api >> copy.callerName >> copy.callerUsr;
    read(in, copy.location);
    copy.bytes = readOptional<qint64>(in);
    in >> copy.bytesExpression >> copy.direction;
}

void write(QDataStream& out, const SymbolicExprPtr& e)
{
    out << bool(e);
    if (!e)
        return;
    writeEnum(out, e->kind());
    out << e->value() << qint32(e->axis()) << e->text();
    if (e->kind() == SymbolicExpr::Kind::Binary) {
        write(out, e->lhs());
        write(out, e->rhs());
    }
}

SymbolicExprPtr readExpression(QDataStream& in, int depth)
{
    bool present = false;
    in >> present;
    if (!present || in.status() != QDataStream::Ok)
        return nullptr;
    const auto kind = readEnum<SymbolicExpr::Kind>(in);
    qint64 value = 0;
    qint32 axis = 0;
    QString text;
    in >> value >> axis >> text;
    switch (kind) {
    case SymbolicExpr::Kind::Constant:
        return SymbolicExpr::constant(value);
    case SymbolicExpr::Kind::BlockDim:
    case SymbolicExpr::Kind::GridDim:
        if (axis < 0 || axis > 2)
            break;
        return SymbolicExpr::launch(kind, axis);
    case SymbolicExpr::Kind::TemplateParameter:
        return SymbolicExpr::templateParameter(text);
    case SymbolicExpr::Kind::KernelArgument:
        return SymbolicExpr::kernelArgument(text);
    case SymbolicExpr::Kind::ThreadIndex:
    case SymbolicExpr::Kind::BlockIndex:
        if (axis < 0 || axis > 2)
            break;
        return SymbolicExpr::threadPosition(kind, axis);
    case SymbolicExpr::Kind::Unknown:
        return SymbolicExpr::unknown(text);
    case SymbolicExpr::Kind::LoopVariable:
        if (axis < 0)
            break;
        return SymbolicExpr::loopVariable(text, axis);
    case SymbolicExpr::Kind::HostValue:
        return SymbolicExpr::hostValue(text.split(QLatin1Char('|'), Qt::SkipEmptyParts));
    case SymbolicExpr::Kind::Binary: {
        if (depth >= kMaxExpressionDepth)
            break;
        SymbolicExprPtr lhs = readExpression(in, depth + 1);
        SymbolicExprPtr rhs = readExpression(in, depth + 1);
        if (!lhs || !rhs)
            break;
        const auto op = binaryOperatorFromSpelling(text);
        if (!op)
            break;
        return SymbolicExpr::binary(*op, std::move(lhs), std::move(rhs));
    }
    }
    // Not a value this build writes: the bytes are damaged.
    in.setStatus(QDataStream::ReadCorruptData);
    return nullptr;
}

void write(QDataStream& out, const SpaceCounts& counts)
{
    for (double v : counts.values)
        out << v;
}

void read(QDataStream& in, SpaceCounts& counts)
{
    for (double& v : counts.values)
        in >> v;
}

void write(QDataStream& out, const InstructionCounts& counts)
{
    for (double v : counts.values)
        out << v;
}

void read(QDataStream& in, InstructionCounts& counts)
{
    for (double& v : counts.values)
        in >> v;
}

void write(QDataStream& out, const LoopHeader& loop)
{
    out << loop.canonical << loop.reason;
    write(out, loop.start);
    writeEnum(out, loop.comparison);
    write(out, loop.bound);
    writeEnum(out, loop.stepOperator);
    write(out, loop.step);
    out << loop.note << loop.unrollPragma;
}

void read(QDataStream& in, LoopHeader& loop)
{
    in >> loop.canonical >> loop.reason;
    loop.start = readExpression(in, 0);
    loop.comparison = readEnum<BinaryOperator>(in);
    loop.bound = readExpression(in, 0);
    loop.stepOperator = readEnum<BinaryOperator>(in);
    loop.step = readExpression(in, 0);
    in >> loop.note >> loop.unrollPragma;
}

void write(QDataStream& out, const Statement& s)
{
    writeEnum(out, s.kind);
    write(out, s.location);
    out << qint32(s.arithmetic);
    write(out, s.instructions);
    write(out, s.machineAdjustment);
    write(out, s.accesses);
    write(out, s.accessBytes);
    write(out, s.storeBytes);
    write(out, s.lexicalAccesses);
    out << s.isBarrier << sortedList(s.defines) << sortedList(s.uses) << s.valuesFrom << s.loops << s.controls;
    out << qint32(s.arms.size());
    for (const ArmStep& step : s.arms)
        out << qint32(step.branch) << qint32(step.arm);
    out << qint32(s.decisionPoints) << qint32(s.armCount) << s.equalityOnThreadIndex << s.inlinedFrom;
    write(out, s.loop);
    out << qint32(s.guards.size());
    for (const ThreadGuard& guard : s.guards) {
        write(out, guard.index);
        writeEnum(out, guard.comparison);
        write(out, guard.bound);
        out << qint32(guard.boundLoop);
    }
    write(out, s.launchCondition);
    out << qint32(s.patterns.size());
    for (const AccessPattern& pattern : s.patterns) {
        writeEnum(out, pattern.space);
        write(out, pattern.byteOffset);
        out << qint32(pattern.elementBytes) << pattern.count << pattern.uniformBase << pattern.atomic
            << pattern.indexValues;
    }
}

void read(QDataStream& in, Statement& s)
{
    s.kind = readEnum<StatementKind>(in);
    read(in, s.location);
    qint32 arithmetic = 0;
    in >> arithmetic;
    s.arithmetic = arithmetic;
    read(in, s.instructions);
    read(in, s.machineAdjustment);
    read(in, s.accesses);
    read(in, s.accessBytes);
    read(in, s.storeBytes);
    read(in, s.lexicalAccesses);
    QStringList defines;
    QStringList uses;
    in >> s.isBarrier >> defines >> uses >> s.valuesFrom >> s.loops >> s.controls;
    s.defines = QSet<QString>(defines.begin(), defines.end());
    s.uses = QSet<QString>(uses.begin(), uses.end());
    qint32 armCount = 0;
    in >> armCount;
    for (qint32 i = 0; i < armCount && in.status() == QDataStream::Ok; ++i) {
        qint32 branch = 0, arm = 0;
        in >> branch >> arm;
        s.arms << ArmStep{branch, arm};
    }
    qint32 decisionPoints = 0, arms = 0;
    in >> decisionPoints >> arms >> s.equalityOnThreadIndex >> s.inlinedFrom;
    s.decisionPoints = decisionPoints;
    s.armCount = arms;
    read(in, s.loop);
    qint32 guards = 0;
    in >> guards;
    for (qint32 i = 0; i < guards && in.status() == QDataStream::Ok; ++i) {
        ThreadGuard guard;
        guard.index = readExpression(in, 0);
        guard.comparison = readEnum<BinaryOperator>(in);
        guard.bound = readExpression(in, 0);
        qint32 boundLoop = -1;
        in >> boundLoop;
        guard.boundLoop = boundLoop;
        s.guards << guard;
    }
    s.launchCondition = readExpression(in, 0);
    qint32 patterns = 0;
    in >> patterns;
    for (qint32 i = 0; i < patterns && in.status() == QDataStream::Ok; ++i) {
        AccessPattern pattern;
        pattern.space = readEnum<MemorySpace>(in);
        pattern.byteOffset = readExpression(in, 0);
        qint32 elementBytes = 0;
        in >> elementBytes >> pattern.count >> pattern.uniformBase >> pattern.atomic >> pattern.indexValues;
        pattern.elementBytes = elementBytes;
        s.patterns << pattern;
    }
}

void write(QDataStream& out, const KernelIR& ir)
{
    out << ir.kernelKey << ir.kernelName;
    write(out, ir.location);
    out << qint32(ir.statements.size());
    for (const Statement& s : ir.statements)
        write(out, s);
    out << ir.notes << ir.sharedMemory.staticBytes << ir.sharedMemory.unsized << ir.sharedMemory.declarations
        << sortedMap(ir.templateTypes);
    out << qint32(ir.typeInstantiations.size());
    for (const std::shared_ptr<const KernelIR>& other : ir.typeInstantiations)
        write(out, *other);
}

void read(QDataStream& in, KernelIR& ir)
{
    in >> ir.kernelKey >> ir.kernelName;
    read(in, ir.location);
    qint32 count = 0;
    in >> count;
    for (qint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        Statement s;
        read(in, s);
        ir.statements << s;
    }
    QMap<QString, QString> templateTypes;
    in >> ir.notes >> ir.sharedMemory.staticBytes >> ir.sharedMemory.unsized >> ir.sharedMemory.declarations
        >> templateTypes;
    ir.templateTypes = hashOf(templateTypes);
    qint32 instantiations = 0;
    in >> instantiations;
    // Instantiations hold none of their own: more than the limit, or nesting, is damage.
    if (instantiations < 0 || instantiations > KernelIR::kMaxTypeInstantiations) {
        in.setStatus(QDataStream::ReadCorruptData);
        return;
    }
    for (qint32 i = 0; i < instantiations && in.status() == QDataStream::Ok; ++i) {
        auto other = std::make_shared<KernelIR>();
        read(in, *other);
        if (!other->typeInstantiations.isEmpty())
            in.setStatus(QDataStream::ReadCorruptData);
        ir.typeInstantiations << std::move(other);
    }
}

template <typename T> void writeList(QDataStream& out, const QVector<T>& items)
{
    out << qint32(items.size());
    for (const T& item : items)
        write(out, item);
}

template <typename T> void readList(QDataStream& in, QVector<T>& items)
{
    qint32 count = 0;
    in >> count;
    if (count < 0)
        in.setStatus(QDataStream::ReadCorruptData);
    for (qint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        T item;
        read(in, item);
        items << item;
    }
}

QDataStream::Version streamVersion()
{
    return QDataStream::Qt_6_0;
}

} // namespace

QByteArray serializeKernelIR(const KernelIR& ir)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(streamVersion());
    write(out, ir);
    return bytes;
}

QByteArray serializeUnit(const UnitIndex& unit)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(streamVersion());
    out << kUnitFormatVersion << unit.path << unit.parsed << unit.parseSeconds;
    writeList(out, unit.diagnostics);
    writeList(out, unit.functions);
    writeList(out, unit.launches);
    writeList(out, unit.copies);
    out << unit.memberCalleeRefs;
    out << unit.includedFiles;
    writeList(out, unit.kernelIRs);
    out << unit.testsCudaArch << unit.deviceArch << unit.archDependentKernels;
    return bytes;
}

std::optional<UnitIndex> deserializeUnit(const QByteArray& bytes)
{
    QDataStream in(bytes);
    in.setVersion(streamVersion());
    quint32 version = 0;
    in >> version;
    if (version != kUnitFormatVersion)
        return std::nullopt;
    UnitIndex unit;
    in >> unit.path >> unit.parsed >> unit.parseSeconds;
    readList(in, unit.diagnostics);
    readList(in, unit.functions);
    readList(in, unit.launches);
    readList(in, unit.copies);
    in >> unit.memberCalleeRefs;
    in >> unit.includedFiles;
    readList(in, unit.kernelIRs);
    in >> unit.testsCudaArch >> unit.deviceArch >> unit.archDependentKernels;
    // Every byte must have been used: trailing bytes mean the layout was not this one.
    if (in.status() != QDataStream::Ok || !in.atEnd())
        return std::nullopt;
    return unit;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "SliceReportWriter.h"

#include "OutputFormatting.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace slicewatt {
namespace {

QJsonObject countsJson(const SpaceCounts& counts)
{
    QJsonObject object;
    for (MemorySpace space : kAllMemorySpaces)
        object.insert(memorySpaceName(space), counts[space]);
    return object;
}

QString statementKindName(StatementKind kind)
{
    switch (kind) {
    case StatementKind::Expression:
        return QStringLiteral("expression");
    case StatementKind::Declaration:
        return QStringLiteral("declaration");
    case StatementKind::If:
        return QStringLiteral("if");
    case StatementKind::Switch:
        return QStringLiteral("switch");
    case StatementKind::Loop:
        return QStringLiteral("loop");
    case StatementKind::Return:
        return QStringLiteral("return");
    }
    return QString();
}

QStringList sliceNames(const std::array<bool, kMemorySpaceCount>& membership)
{
    QStringList names;
    for (MemorySpace space : kAllMemorySpaces) {
        if (membership[size_t(space)])
            names << memorySpaceName(space);
    }
    names.sort();
    return names;
}

} // namespace

QJsonObject kernelSliceJson(const KernelSliceReport& report)
{
    const KernelIR& ir = *report.ir;
    const KernelSlices& slices = report.slices;
    QJsonObject object;
    object.insert(QStringLiteral("name"), report.kernel->info.name);
    object.insert(QStringLiteral("qualified_name"), report.kernel->info.qualifiedName);
    object.insert(QStringLiteral("file"), report.kernel->info.location.file);
    object.insert(QStringLiteral("line"), report.kernel->info.location.line);
    insertKernelReadingJson(object, *report.kernel);
    QJsonObject launch;
    launch.insert(QStringLiteral("grid"),
        QJsonArray{optionalNumberJson(report.launch.gridDim[0]), optionalNumberJson(report.launch.gridDim[1]),
            optionalNumberJson(report.launch.gridDim[2])});
    launch.insert(QStringLiteral("block"),
        QJsonArray{optionalNumberJson(report.launch.blockDim[0]), optionalNumberJson(report.launch.blockDim[1]),
            optionalNumberJson(report.launch.blockDim[2])});
    object.insert(QStringLiteral("launch"), launch);
    object.insert(QStringLiteral("class"), slices.dense ? QStringLiteral("dense") : QStringLiteral("sparse"));
    object.insert(QStringLiteral("branch_density"), slices.branchDensity);
    object.insert(QStringLiteral("decision_points"), slices.decisionPoints);
    object.insert(QStringLiteral("effective_statements"), slices.effectiveStatements);

    QJsonObject sliceObject;
    for (const SliceSummary& slice : slices.slices) {
        QJsonObject s;
        s.insert(QStringLiteral("length"), slice.length);
        s.insert(QStringLiteral("arith"), slice.arithmetic);
        s.insert(QStringLiteral("mem"), countsJson(slice.accesses));
        s.insert(QStringLiteral("normalised_mem"), slice.normalisedMemory);
        s.insert(QStringLiteral("intensity_ratio"), slice.intensityRatio);
        s.insert(QStringLiteral("intensity_fraction"), slice.intensityFraction);
        QJsonArray lines;
        for (int line : slice.lines)
            lines << line;
        s.insert(QStringLiteral("lines"), lines);
        QJsonArray subSlices;
        for (const SubSlice& sub : slice.subSlices) {
            QJsonObject o;
            QJsonArray path;
            for (const ArmStep& step : sub.path)
                path << QJsonObject{{QStringLiteral("line"), ir.statements[step.branch].location.line},
                    {QStringLiteral("arm"), step.arm}};
            o.insert(QStringLiteral("path"), path);
            o.insert(QStringLiteral("probability"), sub.probability);
            o.insert(QStringLiteral("length"), sub.length);
            o.insert(QStringLiteral("arith"), sub.arithmetic);
            o.insert(QStringLiteral("mem"), countsJson(sub.accesses));
            subSlices << o;
        }
        s.insert(QStringLiteral("sub_slices"), subSlices);
        sliceObject.insert(memorySpaceName(slice.space), s);
    }
    object.insert(QStringLiteral("slices"), sliceObject);

    QJsonArray statements;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        QJsonObject s;
        s.insert(QStringLiteral("line"), statement.location.line);
        if (statement.location.file != report.kernel->info.location.file)
            s.insert(QStringLiteral("file"), statement.location.file);
        s.insert(QStringLiteral("kind"), statementKindName(statement.kind));
        s.insert(QStringLiteral("weight"), slices.weights[i]);
        s.insert(QStringLiteral("probability"), slices.probability[i]);
        s.insert(QStringLiteral("arith"), statement.arithmetic);
        s.insert(QStringLiteral("mem"), countsJson(statement.accesses));
        s.insert(QStringLiteral("slices"), QJsonArray::fromStringList(sliceNames(slices.membership[i])));
        if (!statement.inlinedFrom.isEmpty())
            s.insert(QStringLiteral("inlined_from"), statement.inlinedFrom);
        statements << s;
    }
    object.insert(QStringLiteral("statements"), statements);

    QJsonArray assumptions;
    for (const LoopResolution& loop : slices.loops) {
        if (!loop.assumed)
            continue;
        QJsonObject a;
        a.insert(QStringLiteral("kind"), QStringLiteral("loop"));
        a.insert(QStringLiteral("line"), loop.line);
        a.insert(QStringLiteral("default"), loop.trips);
        a.insert(QStringLiteral("reason"), loop.reason);
        a.insert(QStringLiteral("compound_factor"), loop.compoundFactor);
        a.insert(QStringLiteral("work_share"), loop.workShare);
        a.insert(QStringLiteral("rank"), loop.rank);
        assumptions << a;
    }
    // A count read from the code over the launch's threads: not a default, but a reading a
    // reviewer should see beside the defaults.
    for (const LoopResolution& loop : slices.loops) {
        if (!loop.threadAveraged)
            continue;
        assumptions << QJsonObject{{QStringLiteral("kind"), QStringLiteral("loop_thread_average")},
            {QStringLiteral("line"), loop.line}, {QStringLiteral("trips"), loop.trips},
            {QStringLiteral("reason"), loop.reason}};
    }
    for (const BranchResolution& branch : slices.branches) {
        if (!branch.assumed)
            continue;
        QJsonArray probabilities;
        for (double p : branch.arms)
            probabilities << p;
        QJsonObject a;
        a.insert(QStringLiteral("kind"), QStringLiteral("branch"));
        a.insert(QStringLiteral("line"), branch.line);
        a.insert(QStringLiteral("probabilities"), probabilities);
        a.insert(QStringLiteral("reason"), branch.reason);
        a.insert(QStringLiteral("work_share"), branch.workShare);
        a.insert(QStringLiteral("rank"), branch.rank);
        assumptions << a;
    }
    object.insert(QStringLiteral("assumptions"), assumptions);

    // Per-line attribution: every source line with statements, its slices and counts.
    QJsonArray lineArray;
    for (const LineAttribution& line : slices.lines) {
        QJsonObject l;
        if (line.file != report.kernel->info.location.file)
            l.insert(QStringLiteral("file"), line.file);
        l.insert(QStringLiteral("line"), line.line);
        l.insert(QStringLiteral("slices"), QJsonArray::fromStringList(sliceNames(line.slices)));
        l.insert(QStringLiteral("arith"), line.arithmetic);
        l.insert(QStringLiteral("mem"), countsJson(line.accesses));
        lineArray << l;
    }
    object.insert(QStringLiteral("lines"), lineArray);
    object.insert(QStringLiteral("notes"), QJsonArray::fromStringList(ir.notes));
    return object;
}

QByteArray sliceReportJsonText(const ProjectIndex& index, const QVector<KernelSliceReport>& reports)
{
    QJsonArray kernels;
    for (const KernelSliceReport& report : reports)
        kernels << kernelSliceJson(report);
    QJsonArray diagnostics;
    for (const Diagnostic& d : index.allDiagnostics())
        diagnostics << QJsonValue(d.toString());
    QJsonObject root;
    root.insert(QStringLiteral("cuda_arch"), index.deviceArch.name());
    root.insert(QStringLiteral("kernels"), kernels);
    root.insert(QStringLiteral("diagnostics"), diagnostics);
    root.insert(QStringLiteral("error_count"), errorCount(index.allDiagnostics()));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString sliceReportTable(const QVector<KernelSliceReport>& reports, const QString& baseDir)
{
    QString out;
    for (const KernelSliceReport& report : reports) {
        const KernelSlices& slices = report.slices;
        const QString archNote = archDependenceNote(*report.kernel);
        out += QStringLiteral("%1  %2:%3  %4 (branch density %5, %6 statements)%7\n")
                   .arg(report.kernel->info.qualifiedName, pathRelativeTo(report.kernel->info.location.file, baseDir))
                   .arg(report.kernel->info.location.line)
                   .arg(slices.dense ? QStringLiteral("branch-dense") : QStringLiteral("branch-sparse"))
                   .arg(slices.branchDensity, 0, 'f', 2)
                   .arg(slices.effectiveStatements)
                   .arg(archNote.isEmpty() ? QString() : QStringLiteral("  [%1]").arg(archNote));
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8  %9\n")
                   .arg(QStringLiteral("SLICE"), -9)
                   .arg(QStringLiteral("|C|"), 4)
                   .arg(QStringLiteral("#A"), 10)
                   .arg(QStringLiteral("n_GM"), 9)
                   .arg(QStringLiteral("n_SHM"), 9)
                   .arg(QStringLiteral("n_CM"), 9)
                   .arg(QStringLiteral("n_TM"), 9)
                   .arg(QStringLiteral("A~ratio"), 9)
                   .arg(QStringLiteral("LINES"));
        for (const SliceSummary& slice : slices.slices) {
            QStringList lines;
            for (int line : slice.lines)
                lines << QString::number(line);
            out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8  %9\n")
                       .arg(memorySpaceName(slice.space), -9)
                       .arg(slice.length, 4)
                       .arg(slice.arithmetic, 10, 'g', 6)
                       .arg(slice.accesses[MemorySpace::Global], 9, 'g', 6)
                       .arg(slice.accesses[MemorySpace::Shared], 9, 'g', 6)
                       .arg(slice.accesses[MemorySpace::Constant], 9, 'g', 6)
                       .arg(slice.accesses[MemorySpace::Texture], 9, 'g', 6)
                       .arg(slice.length ? QString::number(slice.intensityRatio, 'f', 2) : QStringLiteral("-"), 9)
                       .arg(lines.join(QLatin1Char(',')));
        }
        // Assumed loops, the one that moves the estimate most first.
        QVector<const LoopResolution*> assumed;
        for (const LoopResolution& loop : slices.loops) {
            if (loop.assumed)
                assumed << &loop;
        }
        std::sort(assumed.begin(), assumed.end(), [](auto* a, auto* b) { return a->rank < b->rank; });
        for (const LoopResolution* loop : assumed) {
            out += QStringLiteral("  assumption: loop at line %1 runs %2 times (%3)%4, %5 % of the work\n")
                       .arg(loop->line)
                       .arg(loop->trips)
                       .arg(loop->reason)
                       .arg(loop->compoundFactor > loop->trips
                               ? QStringLiteral("; with the unknown loops around it × %1").arg(loop->compoundFactor)
                               : QString())
                       .arg(loop->workShare * 100, 0, 'f', 1);
        }
        for (const LoopResolution& loop : slices.loops) {
            if (loop.threadAveraged)
                out += QStringLiteral("  counted: loop at line %1 runs %2 times a thread (%3)\n")
                           .arg(loop.line)
                           .arg(loop.trips)
                           .arg(loop.reason);
        }
        for (const QString& note : report.ir->notes)
            out += QStringLiteral("  note: %1\n").arg(note);
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace slicewatt

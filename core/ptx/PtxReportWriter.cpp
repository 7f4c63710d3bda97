// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxReportWriter.h"

#include "PtxEnergyClass.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {

namespace {

const FilePtx* fileOf(const ProjectPtx& ptx, const QString& file)
{
    for (const FilePtx& f : ptx.files) {
        if (f.file == file)
            return &f;
    }
    return nullptr;
}

QString countsText(const std::array<int, kPtxClassCount>& counts)
{
    QStringList parts;
    for (int c = 0; c < kPtxClassCount; ++c) {
        if (counts[size_t(c)] > 0)
            parts << QStringLiteral("%1 %2").arg(counts[size_t(c)]).arg(ptxClassName(PtxClass(c)));
    }
    return parts.join(QStringLiteral(", "));
}

QJsonObject countsJson(const std::array<int, kPtxClassCount>& counts)
{
    QJsonObject o;
    for (int c = 0; c < kPtxClassCount; ++c)
        o.insert(ptxClassName(PtxClass(c)), counts[size_t(c)]);
    return o;
}

QString lineFile(const FilePtx& file, int index)
{
    const QString path = file.module.files.value(index);
    return QDir::isAbsolutePath(path) ? QDir::cleanPath(path) : path;
}

} // namespace

QString ptxTable(const ProjectPtx& ptx, const QVector<PtxKernelQuery>& kernels, const QString& baseDir)
{
    if (ptx.producer.isEmpty())
        return QStringLiteral("No PTX: neither nvcc (CUDA) nor clang++ is installed; the PTX counts are unavailable, "
                              "and nothing else depends on them.\n");
    QString text = QStringLiteral("PTX by %1").arg(ptx.producer);
    if (ptx.fromCache > 0)
        text += QStringLiteral(" (%1 of %2 files unchanged, from the cache)").arg(ptx.fromCache).arg(ptx.files.size());
    text += QStringLiteral("\n\n");
    const QDir base(baseDir);
    for (const PtxKernelQuery& kernel : kernels) {
        const FilePtx* file = nullptr;
        const PtxFunction* function = ptx.kernel(kernel.qualifiedName, kernel.file, &file);
        text += QStringLiteral("%1  %2:%3")
                    .arg(kernel.qualifiedName, base.relativeFilePath(kernel.file))
                    .arg(kernel.line);
        if (!function) {
            const FilePtx* own = fileOf(ptx, kernel.file);
            text += own && !own->compilation.ok() ? QStringLiteral("  no PTX: its file did not compile\n")
                                                  : QStringLiteral("  no PTX: no compiled file has it\n");
            continue;
        }
        text += QStringLiteral("  %1, %2 blocks, %3 loops\n")
                    .arg(file->module.target)
                    .arg(function->blocks.size())
                    .arg(function->backEdges.size());
        text += QStringLiteral("    instructions: %1\n").arg(countsText(function->counts()));
        for (const PtxLineCounts& line : ptxLineCounts(*function)) {
            const QString where = base.relativeFilePath(lineFile(*file, line.file));
            text += QStringLiteral("    %1:%2%3  %4\n")
                        .arg(where)
                        .arg(line.line)
                        .arg(line.loopDepth > 0 ? QStringLiteral(" (loop depth %1)").arg(line.loopDepth) : QString())
                        .arg(countsText(line.counts));
        }
    }
    QStringList failed;
    QStringList notes; // the same note for every file is said once
    for (const FilePtx& f : ptx.files) {
        for (const QString& note : f.compilation.notes) {
            if (!notes.contains(note))
                notes << note;
        }
        if (!f.compilation.ok())
            failed << f.compilation.error;
        failed += f.module.problems;
    }
    failed = notes + failed;
    if (!failed.isEmpty())
        text += QStringLiteral("\n") + failed.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return text;
}

QByteArray ptxJson(const ProjectPtx& ptx, const QVector<PtxKernelQuery>& kernels)
{
    QJsonArray list;
    for (const PtxKernelQuery& kernel : kernels) {
        QJsonObject k{{QStringLiteral("name"), kernel.qualifiedName}, {QStringLiteral("file"), kernel.file},
            {QStringLiteral("line"), kernel.line}};
        const FilePtx* file = nullptr; // where the PTX came from: the kernel's file or one including it
        if (const PtxFunction* function = ptx.kernel(kernel.qualifiedName, kernel.file, &file)) {
            k.insert(QStringLiteral("ptx_name"), function->name);
            k.insert(QStringLiteral("target"), file->module.target);
            k.insert(QStringLiteral("blocks"), int(function->blocks.size()));
            k.insert(QStringLiteral("loops"), int(function->backEdges.size()));
            k.insert(QStringLiteral("shared_bytes"), function->sharedBytes);
            k.insert(QStringLiteral("instructions"), countsJson(function->counts()));
            QJsonArray lines;
            for (const PtxLineCounts& line : ptxLineCounts(*function)) {
                // The same instructions in METHOD §9's classes, for the energy model.
                QJsonObject energy;
                const InstructionCounts classes = ptxLineEnergyClasses(*function, line.file, line.line);
                for (int c = 0; c < kEnergyClassCount; ++c) {
                    if (classes[c] > 0)
                        energy.insert(energyClassName(c), classes[c]);
                }
                lines << QJsonObject{{QStringLiteral("file"), lineFile(*file, line.file)},
                    {QStringLiteral("line"), line.line}, {QStringLiteral("loop_depth"), line.loopDepth},
                    {QStringLiteral("instructions"), countsJson(line.counts)},
                    {QStringLiteral("energy_classes"), energy}};
            }
            k.insert(QStringLiteral("lines"), lines);
        } else {
            const FilePtx* own = fileOf(ptx, kernel.file);
            k.insert(QStringLiteral("no_ptx"),
                own && !own->compilation.ok() ? own->compilation.error
                                              : QStringLiteral("no PTX function of that name"));
        }
        list << k;
    }
    QJsonArray files;
    for (const FilePtx& f : ptx.files) {
        QJsonObject o{{QStringLiteral("file"), f.file}, {QStringLiteral("command"), f.compilation.command},
            {QStringLiteral("arch"), f.compilation.arch},
            {QStringLiteral("notes"), QJsonArray::fromStringList(f.compilation.notes)}};
        if (!f.compilation.ok())
            o.insert(QStringLiteral("error"), f.compilation.error);
        if (!f.module.problems.isEmpty())
            o.insert(QStringLiteral("problems"), QJsonArray::fromStringList(f.module.problems));
        files << o;
    }
    const QJsonObject root{
        {QStringLiteral("producer"), ptx.producer.isEmpty() ? QJsonValue() : QJsonValue(ptx.producer)},
        {QStringLiteral("files_from_cache"), ptx.fromCache}, {QStringLiteral("kernels"), list},
        {QStringLiteral("files"), files}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

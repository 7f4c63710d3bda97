// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/CudaPrelude.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <clang-c/Index.h>

#include <algorithm>
#include <functional>

namespace slicewatt::bench {

inline void copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(path);
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::copy(path, target);
    }
}

// A large folder: `copies` copies of the test corpus (with its slice corpus) and the example.
inline QString makeLargeFolder(const QString& scratch, int copies)
{
    const QString folder = scratch + QStringLiteral("/project");
    for (int c = 0; c < copies; ++c) {
        copyTree(QStringLiteral(SLICEWATT_SOURCE_DIR "/tests/corpus"), folder + QStringLiteral("/corpus%1").arg(c));
        copyTree(
            QStringLiteral(SLICEWATT_SOURCE_DIR "/examples/imagepipe"), folder + QStringLiteral("/example%1").arg(c));
    }
    return folder;
}

// The clang executable of the libclang SliceWatt uses (clang-N first), for baselines.
inline QString clangExecutable()
{
    CXString version = clang_getClangVersion();
    const QString major = QString::fromUtf8(clang_getCString(version))
                              .section(QLatin1String("version "), 1)
                              .section(QLatin1Char('.'), 0, 0);
    clang_disposeString(version);
    const QString versioned = QStandardPaths::findExecutable(QStringLiteral("clang-") + major);
    return versioned.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("clang")) : versioned;
}

// The prelude as real files, since a clang process cannot see libclang's in-memory files.
inline QString writePreludeTo(const QString& folder)
{
    for (const PreludeFile& file : CudaPrelude::instance().files()) {
        const QString path = folder + QString::fromUtf8(file.virtualPath).mid(CudaPrelude::virtualFolder().size());
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile out(path);
        if (out.open(QIODevice::WriteOnly))
            out.write(file.contents);
    }
    return folder;
}

// A project of exactly `count` translation units: the test corpus's single-file programs,
// cycled, each copy in a file of its own (unitNNN.cu). Returns the folder and its files.
inline QString makeProjectOfFiles(const QString& scratch, int count, QStringList* files = nullptr)
{
    QStringList corpus;
    QDirIterator it(QStringLiteral(SLICEWATT_SOURCE_DIR "/tests/corpus"), {QStringLiteral("*.cu")}, QDir::Files);
    while (it.hasNext())
        corpus << it.next();
    corpus.sort(); // the same project on every run
    const QString folder = scratch + QStringLiteral("/project%1").arg(count);
    QDir().mkpath(folder);
    for (int i = 0; i < count && !corpus.isEmpty(); ++i) {
        const QString target = folder + QStringLiteral("/unit%1.cu").arg(i, 3, 10, QLatin1Char('0'));
        QFile::copy(corpus[i % corpus.size()], target);
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
        if (files)
            *files << target;
    }
    return folder;
}

// `[FOLDER] [--copies N] [--repeat R]`, shared by every benchmark. Without FOLDER, a large
// folder is made in `scratch` from `copies` copies of the corpus and the example.
struct BenchArgs {
    QString folder;
    int copies = 0;
    int repeat = 2;
};

inline BenchArgs parseBenchArgs(const QStringList& args, int defaultCopies, const QString& scratch)
{
    BenchArgs parsed;
    parsed.copies = defaultCopies;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--copies") && i + 1 < args.size())
            parsed.copies = args[++i].toInt();
        else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size())
            parsed.repeat = std::max(1, args[++i].toInt());
        else
            parsed.folder = args[i];
    }
    if (parsed.folder.isEmpty())
        parsed.folder = makeLargeFolder(scratch, parsed.copies);
    return parsed;
}

// The number after `name` in `args` (e.g. --files 100), or `fallback`.
inline double numberOption(const QStringList& args, const QString& name, double fallback)
{
    const int at = int(args.indexOf(name));
    bool ok = false;
    const double value = at >= 0 && at + 1 < args.size() ? args[at + 1].toDouble(&ok) : 0;
    return ok ? value : fallback;
}

// Best of `repeat` runs of `run` (seconds): noise only ever adds time.
inline double bestOf(int repeat, const std::function<double()>& run)
{
    double best = 1e30;
    for (int r = 0; r < repeat; ++r)
        best = std::min(best, run());
    return best;
}

} // namespace slicewatt::bench

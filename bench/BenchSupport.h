// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>

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

// Best of `repeat` runs of `run` (seconds): noise only ever adds time.
inline double bestOf(int repeat, const std::function<double()>& run)
{
    double best = 1e30;
    for (int r = 0; r < repeat; ++r)
        best = std::min(best, run());
    return best;
}

} // namespace slicewatt::bench

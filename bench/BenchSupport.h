// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>

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

// Best of `repeat` runs of `run` (seconds): noise only ever adds time.
inline double bestOf(int repeat, const std::function<double()>& run)
{
    double best = 1e30;
    for (int r = 0; r < repeat; ++r)
        best = std::min(best, run());
    return best;
}

} // namespace slicewatt::bench

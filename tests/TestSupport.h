// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace slicewatt::test {

inline QString sourceDir()
{
    return QStringLiteral(SLICEWATT_SOURCE_DIR);
}

inline QString corpusDir()
{
    return sourceDir() + QStringLiteral("/tests/corpus");
}

inline QString exampleDir()
{
    return sourceDir() + QStringLiteral("/examples/imagepipe");
}

inline ParserOptions parserOptions()
{
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    return options;
}

// Writes `contents` to dir/name (creating folders) and returns the absolute path.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents)
{
    const QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write test file %s", qPrintable(path));
    file.write(contents);
    return QDir::cleanPath(path);
}

} // namespace slicewatt::test

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "ir/Operators.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace slicewatt::test {

// The operator a test names by its C spelling ("<", "+="'s "+"); tests only name real ones.
inline BinaryOperator binaryOperator(const QString& spelling)
{
    const auto op = binaryOperatorFromSpelling(spelling);
    Q_ASSERT(op);
    return op.value_or(BinaryOperator::Comma);
}

inline QString sourceDir()
{
    return QStringLiteral(SLICEWATT_SOURCE_DIR);
}

inline QString corpusDir()
{
    return sourceDir() + QStringLiteral("/tests/corpus");
}

// The shared data beside every checkout (../shared): measurements and their kernels' sources.
inline QString sharedDir()
{
    return sourceDir() + QStringLiteral("/../shared");
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

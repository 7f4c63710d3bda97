// SPDX-License-Identifier: GPL-3.0-or-later
#include "ParserOptions.h"

#include "CudaPrelude.h"

#include <QDir>
#include <QFileInfo>

namespace slicewatt {

QString defaultClangResourceDir()
{
    const QString fromEnvironment = qEnvironmentVariable("SLICEWATT_CLANG_RESOURCE_DIR");
    if (!fromEnvironment.isEmpty() && QFileInfo::exists(fromEnvironment))
        return fromEnvironment;
#ifdef SLICEWATT_CLANG_RESOURCE_DIR
    const QString configured = QStringLiteral(SLICEWATT_CLANG_RESOURCE_DIR);
    if (QFileInfo::exists(configured + QStringLiteral("/include/stddef.h")))
        return configured;
#endif
    return QString();
}

QStringList clangArguments(const QStringList& fileFlags, const ParserOptions& options)
{
    QStringList args = {
        QStringLiteral("-x"),
        QStringLiteral("cuda"),
        QStringLiteral("--cuda-host-only"),
        QStringLiteral("-nocudainc"),
        QStringLiteral("-nocudalib"),
        // Point clang away from any real CUDA install: CUDA 12+ headers break clang 14, and
        // results must not depend on what happens to be installed.
        QStringLiteral("--cuda-path=") + CudaPrelude::virtualFolder() + QStringLiteral("/no-cuda"),
        QStringLiteral("-Wno-unknown-cuda-version"),
        QStringLiteral("-ferror-limit=") + QString::number(options.errorLimit),
        // Our stubs come before every user include path so a project's -I to a real CUDA
        // install still sees the stand-ins.
        QStringLiteral("-I") + CudaPrelude::virtualFolder(),
        QStringLiteral("-include"),
        CudaPrelude::forcedInclude(),
    };
    if (!options.resourceDir.isEmpty())
        args << QStringLiteral("-resource-dir") << options.resourceDir;
    args += fileFlags;
    return args;
}

} // namespace slicewatt

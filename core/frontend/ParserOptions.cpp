// SPDX-License-Identifier: GPL-3.0-or-later
#include "ParserOptions.h"

#include "CudaPrelude.h"

#include <QDir>
#include <QFileInfo>
#include <QThread>

#include <algorithm>

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

int defaultParallelFiles()
{
    return std::clamp(QThread::idealThreadCount(), 1, kMaxDefaultParallelFiles);
}

QStringList clangArguments(const QStringList& fileFlags, const ParserOptions& options, CompileSide side)
{
    QStringList args = {
        QStringLiteral("-x"),
        QStringLiteral("cuda"),
        QStringLiteral("-nocudainc"),
        QStringLiteral("-nocudalib"),
        // Point clang away from any real CUDA install: CUDA 12+ headers break clang 14, and
        // results must not depend on what happens to be installed.
        QStringLiteral("--cuda-path=") + CudaPrelude::virtualFolder() + QStringLiteral("/no-cuda"),
        QStringLiteral("-Wno-unknown-cuda-version"),
        // C++17 removed `register`; old CUDA code still has it and nvcc accepts it.
        QStringLiteral("-Wno-register"),
        QStringLiteral("-ferror-limit=") + QString::number(options.errorLimit),
        // libclang's parse cannot be interrupted, so clang's own limits bound it: nesting of
        // brackets, template instantiation depth, and the work constexpr evaluation may do
        // (clang's defaults are 256, 1024, 512 and 1048576). Deeper or longer code is an
        // error in the file, not a hang or a stack overflow in SliceWatt.
        QStringLiteral("-fbracket-depth=256"),
        QStringLiteral("-ftemplate-depth=512"),
        QStringLiteral("-fconstexpr-depth=256"),
        QStringLiteral("-fconstexpr-steps=262144"),
        // Backtrace notes are dropped with the other notes (collectDiagnostics): not building
        // them saves work on template- and macro-heavy broken code.
        QStringLiteral("-ftemplate-backtrace-limit=1"),
        QStringLiteral("-fmacro-backtrace-limit=1"),
        // Our stubs come before every user include path so a project's -I to a real CUDA
        // install still sees the stand-ins.
        QStringLiteral("-I") + CudaPrelude::virtualFolder(),
        QStringLiteral("-include"),
        CudaPrelude::forcedInclude(),
    };
    if (side == CompileSide::Host)
        args << QStringLiteral("--cuda-host-only");
    else
        args += options.deviceArch.deviceParseArguments();
    if (!options.allowCrashPragmas)
        args << QStringLiteral("-Xclang") << QStringLiteral("-disable-pragma-debug-crash");
    if (!options.resourceDir.isEmpty())
        args << QStringLiteral("-resource-dir") << options.resourceDir;
    args += fileFlags;
    return args;
}

} // namespace slicewatt

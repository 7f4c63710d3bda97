// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreludePch.h"

#include "ClangArgv.h"
#include "ClangHandles.h"
#include "CudaPrelude.h"
#include "TranslationUnitParser.h"

#include <QTemporaryDir>

#include <vector>

namespace slicewatt {
namespace {

// The precompiled header's main file: only the prelude's include, so the header holds
// exactly what `-include __slicewatt_prelude.h` would have put in front of the file.
QByteArray mainFilePath()
{
    return (CudaPrelude::virtualFolder() + QStringLiteral("/__slicewatt_pch_main.cu")).toUtf8();
}

QByteArray mainFileContents()
{
    return "#include \"" + CudaPrelude::forcedInclude().toUtf8() + "\"\n";
}

QString keyOf(const QStringList& arguments)
{
    return arguments.join(QChar(0));
}

} // namespace

PreludePch& PreludePch::instance()
{
    static PreludePch store;
    return store;
}

PreludePch::PreludePch() = default;
PreludePch::~PreludePch() = default;

QString PreludePch::pathFor(const QStringList& arguments)
{
    // Held while building: a second thread with the same arguments waits for the header
    // instead of building its own. Building is rare (once per argument list) and short.
    QMutexLocker lock(&m_mutex);
    const QString key = keyOf(arguments);
    const auto found = m_paths.constFind(key);
    if (found != m_paths.constEnd())
        return *found;
    const QString path = build(arguments, int(m_paths.size()));
    m_paths.insert(key, path);
    return path;
}

void PreludePch::markUnusable(const QStringList& arguments)
{
    QMutexLocker lock(&m_mutex);
    m_paths.insert(keyOf(arguments), QString());
}

QStringList PreludePch::withoutPreludeInclude(const QStringList& arguments)
{
    QStringList result = arguments;
    const qsizetype forced = result.indexOf(CudaPrelude::forcedInclude());
    if (forced > 0 && result.at(forced - 1) == QLatin1String("-include"))
        result.remove(forced - 1, 2);
    return result;
}

int PreludePch::built() const
{
    QMutexLocker lock(&m_mutex);
    int count = 0;
    for (const QString& path : m_paths)
        count += path.isEmpty() ? 0 : 1;
    return count;
}

QString PreludePch::build(const QStringList& arguments, int serial)
{
    if (!m_folder)
        m_folder = std::make_unique<QTemporaryDir>();
    if (!m_folder->isValid())
        return QString();

    const ClangArgv argv(arguments);
    const QByteArray mainPath = mainFilePath();
    const QByteArray mainContents = mainFileContents();
    std::vector<CXUnsavedFile> unsaved = CudaPrelude::instance().unsavedFiles();
    unsaved.push_back(
        CXUnsavedFile{mainPath.constData(), mainContents.constData(), static_cast<unsigned long>(mainContents.size())});

    const IndexHandle index(clang_createIndex(0, 0));
    CXTranslationUnit tu = nullptr;
    CXErrorCode code = CXError_Failure;
    runWithLargeStack([&] {
        code = clang_parseTranslationUnit2(index.get(), mainPath.constData(), argv.data(), argv.size(), unsaved.data(),
            unsigned(unsaved.size()), CXTranslationUnit_ForSerialization | CXTranslationUnit_Incomplete, &tu);
    });
    const TranslationUnitHandle unit(tu);
    if (code != CXError_Success || !unit)
        return QString();
    // An error in the prelude under these arguments (a project's -D breaking it) must reach
    // the user in each file's diagnostics, as without the header: parse it the usual way.
    for (const Diagnostic& diagnostic : collectDiagnostics(unit.get())) {
        if (diagnostic.isError())
            return QString();
    }
    const QString path = m_folder->filePath(QStringLiteral("prelude-%1.pch").arg(serial));
    if (clang_saveTranslationUnit(unit.get(), path.toUtf8().constData(), clang_defaultSaveOptions(unit.get()))
        != CXSaveError_None)
        return QString();
    return path;
}

bool isPrecompiledHeaderComplaint(const QString& message)
{
    // clang's own wording (DiagnosticSerializationKinds.td): "PCH file ...", "... in the PCH",
    // "... the precompiled header ...", "malformed or corrupted AST file". Case matters: an
    // identifier such as `tmpChunk` is no complaint.
    return message.contains(QLatin1String("PCH")) || message.contains(QLatin1String("precompiled header"))
        || message.contains(QLatin1String("AST file"));
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectLoader.h"

#include "CompileDatabase.h"
#include "CompilerFlagFilter.h"
#include "IncludeScanner.h"
#include "SourceClassifier.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace slicewatt {
namespace {

class ProjectBuilder {
public:
    explicit ProjectBuilder(const LoadOptions& options)
        : m_options(options)
    {
    }

    void addInput(const QString& input)
    {
        const QFileInfo info(input);
        if (!info.exists()) {
            m_sources.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Error,
                QDir::cleanPath(info.absoluteFilePath()), QStringLiteral("no such file or folder"));
        } else if (info.isDir()) {
            addFolder(info.absoluteFilePath());
        } else if (isCompileDatabasePath(input)) {
            addCompileDatabase(info.absoluteFilePath());
        } else {
            addExplicitFile(info.absoluteFilePath());
        }
    }

    ProjectSources finish()
    {
        QStringList dropped(m_dropped.begin(), m_dropped.end());
        std::sort(dropped.begin(), dropped.end());
        m_sources.droppedFlags = dropped;
        if (!dropped.isEmpty()) {
            m_sources.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Note, QString(),
                QStringLiteral("ignored compiler flags clang does not need for analysis: %1")
                    .arg(dropped.join(QStringLiteral(", "))));
        }
        treatIncludedUnitsAsHeaders();
        auto byPath = [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; };
        std::sort(m_sources.units.begin(), m_sources.units.end(), byPath);
        std::sort(m_sources.headers.begin(), m_sources.headers.end(), byPath);
        return m_sources;
    }

private:
    // A .cu file another project file includes is read inside its includer, where the
    // types and macros it relies on are defined; on its own it would fail to parse and its
    // kernels would be reported twice. A compile database's word is final.
    void treatIncludedUnitsAsHeaders()
    {
        const QSet<QString> included
            = filesIncludedByOthers(m_sources.units + m_sources.headers, m_options.maxFileBytes);
        QVector<SourceFile> units;
        for (SourceFile& file : m_sources.units) {
            if (included.contains(file.path) && !m_fromDatabase.contains(file.path)) {
                file.isHeader = true;
                m_sources.headers << file;
            } else {
                units << file;
            }
        }
        m_sources.units = units;
    }

    QStringList commonFlags() const
    {
        QStringList flags;
        flags << QStringLiteral("-std=") + m_options.defaultStandard;
        for (const QString& dir : m_options.extraIncludeDirs)
            flags << QStringLiteral("-I") + QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
        for (const QString& define : m_options.extraDefines)
            flags << QStringLiteral("-D") + define;
        return flags;
    }

    void add(const QString& path, SourceRole role, QStringList flags)
    {
        const QString clean = QDir::cleanPath(path);
        if (m_seen.contains(clean) || role == SourceRole::Ignored)
            return;
        m_seen.insert(clean);
        SourceFile file{clean, flags, role == SourceRole::Header};
        (file.isHeader ? m_sources.headers : m_sources.units) << file;
    }

    void addFolder(const QString& folder)
    {
        QStringList found;
        QStringList includeDirs;
        // Hidden folders (.git, .cache) hold no sources worth analysing; symlinks are not
        // followed so a link loop cannot trap the walk.
        QDirIterator it(folder, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QFileInfo info = it.fileInfo();
            if (path.contains(QLatin1String("/.")))
                continue;
            if (info.isDir()) {
                if (info.fileName() == QLatin1String("include"))
                    includeDirs << path;
            } else {
                found << path;
            }
        }
        QStringList flags = commonFlags();
        if (m_options.addIncludeDirsFromFolders) {
            std::sort(includeDirs.begin(), includeDirs.end());
            for (const QString& dir : includeDirs)
                flags << QStringLiteral("-I") + dir;
        }
        std::sort(found.begin(), found.end());
        for (const QString& path : found)
            add(path, classifySource(path), flags);
    }

    void addExplicitFile(const QString& path)
    {
        SourceRole role = classifySource(path);
        // The user named this file: analyse it even when its extension is unusual.
        if (role == SourceRole::Ignored)
            role = SourceRole::TranslationUnit;
        add(path, role, commonFlags());
    }

    void addCompileDatabase(const QString& path)
    {
        const CompileDatabase db = readCompileDatabase(path);
        m_sources.diagnostics += db.diagnostics;
        for (const CompileCommand& command : db.commands) {
            const QFileInfo info(command.file);
            if (!info.exists()) {
                m_sources.diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Warning, command.file,
                    QStringLiteral("listed in %1 but missing on disk").arg(path));
                continue;
            }
            const SourceRole role = classifySource(command.file);
            if (role == SourceRole::Ignored)
                continue;
            const FilteredFlags filtered = filterCompilerFlags(command.arguments, command.directory, command.file);
            for (const QString& flag : filtered.dropped)
                m_dropped.insert(flag);
            QStringList flags = commonFlags();
            flags += filtered.kept; // a later -std from the build wins over our default
            add(command.file, role, flags);
            m_fromDatabase.insert(QDir::cleanPath(command.file));
        }
    }

    const LoadOptions& m_options;
    ProjectSources m_sources;
    QSet<QString> m_seen;
    QSet<QString> m_dropped;
    QSet<QString> m_fromDatabase; // files a compile database names: units whoever includes them
};

} // namespace

bool isCompileDatabasePath(const QString& path)
{
    return QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0;
}

ProjectSources loadProject(const QStringList& inputs, const LoadOptions& options)
{
    ProjectBuilder builder(options);
    for (const QString& input : inputs)
        builder.addInput(input);
    return builder.finish();
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCache.h"

#include "common/CacheEntryFile.h"
#include "common/FileIo.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QMutexLocker>

namespace slicewatt {
namespace {

constexpr quint32 kMagic = 0x53575058; // "SWPX"
constexpr quint32 kFormat = 1;
const char* const kEntrySuffix = ".ptxentry";

// SliceWatt's prelude and helper headers are written to a new temporary folder every run:
// their paths stand for the folder's role, their bytes are hashed like any other file's.
const QString kPreludeMark = QStringLiteral("<prelude>");
const QString kHelperMark = QStringLiteral("<helpers>");

QString marked(QString path, const PtxRequest& request)
{
    if (!request.preludeFolder.isEmpty())
        path.replace(request.preludeFolder, kPreludeMark);
    if (!request.helperFolder.isEmpty())
        path.replace(request.helperFolder, kHelperMark);
    return path;
}

QString resolved(QString path, const PtxRequest& request)
{
    return path.replace(kPreludeMark, request.preludeFolder).replace(kHelperMark, request.helperFolder);
}

// Everything the PTX depends on but the files it read: the producer, and its arguments with
// the temporary folders marked.
QByteArray configurationOf(const PtxProducer& producer, const PtxRequest& request)
{
    QString note;
    const QString arch = ptxArchFor(producer, request.arch, &note);
    QStringList arguments;
    for (const QString& argument : ptxArguments(producer, request, arch))
        arguments << marked(argument, request);
    QByteArray configuration;
    QDataStream out(&configuration, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_0);
    out << kFormat << producer.name() << producer.executable << arguments << request.sourceFile;
    return configuration;
}

} // namespace

PtxCache::PtxCache(const QString& diskFolder)
    : m_diskFolder(diskFolder)
{
}

QString PtxCache::folderBeside(const QString& unitCacheFolder)
{
    return unitCacheFolder.isEmpty() ? QString() : unitCacheFolder + QStringLiteral("/ptx");
}

QString PtxCache::entryPath(const QByteArray& configuration) const
{
    const QByteArray name = QCryptographicHash::hash(configuration, QCryptographicHash::Sha256).toHex().left(40);
    return m_diskFolder + QLatin1Char('/') + QString::fromLatin1(name) + QLatin1String(kEntrySuffix);
}

std::optional<PtxCompilation> PtxCache::lookup(const PtxProducer& producer, const PtxRequest& request)
{
    if (m_diskFolder.isEmpty())
        return std::nullopt;
    const QByteArray ours = configurationOf(producer, request);
    const QString path = entryPath(ours);
    const auto miss = [&](bool corrupt) -> std::optional<PtxCompilation> {
        QMutexLocker lock(&m_mutex);
        ++m_stats.misses;
        if (corrupt) {
            QFile::remove(path);
            ++m_stats.corrupt;
        }
        return std::nullopt;
    };
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly))
        return miss(false); // never compiled
    const std::optional<QByteArray> payload = openCacheEntry(in.readAll(), kMagic, kFormat);
    in.close();
    if (!payload)
        return miss(true);
    QDataStream body(*payload);
    body.setVersion(QDataStream::Qt_6_0);
    QByteArray configuration;
    QHash<QString, QByteArray> dependencies;
    PtxCompilation compilation;
    body >> configuration >> dependencies >> compilation.ptx >> compilation.arch >> compilation.notes
        >> compilation.command;
    if (body.status() != QDataStream::Ok || !body.atEnd() || dependencies.isEmpty())
        return miss(true);
    // Another configuration whose name hashed alike: not ours to use, nor to delete.
    if (configuration != ours)
        return miss(false);
    for (auto it = dependencies.cbegin(); it != dependencies.cend(); ++it) {
        const QString file = resolved(it.key(), request);
        if (hashFileContents(file) != it.value())
            return miss(false); // edited since: compiled again, and stored over this one
        compilation.dependencies << file;
    }
    QMutexLocker lock(&m_mutex);
    ++m_stats.hits;
    return compilation;
}

void PtxCache::store(const PtxProducer& producer, const PtxRequest& request, const PtxCompilation& compilation)
{
    // Without the list of files it read, a change could not be noticed: not remembered.
    if (m_diskFolder.isEmpty() || !compilation.ok() || compilation.dependencies.isEmpty())
        return;
    QHash<QString, QByteArray> dependencies;
    for (const QString& file : compilation.dependencies) {
        const QByteArray hash = hashFileContents(file);
        if (hash.isEmpty())
            return; // a file that vanished: the next run compiles again anyway
        dependencies.insert(marked(file, request), hash);
    }
    const QByteArray configuration = configurationOf(producer, request);
    QByteArray payload;
    {
        QDataStream body(&payload, QIODevice::WriteOnly);
        body.setVersion(QDataStream::Qt_6_0);
        body << configuration << dependencies << compilation.ptx << compilation.arch << compilation.notes
             << compilation.command;
    }
    // A cache that cannot be written only costs time: failures are silent on purpose.
    QString ignored;
    if (!QDir().mkpath(m_diskFolder)
        || !writeFileAtomically(entryPath(configuration), sealCacheEntry(kMagic, kFormat, payload), &ignored))
        return;
    QMutexLocker lock(&m_mutex);
    ++m_stats.stored;
}

void PtxCache::clear()
{
    if (m_diskFolder.isEmpty())
        return;
    for (const QString& entry :
        QDir(m_diskFolder).entryList({QStringLiteral("*") + QLatin1String(kEntrySuffix)}, QDir::Files))
        QFile::remove(QDir(m_diskFolder).filePath(entry));
}

void PtxCache::trimDisk(qint64 maxBytes)
{
    trimCacheFolder(m_diskFolder, QLatin1String(kEntrySuffix), maxBytes);
}

PtxCache::Stats PtxCache::stats() const
{
    QMutexLocker lock(&m_mutex);
    return m_stats;
}

PtxCompilation compilePtxCached(const PtxProducer& producer, const PtxRequest& request, PtxCache* cache, bool* cached)
{
    std::optional<PtxCompilation> remembered = cache ? cache->lookup(producer, request) : std::nullopt;
    if (cached)
        *cached = remembered.has_value();
    if (remembered)
        return *remembered;
    PtxCompilation compilation = compilePtx(producer, request);
    if (cache)
        cache->store(producer, request, compilation);
    return compilation;
}

} // namespace slicewatt

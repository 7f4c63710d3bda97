// SPDX-License-Identifier: GPL-3.0-or-later
#include "UnitCache.h"

#include "CudaPrelude.h"
#include "UnitSerialization.h"
#include "common/CacheEntryFile.h"
#include "common/FileIo.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QStandardPaths>

#include <clang-c/Index.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace slicewatt {
namespace {

constexpr quint32 kMagic = 0x53575543; // "SWUC"
const char* const kEntrySuffix = ".unit";

QByteArray sha256(const QByteArray& bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

QString libclangVersion()
{
    CXString version = clang_getClangVersion();
    const QString text = QString::fromUtf8(clang_getCString(version));
    clang_disposeString(version);
    return text;
}

} // namespace

UnitCache::UnitCache(const QString& diskFolder)
    : m_diskFolder(diskFolder)
{
}

QString UnitCache::defaultDiskFolder()
{
    // Shared by the app and the CLI, whose application names differ.
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/slicewatt/units");
}

UnitCache::Key UnitCache::keyFor(const SourceFile& source, const ParserOptions& options)
{
    static const QString toolVersion = QStringLiteral(SLICEWATT_VERSION " ") + libclangVersion();
    QByteArray configuration;
    QDataStream out(&configuration, QIODevice::WriteOnly);
    out << kUnitFormatVersion << toolVersion << CudaPrelude::instance().versionHash()
        << clangArguments(source.flags, options) << source.isHeader << options.maxFileBytes
        << qint32(options.errorLimit) << options.analyseKernels;
    // The caps shape the statement IR (a kernel over a cap is cut off, with a diagnostic).
    const AnalysisLimits& limits = options.limits;
    out << qint32(limits.maxStatements) << qint32(limits.maxInlinedCalls) << qint32(limits.maxInlineDepth)
        << qint32(limits.maxNestingDepth) << qint32(limits.maxExpressionDepth) << qint32(limits.maxStatementContext)
        << options.allowCrashPragmas;
    // The screen's limits decide whether a file is parsed at all.
    const HazardLimits& hazards = options.hazards;
    out << qint32(hazards.maxUnbrokenTokens) << hazards.maxMacroTokens << qint32(hazards.maxMacroDepth)
        << qint32(hazards.maxIncludeScanFiles);
    return Key{sha256(configuration), hashFileContents(source.path)};
}

QString UnitCache::entryFilePath(const QString& path, const QByteArray& configuration) const
{
    const QByteArray name = sha256(path.toUtf8() + '\n' + configuration).toHex().left(40);
    return m_diskFolder + QLatin1Char('/') + QString::fromLatin1(name) + QLatin1String(kEntrySuffix);
}

QByteArray UnitCache::dependencyHash(const QString& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path file(path.toStdString());
    const auto size = fs::file_size(file, error);
    const auto modified = error ? fs::file_time_type() : fs::last_write_time(file, error);
    if (error)
        return QByteArray();
    const qint64 modifiedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(modified.time_since_epoch()).count();
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_stamps.constFind(path);
        if (it != m_stamps.constEnd() && it->size == qint64(size) && it->modifiedNs == modifiedNs)
            return it->hash;
    }
    const QByteArray hash = hashFileContents(path);
    // A file written in the last seconds may be written again within the same clock tick
    // of a coarse file system: hash it again next time rather than trust its time.
    constexpr auto kSettled = std::chrono::seconds(3);
    if (!hash.isEmpty() && fs::file_time_type::clock::now() - modified > kSettled) {
        QMutexLocker lock(&m_mutex);
        m_stamps.insert(path, Stamp{qint64(size), modifiedNs, hash});
    }
    return hash;
}

bool UnitCache::dependenciesUnchanged(const Entry& entry)
{
    for (auto it = entry.dependencyHashes.cbegin(); it != entry.dependencyHashes.cend(); ++it) {
        if (dependencyHash(it.key()) != it.value())
            return false;
    }
    return true;
}

std::optional<UnitIndex> UnitCache::lookup(const QString& path, const Key& key)
{
    if (key.content.isEmpty())
        return std::nullopt;
    std::optional<Entry> entry;
    bool fromDisk = false;
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_memory.constFind(path);
        if (it != m_memory.constEnd() && it->key.configuration == key.configuration)
            entry = *it;
    }
    if (!entry && !m_diskFolder.isEmpty()) {
        entry = readDiskEntry(path, key);
        fromDisk = entry.has_value();
    }
    const bool hit = entry && entry->key.content == key.content && dependenciesUnchanged(*entry);
    QMutexLocker lock(&m_mutex);
    if (!hit) {
        ++m_stats.misses;
        return std::nullopt;
    }
    ++m_stats.hits;
    if (fromDisk) {
        ++m_stats.diskHits;
        m_memory.insert(path, *entry);
    }
    return entry->unit;
}

void UnitCache::store(const QString& path, const Key& key, const UnitIndex& unit)
{
    if (key.content.isEmpty() || !unit.parsed || unit.stoppedByBudget)
        return;
    Entry entry{key, {}, unit};
    for (const QString& included : unit.includedFiles) {
        const QByteArray hash = dependencyHash(included);
        if (hash.isEmpty())
            return; // a header that vanished: the next run must parse again anyway
        entry.dependencyHashes.insert(included, hash);
    }
    if (!m_diskFolder.isEmpty())
        writeDiskEntry(path, entry);
    QMutexLocker lock(&m_mutex);
    m_memory.insert(path, std::move(entry));
    ++m_stats.stored;
}

std::optional<UnitCache::Entry> UnitCache::readDiskEntry(const QString& path, const Key& key)
{
    const QString file = entryFilePath(path, key.configuration);
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return std::nullopt; // never written: a plain miss
    const QByteArray bytes = in.readAll();
    in.close();

    const auto reject = [&]() -> std::optional<Entry> {
        QFile::remove(file);
        QMutexLocker lock(&m_mutex);
        ++m_stats.corrupt;
        return std::nullopt;
    };
    const std::optional<QByteArray> payload = openCacheEntry(bytes, kMagic, kUnitFormatVersion);
    if (!payload)
        return reject();

    QDataStream body(*payload);
    body.setVersion(QDataStream::Qt_6_0);
    QString storedPath;
    Entry entry;
    QByteArray unitBytes;
    body >> storedPath >> entry.key.configuration >> entry.key.content >> entry.dependencyHashes >> unitBytes;
    if (body.status() != QDataStream::Ok || !body.atEnd())
        return reject();
    // A different file whose name hashed alike, or flags that changed: not ours to use.
    if (storedPath != path || entry.key.configuration != key.configuration)
        return std::nullopt;
    std::optional<UnitIndex> unit = deserializeUnit(unitBytes);
    if (!unit || unit->path != path)
        return reject();
    entry.unit = std::move(*unit);
    return entry;
}

void UnitCache::writeDiskEntry(const QString& path, const Entry& entry) const
{
    QByteArray payload;
    {
        QDataStream body(&payload, QIODevice::WriteOnly);
        body.setVersion(QDataStream::Qt_6_0);
        body << path << entry.key.configuration << entry.key.content << entry.dependencyHashes
             << serializeUnit(entry.unit);
    }
    const QByteArray bytes = sealCacheEntry(kMagic, kUnitFormatVersion, payload);
    // A cache that cannot be written only costs speed: failures are silent on purpose.
    if (!QDir().mkpath(m_diskFolder))
        return;
    QString ignored;
    writeFileAtomically(entryFilePath(path, entry.key.configuration), bytes, &ignored);
}

void UnitCache::clear()
{
    QMutexLocker lock(&m_mutex);
    m_memory.clear();
    m_stamps.clear();
    if (m_diskFolder.isEmpty())
        return;
    QDirIterator it(m_diskFolder, {QStringLiteral("*") + QLatin1String(kEntrySuffix)}, QDir::Files);
    while (it.hasNext())
        QFile::remove(it.next());
}

void UnitCache::trimDisk(qint64 maxBytes)
{
    trimCacheFolder(m_diskFolder, QLatin1String(kEntrySuffix), maxBytes);
}

UnitCache::Stats UnitCache::stats() const
{
    QMutexLocker lock(&m_mutex);
    return m_stats;
}

} // namespace slicewatt

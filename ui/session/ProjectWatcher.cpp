// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectWatcher.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace slicewatt {

ProjectWatcher::ProjectWatcher(QObject* parent)
    : QObject(parent)
{
    m_quiet.setSingleShot(true);
    m_quiet.setInterval(300);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &ProjectWatcher::onFileChanged);
    connect(&m_quiet, &QTimer::timeout, this, &ProjectWatcher::flush);
}

void ProjectWatcher::watch(const QStringList& files)
{
    const QStringList old = m_watcher.files();
    if (!old.isEmpty())
        m_watcher.removePaths(old);
    m_fingerprints.clear();
    m_pending.clear();
    for (const QString& file : files)
        m_fingerprints.insert(file, fingerprint(file));
    if (!files.isEmpty())
        m_watcher.addPaths(files);
}

QStringList ProjectWatcher::watchedFiles() const
{
    QStringList files = m_fingerprints.keys();
    files.sort();
    return files;
}

void ProjectWatcher::onFileChanged(const QString& path)
{
    m_pending.insert(path);
    m_quiet.start();
}

void ProjectWatcher::flush()
{
    QStringList changed;
    for (const QString& path : std::as_const(m_pending)) {
        // A rename over the file drops it from the watcher; watch the new file again.
        if (QFileInfo::exists(path) && !m_watcher.files().contains(path))
            m_watcher.addPath(path);
        const QByteArray now = fingerprint(path);
        if (now != m_fingerprints.value(path)) {
            m_fingerprints.insert(path, now);
            changed << path;
        }
    }
    m_pending.clear();
    if (changed.isEmpty())
        return;
    std::sort(changed.begin(), changed.end());
    Q_EMIT filesChanged(changed);
}

QByteArray ProjectWatcher::fingerprint(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArrayLiteral("missing");
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(&file);
    return hash.result();
}

} // namespace slicewatt

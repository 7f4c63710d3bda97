// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

namespace slicewatt {

// Watches the analysed project's files and reports saves, batched: editors write a file in
// several steps (truncate + write, or write a copy and rename over), so changes are
// collected for a short quiet period and reported once, with only the files whose contents
// really changed. Files replaced by rename are watched again.
class ProjectWatcher : public QObject {
    Q_OBJECT
public:
    explicit ProjectWatcher(QObject* parent = nullptr);

    void watch(const QStringList& files); // replaces the watched set
    QStringList watchedFiles() const;
    void setQuietPeriodMs(int milliseconds) { m_quiet.setInterval(milliseconds); }

Q_SIGNALS:
    void filesChanged(const QStringList& files); // absolute paths, sorted

private:
    void onFileChanged(const QString& path);
    void flush();
    static QByteArray fingerprint(const QString& path);

    QFileSystemWatcher m_watcher;
    QTimer m_quiet;
    QSet<QString> m_pending;
    QHash<QString, QByteArray> m_fingerprints; // content hash per watched file
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace slicewatt {

// The last projects opened (each a list of inputs: a folder, files, or a compile database),
// newest first, remembered in QSettings and shown as File → Recent Projects.
class RecentProjects : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaximum = 8;

    explicit RecentProjects(QMenu* menu, QObject* parent = nullptr);

    void add(const QStringList& inputs);
    QList<QStringList> projects() const;

Q_SIGNALS:
    void openRequested(const QStringList& inputs);

private:
    void rebuildMenu();

    QMenu* m_menu;
};

} // namespace slicewatt

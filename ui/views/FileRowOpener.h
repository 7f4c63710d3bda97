// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QSet>
#include <QString>

class QTreeView;

namespace slicewatt {

// Opens the kernel tree's file rows when they first appear, and only then. Results arrive
// in batches, each a layout change of the tree: opening every file at each one reopened the
// files the reader had closed. A new project (a reset) opens all of its files once more.
// Files are known by ModelRoles::FilePathRole.
class FileRowOpener : public QObject {
    Q_OBJECT
public:
    // Owned by the view; opens the files the view's model has now.
    static FileRowOpener* attach(QTreeView* view);

private:
    explicit FileRowOpener(QTreeView* view);
    void openNewFiles();

    QTreeView* m_view;
    QSet<QString> m_opened; // files opened once in this project, by path
};

} // namespace slicewatt

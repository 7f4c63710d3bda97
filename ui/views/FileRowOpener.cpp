// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileRowOpener.h"

#include "models/ModelRoles.h"

#include <QTreeView>

namespace slicewatt {

FileRowOpener* FileRowOpener::attach(QTreeView* view)
{
    return new FileRowOpener(view);
}

FileRowOpener::FileRowOpener(QTreeView* view)
    : QObject(view)
    , m_view(view)
{
    QAbstractItemModel* model = view->model();
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_opened.clear();
        openNewFiles();
    });
    connect(model, &QAbstractItemModel::layoutChanged, this, &FileRowOpener::openNewFiles);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
        if (!parent.isValid())
            openNewFiles();
    });
    openNewFiles();
}

void FileRowOpener::openNewFiles()
{
    const QAbstractItemModel* model = m_view->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex file = model->index(row, 0);
        const QString path = file.data(ModelRoles::FilePathRole).toString();
        if (path.isEmpty() || m_opened.contains(path))
            continue;
        m_opened.insert(path);
        m_view->expand(file);
    }
}

} // namespace slicewatt

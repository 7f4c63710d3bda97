// SPDX-License-Identifier: GPL-3.0-or-later
#include "ColumnFitter.h"

#include <QAbstractItemView>
#include <QHeaderView>

namespace slicewatt {

ColumnFitter* ColumnFitter::attach(QAbstractItemView* view, QHeaderView* header, int settleMs)
{
    return new ColumnFitter(view, header, settleMs);
}

ColumnFitter::ColumnFitter(QAbstractItemView* view, QHeaderView* header, int settleMs)
    : QObject(view)
    , m_view(view)
    , m_header(header)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(settleMs);
    connect(&m_settle, &QTimer::timeout, this, &ColumnFitter::fitNow);
    for (int column = 0; column < m_header->count(); ++column) {
        if (m_header->sectionResizeMode(column) == QHeaderView::ResizeToContents)
            m_header->setSectionResizeMode(column, QHeaderView::Interactive);
    }
    QAbstractItemModel* model = view->model();
    connect(model, &QAbstractItemModel::modelReset, this, &ColumnFitter::fitNow);
    connect(model, &QAbstractItemModel::layoutChanged, this, &ColumnFitter::fitNow);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ColumnFitter::fitNow);
    connect(model, &QAbstractItemModel::dataChanged, &m_settle, qOverload<>(&QTimer::start));
    connect(model, &QAbstractItemModel::headerDataChanged, &m_settle, qOverload<>(&QTimer::start));
    fitNow();
}

void ColumnFitter::fitNow()
{
    m_settle.stop();
    for (int column = 0; column < m_header->count(); ++column) {
        if (m_header->isSectionHidden(column) || m_header->sectionResizeMode(column) != QHeaderView::Interactive)
            continue;
        // The header's own text counts too (QHeaderView::sectionSizeHint), as in ResizeToContents.
        const int contents = m_header->orientation() == Qt::Horizontal ? m_view->sizeHintForColumn(column)
                                                                       : m_view->sizeHintForRow(column);
        m_header->resizeSection(column, qMax(contents, m_header->sectionSizeHint(column)));
    }
}

} // namespace slicewatt

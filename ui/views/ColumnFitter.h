// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

class QAbstractItemView;
class QHeaderView;

namespace slicewatt {

// Fits a view's columns to their contents when its rows change, and once a stream of value
// changes settles: QHeaderView::ResizeToContents measures every row on every dataChanged,
// which a what-if slider sends per tick (most of a step's time in the kernel tree and Hot
// Spots on a 5,000-line file). Columns stay interactive, so users may widen them too. A
// column set to Stretch keeps stretching.
class ColumnFitter : public QObject {
    Q_OBJECT
public:
    // Fits `view`'s columns now and whenever its model resets, lays out or gains rows;
    // after value changes, `settleMs` after the last one. Owned by the view.
    static ColumnFitter* attach(QAbstractItemView* view, QHeaderView* header, int settleMs = 250);

    void fitNow();

private:
    ColumnFitter(QAbstractItemView* view, QHeaderView* header, int settleMs);

    QAbstractItemView* m_view;
    QHeaderView* m_header;
    QTimer m_settle;
};

} // namespace slicewatt

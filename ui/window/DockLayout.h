// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAbstractItemModel;
class QMainWindow;
class QTableView;
class QTreeView;
class QWidget;

namespace slicewatt {

// The main window's docks: the views they hold, made alike (compact rows, columns fitted to
// their contents, the header's context menu showing and hiding columns), where they sit, and
// the window's geometry and layout kept from one session to the next.

// Kernels, their files and slices; the kernel name takes the room, class, Sa and intensity
// wait in the header's menu.
QTreeView* makeKernelTree(QAbstractItemModel* kernels, QWidget* parent);
// The hottest lines: where and what first, the code takes what the numbers leave.
QTableView* makeHotspotTable(QAbstractItemModel* hotspots, QWidget* parent);
QTableView* makeDiagnosticsTable(QAbstractItemModel* diagnostics, QWidget* parent);

struct MainDocks {
    QWidget* kernels;
    QWidget* hotspots;
    QWidget* whatIf;
    QWidget* why;
    QWidget* plots;
    QWidget* diagnostics;
};
// Kernels and hot spots on the left, what-if and Why? on the right, plots and diagnostics
// below; each pair tabbed, the first of it in front.
void addMainDocks(QMainWindow& window, const MainDocks& content);

// The last session's geometry and dock layout; on a first start, most of the screen with the
// code given the most room.
void restoreWindowLayout(QMainWindow& window);
void saveWindowLayout(const QMainWindow& window);

} // namespace slicewatt

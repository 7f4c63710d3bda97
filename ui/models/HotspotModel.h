// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/SourceLineCache.h"
#include "models/ModelRoles.h"
#include "session/ProjectSession.h"

#include <QAbstractTableModel>

namespace slicewatt {

// The project's hottest lines, hottest first (session.hottestLines()): where to look first
// in an energy review. Ranks reorder whenever an estimate moves, so every change of the
// session resets the model; a reset costs one hottestLines() call (at most `limit` rows).
// The session must outlive the model.
//
// Columns (ModelRoles::SortRole gives the raw value): Rank (1 = hottest), Line (file relative
// to the project's common folder, and line), Code (the line's text), the line's power
// (formatLineWatts: its share of its kernel's P̂) or energy per launch, Share of kernel in %,
// Kernel (qualified name). Where and what first: a laptop's dock shows them without scrolling.
class HotspotModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, LocationColumn, CodeColumn, PowerColumn, ShareColumn, KernelColumn, ColumnCount };

    explicit HotspotModel(const ProjectSession& session, int limit = 100, QObject* parent = nullptr);

    int limit() const { return m_limit; }
    void setLimit(int limit); // rows shown at most (>= 1)

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        ProjectSession::HotLine line;
        QString kernelName;
        QString location; // relative file:line
        QString code; // the line's text, trimmed
    };
    void reload();
    bool energyUnit() const; // the session shows line energy (J per launch), not power
    bool m_headerInEnergy = false; // the unit the header last showed

    const ProjectSession& m_session;
    int m_limit = 100;
    QVector<Row> m_rows;
    SourceLineCache m_sources; // read once per analysis: a what-if step re-ranks, the files stay
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ProjectPtx.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace slicewatt {

// A kernel the analysis found, to look up in the project's PTX.
struct PtxKernelQuery {
    QString qualifiedName;
    QString file; // where it is defined
    int line = 0;
};

// `slicewatt-cli ptx`: per kernel the producer and architecture, basic blocks, loops and
// instructions per class, and per source line the instructions per class and loop depth;
// the files that did not compile, with why.
QString ptxTable(const ProjectPtx& ptx, const QVector<PtxKernelQuery>& kernels, const QString& baseDir);
QByteArray ptxJson(const ProjectPtx& ptx, const QVector<PtxKernelQuery>& kernels);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// Measured average power per kernel launch (METHOD §11): the Alavani et al. files
// (`../shared/data/alavani/*.csv`: columns Benchmark, Kernel Name, grid_size, block_size,
// Power, among many) or the minimal form a user writes (header `source,kernel,grid,block,
// watts[,trips]`). Either way one row is one kernel launched with one configuration and the
// board's average power over the run, W.
struct MeasuredLaunch {
    int line = 0; // in the CSV, 1-based
    QString benchmark; // Alavani: the benchmark column; minimal form: empty
    QString kernelName; // as the file spells it (Alavani names may be abbreviations or typos)
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    double watts = 0;
    std::optional<qint64> trips; // minimal form: the loop trip count the run used, when given
    // Where the measured kernel's source is (a folder below the measured corpus) and its
    // function name; from the map for Alavani rows, from the row itself in the minimal form.
    QString source;
    QString kernel;
    // The Alavani files' static features of the row (METHOD §10), by column name lower-cased
    // with the per-SM suffix written `_sm` in every file (V100 and M60 write `_sim`); numeric
    // cells only. Empty in the minimal form.
    QHash<QString, double> features;

    // "Benchmark|Kernel Name": what the map's regular expressions are matched against.
    QString key() const { return benchmark + QLatin1Char('|') + kernelName; }
    bool isMapped() const { return !source.isEmpty() && !kernel.isEmpty(); }
};

struct MeasuredLaunchTable {
    QVector<MeasuredLaunch> rows; // readable rows, file order
    QStringList problems; // "file:line: problem" for rows left out and for the file
};

// Reads a measured CSV. Rows without a positive grid, block or power are left out, each
// with its problem; a file without the columns either form needs is one problem and no rows.
MeasuredLaunchTable readMeasuredLaunches(const QByteArray& text, const QString& fileName);

// `kernels.csv`: `key_regex,source,kernel` lines mapping Alavani rows to the measured
// kernel's source. The first expression that matches a row's key wins.
struct KernelMapEntry {
    QRegularExpression key;
    QString source;
    QString kernel;
};
QVector<KernelMapEntry> readKernelMap(const QByteArray& text, const QString& fileName, QStringList* problems);

// Fills `source` and `kernel` of the rows the map matches (minimal-form rows keep theirs);
// returns how many rows stay unmapped.
int mapMeasuredLaunches(MeasuredLaunchTable& table, const QVector<KernelMapEntry>& map);

} // namespace slicewatt

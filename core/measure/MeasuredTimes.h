// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <array>
#include <optional>

namespace slicewatt {

// Time and power per launch measured back to back (the harness of shared/data/h200: `meas.cuh`
// and its `run.sh`): header `tag,case,kernel,file,grid,block,launch_us,launches,seconds,
// avg_w,…`, RUN rows per case and pass, IDLE rows with the board's power with a context
// open. Each case is one launch configuration of one kernel in one driver file.
struct MeasuredTimeCase {
    QString name; // the case column ("vectorAdd_64M")
    QString kernel; // the launched kernel's name
    QString file; // the driver that launches it, relative to the measurement's folder
    std::array<qint64, 3> grid{};
    std::array<qint64, 3> block{};
    double seconds = 0; // per launch, mean over the passes
    double watts = 0; // board power while launched back to back, mean over the passes
    int passes = 0;
    int line = 0; // of its first row
};

struct MeasuredTimes {
    QVector<MeasuredTimeCase> cases; // in order of first appearance
    std::optional<double> idleW; // mean of the IDLE rows
    QStringList problems; // "file:line: problem" for rows left out and for the file
};

MeasuredTimes readMeasuredTimes(const QByteArray& text, const QString& fileName);

} // namespace slicewatt

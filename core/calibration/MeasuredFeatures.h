// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "measure/MeasuredLaunches.h"
#include "model/GpuCatalogue.h"
#include "model/LaunchActivity.h"
#include "model/PhysicalPower.h"
#include "ptx/PtxCompiler.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// SliceWatt's own view of one measured launch (METHOD §11): the measured kernel's source
// analysed at the row's launch configuration, with the features every fitted form reads.
struct MeasuredRowFeatures {
    int tableRow = -1; // index into MeasuredLaunchTable::rows
    QString group; // "source|kernel": rows of one kernel are held out together
    double measuredW = 0;
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    LaunchActivity activity;
    // The time model's work at the launch (METHOD §12): the physical model's inputs; nullopt
    // where the GPU's catalogue entry lacks what the time model needs.
    std::optional<LaunchWork> work;
    // The program's slices on the published models' axes (METHOD §3, §5): the length-weighted
    // mean intensity of the slices with memory operations, and the program length L.
    bool hasIntensity = false;
    double intensityRatio = 0;
    double intensityFraction = 0;
    double lines = 0;
    int assumedLoops = 0; // loops whose trip count is the default (the problem size is unknown)
    QHash<QString, double> datasetFeatures; // the measured file's own static features (Alavani's PTX columns)
    // The same columns from SliceWatt's PTX of the kernel at this launch (METHOD §10): empty
    // when no PTX was asked for or the kernel's did not compile.
    QHash<QString, double> ptxFeatures;
};

// The PTX of the measured kernels: by which producer, and the loop iteration input (none: the
// analysis's trip counts, as `analyze` uses them).
struct MeasuredPtxOptions {
    std::optional<PtxProducer> producer;
    std::optional<double> loopIterations;
};

struct MeasuredFeatureSet {
    QString gpuId;
    QVector<MeasuredRowFeatures> rows; // the mapped rows SliceWatt could analyse, file order
    QStringList problems; // rows left out (unmapped, source or kernel not found), and why
    int sourcesAnalysed = 0;
    QString ptxProducer; // "clang 14.0.6"; empty without PTX
    QString ptxRule; // how often each PTX block runs
};

// Analyses each mapped source under `corpusRoot` once, and every row through the what-if
// path (its grid and block in place of the code's; a minimal-form row's trips for every loop
// whose trip count the code does not fix): no reparse per row. With a PTX producer, each
// source is compiled once too, and every row gets the PTX launch features.
MeasuredFeatureSet analyseMeasuredLaunches(const MeasuredLaunchTable& table, const QString& corpusRoot,
    const GpuSpec& gpu, const ParserOptions& parserOptions, const MeasuredPtxOptions& ptx = {});

} // namespace slicewatt

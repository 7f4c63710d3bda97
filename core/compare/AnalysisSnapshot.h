// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

// One side of a comparison, as `analyze --format json` writes it (a saved analysis, or a
// version of the project analysed now and written the same way): both sides are read from the
// same text, so a baseline kept with a release compares like one analysed today.

struct SliceSnapshot {
    QString space; // "global", "shared", …
    std::optional<double> powerW;
    std::optional<double> intensity;
    double share = 0; // of the kernel's lines
    int length = 0; // |C|, statements in the slice
    double arithmetic = 0; // loop-weighted arithmetic operations
    double accesses = 0; // loop-weighted memory operations, every space
};

struct LineSnapshot {
    QString file; // empty: the kernel's own file
    int line = 0;
    QString code; // the line's text, trimmed; empty in analyses saved before it was written
    double heatW = 0;
    std::optional<double> energyJ; // per launch, where an energy model priced the line
};

struct KernelSnapshot {
    QString name; // qualified
    // libclang's USR of the definition: the parameter types are in it. Empty in analyses
    // saved before it was written.
    QString signature;
    QString file;
    int line = 0;
    std::optional<double> powerW; // null: no estimate (noEstimate says why)
    QString noEstimate;
    // Per launch: the energy model's total where it has a time, else its dynamic energy, else
    // the timed estimate's.
    std::optional<double> energyJ;
    std::optional<double> intensity;
    double saturation = 0;
    QVector<SliceSnapshot> slices;
    QVector<LineSnapshot> lines; // the hot lines, heat in W

    const SliceSnapshot* slice(const QString& space) const;
};

struct AnalysisSnapshot {
    QString gpu;
    QString model;
    QString energyModel;
    QVector<KernelSnapshot> kernels;
    // The folder every kernel's file is in: a version checked out elsewhere (a git revision in
    // a temporary folder) pairs its files with the other's by their path below it.
    QString root;
    QString relativeFile(const QString& file) const;
    // The folder every kernel's file is in: the root of an analysis saved without one.
    QString kernelsFolder() const;
};

// Reads an analysis JSON; nullopt with `error` in words when it is not one.
std::optional<AnalysisSnapshot> readAnalysisSnapshot(const QByteArray& json, QString* error);
// The same from a saved analysis file; `error` names the file ("base.json: not an analysis …").
std::optional<AnalysisSnapshot> readAnalysisSnapshotFile(const QString& path, QString* error);

} // namespace slicewatt

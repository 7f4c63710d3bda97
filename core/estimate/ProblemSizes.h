// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WhatIf.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// Kernel argument values a user sets (issue 33): `--arg n=1048576`, `--arg softmax:V=50257`
// and the project's problem-size file `.slicewatt/sizes.json`:
//   { "arguments": { "n": 1048576, "softmax:V": 50257 } }
// A plain name applies to every kernel with a parameter of that name; KERNEL:NAME to the
// kernels of that name (or qualified name) only. FUNCTION:NAME, where FUNCTION is no kernel,
// is a host function's parameter or local that a launch's grid, block or arguments are
// computed from (issue 47: `--arg launch:n=4096` for `void launch(int n)`); a plain name
// also sets the host values of that name. Values are integers (JSON numbers that are
// whole, or strings of digits for values past 2^53).
struct ProblemSize {
    QString kernel; // empty: every kernel
    QString parameter;
    qint64 value = 0;
    QString origin; // "--arg", or the file's path
};

// A kernel's launch shape from the sizes file (issue 47), in x, y and z:
//   { "launches": { "attention": { "grid": "1x1000", "block": [16, 16] } } }
// A size is a number (256), a string ("16x16") or an array of one to three numbers.
struct LaunchSize {
    QString kernel; // its name or qualified name
    std::optional<LaunchExtent> grid;
    std::optional<LaunchExtent> block;
    QString origin;
};

struct ProblemSizes {
    QVector<ProblemSize> sizes;
    QVector<LaunchSize> launches;
    QStringList errors; // malformed entries, each left out with the reason

    // Adds "NAME=VALUE[,KERNEL:NAME=VALUE…]" (the --arg option); malformed items go to errors.
    void addAssignments(const QString& text, const QString& origin);
    // Reads a sizes file's JSON; a file that is no such JSON is one error, the rest goes on.
    void addJson(const QByteArray& json, const QString& origin);
    // Reads the sizes file at `path` (the CLI's and the app's one way in): one error when it
    // cannot be read or is over 16 MiB, else addJson.
    void addFile(const QString& path);
    // The sizes file of a project: `.slicewatt/sizes.json` in the first input folder, or
    // in the folder of the first input file; empty when there is none.
    static QString projectFile(const QStringList& inputs);

    // Puts the values into `settings` (later entries win): plain names into allKernels,
    // KERNEL:NAME and launch shapes into the per-kernel what-ifs of the kernels of that name
    // in `index`.
    // FUNCTION:NAME of a host value into allKernels' host arguments.
    // Returns a warning for each name that is neither a kernel nor a host value a launch reads.
    QStringList applyTo(const ProjectIndex& index, WhatIfSettings& settings) const;
    // Every host value the project's launches read ("launch:n", "main:n"), each once.
    static QStringList hostValueNames(const ProjectIndex& index);
};

} // namespace slicewatt

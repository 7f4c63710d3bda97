// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/OutputFormatting.h"
#include "frontend/ParserOptions.h"
#include "frontend/ProjectIndex.h"
#include "project/ProjectSources.h"
#include "ptx/PtxCache.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace slicewatt::cli {

// Exit codes shared by every subcommand (documented in --help).
// ExitIncrease: `compare --fail-on-increase` found a kernel whose energy or power rose more.
enum ExitCode { ExitOk = 0, ExitAnalysisErrors = 1, ExitUsage = 2, ExitIncrease = 3 };

// Options every subcommand that loads a project understands.
struct CommonOptions {
    QStringList inputs;
    QString format = QStringLiteral("table");
    QString outputFile; // empty: stdout
    LoadOptions load;
    ParserOptions parser;
    QString cacheFolder; // --cache / --cache-dir: keep parsed units (and PTX, in ptx/) there; empty: no cache
    bool failOnErrors = false; // --fail-on-errors: exit 1 when any file has errors
    // --arch was given: device code is read for it, not for the chosen GPU's architecture.
    bool archGiven = false;
    QHash<QString, QString> values; // command-specific options, by name without dashes
};

// Parses `args` (without the program and subcommand names). Returns false and sets
// `error` for a usage mistake. `allowedFormats` lists what --format accepts; without
// `inputsOptional`, no input is a mistake.
bool parseCommonOptions(const QStringList& args, const QStringList& allowedFormats, CommonOptions& options,
    QString& error, const QStringList& valueOptions = {}, bool inputsOptional = false);

// Loads and indexes the inputs, through the on-disk unit cache when one was asked for.
ProjectIndex indexInputs(const CommonOptions& options);

// The PTX cache beside the unit cache (--cache, --cache-dir), so the next run starts no
// compiler for unchanged files; nullptr without one.
std::unique_ptr<PtxCache> ptxCacheOf(const CommonOptions& options);

// Prints diagnostics on stderr; returns the exit code the analysis earns: 0 when it ran (the
// errors are reported per file and per kernel), 1 for errors only with --fail-on-errors.
int reportDiagnostics(const Diagnostics& diagnostics, bool failOnErrors);

// Writes `data` to the output file atomically (or to stdout); false with `error` on failure.
bool writeOutput(const QString& outputFile, const QByteArray& data, QString& error);

} // namespace slicewatt::cli

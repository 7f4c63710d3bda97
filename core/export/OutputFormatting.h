// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"
#include "frontend/ProjectIndex.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace slicewatt {

// Pieces every CLI writer shares, so kernels, slices and analyze outputs agree.

// `path` relative to `baseDir` when it lies below it (short table lines), else unchanged.
QString pathRelativeTo(const QString& path, const QString& baseDir);
// A value known at compile time, or JSON null.
QJsonValue optionalNumberJson(const std::optional<qint64>& value);
// {"severity", "file", "line", "column", "message"}.
QJsonObject diagnosticJson(const Diagnostic& diagnostic);

// Which device code a kernel's reading stands for: "" when its code never tests
// __CUDA_ARCH__ (every architecture compiles the same body), else "read for sm_90 (its code
// tests __CUDA_ARCH__)". Tables, the Why? panel and the report say it in these words.
QString archDependenceNote(const CatalogFunction& kernel);
// Adds "arch_dependent" (and, when true, "read_for_arch") to a kernel's JSON object.
void insertArchJson(QJsonObject& object, const CatalogFunction& kernel);
// How a kernel was read, for the analysis outputs (slices, analyze, SARIF): "unit_errors"
// when its translation unit had errors, and the architecture as insertArchJson says.
void insertKernelReadingJson(QJsonObject& object, const CatalogFunction& kernel);

// One sentence a student understands on what an out-of-domain number means (the Why?
// panel and the report say it under the list of flags).
QString extrapolationSentence();

// The deepest folder holding every input (a folder, or a file's folder): what the
// outputs' locations are relative to, in the CLI and the GUI alike.
QString commonFolder(const QStringList& inputs);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PhysicalCorrectionFit.h"
#include "PhysicalModelFit.h"
#include "model/GpuCatalogue.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace slicewatt {

// One GPU's physical model constants fitted to its measured launches, for the model file.
struct PhysicalGpuFit {
    QString gpuId;
    QHash<QString, double> parameters; // fitted on every row
    QVector<PhysicalFitRow> rows;
    PhysicalValidation validation; // with whole kernels held out
    QString data; // what was measured: the runs files and where they came from
    // Launches repeated back to back at sizes their drivers state, each launch's own power (the
    // harness of shared/data/h200): what corrections that carry to other GPUs are fitted on.
    // False for power averaged over a whole program at sizes assumed here (Alavani et al.).
    bool measuredBackToBack = false;
    QString idleSource; // where P_idle comes from ("measured: IDLE rows of runs.csv, 126 W")
    QString tool; // what fitted it ("slicewatt-cli fit-physical 0.9")
    // The data sheet's constants the fit corrected (DataSheetPhysics.h): where each comes
    // from, and the corrections fitted on every row. Empty: a free fit.
    QHash<QString, QString> priorSources;
    CorrectionFit corrections;
    // Whether it becomes the GPU's default model, and why (or why not) in words: a GPU whose
    // public data another model predicts better keeps that model as its default.
    bool isDefault = true;
    QString defaultBecause;
};

// An error summary as model files keep it (mape_pct, median_ape_pct, p90_ape_pct, r2, rows,
// kernels).
QJsonObject figuresObject(const ErrorFigures& f);

// A launch's work as the model file keeps it (a JSON array in launchWorkColumns() order), and
// back; nullopt for an array of another length or a negative or non-finite number.
QStringList launchWorkColumns();
QJsonArray launchWorkJson(const LaunchWork& work);
std::optional<LaunchWork> launchWorkFromJson(const QJsonArray& array);

// Why `existing` cannot take a GPU's entry (not JSON, not of form "physical"); empty when it
// can (an empty file is a new one). Asked before a long fit, so the fit is not wasted.
QString physicalModelFileProblem(const QByteArray& existing);

// The physical model file (slicewatt-model/1, form "physical", id "physical") with `fit`'s GPU
// entry put in: `existing` is the file as it is (its other GPUs stay as they are), or empty for
// a new file. Each parameter says where it comes from ("sources": measured / fitted), the
// entry carries its grouped validation (the band, its coverage and the baselines beside) and
// the input ranges it was fitted on, and becomes the GPU's default model unless `fit` says
// otherwise. Each launch's work (LaunchWork, "work" beside "rows") is kept, so the model's
// transfer across GPUs can be validated from the file alone (PhysicalTransfer.h). Empty with `error`
// when `existing` is not a physical model file.
QByteArray physicalModelFile(const QByteArray& existing, const PhysicalGpuFit& fit, QString* error);

} // namespace slicewatt

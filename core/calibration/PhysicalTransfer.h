// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GroupedValidation.h"
#include "PhysicalCorrectionFit.h"
#include "PhysicalModelFit.h"
#include "model/GpuCatalogue.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// How the physical model transfers to a GPU nobody measured (METHOD §12, "validation";
// issue 46): each measured GPU in turn is predicted from its data sheet with the corrections
// the other GPUs' launches give (leave-one-GPU-out), nothing of its own measurements used.

// One launch the worst of a GPU's, as predicted with the GPU held out.
struct TransferLaunch {
    QString kernel;
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    double measuredW = 0;
    double predictedW = 0;
};

struct TransferGpuFigures {
    QString gpuId;
    ErrorFigures heldOut; // the GPU held out: its data sheet, the others' corrections
    double spearman = 0;
    double bandShare = 0; // the band the other GPUs' held-out errors give (kBandCoverage of them)
    double coveragePct = 0; // of this GPU's launches inside ±bandShare
    ErrorFigures dataSheetOnly; // no correction at all: the data sheet and the architecture alone
    double dataSheetSpearman = 0;
    ErrorFigures medianBaseline; // the other GPUs' median share of their limit, times this one's
    QHash<QString, double> corrections; // fitted without this GPU
    QString correctedOn; // the GPUs whose launches gave them ("h200")
    QVector<TransferLaunch> worst; // the five furthest launches
};

struct TransferValidation {
    QVector<TransferGpuFigures> gpus;
    ErrorFigures pooled; // every GPU's held-out launches together
    double spearman = 0;
    double bandShare = 0; // covers kBandCoverage of the pooled held-out errors: a data-sheet GPU's band
    double coveragePct = 0; // of all launches inside their own GPU's nested band
    // What a data-sheet GPU gets: fitted on the launches measured back to back at known sizes
    // (PhysicalFitRow::measuredBackToBack), on every launch where no GPU has such; power averaged
    // over a program at assumed sizes cannot tell the terms apart (issue 46), so it only validates.
    CorrectionFit corrections;
    QString correctedOn; // the GPUs whose launches gave them
    QString data; // the GPUs and launches it rests on
};

// Each GPU's launches as the physical model file keeps them (validation "rows" and "work", and
// whether they were measured back to back),
// with the GPU's data-sheet constants; GPUs of the file without kept work, or that the
// catalogue or the architecture table cannot describe, are named in `problems` and left out.
QVector<PhysicalFitRow> transferRows(const QByteArray& physicalFile, const GpuCatalogue& gpus, QStringList& problems);

// Needs launches of at least two GPUs, each with a prior.
TransferValidation validateTransfer(const QVector<PhysicalFitRow>& rows);

// The physical model file with `transfer` recorded ("transfer": the corrections data-sheet GPUs
// get, the band, the figures per GPU); empty with `error` when `existing` is not one.
QByteArray physicalFileWithTransfer(const QByteArray& existing, const TransferValidation& transfer, QString* error);

// The figures as a table for the terminal: per GPU, kernel-held-out (from the file) beside
// GPU-held-out, the data sheet alone and the baseline, then the worst launches.
QString transferSummary(const TransferValidation& transfer, const QByteArray& physicalFile);

} // namespace slicewatt

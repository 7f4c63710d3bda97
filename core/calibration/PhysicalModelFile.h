// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PhysicalModelFit.h"
#include "model/GpuCatalogue.h"

#include <QByteArray>
#include <QHash>
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
    QString idleSource; // where P_idle comes from ("measured: IDLE rows of runs.csv, 126 W")
    QString tool; // what fitted it ("slicewatt-cli fit-physical 0.9")
    // Whether it becomes the GPU's default model, and why (or why not) in words: a GPU whose
    // public data another model predicts better keeps that model as its default.
    bool isDefault = true;
    QString defaultBecause;
};

// Why `existing` cannot take a GPU's entry (not JSON, not of form "physical"); empty when it
// can (an empty file is a new one). Asked before a long fit, so the fit is not wasted.
QString physicalModelFileProblem(const QByteArray& existing);

// The physical model file (slicewatt-model/1, form "physical", id "physical") with `fit`'s GPU
// entry put in: `existing` is the file as it is (its other GPUs stay as they are), or empty for
// a new file. Each parameter says where it comes from ("sources": measured / fitted), the
// entry carries its grouped validation (the band, its coverage and the baselines beside) and
// the input ranges it was fitted on, and becomes the GPU's default model unless `fit` says
// otherwise. Empty with `error`
// when `existing` is not a physical model file.
QByteArray physicalModelFile(const QByteArray& existing, const PhysicalGpuFit& fit, QString* error);

// A GPU without measurements gets constants derived from measured GPUs' entries in `existing`
// (issue 34's defaults for every GPU of the catalogue) [ours]: P_idle the measured boards'
// idle share of their power limit times this board's limit; P_active their W per SM and GHz
// times this board's SMs and boost clock; every energy per instruction and per byte their
// mean (the datapaths' energy is not scaled by process node: no figure for it is known to
// us). Marked "derived" in "sources", without validation figures (the prediction then says it
// is not validated on measured power and shows no band), and the GPU's default model. Empty
// with `error` when a source GPU has no entry or the catalogue lacks a figure the rule needs.
QByteArray derivedPhysicalModelFile(
    const QByteArray& existing, const GpuSpec& gpu, const QVector<const GpuSpec*>& from, QString* error);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GroupedValidation.h"
#include "MeasuredFeatures.h"
#include "PhysicalModelFit.h"
#include "model/ActivityModel.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace slicewatt {

// METHOD §11 on one GPU's measured launches: every form SliceWatt can fit, each predicted
// for every row by a fit that did not see the row's kernel, beside the trivial baselines,
// and (labelled, never instead) the random row-split figures.
struct ModelFigures {
    QString id; // "median", "launch-linear", "jos13", …, "launch-activity"
    QString description;
    bool baseline = false;
    bool shipped = false; // a form the product predicts with (models/launch-activity.json)
    ErrorFigures grouped; // leave-one-kernel-out, over the rows it predicts
    ErrorFigures randomSplit; // k random row folds (the kernel is then in the training rows)
    QVector<double> groupedW; // per feature row; NaN where the form cannot predict the row
    QVector<double> randomW;
    QString error; // a fit that failed on some held-out kernel, in words
    // The form fitted to every row: what a shipped model file holds (launch-activity forms).
    QHash<QString, double> fullFit;
    QStringList inputs; // the activity inputs the form uses
    // XGBoost's own JSON of the trees grown on every row (alavani-xgb): what its model file holds.
    QByteArray fullTrees;
};

struct MeasuredValidationOptions {
    int folds = 10; // random row split
    quint32 seed = 20231; // its shuffle
    int wnnEpochs = 300; // per held-out kernel: the network retrains for every fold
    bool includeWnn = true;
    bool includeBoostedTrees = true; // alavani-xgb on SliceWatt's PTX features and on the data set's
};

struct MeasuredValidation {
    QString dataFile; // the measured CSV's name, for provenance
    MeasuredFeatureSet features;
    QVector<ModelFigures> wholeFile; // validateDatasetFeatures: every row, the data set's own columns
    QVector<ModelFigures> models; // baselines first
    // chosenActivityVariant's form when it predicts every row: the GPU's default. The other
    // forms' figures stand beside it for comparison.
    QString defaultModelId;
    const ModelFigures* figures(const QString& id) const;
    const ModelFigures* defaultModel() const { return figures(defaultModelId); }
};

MeasuredValidation validateMeasuredLaunches(
    const MeasuredFeatureSet& features, const GpuSpec& gpu, const MeasuredValidationOptions& options = {});

// The launch-activity forms the validation fits: the inputs each uses (empty: all).
struct ActivityVariant {
    QString id;
    QStringList inputs;
    QString description;
};
const QVector<ActivityVariant>& activityVariants();

// The launch-activity form that goes into models/launch-activity.json for the GPU: the lowest
// grouped MAPE among the forms that fitted (the shipped ones). nullptr when none did.
const ModelFigures* chosenActivityVariant(const MeasuredValidation& validation);

// The data set's own static features (Alavani et al.'s columns from their PTX analysis, METHOD
// §10) that SliceWatt can compute itself from PTX and the launch: the alavani-xgb model's
// inputs. Not registers per thread or shared memory per block (they need the compiled
// binary), nor the branch and miscellaneous counts (inconsistent between the files).
const QStringList& datasetFeatureColumns();

// Every row of a measured file that carries the data set's own features, with no SliceWatt
// analysis (mapped or not), grouped by Benchmark|Kernel Name: the baselines and Alavani et
// al.'s XGBoost on their columns, to set the whole file's figures beside the analysed rows'.
QVector<ModelFigures> validateDatasetFeatures(
    const MeasuredLaunchTable& table, const GpuSpec& gpu, const MeasuredValidationOptions& options = {});

// The measured rows as the physical model's fit reads them (group "source|kernel", the time
// model's work at the launch); with timedOnly, the rows without work are left out.
QVector<PhysicalFitRow> physicalFitRows(const MeasuredFeatureSet& features, bool timedOnly, const GpuSpec& gpu);

// A model's grouped figures over only the rows `over` predicts: two models compared on the
// same kernels when one predicts fewer rows (no PTX for some kernels).
ErrorFigures figuresOnRowsOf(const MeasuredValidation& validation, const ModelFigures& model, const ModelFigures& over);

// The groups (kernels) of the rows.
QStringList rowGroups(const MeasuredFeatureSet& features);

} // namespace slicewatt

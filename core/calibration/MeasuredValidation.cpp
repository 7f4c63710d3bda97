// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredValidation.h"

#include "model/DataSheetPhysics.h"

#include "PhysicalModelFit.h"
#include "model/BoostedTrees.h"
#include "model/LevenbergMarquardt.h"
#include "model/ModelForm.h"
#include "model/WaveletNetwork.h"

#include <QSet>

#include <algorithm>

#include <cmath>
#include <limits>

namespace slicewatt {

namespace {

constexpr double kNotPredicted = std::numeric_limits<double>::quiet_NaN();

// Rows with a prediction: the figures are over these.
ErrorFigures figuresOver(const QVector<double>& measuredW, const QStringList& groups, const QVector<double>& predicted)
{
    QVector<double> measured;
    QVector<double> kept;
    QSet<QString> predictedGroups;
    for (int i = 0; i < measuredW.size(); ++i) {
        if (!std::isfinite(predicted[i]))
            continue;
        measured << measuredW[i];
        kept << predicted[i];
        predictedGroups.insert(groups[i]);
    }
    return errorFigures(measured, kept, int(predictedGroups.size()));
}

// One model's held-out predictions and figures: whole groups out, and the labelled random split.
ModelFigures scored(const QString& id, const QString& description, bool baseline, const QStringList& groups,
    const QVector<double>& measuredW, const GroupFitter& fitter, const MeasuredValidationOptions& options)
{
    ModelFigures m;
    m.id = id;
    m.description = description;
    m.baseline = baseline;
    m.groupedW = leaveOneGroupOut(groups, fitter);
    m.randomW = randomSplitPredictions(int(measuredW.size()), options.folds, options.seed, fitter);
    m.grouped = figuresOver(measuredW, groups, m.groupedW);
    m.randomSplit = figuresOver(measuredW, groups, m.randomW);
    return m;
}

// A row's values of the feature columns, NaN where it lacks one; empty when it has none.
QVector<float> featureValues(const QHash<QString, double>& features)
{
    QVector<float> values;
    if (features.isEmpty())
        return values;
    for (const QString& column : datasetFeatureColumns())
        values << float(features.value(column, std::numeric_limits<double>::quiet_NaN()));
    return values;
}

std::optional<BoostedTrees> trainTrees(
    const QVector<QVector<float>>& rows, const QVector<double>& measuredW, const QVector<int>& train, QString* error)
{
    QVector<QVector<float>> x;
    QVector<float> watts;
    for (int row : train) {
        if (rows[row].isEmpty())
            continue;
        x << rows[row];
        watts << float(measuredW[row]);
    }
    QString why;
    std::optional<BoostedTrees> trees = BoostedTrees::train(x, watts, BoostingOptions(), &why);
    if (!trees && error->isEmpty())
        *error = why;
    return trees;
}

// XGBoost on rows of PTX features (Alavani et al.'s model, METHOD §10); rows without
// features are neither trained on nor predicted.
GroupFitter boostedTreesFitter(const QVector<QVector<float>>& rows, const QVector<double>& measuredW, QString* error)
{
    return [rows, measuredW, error](const QVector<int>& train) {
        const std::optional<BoostedTrees> trees = trainTrees(rows, measuredW, train, error);
        return std::function<double(int)>([rows, trees](int row) {
            return trees && !rows[row].isEmpty() ? trees->predict(rows[row]) : kNotPredicted;
        });
    };
}

// A published slice form fitted by Levenberg–Marquardt to (Sa, program intensity) per row.
GroupFitter sliceFormFitter(const MeasuredFeatureSet& features, const ModelForm& form, QString* error)
{
    return [&features, &form, error](const QVector<int>& train) {
        const bool fraction = form.intensityScale() == IntensityScale::Fraction;
        auto intensity
            = [&](const MeasuredRowFeatures& r) { return fraction ? r.intensityFraction : r.intensityRatio; };
        QVector<ModelSample> samples;
        for (int row : train) {
            const MeasuredRowFeatures& r = features.rows[row];
            if (r.hasIntensity)
                samples << ModelSample{r.activity.saturation, intensity(r), r.measuredW};
        }
        const FitResult fit = fitModel(form, samples);
        if (!fit.ok() && error->isEmpty())
            *error = fit.error;
        return std::function<double(int)>([&features, &form, fit, intensity](int row) {
            const MeasuredRowFeatures& r = features.rows[row];
            if (!fit.ok() || !r.hasIntensity)
                return kNotPredicted;
            return form.evaluate(fit.parameters, r.activity.saturation, intensity(r));
        });
    };
}

GroupFitter waveletFitter(const MeasuredFeatureSet& features, int epochs)
{
    return [&features, epochs](const QVector<int>& train) {
        std::vector<WnnSample> samples;
        for (int row : train) {
            const MeasuredRowFeatures& r = features.rows[row];
            if (r.hasIntensity)
                samples.push_back({r.intensityRatio, r.activity.saturation, r.lines, 0, r.measuredW});
        }
        WaveletNetwork network = WaveletNetwork::untrained();
        WnnTrainingOptions options;
        options.maxEpochs = epochs;
        const bool ok = network.train(samples, options).error.isEmpty();
        return std::function<double(int)>([&features, network, ok](int row) {
            const MeasuredRowFeatures& r = features.rows[row];
            return ok && r.hasIntensity ? network.predictWatts(r.intensityRatio, r.activity.saturation, r.lines, 0)
                                        : kNotPredicted;
        });
    };
}

ActivityFit fitActivityRows(
    const MeasuredFeatureSet& features, const QVector<int>& rows, double boardW, const QStringList& inputs)
{
    QVector<LaunchActivity> activities;
    QVector<double> watts;
    for (int row : rows) {
        activities << features.rows[row].activity;
        watts << features.rows[row].measuredW;
    }
    ActivityFitOptions options;
    options.inputs = inputs;
    return fitActivityModel(activities, watts, boardW, options);
}

GroupFitter activityFitter(const MeasuredFeatureSet& features, double boardW, const QStringList& inputs, QString* error)
{
    return [&features, boardW, inputs, error](const QVector<int>& train) {
        const ActivityFit fit = fitActivityRows(features, train, boardW, inputs);
        if (!fit.ok() && error->isEmpty())
            *error = fit.error;
        return std::function<double(int)>([&features, fit, boardW](int row) {
            return fit.ok() ? activityWatts(fit.parameters, features.rows[row].activity, boardW) : kNotPredicted;
        });
    };
}

// The physical model (issue 34) on the time model's work at each launch. The data sets
// measured no idle power, so P_idle is fitted with the other constants; a row without work
// (the GPU's entry lacks what the time model needs) is not predicted.
GroupFitter physicalFitter(const QVector<PhysicalFitRow>& rows, double boardW)
{
    return [&rows, boardW](const QVector<int>& train) {
        return fitPhysicalPredictor(rows, train, std::nullopt, boardW, WithoutWork::NotPredicted);
    };
}

} // namespace

QVector<PhysicalFitRow> physicalFitRows(const MeasuredFeatureSet& features, bool timedOnly, const GpuSpec& gpu)
{
    const std::optional<DataSheetPhysics> physics = dataSheetPhysics(gpu, ArchitectureTable::standard());
    QVector<PhysicalFitRow> rows;
    for (const MeasuredRowFeatures& r : features.rows) {
        if (timedOnly && !r.work)
            continue;
        PhysicalFitRow row;
        row.kernel = r.group;
        row.gridBlocks = r.gridBlocks;
        row.blockThreads = r.blockThreads;
        row.work = r.work.value_or(LaunchWork{});
        row.measuredW = r.measuredW;
        setPhysicalPrior(row, gpu, physics ? &*physics : nullptr);
        rows << row;
    }
    return rows;
}

const QStringList& datasetFeatureColumns()
{
    static const QStringList columns
        = {QStringLiteral("total threads"), QStringLiteral("comp_inst_kernel"), QStringLiteral("comp_inst_sm"),
            QStringLiteral("glob_inst_kernel"), QStringLiteral("glob_inst_sm"), QStringLiteral("shar_inst_kernel"),
            QStringLiteral("shar_inst_sm"), QStringLiteral("total_inst"), QStringLiteral("inst_issue_cycles"),
            QStringLiteral("sm_active"), QStringLiteral("waves"), QStringLiteral("occupancy"),
            QStringLiteral("cache_penalty"), QStringLiteral("glb_penalty"), QStringLiteral("sh_penalty")};
    return columns;
}

const QVector<ActivityVariant>& activityVariants()
{
    static const QVector<ActivityVariant> variants = {
        {QStringLiteral("launch-activity"),
            {QStringLiteral("log_threads"), QStringLiteral("saturation"), QStringLiteral("occupancy"),
                QStringLiteral("log_seconds")},
            QStringLiteral("[ours] idle + (board − idle)·σ(log threads, SM saturation, occupancy, log roofline time)")},
        {QStringLiteral("launch-activity-launch"),
            {QStringLiteral("log_threads"), QStringLiteral("saturation"), QStringLiteral("occupancy")},
            QStringLiteral("[ours] the same form on the launch alone, without the static time estimate")},
        {QStringLiteral("launch-activity-all"), {},
            QStringLiteral("[ours] the same form on every activity input (adds the roofline's memory share and the "
                           "instruction rate from the instruction-class counts)")},
    };
    return variants;
}

QVector<ModelFigures> validateDatasetFeatures(
    const MeasuredLaunchTable& table, const GpuSpec& gpu, const MeasuredValidationOptions& options)
{
    QStringList groups;
    QVector<double> measured;
    QVector<QVector<double>> launch;
    QVector<QVector<float>> datasetRows;
    for (const MeasuredLaunch& row : table.rows) {
        if (row.features.isEmpty())
            continue;
        groups << row.key();
        measured << row.watts;
        launch << launchFeatures(row.gridBlocks, row.blockThreads, gpu.sms);
        datasetRows << featureValues(row.features);
    }
    QVector<ModelFigures> models;
    if (measured.size() < 3)
        return models;
    models << scored(QStringLiteral("median"), QStringLiteral("baseline: the training rows' median power"), true,
        groups, measured, medianBaseline(measured), options);
    models << scored(QStringLiteral("launch-linear"),
        QStringLiteral("baseline: least squares on SM saturation and log10 threads (launch only)"), true, groups,
        measured, linearBaseline(launch, measured), options);
    QString error;
    models << scored(QStringLiteral("alavani-xgb-published"),
        QStringLiteral("Alavani et al.'s XGBoost on the data set's own PTX features"), false, groups, measured,
        boostedTreesFitter(datasetRows, measured, &error), options);
    models.last().error = error;
    return models;
}

ErrorFigures figuresOnRowsOf(const MeasuredValidation& validation, const ModelFigures& model, const ModelFigures& over)
{
    QVector<double> measured;
    QVector<double> predicted;
    QStringList groups;
    for (int i = 0; i < validation.features.rows.size(); ++i) {
        if (!std::isfinite(over.groupedW[i]))
            continue;
        measured << validation.features.rows[i].measuredW;
        predicted << model.groupedW[i];
        groups << validation.features.rows[i].group;
    }
    return figuresOver(measured, groups, predicted);
}

QStringList rowGroups(const MeasuredFeatureSet& features)
{
    QStringList groups;
    for (const MeasuredRowFeatures& row : features.rows)
        groups << row.group;
    return groups;
}

const ModelFigures* MeasuredValidation::figures(const QString& id) const
{
    for (const ModelFigures& m : models) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

MeasuredValidation validateMeasuredLaunches(
    const MeasuredFeatureSet& features, const GpuSpec& gpu, const MeasuredValidationOptions& options)
{
    MeasuredValidation validation;
    validation.features = features;
    const MeasuredFeatureSet& rows = validation.features;
    const QStringList groups = rowGroups(rows);
    QVector<double> measured;
    QVector<QVector<double>> launch;
    for (const MeasuredRowFeatures& r : rows.rows) {
        measured << r.measuredW;
        launch << launchFeatures(r.gridBlocks, r.blockThreads, gpu.sms);
    }
    const double boardW = gpu.boardPowerW.value_or(0);

    auto add = [&](const QString& id, const QString& description, bool baseline, const GroupFitter& fitter,
                   const QString* error) {
        validation.models << scored(id, description, baseline, groups, measured, fitter, options);
        if (error)
            validation.models.last().error = *error;
        return &validation.models.last();
    };
    add(QStringLiteral("median"), QStringLiteral("baseline: the training rows' median power"), true,
        medianBaseline(measured), nullptr);
    add(QStringLiteral("launch-linear"),
        QStringLiteral("baseline: least squares on SM saturation and log10 threads (launch only)"), true,
        linearBaseline(launch, measured), nullptr);
    for (const char* name : {"jos13", "jos13-idle", "linear-intensity"}) {
        const ModelForm* form = modelFormByName(QLatin1String(name));
        QString error;
        add(form->name(),
            QStringLiteral("%1 refitted on SliceWatt's program intensity and SM saturation: %2")
                .arg(form->origin(), form->formula()),
            false, sliceFormFitter(rows, *form, &error), &error);
    }
    if (options.includeWnn)
        add(QStringLiteral("wnn"),
            QStringLiteral("JoS13's wavelet network retrained on intensity, saturation and program length (%1 epochs)")
                .arg(options.wnnEpochs),
            false, waveletFitter(rows, options.wnnEpochs), nullptr);
    QVector<QVector<float>> datasetRows;
    QVector<QVector<float>> ptxRows;
    for (const MeasuredRowFeatures& r : rows.rows) {
        datasetRows << featureValues(r.datasetFeatures);
        ptxRows << featureValues(r.ptxFeatures);
    }
    const auto anyRow = [](const QVector<QVector<float>>& x) {
        return std::any_of(x.begin(), x.end(), [](const QVector<float>& r) { return !r.isEmpty(); });
    };
    if (options.includeBoostedTrees && anyRow(ptxRows)) {
        QString error;
        ModelFigures* m = add(QStringLiteral("alavani-xgb"),
            QStringLiteral("Alavani et al.'s XGBoost on SliceWatt's PTX features (%1 PTX; %2)")
                .arg(rows.ptxProducer, datasetFeatureColumns().join(QStringLiteral(", "))),
            false, boostedTreesFitter(ptxRows, measured, &error), &error);
        QVector<int> every;
        for (int i = 0; i < rows.rows.size(); ++i)
            every << i;
        if (const std::optional<BoostedTrees> trees = trainTrees(ptxRows, measured, every, &m->error))
            m->fullTrees = trees->toJson();
    }
    if (options.includeBoostedTrees && anyRow(datasetRows)) {
        QString error;
        add(QStringLiteral("alavani-xgb-published"),
            QStringLiteral("Alavani et al.'s XGBoost on the data set's own PTX features (%1)")
                .arg(datasetFeatureColumns().join(QStringLiteral(", "))),
            false, boostedTreesFitter(datasetRows, measured, &error), &error);
    }
    if (boardW > 0) {
        for (const ActivityVariant& variant : activityVariants()) {
            QString error;
            ModelFigures* m = add(
                variant.id, variant.description, false, activityFitter(rows, boardW, variant.inputs, &error), &error);
            QVector<int> every;
            for (int i = 0; i < rows.rows.size(); ++i)
                every << i;
            const ActivityFit fit = fitActivityRows(rows, every, boardW, variant.inputs);
            m->fullFit = fit.parameters;
            m->inputs = variant.inputs;
            m->shipped = true;
            if (!fit.ok() && m->error.isEmpty())
                m->error = fit.error;
        }
    }
    const QVector<PhysicalFitRow> physicalRows = physicalFitRows(rows, false, gpu);
    if (boardW > 0 && std::any_of(physicalRows.begin(), physicalRows.end(), [](const PhysicalFitRow& r) {
            return r.work.seconds > 0;
        })) {
        add(QStringLiteral("physical"),
            QStringLiteral("[ours, issue 34] the physical model (idle + energy per operation and per byte over the "
                           "time model's time) with its idle power fitted too"),
            false, physicalFitter(physicalRows, boardW), nullptr);
    }
    if (const ModelFigures* chosen = chosenActivityVariant(validation);
        chosen && chosen->grouped.rows == rows.rows.size())
        validation.defaultModelId = chosen->id;
    return validation;
}

const ModelFigures* chosenActivityVariant(const MeasuredValidation& validation)
{
    const ModelFigures* chosen = nullptr;
    for (const ModelFigures& m : validation.models) {
        if (m.shipped && m.error.isEmpty() && !m.fullFit.isEmpty()
            && (!chosen || m.grouped.mapePct < chosen->grouped.mapePct))
            chosen = &m;
    }
    return chosen;
}

} // namespace slicewatt

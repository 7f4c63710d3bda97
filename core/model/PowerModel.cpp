// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerModel.h"

#include "DataSheetPhysics.h"

#include "ActivityModel.h"
#include "HeldOutBand.h"
#include "ModelFileError.h"
#include "ModelForm.h"
#include "PhysicalPower.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <limits>

namespace slicewatt {

QStringList PowerModel::parameterNames(const QString& form)
{
    // Forms a calibration can fit are defined once, in ModelForm; the published JSW12 model
    // (its active-SM term is not fitted) and the network are read here only.
    if (const ModelForm* fitted = modelFormByName(form))
        return fitted->parameterNames();
    if (form == QLatin1String("jsw12"))
        return {QStringLiteral("c0"), QStringLiteral("c1"), QStringLiteral("mu"), QStringLiteral("alpha"),
            QStringLiteral("beta"), QStringLiteral("sm_bench")};
    if (form == QLatin1String("wnn"))
        return {QStringLiteral("type_index")};
    if (form == QLatin1String("launch-activity"))
        return activityParameterNames();
    if (form == QLatin1String("physical"))
        return physicalParameterNames();
    return {};
}

namespace {

// A GPU entry's "validation": {"split", "data", "grouped": {mape_pct, …}, "random_split": {…},
// "default"}; nullopt (and a problem) when it is there but lacks the grouped figures.
std::optional<ModelAccuracy> readAccuracy(const QJsonObject& gpu, const QString& gpuId, ModelFileErrors& problems)
{
    if (!gpu.contains(QLatin1String("validation")))
        return std::nullopt;
    const QJsonObject v = gpu.value(QLatin1String("validation")).toObject();
    const QJsonObject grouped = v.value(QLatin1String("grouped")).toObject();
    ModelAccuracy a;
    a.mapePct = grouped.value(QLatin1String("mape_pct")).toDouble(-1);
    a.medianApePct = grouped.value(QLatin1String("median_ape_pct")).toDouble();
    a.p90ApePct = grouped.value(QLatin1String("p90_ape_pct")).toDouble();
    a.r2 = grouped.value(QLatin1String("r2")).toDouble();
    a.rows = grouped.value(QLatin1String("rows")).toInt();
    a.kernels = grouped.value(QLatin1String("kernels")).toInt();
    a.split = v.value(QLatin1String("split")).toString();
    a.data = v.value(QLatin1String("data")).toString();
    a.randomSplitMapePct
        = v.value(QLatin1String("random_split")).toObject().value(QLatin1String("mape_pct")).toDouble();
    a.isDefault = v.value(QLatin1String("default")).toBool();
    a.bandPct = gpu.value(QLatin1String("band_pct")).toDouble();
    a.bandCoveragePct = grouped.value(QLatin1String("band_coverage_pct")).toDouble();
    a.spearman = grouped.value(QLatin1String("spearman")).toDouble();
    for (const QJsonValue& row : v.value(QLatin1String("rows")).toArray()) {
        const QJsonArray r = row.toArray();
        if (r.size() == 5 && r[3].toDouble() > 0)
            a.predictions << HeldOutPrediction{
                r[0].toString(), qint64(r[1].toDouble()), qint64(r[2].toDouble()), r[3].toDouble(), r[4].toDouble()};
    }
    // A file without band_pct (launch-activity, alavani-xgb): the band its held-out predictions
    // give, computed once here rather than on every estimate.
    if (a.bandPct <= 0) {
        QVector<double> errors;
        for (const HeldOutPrediction& p : a.predictions) {
            if (p.predictedW > 0)
                errors << std::abs(p.predictedW - p.measuredW) / p.predictedW;
        }
        a.bandPct = 100 * bandShare(errors, kBandCoverage);
    }
    const QJsonObject compared = v.value(QLatin1String("compared")).toObject();
    for (auto it = compared.begin(); it != compared.end(); ++it)
        a.compared << std::pair{it.key(),
            it.value()
                .toObject()
                .value(QLatin1String("grouped"))
                .toObject()
                .value(QLatin1String("mape_pct"))
                .toDouble()};
    if (!(a.mapePct >= 0) || a.rows <= 0 || a.kernels <= 0 || a.split.isEmpty()) {
        problems.add(QStringLiteral("GPU %1: \"validation\" needs \"split\" and \"grouped\" figures (mape_pct, rows, "
                                    "kernels)")
                         .arg(gpuId),
            QStringLiteral("validation"));
        return std::nullopt;
    }
    return a;
}

} // namespace

std::optional<PowerModel> PowerModel::parse(const QByteArray& json, const QString& fileName, QStringList& errors)
{
    ModelFileErrors problems(fileName, json);
    const std::optional<QJsonObject> parsed = problems.parseObject();
    if (!parsed) {
        errors += problems.messages();
        return std::nullopt;
    }
    const QJsonObject& root = *parsed;
    PowerModel model;
    model.m_id = root.value(QLatin1String("id")).toString();
    model.m_name = root.value(QLatin1String("name")).toString(model.m_id);
    model.m_form = root.value(QLatin1String("form")).toString();
    model.m_equation = root.value(QLatin1String("equation")).toString();
    model.m_provenance = root.value(QLatin1String("provenance")).toObject();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("slicewatt-model/1"))
        problems.add(QStringLiteral("expected \"format\": \"slicewatt-model/1\""), QStringLiteral("format"));
    if (model.m_id.isEmpty())
        problems.add(QStringLiteral("the model has no \"id\""));
    const QStringList names = parameterNames(model.m_form);
    if (names.isEmpty() && !model.needsPtx())
        problems.add(QStringLiteral("unknown \"form\" '%1' (expected jos13, jos13-idle, jsw12, linear-intensity, wnn, "
                                    "launch-activity, physical or alavani-xgb)")
                         .arg(model.m_form),
            QStringLiteral("form"));
    if (model.m_provenance.isEmpty())
        problems.add(QStringLiteral("the model has no \"provenance\": say where its numbers come from"));
    const QJsonObject intensity = root.value(QLatin1String("intensity")).toObject();
    model.m_intensityMin = intensity.value(QLatin1String("min")).toDouble(0);
    model.m_intensityMax = intensity.value(QLatin1String("max")).toDouble(0);
    // A launch-level model has no intensity axis.
    if (!model.isLaunchLevel() && model.m_intensityMax <= model.m_intensityMin)
        problems.add(QStringLiteral("\"intensity\" needs \"min\" < \"max\""), QStringLiteral("intensity"));
    const QJsonObject factors = root.value(QLatin1String("memory_factors")).toObject();
    for (MemorySpace space : kAllMemorySpaces) {
        const QJsonValue v = factors.value(memorySpaceName(space));
        if (!v.isUndefined()) {
            if (!v.isDouble() || v.toDouble() <= 0)
                problems.add(
                    QStringLiteral("memory factor for %1 must be a positive number").arg(memorySpaceName(space)),
                    memorySpaceName(space));
            else
                model.m_memoryFactors[size_t(space)] = v.toDouble();
        }
    }
    if (model.m_form == QLatin1String("wnn")) {
        QString networkError;
        const auto network = WaveletNetwork::fromJson(
            QJsonDocument(root.value(QLatin1String("network")).toObject()).toJson(), &networkError);
        if (network)
            model.m_network = std::make_shared<const WaveletNetwork>(*network);
        else
            problems.add(QStringLiteral("\"network\" is not a wavelet network: %1").arg(networkError),
                QStringLiteral("network"));
    }
    for (const QJsonValue& feature : root.value(QLatin1String("features")).toArray())
        model.m_features << feature.toString();
    if (model.needsPtx() && model.m_features.isEmpty())
        problems.add(QStringLiteral("an alavani-xgb model needs its \"features\" (the trees' inputs, in order)"),
            QStringLiteral("features"));
    const QJsonObject gpus = root.value(QLatin1String("gpus")).toObject();
    if (gpus.isEmpty())
        problems.add(QStringLiteral("the model has no \"gpus\" with parameters"));
    for (auto it = gpus.begin(); it != gpus.end(); ++it) {
        const QJsonObject values = it.value().toObject();
        QHash<QString, double> parameters;
        for (const QString& name : names) {
            const QJsonValue v = values.value(name);
            if (!v.isDouble() || !std::isfinite(v.toDouble()))
                problems.add(QStringLiteral("GPU %1: parameter \"%2\" is missing or not a number").arg(it.key(), name),
                    it.key());
            else
                parameters.insert(name, v.toDouble());
        }
        model.m_parameters.insert(it.key(), parameters);
        if (model.needsPtx())
            readTrees(model, values, it.key(), problems);
        model.m_accuracy.insert(it.key(), readAccuracy(values, it.key(), problems));
        if (values.value(QLatin1String("default")).toBool())
            model.m_defaultFor << it.key();
        const QJsonObject sources = values.value(QLatin1String("sources")).toObject();
        for (auto source = sources.begin(); source != sources.end(); ++source)
            model.m_sources[it.key()].insert(source.key(), source.value().toString());
        const QJsonObject domain = values.value(QLatin1String("domain")).toObject();
        for (auto d = domain.begin(); d != domain.end(); ++d) {
            const QJsonArray range = d.value().toArray();
            if (range.size() == 2 && range[0].isDouble() && range[1].isDouble())
                model.m_domains[it.key()].insert(d.key(), {range[0].toDouble(), range[1].toDouble()});
            else
                problems.add(
                    QStringLiteral("GPU %1: domain \"%2\" must be [min, max]").arg(it.key(), d.key()), d.key());
        }
    }
    if (root.contains(QLatin1String("transfer")))
        readTransfer(model, root.value(QLatin1String("transfer")).toObject(), problems);
    if (!problems.isEmpty()) {
        errors += problems.messages();
        return std::nullopt;
    }
    return model;
}

void PowerModel::readTransfer(PowerModel& model, const QJsonObject& transfer, ModelFileErrors& problems)
{
    // The same shape as a GPU's "validation", one level up: {"validation": {…}, "band_pct", "corrections"}.
    model.m_transfer = readAccuracy(transfer, QStringLiteral("transfer"), problems);
    const QJsonObject gpus
        = transfer.value(QLatin1String("validation")).toObject().value(QLatin1String("gpus")).toObject();
    for (auto it = gpus.begin(); it != gpus.end(); ++it) {
        auto accuracy = model.m_accuracy.find(it.key());
        if (accuracy == model.m_accuracy.end() || !accuracy->has_value())
            continue;
        const QJsonObject held = it.value().toObject().value(QLatin1String("held_out")).toObject();
        ModelAccuracy::GpuHeldOut g;
        g.mapePct = held.value(QLatin1String("mape_pct")).toDouble();
        g.spearman = held.value(QLatin1String("spearman")).toDouble();
        g.rows = held.value(QLatin1String("rows")).toInt();
        g.dataSheetOnlyMapePct = it.value()
                                     .toObject()
                                     .value(QLatin1String("data_sheet_only"))
                                     .toObject()
                                     .value(QLatin1String("mape_pct"))
                                     .toDouble();
        (*accuracy)->gpuHeldOut = g;
    }
    const QJsonObject corrections = transfer.value(QLatin1String("corrections")).toObject();
    for (const PhysicalCorrection& c : physicalCorrections()) {
        const double m = corrections.value(c.id).toDouble(1);
        if (!(m >= c.low && m <= c.high))
            problems.add(QStringLiteral("transfer: correction \"%1\" %2 lies outside its bounds [%3, %4]")
                             .arg(c.id)
                             .arg(m)
                             .arg(c.low)
                             .arg(c.high),
                c.id);
        else
            model.m_transferCorrections.insert(c.id, m);
    }
}

void PowerModel::addDataSheetGpu(
    const QString& gpuId, const QHash<QString, double>& prior, const QHash<QString, QString>& sources)
{
    m_parameters.insert(gpuId, correctedParameters(prior, m_transferCorrections));
    QHash<QString, QString> said = sources;
    for (const PhysicalCorrection& c : physicalCorrections()) {
        const double m = m_transferCorrections.value(c.id, 1);
        if (m == 1)
            continue;
        for (const QString& key : c.keys)
            said[key] = QStringLiteral("%1; x %2, the %3 correction the measured GPUs agree on (models/physical.json, "
                                       "transfer)")
                            .arg(said.value(key))
                            .arg(m, 0, 'f', 3)
                            .arg(c.id);
    }
    m_sources.insert(gpuId, said);
    if (m_transfer) {
        ModelAccuracy accuracy = *m_transfer;
        accuracy.isDefault = true;
        m_accuracy.insert(gpuId, accuracy);
    } else {
        m_accuracy.insert(gpuId, std::nullopt);
    }
    if (!m_defaultFor.contains(gpuId))
        m_defaultFor << gpuId;
    if (!m_dataSheetGpus.contains(gpuId))
        m_dataSheetGpus << gpuId;
    m_domains.remove(gpuId);
}

bool PowerModel::isLaunchLevel() const
{
    return m_form == QLatin1String("launch-activity") || isPhysical() || needsPtx();
}

bool PowerModel::isPhysical() const
{
    return m_form == QLatin1String("physical");
}

bool PowerModel::needsPtx() const
{
    return m_form == QLatin1String("alavani-xgb");
}

void PowerModel::readTrees(PowerModel& model, const QJsonObject& gpu, const QString& gpuId, ModelFileErrors& problems)
{
    QString error;
    // XGBoost's JSON text as a string: its reader tells 1.0 from 1, a JSON object would not.
    const std::optional<BoostedTrees> trees
        = BoostedTrees::fromJson(gpu.value(QLatin1String("trees")).toString().toUtf8(), true, &error);
    if (!trees)
        problems.add(QStringLiteral("GPU %1: \"trees\" %2").arg(gpuId, error), QStringLiteral("trees"));
    else if (trees->featureCount() != model.m_features.size())
        problems.add(QStringLiteral("GPU %1: the trees read %2 features, the file names %3")
                         .arg(gpuId)
                         .arg(trees->featureCount())
                         .arg(model.m_features.size()),
            QStringLiteral("trees"));
    else
        model.m_trees.insert(gpuId, std::make_shared<const BoostedTrees>(*trees));
    model.m_ptxProducers.insert(gpuId, gpu.value(QLatin1String("ptx_producer")).toString());
}

QString PowerModel::launchProblem(const GpuSpec& gpu, const LaunchActivity& activity) const
{
    if (!m_parameters.contains(gpu.id))
        return QStringLiteral("model %1 has no parameters for %2").arg(m_id, gpu.name);
    if (needsPtx() && activity.ptxFeatures.isEmpty())
        return QStringLiteral("model %1 predicts from the kernel's PTX, and there is none: %2")
            .arg(m_id, activity.ptxProblem.isEmpty() ? QStringLiteral("no PTX was compiled") : activity.ptxProblem);
    if (!needsPtx() && !gpu.boardPowerW)
        return QStringLiteral("%1 has no board power in the GPU catalogue").arg(gpu.name);
    if (isPhysical() && !activity.work)
        return QStringLiteral("model %1 prices the launch's work over its time, and the time model has none for %2")
            .arg(m_id, gpu.name);
    return {};
}

std::optional<PowerPrediction> PowerModel::predictLaunch(const GpuSpec& gpu, const LaunchActivity& activity) const
{
    if (needsPtx())
        return predictFromPtx(gpu, activity);
    if (isPhysical())
        return predictPhysical(gpu, activity);
    const auto it = m_parameters.constFind(gpu.id);
    if (!isLaunchLevel() || it == m_parameters.constEnd() || !gpu.boardPowerW)
        return std::nullopt;
    PowerPrediction prediction;
    prediction.watts = activityWatts(*it, activity, *gpu.boardPowerW);
    const QHash<QString, std::pair<double, double>> domain = m_domains.value(gpu.id);
    for (const ActivityInput& input : activityInputs()) {
        const auto range = domain.constFind(input.key);
        const double value = input.value(activity);
        if (range != domain.constEnd() && it->value(QStringLiteral("b_") + input.key) != 0
            && (value < range->first || value > range->second))
            prediction.outOfDomain << QStringLiteral("%1 %2 outside the measured range [%3, %4]")
                                          .arg(input.meaning)
                                          .arg(value, 0, 'g', 4)
                                          .arg(range->first, 0, 'g', 4)
                                          .arg(range->second, 0, 'g', 4);
    }
    return prediction;
}

std::optional<PowerPrediction> PowerModel::predictPhysical(const GpuSpec& gpu, const LaunchActivity& activity) const
{
    const auto it = m_parameters.constFind(gpu.id);
    if (it == m_parameters.constEnd() || !gpu.boardPowerW || !activity.work)
        return std::nullopt;
    const std::optional<ClockScaling> clocks = clockScalingFor(gpu, ArchitectureTable::standard());
    const std::optional<PhysicalPower> power
        = physicalPower(*it, *activity.work, *gpu.boardPowerW, clocks ? &*clocks : nullptr);
    if (!power)
        return std::nullopt;
    PowerPrediction prediction;
    prediction.watts = power->watts;
    prediction.physical = power;
    if (power->throttled)
        prediction.outOfDomain << QStringLiteral(
            "at the boost clock the work would draw %1 W, more than the board's %2 W "
            "limit: the SM clock drops to %3 % (%4 MHz), the launch takes %5 "
            "longer and draws the limit")
                                      .arg(power->uncappedW, 0, 'f', 0)
                                      .arg(*gpu.boardPowerW, 0, 'f', 0)
                                      .arg(power->clockShare * 100, 0, 'f', 0)
                                      .arg(power->clockShare * gpu.boostClockMhz.value_or(0), 0, 'f', 0)
                                      .arg(QStringLiteral("%1 %").arg(
                                          (power->seconds / activity.work->seconds - 1) * 100, 0, 'f', 0));
    else if (power->capped)
        prediction.outOfDomain << QStringLiteral("the work over the predicted time would draw %1 W, more than the "
                                                 "board's %2 W limit even at the lowest clock: shown at the limit")
                                      .arg(power->uncappedW, 0, 'f', 0)
                                      .arg(*gpu.boardPowerW, 0, 'f', 0);
    // Rates outside those of the measured kernels the parameters were fitted on, by more than
    // kPhysicalDomainSlack of the range's ends [ours]: a streaming kernel runs at the time
    // model's bandwidth ceiling, a hair above the measured streaming kernels' rate, whose
    // time carried their launch overhead; that is not a launch unlike those measured.
    const QHash<QString, std::pair<double, double>> domain = m_domains.value(gpu.id);
    const QVector<double> rates = physicalRates(*activity.work);
    const QVector<PhysicalInput>& inputs = physicalInputs();
    for (int i = 0; i < inputs.size(); ++i) {
        const auto range = domain.constFind(inputs[i].key);
        if (range != domain.constEnd() && it->value(inputs[i].key) != 0
            && (rates[i] < range->first * (1 - kPhysicalDomainSlack)
                || rates[i] > range->second * (1 + kPhysicalDomainSlack)))
            prediction.outOfDomain << QStringLiteral("%1 at %2 %3 outside the measured kernels' [%4, %5]")
                                          .arg(inputs[i].meaning)
                                          .arg(rates[i], 0, 'g', 3)
                                          .arg(inputs[i].perSecond ? QStringLiteral("T/s") : inputs[i].unit)
                                          .arg(range->first, 0, 'g', 3)
                                          .arg(range->second, 0, 'g', 3);
    }
    return prediction;
}

std::optional<PowerPrediction> PowerModel::predictFromPtx(const GpuSpec& gpu, const LaunchActivity& activity) const
{
    const std::shared_ptr<const BoostedTrees> trees = m_trees.value(gpu.id);
    if (!trees || activity.ptxFeatures.isEmpty())
        return std::nullopt;
    QVector<float> row;
    PowerPrediction prediction;
    const QHash<QString, std::pair<double, double>> domain = m_domains.value(gpu.id);
    for (const QString& feature : m_features) {
        const auto value = activity.ptxFeatures.constFind(feature);
        row << (value == activity.ptxFeatures.constEnd() ? std::numeric_limits<float>::quiet_NaN() : float(*value));
        const auto range = domain.constFind(feature);
        if (value != activity.ptxFeatures.constEnd() && range != domain.constEnd()
            && (*value < range->first || *value > range->second))
            prediction.outOfDomain << QStringLiteral("PTX feature %1 = %2 outside the measured range [%3, %4]")
                                          .arg(feature)
                                          .arg(*value, 0, 'g', 4)
                                          .arg(range->first, 0, 'g', 4)
                                          .arg(range->second, 0, 'g', 4);
    }
    prediction.watts = trees->predict(row);
    if (!std::isfinite(prediction.watts))
        return std::nullopt;
    return prediction;
}

bool PowerModel::usesFractionIntensity() const
{
    if (const ModelForm* form = modelFormByName(m_form))
        return form->intensityScale() == IntensityScale::Fraction;
    return m_form == QLatin1String("jsw12");
}

std::optional<PowerPrediction> PowerModel::predict(const GpuSpec& gpu, const SliceOperatingPoint& point) const
{
    if (isLaunchLevel())
        return point.activity ? predictLaunch(gpu, *point.activity) : std::nullopt;
    const auto it = m_parameters.constFind(gpu.id);
    if (it == m_parameters.constEnd())
        return std::nullopt;
    const QHash<QString, double>& p = *it;
    PowerPrediction prediction;
    const double intensity = usesFractionIntensity() ? point.intensityFraction : point.intensityRatio;
    if (intensity < m_intensityMin || intensity > m_intensityMax) {
        prediction.outOfDomain << QStringLiteral("%1 intensity %2 outside the fitted range [%3, %4]")
                                      .arg(usesFractionIntensity() ? QStringLiteral("fraction")
                                                                   : QStringLiteral("ratio"))
                                      .arg(intensity, 0, 'g', 4)
                                      .arg(m_intensityMin)
                                      .arg(m_intensityMax);
    }
    if (point.saturation < 0 || point.saturation > 1)
        prediction.outOfDomain << QStringLiteral("SM saturation %1 outside [0, 1]").arg(point.saturation);
    if (m_form == QLatin1String("wnn")) {
        if (point.lines < 1 || point.lines > 60)
            prediction.outOfDomain
                << QStringLiteral("slice length %1 outside the network's training range [1, 60]").arg(point.lines);
        prediction.watts = m_network->predictWatts(
            intensity, point.saturation, point.lines, int(p.value(QStringLiteral("type_index"))));
    } else if (m_form == QLatin1String("jsw12")) {
        const double n = point.activeSms > 0 ? point.activeSms : point.saturation * gpu.sms;
        prediction.watts = p.value(QStringLiteral("c0")) + p.value(QStringLiteral("c1")) * intensity
            + (n / p.value(QStringLiteral("sm_bench"))) * p.value(QStringLiteral("mu"))
                * std::log10(p.value(QStringLiteral("alpha")) * n + p.value(QStringLiteral("beta")));
    } else if (const ModelForm* form = modelFormByName(m_form)) {
        const QStringList names = form->parameterNames();
        Eigen::VectorXd beta(names.size());
        for (int i = 0; i < names.size(); ++i)
            beta(i) = p.value(names[i]);
        prediction.watts = form->evaluate(beta, point.saturation, std::max(intensity, 0.0));
    }
    return prediction;
}

QStringList PowerModel::gpuIds() const
{
    QStringList ids = m_parameters.keys();
    ids.sort();
    return ids;
}

} // namespace slicewatt

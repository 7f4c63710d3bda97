// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValidateTimeCommand.h"

#include "CliOptions.h"
#include "MeasuredInput.h"
#include "calibration/TimeValidation.h"
#include "common/FileIo.h"
#include "estimate/PtxWorkspace.h"
#include "export/DisplayNumbers.h"
#include "model/ModelLibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace slicewatt::cli {
namespace {

QString ratioText(double predicted, double measured)
{
    return QString::number(predicted / measured, 'f', 2);
}

QString countText(const std::optional<double>& measured, double predicted)
{
    if (!measured || *measured <= 0)
        return QStringLiteral("%1 %2 %3")
            .arg(QStringLiteral("-"), 10)
            .arg(predicted, 10, 'g', 4)
            .arg(QStringLiteral("-"), 6);
    return QStringLiteral("%1 %2 %3")
        .arg(*measured, 10, 'g', 4)
        .arg(predicted, 10, 'g', 4)
        .arg(ratioText(predicted, *measured), 6);
}

// The analysis's off-chip bytes and warp instructions beside the hardware's DRAM bytes and
// executed SASS instructions: where a time is off, these say whether the counts are.
QString countsTableOf(const TimeValidation& v)
{
    QString out = QStringLiteral("\nCounts against the hardware's (DRAM bytes, SASS warp instructions):\n");
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("case"), -38)
               .arg(QStringLiteral("DRAM B"), 10)
               .arg(QStringLiteral("predicted"), 10)
               .arg(QStringLiteral("ratio"), 6)
               .arg(QStringLiteral("warp inst."), 10)
               .arg(QStringLiteral("predicted"), 10)
               .arg(QStringLiteral("ratio"), 6);
    for (const TimeValidationRow& row : v.rows) {
        if (!row.counted)
            continue;
        out += QStringLiteral("%1 %2 %3\n")
                   .arg(row.caseName, -38)
                   .arg(countText(row.counted->dramBytes, row.dramBytes),
                       countText(row.counted->warpInstructions, row.warpInstructions));
    }
    const TimeValidationSummary& s = v.summary;
    out += QStringLiteral("Off-chip bytes: %1 of %2 within 2x of DRAM's, median predicted/counted %3\n")
               .arg(s.bytesWithin2x)
               .arg(s.bytesCompared)
               .arg(s.bytesMedianRatio, 0, 'f', 2);
    out += QStringLiteral("Warp instructions: %1 of %2 within 2x of the SASS executed, median predicted/counted %3\n\n")
               .arg(s.instructionsWithin2x)
               .arg(s.instructionsCompared)
               .arg(s.instructionsMedianRatio, 0, 'f', 2);
    return out;
}

QString tableOf(const TimeValidation& v, const GpuSpec& gpu)
{
    QString out = QStringLiteral("Time per launch on %1: the time model against back-to-back measurements, every "
                                 "kernel held out (nothing fitted); instructions from %2\n\n")
                      .arg(gpu.name, v.countsFrom);
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
               .arg(QStringLiteral("case"), -38)
               .arg(QStringLiteral("measured"), 11)
               .arg(QStringLiteral("predicted"), 11)
               .arg(QStringLiteral("ratio"), 6)
               .arg(QStringLiteral("bound"), -9)
               .arg(QStringLiteral("energy meas."), 12)
               .arg(QStringLiteral("predicted"), 11)
               .arg(QStringLiteral("ratio"), 6);
    for (const TimeValidationRow& row : v.rows) {
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8%9\n")
                   .arg(row.caseName, -38)
                   .arg(formatDuration(row.measuredSeconds), 11)
                   .arg(formatDuration(row.predictedSeconds), 11)
                   .arg(ratioText(row.predictedSeconds, row.measuredSeconds), 6)
                   .arg(row.bound, -9)
                   .arg(formatJoules(row.measuredJ), 12)
                   .arg(row.predictedJ ? formatJoules(*row.predictedJ) : QStringLiteral("-"), 11)
                   .arg(row.predictedJ ? ratioText(*row.predictedJ, row.measuredJ) : QStringLiteral("-"), 6)
                   .arg(
                       row.assumedLoops > 0 ? QStringLiteral("  (%1 assumed loops)").arg(row.assumedLoops) : QString());
    }
    const TimeValidationSummary& s = v.summary;
    out += QStringLiteral("\nTime: %1 of %2 launches within 2x (%3), rank correlation %4, median predicted/measured "
                          "%5\n")
               .arg(s.timeWithin2x)
               .arg(s.launches)
               .arg(formatPercent(s.launches ? double(s.timeWithin2x) / s.launches : 0))
               .arg(s.timeSpearman, 0, 'f', 3)
               .arg(s.timeMedianRatio, 0, 'f', 2);
    if (s.energyCompared > 0)
        out += QStringLiteral("Energy per launch (%1, static power included): %2 of %3 within 2x, rank correlation "
                              "%4\n")
                   .arg(v.energyModelId)
                   .arg(s.energyWithin2x)
                   .arg(s.energyCompared)
                   .arg(s.energySpearman, 0, 'f', 3);
    if (s.dynamicCompared > 0)
        out += QStringLiteral("Dynamic energy per launch (above idle): %1 of %2 within 2x\n")
                   .arg(s.dynamicWithin2x)
                   .arg(s.dynamicCompared);
    if (s.bytesCompared + s.instructionsCompared > 0)
        out += countsTableOf(v);
    out += QStringLiteral("Furthest from the measurement:\n");
    for (int i : v.worst(5)) {
        const TimeValidationRow& row = v.rows[i];
        out += QStringLiteral("  %1: %2x (%3-bound, %4, %5 DRAM bytes)\n")
                   .arg(row.caseName, ratioText(row.predictedSeconds, row.measuredSeconds), row.bound, row.computePipe)
                   .arg(row.dramBytes, 0, 'g', 4);
    }
    for (const QString& problem : v.problems)
        out += QStringLiteral("left out: %1\n").arg(problem);
    return out;
}

QByteArray jsonOf(const TimeValidation& v)
{
    QJsonArray rows;
    const auto orNull
        = [](const std::optional<double>& x) { return x ? QJsonValue(*x) : QJsonValue(QJsonValue::Null); };
    for (const TimeValidationRow& row : v.rows)
        rows << QJsonObject{{QStringLiteral("case"), row.caseName}, {QStringLiteral("kernel"), row.kernel},
            {QStringLiteral("launch"), row.launchFrom}, {QStringLiteral("measured_s"), row.measuredSeconds},
            {QStringLiteral("predicted_s"), row.predictedSeconds}, {QStringLiteral("bound"), row.bound},
            {QStringLiteral("compute_pipe"), row.computePipe}, {QStringLiteral("global_bytes"), row.globalBytes},
            {QStringLiteral("dram_bytes"), row.dramBytes}, {QStringLiteral("measured_w"), row.measuredW},
            {QStringLiteral("measured_j"), row.measuredJ}, {QStringLiteral("predicted_j"), orNull(row.predictedJ)},
            {QStringLiteral("measured_dynamic_j"), orNull(row.measuredDynamicJ)},
            {QStringLiteral("predicted_dynamic_j"), orNull(row.predictedDynamicJ)},
            {QStringLiteral("assumed_loops"), row.assumedLoops},
            {QStringLiteral("compiled_counts"), row.compiledCounts},
            {QStringLiteral("predicted_warp_instructions"), row.warpInstructions},
            {QStringLiteral("counted_dram_bytes"), orNull(row.counted ? row.counted->dramBytes : std::nullopt)},
            {QStringLiteral("counted_warp_instructions"),
                orNull(row.counted ? row.counted->warpInstructions : std::nullopt)}};
    const TimeValidationSummary& s = v.summary;
    QJsonObject root{{QStringLiteral("gpu"), v.gpuId}, {QStringLiteral("energy_model"), v.energyModelId},
        {QStringLiteral("instructions_from"), v.countsFrom}, {QStringLiteral("launches"), s.launches},
        {QStringLiteral("time_within_2x"), s.timeWithin2x}, {QStringLiteral("time_spearman"), s.timeSpearman},
        {QStringLiteral("time_median_ratio"), s.timeMedianRatio}, {QStringLiteral("energy_compared"), s.energyCompared},
        {QStringLiteral("energy_within_2x"), s.energyWithin2x}, {QStringLiteral("energy_spearman"), s.energySpearman},
        {QStringLiteral("bytes_compared"), s.bytesCompared}, {QStringLiteral("bytes_within_2x"), s.bytesWithin2x},
        {QStringLiteral("bytes_median_ratio"), s.bytesMedianRatio},
        {QStringLiteral("instructions_compared"), s.instructionsCompared},
        {QStringLiteral("instructions_within_2x"), s.instructionsWithin2x},
        {QStringLiteral("instructions_median_ratio"), s.instructionsMedianRatio}, {QStringLiteral("rows"), rows},
        {QStringLiteral("problems"), QJsonArray::fromStringList(v.problems)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace

int runValidateTimeCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json")}, options, error,
            {QStringLiteral("--gpu"), QStringLiteral("--energy-model"), QStringLiteral("--models-dir"),
                QStringLiteral("--drivers"), QStringLiteral("--counters"), QStringLiteral("--compiler")})) {
        fprintf(stderr, "slicewatt-cli validate-time: %s\n", qPrintable(error));
        return ExitUsage;
    }
    if (options.inputs.size() != 1 || !options.values.contains(QStringLiteral("gpu"))) {
        fprintf(stderr, "slicewatt-cli validate-time: give one measured runs CSV and --gpu\n");
        return ExitUsage;
    }
    const ModelLibrary library = loadModelLibrary(options);
    const GpuSpec* gpu = library.gpus().find(options.values.value(QStringLiteral("gpu")));
    if (!gpu) {
        fprintf(stderr, "slicewatt-cli validate-time: unknown GPU '%s'\n",
            qPrintable(options.values.value(QStringLiteral("gpu"))));
        return ExitUsage;
    }
    const EnergyModel* energy = nullptr;
    if (options.values.contains(QStringLiteral("energy-model"))) {
        energy = library.energyModel(options.values.value(QStringLiteral("energy-model")));
        if (!energy) {
            fprintf(stderr, "slicewatt-cli validate-time: unknown energy model '%s'\n",
                qPrintable(options.values.value(QStringLiteral("energy-model"))));
            return ExitUsage;
        }
    }
    // --compiler: the time model counts the compiled code's instructions.
    std::optional<PtxProducer> compiler;
    if (options.values.contains(QStringLiteral("compiler"))) {
        const QString wanted = options.values.value(QStringLiteral("compiler"));
        if (wanted != QLatin1String("nvcc") && wanted != QLatin1String("clang")) {
            fprintf(stderr, "slicewatt-cli validate-time: --compiler is nvcc or clang, not '%s'\n", qPrintable(wanted));
            return ExitUsage;
        }
        const QVector<PtxProducer> producers = ptxProducersNamed(wanted);
        if (producers.isEmpty()) {
            fprintf(stderr, "slicewatt-cli validate-time: --compiler %s is not installed\n", qPrintable(wanted));
            return ExitAnalysisErrors;
        }
        compiler = producers.first();
    }
    const QString csv = options.inputs.first();
    QFile file(csv);
    if (!file.open(QIODevice::ReadOnly)) {
        fprintf(stderr, "slicewatt-cli validate-time: cannot read %s: %s\n", qPrintable(csv),
            qPrintable(file.errorString()));
        return ExitAnalysisErrors;
    }
    const MeasuredTimes measured = readMeasuredTimes(file.read(qint64(1) << 24), csv);
    for (const QString& problem : measured.problems)
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(problem));
    // The harness keeps its drivers in drivers/ beside runs.csv.
    const QString folder = options.values.value(
        QStringLiteral("drivers"), QFileInfo(csv).absoluteDir().filePath(QStringLiteral("drivers")));
    TimeValidation validation
        = validateLaunchTimes(measured, folder, *gpu, energy, options.parser, compiler ? &*compiler : nullptr);
    if (options.values.contains(QStringLiteral("counters"))) {
        const QString countersPath = options.values.value(QStringLiteral("counters"));
        QByteArray countersText;
        if (!readTextFile(countersPath, &countersText, &error)) {
            fprintf(stderr, "slicewatt-cli validate-time: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        const KernelCounters counters = readKernelCounters(countersText, countersPath);
        for (const QString& problem : counters.problems)
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(problem));
        attachKernelCounters(validation, counters);
    }
    const QByteArray output
        = options.format == QLatin1String("json") ? jsonOf(validation) : tableOf(validation, *gpu).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return validation.rows.isEmpty() ? ExitAnalysisErrors : ExitOk;
}

} // namespace slicewatt::cli

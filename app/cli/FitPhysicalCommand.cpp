// SPDX-License-Identifier: GPL-3.0-or-later
#include "FitPhysicalCommand.h"

#include "CliOptions.h"
#include "MeasuredInput.h"
#include "calibration/PhysicalCorrectionFit.h"
#include "calibration/PhysicalModelFile.h"
#include "calibration/PhysicalTransfer.h"
#include "calibration/TimeValidation.h"
#include "common/FileIo.h"
#include "estimate/PtxWorkspace.h"
#include "model/ModelLibrary.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace slicewatt::cli {
namespace {

// Per measured set, the time per launch (the time model's, nothing fitted) and the energy per
// launch (the held-out power times that time) against the measured ones: the share within 2x
// and the five launches furthest in energy.
QString energyWithin2xOf(const PhysicalGpuFit& fit, const QString& set)
{
    const QVector<double>& predictedW = fit.validation.predictedW;
    QVector<int> rows;
    for (int i = 0; i < fit.rows.size(); ++i) {
        if (fit.rows[i].set == set && fit.rows[i].measuredSeconds > 0 && i < predictedW.size())
            rows << i;
    }
    if (rows.isEmpty())
        return QString();
    const auto within2x = [](double ratio) { return ratio >= 0.5 && ratio <= 2.0; };
    const auto energyRatio = [&](int i) {
        const PhysicalFitRow& row = fit.rows[i];
        return predictedW[i] * row.work.seconds / (row.measuredW * row.measuredSeconds);
    };
    int time = 0;
    int energy = 0;
    for (int i : rows) {
        time += within2x(fit.rows[i].work.seconds / fit.rows[i].measuredSeconds) ? 1 : 0;
        energy += within2x(energyRatio(i)) ? 1 : 0;
    }
    QString out
        = QStringLiteral("    time per launch within 2x: %1 of %2 (%3 %); energy per launch within 2x: %4 of %2 "
                         "(%5 %)\n")
              .arg(time)
              .arg(rows.size())
              .arg(100.0 * time / rows.size(), 0, 'f', 1)
              .arg(energy)
              .arg(100.0 * energy / rows.size(), 0, 'f', 1);
    std::stable_sort(rows.begin(), rows.end(),
        [&](int a, int b) { return std::abs(std::log(energyRatio(a))) > std::abs(std::log(energyRatio(b))); });
    out += QStringLiteral("    furthest in energy per launch (predicted / measured; time ratio):");
    for (int k = 0; k < std::min<qsizetype>(rows.size(), 5); ++k) {
        const PhysicalFitRow& row = fit.rows[rows[k]];
        out += QStringLiteral(" %1 %2x (%3x);")
                   .arg(row.caseName)
                   .arg(energyRatio(rows[k]), 0, 'f', 2)
                   .arg(row.work.seconds / row.measuredSeconds, 0, 'f', 2);
    }
    out.chop(1);
    return out + QLatin1Char('\n');
}

// The held-out figures beside the baselines, and the launches furthest from the measurement.
QString summaryOf(const PhysicalGpuFit& fit, const GpuSpec& gpu)
{
    const PhysicalValidation& v = fit.validation;
    QString out = QStringLiteral("Physical model on %1, %2 launches of %3 kernels, each kernel held out:\n")
                      .arg(gpu.name)
                      .arg(v.figures.rows)
                      .arg(v.figures.groups);
    out += QStringLiteral("  mean error %1 %, median %2 %, 90th percentile %3 %, rank correlation %4\n")
               .arg(v.figures.mapePct, 0, 'f', 1)
               .arg(v.figures.medianApePct, 0, 'f', 1)
               .arg(v.figures.p90ApePct, 0, 'f', 1)
               .arg(v.spearman, 0, 'f', 3);
    out += QStringLiteral("  band (inner folds): covers %1 % of launches; band for the file ±%2 %\n")
               .arg(v.coveragePct, 0, 'f', 1)
               .arg(v.fileBandShare * 100, 0, 'f', 1);
    out += QStringLiteral("  baselines: median power %1 %, idle power %2 %\n")
               .arg(v.medianBaseline.mapePct, 0, 'f', 1)
               .arg(v.idleBaseline.mapePct, 0, 'f', 1);
    QStringList sets;
    for (const PhysicalFitRow& row : fit.rows)
        if (!sets.contains(row.set))
            sets << row.set;
    for (const QString& set : sets) {
        if (sets.size() > 1) {
            const PhysicalSetFigures f = setFigures(fit.rows, v, set);
            out += QStringLiteral(
                "  of which %1: %2 launches, mean error %3 %, rank correlation %4, band covers %5 %\n")
                       .arg(set)
                       .arg(f.figures.rows)
                       .arg(f.figures.mapePct, 0, 'f', 1)
                       .arg(f.spearman, 0, 'f', 3)
                       .arg(f.coveragePct, 0, 'f', 1);
        } else {
            out += QStringLiteral("  %1:\n").arg(set);
        }
        out += energyWithin2xOf(fit, set);
    }
    out += QStringLiteral("Constants fitted on every launch:\n");
    for (const QString& name : physicalParameterNames())
        out += QStringLiteral("  %1 = %2\n").arg(name, -14).arg(fit.parameters.value(name), 0, 'g', 4);
    // Every launch's inputs as the fit saw them: rates in 10^12 a second (the active SMs as a share).
    out += QStringLiteral("Launches (held-out prediction, then each input's rate, T/s):\n%1 %2 %3 %4")
               .arg(QStringLiteral("case"), -40)
               .arg(QStringLiteral("meas. W"), 8)
               .arg(QStringLiteral("pred. W"), 8)
               .arg(QStringLiteral("time"), 10);
    for (const PhysicalInput& input : physicalInputs())
        out += QStringLiteral(" %1").arg(input.key.mid(input.key.indexOf(QLatin1Char('_')) + 1), 9);
    out += QLatin1Char('\n');
    for (int i = 0; i < fit.rows.size(); ++i) {
        const PhysicalFitRow& row = fit.rows[i];
        out += QStringLiteral("%1 %2 %3 %4")
                   .arg(row.caseName.left(40), -40)
                   .arg(row.measuredW, 8, 'f', 0)
                   .arg(v.predictedW[i], 8, 'f', 0)
                   .arg(row.work.seconds, 10, 'g', 3);
        for (double rate : physicalRates(row.work))
            out += QStringLiteral(" %1").arg(rate, 9, 'g', 3);
        out += QLatin1Char('\n');
    }
    QVector<int> order(fit.rows.size());
    for (int i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto error = [&](int i) { return std::abs(v.predictedW[i] - fit.rows[i].measuredW) / fit.rows[i].measuredW; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return error(a) > error(b); });
    out += QStringLiteral("Furthest held-out launches:\n");
    for (int k = 0; k < std::min<qsizetype>(order.size(), 8); ++k) {
        const PhysicalFitRow& row = fit.rows[order[k]];
        out += QStringLiteral("  %1: measured %2 W, predicted %3 W (%4 %)\n")
                   .arg(row.caseName)
                   .arg(row.measuredW, 0, 'f', 0)
                   .arg(v.predictedW[order[k]], 0, 'f', 0)
                   .arg(100 * (v.predictedW[order[k]] - row.measuredW) / row.measuredW, 0, 'f', 1);
    }
    return out;
}

} // namespace

int runFitPhysicalCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    // --transfer takes no value: taken out before the options that do.
    QStringList rest = args;
    const bool transfer = rest.removeAll(QStringLiteral("--transfer")) > 0;
    if (!parseCommonOptions(rest, {QStringLiteral("table")}, options, error,
            {QStringLiteral("--gpu"), QStringLiteral("--models-dir"), QStringLiteral("--model-file"),
                QStringLiteral("--compiler")},
            transfer)) {
        fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const QString modelFile = options.values.value(QStringLiteral("model-file"));
    if (modelFile.isEmpty()
        || (!transfer && (options.inputs.isEmpty() || !options.values.contains(QStringLiteral("gpu"))))) {
        fprintf(stderr,
            "slicewatt-cli fit-physical: give measured runs CSVs, --gpu and --model-file (or --transfer "
            "and --model-file)\n");
        return ExitUsage;
    }
    const ModelLibrary library = loadModelLibrary(options);
    const GpuSpec* gpu = library.gpus().find(options.values.value(QStringLiteral("gpu")));
    if (!transfer && (!gpu || !gpu->boardPowerW)) {
        fprintf(stderr, "slicewatt-cli fit-physical: unknown GPU, or one without a board power: '%s'\n",
            qPrintable(options.values.value(QStringLiteral("gpu"))));
        return ExitUsage;
    }
    if (transfer) {
        // No measurements of its own: every measured GPU of the file predicted from its data
        // sheet with the others' corrections, and the corrections of all for data-sheet GPUs.
        QByteArray existing;
        if (!readTextFile(modelFile, &existing, &error)) {
            fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        QStringList problems;
        const QVector<PhysicalFitRow> rows = transferRows(existing, library.gpus(), problems);
        for (const QString& problem : problems)
            fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(problem));
        QStringList measured;
        for (const PhysicalFitRow& row : rows) {
            if (!measured.contains(row.gpuId))
                measured << row.gpuId;
        }
        if (measured.size() < 2) {
            fprintf(stderr,
                "slicewatt-cli fit-physical: --transfer needs launches of two measured GPUs or more in %s\n",
                qPrintable(modelFile));
            return ExitAnalysisErrors;
        }
        const TransferValidation validation = validateTransfer(rows);
        const QByteArray file = physicalFileWithTransfer(existing, validation, &error);
        if (file.isEmpty() || !writeOutput(modelFile, file, error)
            || !writeOutput(options.outputFile, transferSummary(validation, file).toUtf8(), error)) {
            fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        return ExitOk;
    }
    // --compiler: the time model counts the compiled code's instructions, as the estimate does
    // when it has the kernel's PTX.
    std::optional<PtxProducer> compiler;
    if (options.values.contains(QStringLiteral("compiler"))) {
        const QVector<PtxProducer> producers = ptxProducersNamed(options.values.value(QStringLiteral("compiler")));
        if (producers.isEmpty()) {
            fprintf(stderr, "slicewatt-cli fit-physical: --compiler %s is not installed (nvcc or clang)\n",
                qPrintable(options.values.value(QStringLiteral("compiler"))));
            return ExitUsage;
        }
        compiler = producers.first();
    }
    const std::optional<DataSheetPhysics> physics = dataSheetPhysics(*gpu, ArchitectureTable::standard(), &error);
    if (!physics)
        fprintf(stderr, "slicewatt-cli fit-physical: no data-sheet constants to correct (%s): a free fit\n",
            qPrintable(error));
    PhysicalGpuFit fit;
    fit.gpuId = gpu->id;
    if (physics)
        fit.priorSources = physics->sources;
    fit.tool = QStringLiteral("slicewatt-cli fit-physical");
    fit.measuredBackToBack = true; // the harness's runs.csv: each launch repeated back to back
    QVector<double> idles;
    QStringList data;
    for (const QString& input : options.inputs) {
        // RUNS.csv=DRIVERS: the drivers' folder, else drivers/ beside the CSV (the harness's layout).
        const qsizetype split = input.indexOf(QLatin1Char('='));
        const QString csv = split < 0 ? input : input.left(split);
        const QString folder
            = split < 0 ? QFileInfo(csv).absoluteDir().filePath(QStringLiteral("drivers")) : input.mid(split + 1);
        QByteArray text;
        if (!readTextFile(csv, &text, &error)) {
            fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        const MeasuredTimes measured = readMeasuredTimes(text, csv);
        for (const QString& problem : measured.problems)
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(problem));
        if (!measured.idleW) {
            fprintf(stderr, "slicewatt-cli fit-physical: %s has no IDLE rows: the idle power is measured, not fitted\n",
                qPrintable(csv));
            return ExitAnalysisErrors;
        }
        idles << *measured.idleW;
        const TimeValidation validation
            = validateLaunchTimes(measured, folder, *gpu, nullptr, options.parser, compiler ? &*compiler : nullptr);
        for (const QString& problem : validation.problems)
            fprintf(stderr, "slicewatt-cli: left out: %s\n", qPrintable(problem));
        for (const TimeValidationRow& row : validation.rows) {
            PhysicalFitRow r;
            r.kernel = QStringLiteral("%1|%2").arg(row.file, row.kernel);
            r.caseName = row.caseName;
            r.set = csv;
            r.gridBlocks = row.gridBlocks;
            r.blockThreads = row.blockThreads;
            r.work = row.work;
            r.measuredW = row.measuredW;
            r.measuredSeconds = row.measuredSeconds;
            setPhysicalPrior(r, *gpu, physics ? &*physics : nullptr);
            fit.rows << r;
        }
        data << QStringLiteral("%1 (%2 launches)").arg(QFileInfo(csv).filePath()).arg(validation.rows.size());
    }
    if (fit.rows.size() < 3) {
        fprintf(stderr, "slicewatt-cli fit-physical: %d launches analysed, too few to fit\n", int(fit.rows.size()));
        return ExitAnalysisErrors;
    }
    double idleW = 0;
    for (double w : idles)
        idleW += w / idles.size();
    fit.idleSource = QStringLiteral("measured: mean of the IDLE rows (a context open, nothing running), %1 W")
                         .arg(idleW, 0, 'f', 1);
    fit.data = data.join(QStringLiteral("; "));
    QVector<int> all(fit.rows.size());
    for (int i = 0; i < all.size(); ++i)
        all[i] = i;
    fit.parameters = fitPhysicalModel(fit.rows, all, idleW);
    if (physics)
        fit.corrections = fitCorrections(fit.rows, all, idleW);
    fit.validation = validatePhysicalModel(fit.rows, idleW, *gpu->boardPowerW);

    QByteArray existing;
    if (QFileInfo::exists(modelFile) && !readTextFile(modelFile, &existing, &error)) {
        fprintf(stderr, "slicewatt-cli fit-physical: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    const QByteArray file = physicalModelFile(existing, fit, &error);
    if (file.isEmpty()) {
        fprintf(stderr, "slicewatt-cli fit-physical: %s: %s\n", qPrintable(modelFile), qPrintable(error));
        return ExitAnalysisErrors;
    }
    if (!writeOutput(modelFile, file, error)
        || !writeOutput(options.outputFile, summaryOf(fit, *gpu).toUtf8(), error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return ExitOk;
}

} // namespace slicewatt::cli

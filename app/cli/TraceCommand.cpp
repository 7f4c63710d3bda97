// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceCommand.h"

#include "CliOptions.h"
#include "measure/TraceImport.h"
#include "measure/TraceMeasurement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>
#include <cstdio>
#include <optional>

namespace slicewatt::cli {
namespace {

// Every number the machine-readable outputs carry: the shortest text that reads back as
// the same double, so a script gets exactly what the library computed.
QString exact(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QJsonValue optionalJson(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

// A number option: finite, and at least `minimum`; nullopt (with `error`) otherwise.
std::optional<double> numberOption(
    const CommonOptions& options, const char* name, double minimum, bool inclusive, QString& error)
{
    const QString key = QLatin1String(name);
    if (!options.values.contains(key))
        return std::nullopt;
    bool ok = false;
    const double value = options.values.value(key).toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < minimum || (!inclusive && value == minimum)) {
        error = QStringLiteral("--%1 needs a number %2 %3, got '%4'")
                    .arg(key, inclusive ? QStringLiteral(">=") : QStringLiteral(">"), exact(minimum),
                        options.values.value(key));
        return std::nullopt;
    }
    return value;
}

QString runPath(const RunMeasurement& run)
{
    if (run.wholeTrace)
        return QStringLiteral("whole-trace");
    return run.shortRun ? QStringLiteral("short-run-fit") : QStringLiteral("error-direction");
}

QString idleSourceText(const QString& source)
{
    if (source == QLatin1String("given"))
        return QStringLiteral("given");
    if (source == QLatin1String("before-first-run"))
        return QStringLiteral("median before the first run");
    if (source == QLatin1String("after-last-run"))
        return QStringLiteral("median after the last run's tail");
    return QStringLiteral("unknown");
}

QJsonObject measurementJson(const PowerTrace& trace, const TraceMeasurement& m)
{
    QJsonObject root;
    root.insert(QStringLiteral("file"), trace.file);
    root.insert(QStringLiteral("source"), trace.source);
    root.insert(
        QStringLiteral("gpu_name"), trace.gpuName.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(trace.gpuName));
    root.insert(
        QStringLiteral("gpu_index"), trace.gpuIndex >= 0 ? QJsonValue(trace.gpuIndex) : QJsonValue(QJsonValue::Null));
    root.insert(QStringLiteral("power_field"), trace.powerField);
    root.insert(QStringLiteral("time_origin"),
        trace.timeOrigin.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(trace.timeOrigin));
    root.insert(QStringLiteral("sample_count"), int(trace.samples.size()));
    root.insert(QStringLiteral("skipped_samples"), trace.skippedSamples);
    root.insert(QStringLiteral("median_interval_s"), trace.medianIntervalS());
    root.insert(QStringLiteral("settle_fraction"), kSensorSettleFraction);
    root.insert(QStringLiteral("lag_s"), optionalJson(m.lagS));
    root.insert(QStringLiteral("lag_source"), m.lagSource);
    root.insert(QStringLiteral("idle_w"), optionalJson(m.idleW));
    root.insert(QStringLiteral("idle_source"), m.idleSource);
    QJsonArray runs;
    for (const RunMeasurement& run : m.runs) {
        QJsonObject o;
        o.insert(QStringLiteral("start_s"), run.window.startS);
        o.insert(QStringLiteral("end_s"), run.window.endS);
        o.insert(QStringLiteral("duration_s"), run.window.durationS());
        o.insert(QStringLiteral("path"), runPath(run));
        o.insert(QStringLiteral("raw_mean_w"), run.rawMeanW);
        o.insert(QStringLiteral("corrected_mean_w"), run.correctedMeanW);
        o.insert(QStringLiteral("raw_peak_w"), run.rawPeakW);
        o.insert(QStringLiteral("corrected_peak_w"), run.correctedPeakW);
        o.insert(QStringLiteral("raw_energy_j"), run.rawEnergyJ);
        o.insert(QStringLiteral("corrected_energy_j"), run.correctedEnergyJ);
        o.insert(QStringLiteral("counter_energy_j"), optionalJson(run.counterEnergyJ));
        o.insert(QStringLiteral("tail_end_s"), run.tailEndS);
        if (run.lag) {
            QJsonObject lag;
            lag.insert(QStringLiteral("lag_s"), optionalJson(run.lag->lagS));
            lag.insert(QStringLiteral("baseline_w"), run.lag->baselineW);
            lag.insert(QStringLiteral("plateau_w"), run.lag->plateauW);
            if (!run.lag->ok())
                lag.insert(QStringLiteral("problem"), run.lag->problem);
            o.insert(QStringLiteral("lag"), lag);
        }
        runs.append(o);
    }
    root.insert(QStringLiteral("runs"), runs);
    root.insert(QStringLiteral("notes"), QJsonArray::fromStringList(trace.notes + m.notes));
    // Columns, not one object per sample: a long trace stays a few bytes per number.
    QJsonArray times, rawW, correctedW, rules;
    for (int i = 0; i < trace.samples.size(); ++i) {
        times.append(trace.samples[i].timeS);
        rawW.append(trace.samples[i].powerW);
        correctedW.append(m.corrected.samples[i].powerW);
        rules.append(correctionRuleName(m.corrected.rules[i]));
    }
    QJsonObject samples;
    samples.insert(QStringLiteral("time_s"), times);
    samples.insert(QStringLiteral("raw_w"), rawW);
    samples.insert(QStringLiteral("corrected_w"), correctedW);
    samples.insert(QStringLiteral("rule"), rules);
    root.insert(QStringLiteral("samples"), samples);
    return root;
}

QString sourceLine(const PowerTrace& trace)
{
    QString text = QStringLiteral("%1, %2").arg(trace.source, trace.powerField);
    if (trace.gpuIndex >= 0)
        text += QStringLiteral(", GPU %1").arg(trace.gpuIndex);
    if (!trace.gpuName.isEmpty())
        text += trace.gpuIndex >= 0 ? QStringLiteral(" (%1)").arg(trace.gpuName)
                                    : QStringLiteral(", %1").arg(trace.gpuName);
    return text;
}

QString lagLine(const TraceMeasurement& m)
{
    if (!m.lagS)
        return QStringLiteral("unknown (no run to learn it from: give --start and --end, or --lag)");
    return QStringLiteral("%1 s (%2)")
        .arg(fixed(*m.lagS, 3),
            m.lagSource == QLatin1String("given") ? QStringLiteral("given")
                                                  : QStringLiteral("learnt from the run's rise"));
}

QByteArray tableText(const PowerTrace& trace, const TraceMeasurement& m)
{
    QString out;
    const auto row = [&](const char* label, const QString& text) {
        out += QStringLiteral("%1 %2\n").arg(QLatin1String(label), -10).arg(text);
    };
    row("trace", trace.file);
    row("source", sourceLine(trace));
    QString samples = QStringLiteral("%1 over %2–%3 s, median interval %4 s")
                          .arg(trace.samples.size())
                          .arg(fixed(trace.samples.first().timeS, 3), fixed(trace.samples.last().timeS, 3),
                              fixed(trace.medianIntervalS(), 3));
    if (!trace.timeOrigin.isEmpty())
        samples += QStringLiteral(" (t = 0 at %1)").arg(trace.timeOrigin);
    row("samples", samples);
    row("lag t_p", lagLine(m));
    row("idle",
        m.idleW ? QStringLiteral("%1 W (%2)").arg(fixed(*m.idleW, 2), idleSourceText(m.idleSource))
                : QStringLiteral("unknown: tails are not reset (give --idle)"));
    for (int r = 0; r < m.runs.size(); ++r) {
        const RunMeasurement& run = m.runs[r];
        out += QLatin1Char('\n');
        const QString rule = run.wholeTrace ? QStringLiteral("whole trace, error-direction rule")
            : run.shortRun                  ? QStringLiteral("shorter than t_p: fitted reading t_p later")
                                            : QStringLiteral("longer than t_p: error-direction rule");
        out += QStringLiteral("run %1      %2–%3 s (%4 s, %5)\n")
                   .arg(r + 1)
                   .arg(fixed(run.window.startS, 3), fixed(run.window.endS, 3), fixed(run.window.durationS(), 3), rule);
        row("  power",
            QStringLiteral("raw mean %1 W, peak %2 W; corrected mean %3 W, peak %4 W")
                .arg(fixed(run.rawMeanW, 2), fixed(run.rawPeakW, 2), fixed(run.correctedMeanW, 2),
                    fixed(run.correctedPeakW, 2)));
        QString energy
            = QStringLiteral("raw %1 J, corrected %2 J").arg(fixed(run.rawEnergyJ, 3), fixed(run.correctedEnergyJ, 3));
        if (run.counterEnergyJ)
            energy += QStringLiteral(", energy counter %1 J").arg(fixed(*run.counterEnergyJ, 3));
        row("  energy", energy);
        if (run.tailEndS > run.window.endS)
            row("  tail", QStringLiteral("reset to idle until %1 s").arg(fixed(run.tailEndS, 3)));
        if (run.lag && run.lag->ok())
            row("  rise",
                QStringLiteral("%1 W to %2 W, within 3 % after %3 s")
                    .arg(fixed(run.lag->baselineW, 2), fixed(run.lag->plateauW, 2), fixed(*run.lag->lagS, 3)));
    }
    const QStringList notes = trace.notes + m.notes;
    if (!notes.isEmpty())
        out += QLatin1Char('\n');
    for (const QString& note : notes)
        out += QStringLiteral("note: %1\n").arg(note);
    return out.toUtf8();
}

// SliceWatt's plain trace CSV with the corrected power as power_w: it reads back with
// `trace` or any CSV tool; the summary rides along in comments.
QByteArray csvText(const PowerTrace& trace, const TraceMeasurement& m)
{
    QString out = QStringLiteral("# slicewatt-cli trace %1: %2\n").arg(trace.file, sourceLine(trace));
    if (!trace.gpuName.isEmpty())
        out += QStringLiteral("# gpu: %1\n").arg(trace.gpuName);
    out += QStringLiteral("# lag_s %1 (%2), idle_w %3 (%4)\n")
               .arg(m.lagS ? exact(*m.lagS) : QStringLiteral("unknown"), m.lagSource,
                   m.idleW ? exact(*m.idleW) : QStringLiteral("unknown"), m.idleSource);
    for (const RunMeasurement& run : m.runs) {
        if (!run.wholeTrace)
            out += QStringLiteral("# run: %1 %2\n").arg(exact(run.window.startS), exact(run.window.endS));
        out += QStringLiteral(
            "# %1 %2-%3 s: raw_mean_w %4, corrected_mean_w %5, raw_energy_j %6, corrected_energy_j %7%8\n")
                   .arg(runPath(run), exact(run.window.startS), exact(run.window.endS), exact(run.rawMeanW),
                       exact(run.correctedMeanW), exact(run.rawEnergyJ), exact(run.correctedEnergyJ),
                       run.counterEnergyJ ? QStringLiteral(", counter_energy_j %1").arg(exact(*run.counterEnergyJ))
                                          : QString());
    }
    for (const QString& note : trace.notes + m.notes)
        out += QStringLiteral("# note: %1\n").arg(note);
    out += QStringLiteral("time_s,power_w,raw_power_w,rule\n");
    for (int i = 0; i < trace.samples.size(); ++i)
        out += QStringLiteral("%1,%2,%3,%4\n")
                   .arg(exact(trace.samples[i].timeS), exact(m.corrected.samples[i].powerW),
                       exact(trace.samples[i].powerW), correctionRuleName(m.corrected.rules[i]));
    return out.toUtf8();
}

} // namespace

int runTraceCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    const bool parsed = parseCommonOptions(args,
        {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv")}, options, error,
        {QStringLiteral("--gpu-index"), QStringLiteral("--idle"), QStringLiteral("--start"), QStringLiteral("--end"),
            QStringLiteral("--lag")});
    if (!parsed && options.inputs.isEmpty() && error.startsWith(QLatin1String("no input")))
        error = QStringLiteral("give one power trace (nvidia-smi CSV, or a CSV with time_s and power_w)");
    if (parsed && options.inputs.size() != 1)
        error = QStringLiteral("give one power trace, not %1 files").arg(options.inputs.size());
    TraceImportOptions import;
    if (error.isEmpty() && options.values.contains(QStringLiteral("gpu-index"))) {
        bool ok = false;
        import.gpuIndex = options.values.value(QStringLiteral("gpu-index")).toInt(&ok);
        if (!ok || import.gpuIndex < 0)
            error = QStringLiteral("--gpu-index needs a GPU index (0, 1, ...), got '%1'")
                        .arg(options.values.value(QStringLiteral("gpu-index")));
    }
    TraceMeasurementOptions measure;
    if (error.isEmpty())
        measure.idleW = numberOption(options, "idle", 0, true, error);
    if (error.isEmpty())
        measure.lagS = numberOption(options, "lag", 0, false, error);
    std::optional<double> start, end;
    if (error.isEmpty())
        start = numberOption(options, "start", -INFINITY, true, error);
    if (error.isEmpty())
        end = numberOption(options, "end", -INFINITY, true, error);
    if (error.isEmpty() && start.has_value() != end.has_value())
        error = QStringLiteral("give --start and --end together");
    if (error.isEmpty() && start && !(*end > *start))
        error = QStringLiteral("--end (%1 s) must be after --start (%2 s)").arg(exact(*end), exact(*start));
    if (!error.isEmpty()) {
        fprintf(stderr, "slicewatt-cli trace: %s\n", qPrintable(error));
        return ExitUsage;
    }
    if (start)
        measure.runs.append(RunWindow{*start, *end, 0});

    const PowerTrace trace = readPowerTrace(options.inputs.first(), import);
    if (!trace.ok()) {
        for (const QString& message : trace.errors)
            fprintf(stderr, "%s\n", qPrintable(message));
        return ExitAnalysisErrors;
    }
    const TraceMeasurement measurement = measureTrace(trace, measure);
    if (!measurement.ok()) {
        fprintf(stderr, "slicewatt-cli trace: %s\n", qPrintable(measurement.error));
        if (!measure.lagS && measurement.error.contains(QLatin1String("t_p")))
            fprintf(stderr, "slicewatt-cli trace: run it on a trace of a longer run first, then pass --lag S\n");
        return ExitAnalysisErrors;
    }
    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = QJsonDocument(measurementJson(trace, measurement)).toJson(QJsonDocument::Indented);
    else if (options.format == QLatin1String("csv"))
        output = csvText(trace, measurement);
    else
        output = tableText(trace, measurement);
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return ExitOk;
}

} // namespace slicewatt::cli

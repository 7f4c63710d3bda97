// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProgramMeasurement.h"

#include "common/CsvFields.h"
#include "common/FileIo.h"
#include "measure/TraceStatistics.h"

#include <QFile>
#include <QProcess>

#include <thread>

namespace slicewatt {
namespace {

using Clock = PowerSampler::Clock;

double steadySeconds(Clock::time_point t)
{
    return std::chrono::duration<double>(t.time_since_epoch()).count();
}

const char* const kValidationHeader
    = "program,kernel,measured_w,seconds,watts_source,iterations,trace,kernel_s,kernel_launches,context_idle_w";
// Files written before the kernel time was measured: read alike, their rows kept as they are.
const char* const kValidationHeaderWithoutKernelTime
    = "program,kernel,measured_w,seconds,watts_source,iterations,trace";

// The numbers after `prefix` on the last line that starts with it; empty when there is none.
QList<QByteArray> lastMarker(const QByteArray& standardError, const char* prefix)
{
    const QList<QByteArray> lines = standardError.split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QByteArray line = it->trimmed();
        if (line.startsWith(prefix))
            return line.mid(qsizetype(qstrlen(prefix))).simplified().split(' ');
    }
    return {};
}

QString optionalNumber(const std::optional<double>& value, int decimals)
{
    return value ? QString::number(*value, 'f', decimals) : QString();
}

} // namespace

std::optional<ProgramLoopWindow> parseProgramLoopMarker(const QByteArray& standardError)
{
    const QList<QByteArray> parts = lastMarker(standardError, "slicewatt-loop:");
    if (parts.size() != 3)
        return std::nullopt;
    bool okStart = false, okEnd = false, okIterations = false;
    ProgramLoopWindow window{parts[0].toDouble(&okStart), parts[1].toDouble(&okEnd), parts[2].toInt(&okIterations)};
    if (!okStart || !okEnd || !okIterations || !(window.endS > window.startS) || window.iterations <= 0)
        return std::nullopt;
    return window;
}

std::optional<ProgramKernelTime> parseProgramKernelMarker(const QByteArray& standardError)
{
    const QList<QByteArray> parts = lastMarker(standardError, "slicewatt-kernels:");
    if (parts.size() != 2)
        return std::nullopt;
    bool okBusy = false, okLaunches = false;
    const ProgramKernelTime time{parts[0].toDouble(&okBusy), parts[1].toInt(&okLaunches)};
    if (!okBusy || !okLaunches || !(time.busyS >= 0) || time.launches < 0)
        return std::nullopt;
    return time;
}

std::optional<RunWindow> parseContextIdleMarker(const QByteArray& standardError)
{
    const QList<QByteArray> parts = lastMarker(standardError, "slicewatt-context-idle:");
    if (parts.size() != 2)
        return std::nullopt;
    bool okStart = false, okEnd = false;
    const RunWindow window{parts[0].toDouble(&okStart), parts[1].toDouble(&okEnd), 0};
    if (!okStart || !okEnd || !(window.endS > window.startS))
        return std::nullopt;
    return window;
}

ProgramMeasurement measureProgram(const QString& program, const QStringList& arguments,
    const PowerSampler::ReadFunction& read, const ProgramMeasurementOptions& options)
{
    ProgramMeasurement result;
    PowerSampler sampler(read, options.sampleIntervalS);
    const Clock::time_point origin = Clock::now();
    sampler.start(origin);
    std::this_thread::sleep_for(std::chrono::nanoseconds(qint64(options.idleSeconds * 1e9)));

    QProcess process;
    process.setStandardOutputFile(QProcess::nullDevice());
    const Clock::time_point started = Clock::now();
    process.start(program, arguments);
    const bool ran = process.waitForStarted() && process.waitForFinished(int(options.timeoutSeconds * 1000));
    const Clock::time_point finished = Clock::now();
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    result.standardError = QString::fromLocal8Bit(process.readAllStandardError());
    std::this_thread::sleep_for(std::chrono::nanoseconds(qint64(options.tailSeconds * 1e9)));
    result.trace = sampler.stop();
    if (!ran) {
        result.error = QStringLiteral("%1: %2").arg(program, process.errorString());
        return result;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        result.error = QStringLiteral("%1 exited with status %2: %3")
                           .arg(program)
                           .arg(process.exitCode())
                           .arg(result.standardError.trimmed().right(300));
        return result;
    }
    if (!result.trace.ok()) {
        result.error = result.trace.errors.join(QLatin1Char(' '));
        return result;
    }
    // The loop's window where the program reports it (its warm-up call excluded), else
    // the process's lifetime, CUDA context creation included.
    result.run = RunWindow{sampler.secondsSince(origin, started), sampler.secondsSince(origin, finished), 0};
    if (const auto window = parseProgramLoopMarker(result.standardError.toLocal8Bit())) {
        const double originS = steadySeconds(origin);
        const RunWindow marked{window->startS - originS, window->endS - originS, 0};
        if (marked.startS >= result.run.startS && marked.endS <= result.run.endS + 0.05) {
            result.run = marked;
            result.fromMarker = true;
            result.iterations = window->iterations;
        }
    }
    result.trace.runs = {result.run};
    result.idleW = medianPowerW(result.trace.samples, options.idleSeconds / 2, options.idleSeconds);
    QString error;
    if (!measureRunPower(result.trace, result.run, result.idleW, options.lagS, &result.power, &error))
        result.error = error;
    if (result.fromMarker) {
        const QByteArray standardError = result.standardError.toLocal8Bit();
        result.kernelTime = parseProgramKernelMarker(standardError);
        // The board's power falls for a moment after the last kernel (clocks, the sensor's
        // lag): the first quarter second of the idle window is left out.
        constexpr double kSettleS = 0.25;
        const double originS = steadySeconds(origin);
        if (const auto idle = parseContextIdleMarker(standardError); idle && idle->endS - idle->startS > 2 * kSettleS) {
            const RunWindow settled{idle->startS - originS + kSettleS, idle->endS - originS, 0};
            PowerTrace idleTrace = result.trace;
            idleTrace.runs = {settled};
            RunPower idlePower;
            QString idleError;
            if (settled.startS >= result.run.endS
                && measureRunPower(idleTrace, settled, result.idleW, options.lagS, &idlePower, &idleError))
                result.contextIdleW = idlePower.watts;
        }
    }
    return result;
}

bool appendValidationRow(const QString& path, const QVector<QPair<QString, QString>>& metadata,
    const ValidationMeasurement& row, QString* error)
{
    QStringList lines;
    QFile existing(path);
    if (existing.exists()) {
        if (!existing.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(path, existing.errorString());
            return false;
        }
        lines = QString::fromUtf8(existing.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        existing.close();
        const qsizetype older = lines.indexOf(QLatin1String(kValidationHeaderWithoutKernelTime));
        if (older >= 0) {
            // Its rows get empty kernel-time columns.
            lines[older] = QLatin1String(kValidationHeader);
            for (qsizetype i = older + 1; i < lines.size(); ++i) {
                if (!lines[i].startsWith(QLatin1Char('#')))
                    lines[i] += QStringLiteral(",,,");
            }
        }
        if (!lines.contains(QLatin1String(kValidationHeader))) {
            *error = QStringLiteral("%1 is not a validation file written by slicewatt-calibrate").arg(path);
            return false;
        }
    } else {
        for (const auto& [key, value] : metadata)
            lines << metadataCommentLine(key, value);
        lines << QLatin1String(kValidationHeader);
    }
    // A program measured again replaces its earlier row.
    for (int i = int(lines.size()) - 1; i >= 0; --i) {
        QStringList fields;
        if (!lines[i].startsWith(QLatin1Char('#')) && splitCsvFields(lines[i], &fields) && fields.size() >= 2
            && fields[0] == row.program && fields[1] == row.kernel)
            lines.removeAt(i);
    }
    lines << QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10")
                 .arg(row.program, row.kernel, QString::number(row.measuredW, 'f', 3),
                     QString::number(row.seconds, 'f', 4), row.wattsSource, QString::number(row.iterations), row.trace,
                     optionalNumber(row.kernelSeconds, 6),
                     row.kernelLaunches ? QString::number(*row.kernelLaunches) : QString())
                 .arg(optionalNumber(row.contextIdleW, 3));
    return writeFileAtomically(path, (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8(), error);
}

} // namespace slicewatt

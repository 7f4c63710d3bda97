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

const char* const kValidationHeader = "program,kernel,measured_w,seconds,watts_source,iterations,trace";

} // namespace

std::optional<ProgramLoopWindow> parseProgramLoopMarker(const QByteArray& standardError)
{
    const QList<QByteArray> lines = standardError.split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QByteArray line = it->trimmed();
        if (!line.startsWith("slicewatt-loop:"))
            continue;
        const QList<QByteArray> parts = line.mid(15).simplified().split(' ');
        if (parts.size() != 3)
            return std::nullopt;
        bool okStart = false, okEnd = false, okIterations = false;
        ProgramLoopWindow window{parts[0].toDouble(&okStart), parts[1].toDouble(&okEnd), parts[2].toInt(&okIterations)};
        if (!okStart || !okEnd || !okIterations || !(window.endS > window.startS) || window.iterations <= 0)
            return std::nullopt;
        return window;
    }
    return std::nullopt;
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
    lines << QStringLiteral("%1,%2,%3,%4,%5,%6,%7")
                 .arg(row.program, row.kernel, QString::number(row.measuredW, 'f', 3),
                     QString::number(row.seconds, 'f', 4), row.wattsSource, QString::number(row.iterations), row.trace);
    return writeFileAtomically(path, (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8(), error);
}

} // namespace slicewatt

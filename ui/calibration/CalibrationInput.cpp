// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationInput.h"

#include "common/CsvFields.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <cmath>

namespace slicewatt {
namespace {

// The columns slicewatt-calibrate adds to a calibration CSV that readCalibrationCsv
// ignores; found by name like the others.
struct ExtraColumns {
    int point = -1;
    int trace = -1;
    int runStart = -1;
    int runEnd = -1;
    int seconds = -1;
    int wattsSource = -1;
};

// A calibration CSV holds a few hundred rows; anything much larger is not one, and the
// second pass for the extra columns is not worth reading it twice.
constexpr qint64 kMaxExtraPassBytes = qint64(64) * 1024 * 1024;

// The first line that is neither blank nor a comment, split into lower-case fields; empty
// when the file has none or cannot be read. Reads only the file's start.
QStringList headerFields(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString start = QString::fromUtf8(file.read(64 * 1024));
    for (QString line : start.split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList fields;
        splitCsvFields(line, &fields);
        for (QString& field : fields)
            field = field.toLower();
        return fields;
    }
    return {};
}

bool looksLikeTrace(const QStringList& header)
{
    if (header.contains(QLatin1String("saturation")))
        return false;
    for (const QString& field : header) {
        if (field == QLatin1String("time_s") || field.startsWith(QLatin1String("timestamp")))
            return true;
    }
    return false;
}

std::optional<double> number(const QStringList& fields, int column)
{
    if (column < 0 || column >= fields.size() || fields[column].isEmpty())
        return std::nullopt;
    bool ok = false;
    const double value = fields[column].toDouble(&ok);
    return ok && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

// Line number → fields of every data row, and where the extra columns are.
void readExtraColumns(const QString& csvPath, ExtraColumns* columns, QHash<int, QStringList>* rows)
{
    QFile file(csvPath);
    if (file.size() > kMaxExtraPassBytes || !file.open(QIODevice::ReadOnly))
        return;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    bool haveHeader = false;
    for (int index = 0; index < lines.size(); ++index) {
        QString line = lines[index].trimmed();
        if (index == 0 && line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList fields;
        if (!splitCsvFields(line, &fields))
            continue; // readCalibrationCsv reports it
        if (!haveHeader) {
            haveHeader = true;
            for (int f = 0; f < fields.size(); ++f) {
                const QString name = fields[f].toLower();
                if (name == QLatin1String("point"))
                    columns->point = f;
                else if (name == QLatin1String("trace"))
                    columns->trace = f;
                else if (name == QLatin1String("run_start_s"))
                    columns->runStart = f;
                else if (name == QLatin1String("run_end_s"))
                    columns->runEnd = f;
                else if (name == QLatin1String("seconds"))
                    columns->seconds = f;
                else if (name == QLatin1String("watts_source"))
                    columns->wattsSource = f;
            }
            continue;
        }
        rows->insert(index + 1, fields);
    }
}

void readPoints(CalibrationInput* input)
{
    ExtraColumns columns;
    QHash<int, QStringList> rows;
    readExtraColumns(input->csvPath, &columns, &rows);
    const QDir csvDir = QFileInfo(input->csvPath).absoluteDir();
    for (int i = 0; i < input->data.samples.size(); ++i) {
        CalibrationPoint point;
        point.sample = input->data.samples[i];
        point.number = i + 1;
        const QStringList fields = rows.value(point.sample.line);
        if (const auto n = number(fields, columns.point); n && *n >= 0 && *n < 1e9)
            point.number = int(*n);
        if (columns.trace >= 0 && columns.trace < fields.size() && !fields[columns.trace].isEmpty()) {
            const QString written = fields[columns.trace];
            point.tracePath = QDir::cleanPath(csvDir.absoluteFilePath(QDir::fromNativeSeparators(written)));
            if (!QFileInfo(point.tracePath).isFile()) {
                point.traceMissing = true;
                input->notes << QStringLiteral("%1:%2: trace %3 is not there")
                                    .arg(input->data.file)
                                    .arg(point.sample.line)
                                    .arg(written);
            }
        }
        const auto start = number(fields, columns.runStart);
        const auto end = number(fields, columns.runEnd);
        if (start && end && *end > *start)
            point.run = RunWindow{*start, *end, 0};
        point.seconds = number(fields, columns.seconds);
        if (columns.wattsSource >= 0 && columns.wattsSource < fields.size())
            point.wattsSource = fields[columns.wattsSource];
        input->points << point;
    }
}

void openCsv(CalibrationInput* input)
{
    input->data = readCalibrationCsv(input->csvPath);
    input->errors << input->data.errors;
    readPoints(input);
    const QString idle = QFileInfo(input->csvPath).absoluteDir().filePath(QStringLiteral("traces/idle.csv"));
    if (QFileInfo(idle).isFile())
        input->idleTracePath = idle;
    if (input->data.gpuNames.size() > 1)
        input->notes << QStringLiteral("%1: holds %2 GPUs (%3); a slice model is fitted per GPU, so fit a CSV of "
                                       "one GPU")
                            .arg(input->data.file)
                            .arg(input->data.gpuNames.size())
                            .arg(input->data.gpuNames.join(QStringLiteral(", ")));
}

} // namespace

namespace {

// A positive number from the metadata; nullopt when absent or "unknown".
std::optional<double> positiveMetadata(const CalibrationData& data, const QString& key)
{
    bool ok = false;
    const double value = data.metadata.value(key).toDouble(&ok);
    return ok && std::isfinite(value) && value > 0 ? std::optional<double>(value) : std::nullopt;
}

} // namespace

std::optional<double> CalibrationInput::idleW() const
{
    return positiveMetadata(data, QStringLiteral("idle_w"));
}

std::optional<double> CalibrationInput::lagS() const
{
    return positiveMetadata(data, QStringLiteral("lag_s"));
}

CalibrationInput openCalibrationInput(const QString& path)
{
    CalibrationInput input;
    input.path = path;
    const QFileInfo info(path);
    if (info.isDir()) {
        input.kind = CalibrationInput::Kind::Folder;
        input.csvPath = QDir(path).filePath(QStringLiteral("calibration.csv"));
        if (!QFileInfo(input.csvPath).isFile()) {
            input.errors << QStringLiteral("%1: no calibration.csv in this folder (a folder written by "
                                           "slicewatt-calibrate has one)")
                                .arg(path);
            return input;
        }
        openCsv(&input);
        return input;
    }
    if (!info.isFile()) {
        input.errors << QStringLiteral("%1: no such file or folder").arg(path);
        return input;
    }
    if (looksLikeTrace(headerFields(path))) {
        input.kind = CalibrationInput::Kind::Trace;
        input.tracePath = info.absoluteFilePath();
        return input; // read (and its problems reported) when it is shown
    }
    input.kind = CalibrationInput::Kind::Csv;
    input.csvPath = path;
    openCsv(&input);
    return input;
}

} // namespace slicewatt

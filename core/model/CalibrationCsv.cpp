// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationCsv.h"

#include "common/CsvFields.h"
#include "common/FileErrorList.h"
#include "common/FileIo.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace slicewatt {
namespace {

enum class Column { Saturation, Intensity, Watts, Lines, Gpu, Fraction };

struct ColumnSpec {
    Column column;
    const char* name;
    bool required;
};

constexpr ColumnSpec kColumns[] = {
    {Column::Saturation, "saturation", true},
    {Column::Intensity, "intensity", true},
    {Column::Watts, "watts", true},
    {Column::Lines, "lines", false},
    {Column::Gpu, "gpu", false},
    {Column::Fraction, "fraction", false},
};

QString columnName(Column column)
{
    for (const ColumnSpec& spec : kColumns) {
        if (spec.column == column)
            return QLatin1String(spec.name);
    }
    return {};
}

QString shown(double value)
{
    return QString::number(value, 'g', 6);
}

// Parses one numeric cell; nullopt after reporting why it is unusable.
std::optional<double> parseNumber(const QString& text, Column column, int line, FileErrorList* errors)
{
    bool ok = false;
    const double value = text.toDouble(&ok); // C locale: '.' decimals whatever the user's locale
    if (!ok) {
        errors->add(line, QStringLiteral("'%1' is not a number in column %2").arg(text, columnName(column)));
        return std::nullopt;
    }
    if (!std::isfinite(value)) {
        errors->add(line, QStringLiteral("'%1' is not a finite number in column %2").arg(text, columnName(column)));
        return std::nullopt;
    }
    const auto outside = [&](const QString& range) {
        errors->add(line, QStringLiteral("%1 %2 is outside %3").arg(columnName(column), shown(value), range));
    };
    switch (column) {
    case Column::Saturation:
    case Column::Fraction:
        if (value < 0 || value > 1) {
            outside(QStringLiteral("[0, 1]"));
            return std::nullopt;
        }
        break;
    case Column::Intensity:
    case Column::Lines:
        if (value < 0) {
            errors->add(line, QStringLiteral("%1 %2 is negative").arg(columnName(column), shown(value)));
            return std::nullopt;
        }
        break;
    case Column::Watts:
    case Column::Gpu:
        break;
    }
    return value;
}

void assignGpuIndices(CalibrationData* data)
{
    bool allIndices = true;
    int maxIndex = -1;
    for (const CalibrationSample& s : data->samples) {
        if (s.gpu.isEmpty())
            continue;
        bool ok = false;
        const int index = s.gpu.toInt(&ok);
        if (!ok || index < 0) {
            allIndices = false;
            break;
        }
        maxIndex = std::max(maxIndex, index);
    }
    if (allIndices) {
        for (int i = 0; i <= maxIndex; ++i)
            data->gpuNames.append(QString::number(i));
        for (CalibrationSample& s : data->samples)
            s.gpuIndex = s.gpu.isEmpty() ? -1 : s.gpu.toInt();
        return;
    }
    for (CalibrationSample& s : data->samples) {
        if (s.gpu.isEmpty())
            continue;
        s.gpuIndex = int(data->gpuNames.indexOf(s.gpu));
        if (s.gpuIndex < 0) {
            s.gpuIndex = int(data->gpuNames.size());
            data->gpuNames.append(s.gpu);
        }
    }
}

} // namespace

CalibrationData parseCalibrationCsv(const QByteArray& contents, const QString& fileName)
{
    CalibrationData data;
    data.file = fileName;
    FileErrorList errors(fileName);
    QString text = QString::fromUtf8(contents);
    if (text.startsWith(QChar(0xFEFF))) // byte order mark from spreadsheet exports
        text.remove(0, 1);
    const QStringList lines = text.split(QLatin1Char('\n'));

    int position[std::size(kColumns)]; // field index in the header by Column; -1 when absent
    std::fill(std::begin(position), std::end(position), -1);
    const auto has = [&](Column column) { return position[int(column)] >= 0; };
    int columnCount = 0;
    bool haveHeader = false;
    for (int index = 0; index < lines.size(); ++index) {
        const int lineNumber = index + 1;
        const QString line = lines[index].trimmed();
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1Char('#'))) {
            if (!haveHeader) {
                QString key, value;
                if (splitMetadataComment(line, &key, &value))
                    data.metadata.insert(key, value);
            }
            continue;
        }
        QStringList fields;
        if (!splitCsvFields(line, &fields)) {
            errors.add(lineNumber, QStringLiteral("unterminated quote"));
            if (!haveHeader)
                break; // without the header no row can be read
            continue;
        }

        if (!haveHeader) {
            haveHeader = true;
            columnCount = int(fields.size());
            for (int f = 0; f < fields.size(); ++f) {
                for (const ColumnSpec& spec : kColumns) {
                    if (fields[f].compare(QLatin1String(spec.name), Qt::CaseInsensitive) != 0)
                        continue;
                    if (has(spec.column))
                        errors.add(lineNumber, QStringLiteral("column %1 appears twice").arg(QLatin1String(spec.name)));
                    else
                        position[int(spec.column)] = f;
                }
            }
            for (const ColumnSpec& spec : kColumns) {
                if (spec.required && !has(spec.column))
                    errors.add(lineNumber, QStringLiteral("missing column %1").arg(QLatin1String(spec.name)));
            }
            if (errors.count() > 0)
                break; // rows cannot be read without the columns
            data.hasLines = has(Column::Lines);
            data.hasFraction = has(Column::Fraction);
            data.hasGpu = has(Column::Gpu);
            continue;
        }

        if (fields.size() != columnCount) {
            errors.add(lineNumber, QStringLiteral("expected %1 columns, got %2").arg(columnCount).arg(fields.size()));
            continue;
        }
        CalibrationSample sample;
        sample.line = lineNumber;
        bool rowOk = true;
        for (const ColumnSpec& spec : kColumns) {
            if (!has(spec.column))
                continue;
            const QString& cell = fields[position[int(spec.column)]];
            if (spec.column == Column::Gpu) {
                sample.gpu = cell;
                continue;
            }
            if (cell.isEmpty()) {
                if (spec.required) {
                    errors.add(lineNumber, QStringLiteral("missing value in column %1").arg(QLatin1String(spec.name)));
                    rowOk = false;
                }
                continue; // an empty optional cell means "not measured"
            }
            const std::optional<double> value = parseNumber(cell, spec.column, lineNumber, &errors);
            if (!value) {
                rowOk = false;
                continue;
            }
            switch (spec.column) {
            case Column::Saturation:
                sample.saturation = *value;
                break;
            case Column::Intensity:
                sample.intensity = *value;
                break;
            case Column::Watts:
                sample.watts = *value;
                break;
            case Column::Lines:
                sample.lines = *value;
                break;
            case Column::Fraction:
                sample.fraction = *value;
                break;
            case Column::Gpu:
                break;
            }
        }
        if (rowOk)
            data.samples.append(sample);
    }

    if (!haveHeader && errors.count() == 0)
        errors.add(0, QStringLiteral("no header line (expected columns saturation, intensity, watts)"));
    else if (errors.count() == 0 && data.samples.isEmpty())
        errors.add(0, QStringLiteral("no data rows after the header"));
    data.errors = errors.finish();
    if (data.hasGpu)
        assignGpuIndices(&data);
    return data;
}

CalibrationData readCalibrationCsv(const QString& path)
{
    QByteArray contents;
    QString error;
    if (!readTextFile(path, &contents, &error)) {
        CalibrationData data;
        data.file = path;
        data.errors.append(error);
        return data;
    }
    return parseCalibrationCsv(contents, path);
}

QVector<ModelSample> modelSamples(const CalibrationData& data, const ModelForm& form)
{
    QVector<ModelSample> samples;
    samples.reserve(data.samples.size());
    for (const CalibrationSample& s : data.samples) {
        ModelSample sample;
        sample.saturation = s.saturation;
        sample.watts = s.watts;
        if (form.intensityScale() == IntensityScale::Fraction)
            sample.intensity = s.fraction ? *s.fraction : s.intensity / (1 + s.intensity);
        else
            sample.intensity = s.intensity;
        samples.append(sample);
    }
    return samples;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceImport.h"

#include "TraceFormats.h"
#include "TraceText.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>

namespace slicewatt {
namespace {

QString sizeText(qint64 bytes)
{
    return bytes >= 1024 * 1024 ? QStringLiteral("%1 MiB").arg(bytes / (1024 * 1024))
                                : QStringLiteral("%1 bytes").arg(bytes);
}

PowerTrace readTrace(QIODevice* device, const QString& fileName, const TraceImportOptions& options)
{
    PowerTrace trace;
    trace.file = fileName;
    FileErrorList errors(fileName);
    TraceLineReader reader(device, &errors, options.maxBytes);
    QString line;
    bool sawText = false;
    bool haveHeader = false;
    while (!haveHeader && reader.next(&line)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        sawText = true;
        if (trimmed.startsWith(QLatin1Char('#'))) {
            readPlainTraceComment(trimmed.mid(1), reader.lineNumber(), &trace, &errors);
            continue;
        }
        haveHeader = true;
        QStringList header;
        if (!splitCsvFields(trimmed, &header)) {
            errors.add(reader.lineNumber(), QStringLiteral("unterminated quote in the header"));
        } else if (isNvidiaSmiHeader(header)) {
            readNvidiaSmiRows(reader, header, reader.lineNumber(), options, &trace, &errors);
        } else if (isPlainTraceHeader(header)) {
            readPlainTraceRows(reader, header, reader.lineNumber(), options, &trace, &errors);
        } else if (header.size() > 1 && header.first().contains(QLatin1Char('/'))
            && header.first().contains(QLatin1Char(':'))) {
            errors.add(reader.lineNumber(),
                QStringLiteral(
                    "no header line: record with --format=csv, not csv,noheader (the columns are found by name)"));
        } else {
            errors.add(reader.lineNumber(),
                QStringLiteral("not a power trace header: expected nvidia-smi --query-gpu=timestamp,power.draw,... "
                               "--format=csv output, or the columns time_s,power_w[,energy_j]"));
        }
    }
    if (!reader.failed() && !haveHeader)
        errors.add(0, sawText ? QStringLiteral("no header line, only comments") : QStringLiteral("empty file"));
    trace.errors = errors.finish();
    if (!trace.ok())
        trace.samples.clear(); // a broken trace gives no numbers to use by mistake
    return trace;
}

} // namespace

PowerTrace parsePowerTrace(const QByteArray& contents, const QString& fileName, const TraceImportOptions& options)
{
    QByteArray copy = contents; // QBuffer wants a non-const array; this is a shallow copy
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return readTrace(&buffer, fileName, options);
}

PowerTrace readPowerTrace(const QString& path, const TraceImportOptions& options)
{
    QFile file(path);
    const auto failed = [&](const QString& problem) {
        PowerTrace trace;
        trace.file = path;
        trace.errors.append(QStringLiteral("%1: %2").arg(path, problem));
        return trace;
    };
    if (QFileInfo(path).isDir())
        return failed(QStringLiteral("is a folder, not a trace file"));
    if (!file.open(QIODevice::ReadOnly))
        return failed(QStringLiteral("cannot read: %1").arg(file.errorString()));
    // Devices and pipes report size 0 and are read like files, the line limits bounding them.
    if (file.size() > options.maxBytes)
        return failed(QStringLiteral("%1 is more than the %2 a trace may have")
                          .arg(sizeText(file.size()), sizeText(options.maxBytes)));
    return readTrace(&file, path, options);
}

} // namespace slicewatt

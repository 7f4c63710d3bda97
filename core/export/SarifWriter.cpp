// SPDX-License-Identifier: GPL-3.0-or-later
#include "SarifWriter.h"

#include "DisplayNumbers.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "TimeOutput.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace slicewatt {
namespace {

QString slicesOfLine(const KernelEstimateReport& report, const LineHeat& line)
{
    for (const LineAttribution& attribution : report.analysis.slices.lines) {
        if (attribution.line != line.line || attribution.file != line.file)
            continue;
        QStringList names;
        for (MemorySpace space : kAllMemorySpaces) {
            if (attribution.slices[size_t(space)])
                names << memorySpaceName(space);
        }
        return QStringLiteral("%1 slice%2; %3 arithmetic and %4 memory operations per thread (loop-weighted)")
            .arg(names.join(QStringLiteral(", ")), names.size() == 1 ? QString() : QStringLiteral("s"))
            .arg(attribution.arithmetic)
            .arg(attribution.accesses.total());
    }
    return QString();
}

double energyShare(const LineHeat& line, const KernelEnergy& energy)
{
    return energy.dynamicJ > 0 ? line.joules / energy.dynamicJ : 0;
}

// " Dynamic energy 37.09 µJ per launch (65 % of the kernel's 56.73 µJ, aalto2013)."
QString energySentence(const LineHeat& line, const KernelEnergy& energy)
{
    return QStringLiteral(" Dynamic energy %1 per launch (%2 % of the kernel's %3, %4 threads, energy model %5).")
        .arg(formatJoules(line.joules))
        .arg(energyShare(line, energy) * 100, 0, 'f', 0)
        .arg(formatJoules(energy.dynamicJ), formatNumber(energy.threads, 12), energy.modelId);
}

} // namespace

QByteArray estimateSarif(const EstimateRun& run, const QString& baseDir, const QString& toolVersion)
{
    QJsonObject rule;
    rule.insert(QStringLiteral("id"), QStringLiteral("SW001"));
    rule.insert(QStringLiteral("name"), QStringLiteral("PowerHotSpot"));
    rule.insert(QStringLiteral("shortDescription"),
        QJsonObject{
            {QStringLiteral("text"), QStringLiteral("Line with a large share of its kernel's predicted GPU power")}});
    rule.insert(QStringLiteral("fullDescription"),
        QJsonObject{{QStringLiteral("text"),
            QStringLiteral("SliceWatt decomposes each kernel into memory-space slices, predicts each slice's power "
                           "with a published regression model and spreads it over the slice's statements. This line "
                           "carries at least %1 % of its kernel's predicted power. With an instruction-class energy "
                           "model the result also gives the line's dynamic energy per launch (J, all threads).")
                .arg(kSarifHotLineShare * 100)}});
    rule.insert(QStringLiteral("defaultConfiguration"), QJsonObject{{QStringLiteral("level"), QStringLiteral("note")}});

    QJsonArray results;
    for (const KernelEstimateReport& report : run.kernels) {
        const KernelEstimate& e = report.estimate;
        if (e.watts <= 0)
            continue;
        int emitted = 0;
        for (const LineHeat& line : e.lines) {
            const double share = line.watts / e.watts;
            if (share < kSarifHotLineShare || emitted >= kSarifLinesPerKernel)
                break;
            ++emitted;
            QString text = QStringLiteral("%1 W of %2's predicted %3 (%4 %) on %5 with %6 at SM saturation %7: %8.%9")
                               .arg(line.watts, 0, 'f', 1)
                               .arg(report.analysis.kernel->info.qualifiedName)
                               .arg(powerWithBand(e, *run.model, *run.gpu))
                               .arg(share * 100, 0, 'f', 0)
                               .arg(run.gpu->name, run.model->name())
                               .arg(e.saturation, 0, 'f', 2)
                               .arg(slicesOfLine(report, line),
                                   e.outOfDomain.isEmpty() ? QString()
                                                           : QStringLiteral(" Outside the model's fitted domain: %1.")
                                                                 .arg(e.outOfDomain.join(QStringLiteral("; "))));
            text += QStringLiteral(" Accuracy: %1.").arg(accuracyText(*run.model, *run.gpu));
            if (e.energy)
                text += energySentence(line, *e.energy);
            if (report.analysis.kernel->unitErrors > 0)
                text += QStringLiteral(" The kernel was read from a file with %1 errors.")
                            .arg(report.analysis.kernel->unitErrors);
            const QString relative = QDir(baseDir).relativeFilePath(line.file);
            QJsonObject artifact{
                {QStringLiteral("uri"), relative}, {QStringLiteral("uriBaseId"), QStringLiteral("%SRCROOT%")}};
            QJsonObject physical{{QStringLiteral("artifactLocation"), artifact},
                {QStringLiteral("region"), QJsonObject{{QStringLiteral("startLine"), line.line}}}};
            QJsonObject result;
            result.insert(QStringLiteral("ruleId"), QStringLiteral("SW001"));
            result.insert(QStringLiteral("ruleIndex"), 0);
            result.insert(QStringLiteral("level"), share >= 0.25 ? QStringLiteral("warning") : QStringLiteral("note"));
            result.insert(QStringLiteral("message"), QJsonObject{{QStringLiteral("text"), text}});
            result.insert(
                QStringLiteral("locations"), QJsonArray{QJsonObject{{QStringLiteral("physicalLocation"), physical}}});
            QJsonObject properties{{QStringLiteral("heat_w"), line.watts}, {QStringLiteral("share"), share},
                {QStringLiteral("kernel"), report.analysis.kernel->info.qualifiedName},
                {QStringLiteral("kernel_power_w"), e.watts}};
            if (const std::optional<double> error = expectedErrorPct(*run.model, *run.gpu))
                properties.insert(QStringLiteral("expected_error_pct"), *error);
            if (e.energy) {
                // The second measure: what the line's statements cost per launch, all threads.
                properties.insert(QStringLiteral("energy_j"), line.joules);
                properties.insert(QStringLiteral("energy_share"), energyShare(line, *e.energy));
                properties.insert(QStringLiteral("kernel_energy_j"), e.energy->dynamicJ);
                properties.insert(QStringLiteral("energy_model"), e.energy->modelId);
            }
            insertKernelReadingJson(properties, *report.analysis.kernel);
            // The kernel's time and energy per launch (METHOD §12), as the JSON output has them.
            QJsonObject time;
            insertTimeJson(time, e);
            insertPowerJson(time, e);
            for (const char* key : {"time_per_launch_s", "time_bound", "energy_per_launch_j",
                     "dynamic_energy_per_launch_j", "power_band_w"})
                properties.insert(QLatin1String(key), time.value(QLatin1String(key)));
            result.insert(QStringLiteral("properties"), properties);
            results << result;
        }
    }

    QJsonObject driver;
    driver.insert(QStringLiteral("name"), QStringLiteral("SliceWatt"));
    driver.insert(QStringLiteral("version"), toolVersion);
    driver.insert(QStringLiteral("informationUri"), QStringLiteral("https://example.invalid/slicewatt"));
    driver.insert(QStringLiteral("rules"), QJsonArray{rule});
    QJsonObject run0;
    run0.insert(QStringLiteral("tool"), QJsonObject{{QStringLiteral("driver"), driver}});
    run0.insert(QStringLiteral("originalUriBaseIds"),
        QJsonObject{{QStringLiteral("%SRCROOT%"),
            QJsonObject{{QStringLiteral("uri"),
                QUrl::fromLocalFile(QDir(baseDir).absolutePath() + QLatin1Char('/')).toString()}}}});
    run0.insert(QStringLiteral("results"), results);
    run0.insert(QStringLiteral("properties"),
        QJsonObject{{QStringLiteral("gpu"), run.gpu->id}, {QStringLiteral("model"), run.model->id()},
            {QStringLiteral("cuda_arch"), run.index->deviceArch.name()}});
    QJsonObject root;
    root.insert(QStringLiteral("$schema"), QStringLiteral("https://json.schemastore.org/sarif-2.1.0.json"));
    root.insert(QStringLiteral("version"), QStringLiteral("2.1.0"));
    root.insert(QStringLiteral("runs"), QJsonArray{run0});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

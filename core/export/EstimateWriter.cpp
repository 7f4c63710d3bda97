// SPDX-License-Identifier: GPL-3.0-or-later
#include "EstimateWriter.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "KernelListing.h"
#include "LaunchSitesOutput.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "SourceLineCache.h"
#include "TimeOutput.h"
#include "analysis/LaunchChoice.h"
#include "common/CsvFields.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {

QByteArray estimateJson(const EstimateRun& run, const QString& projectRoot)
{
    // The model's kernel-grouped error on the GPU's measured power; null: not validated here.
    const std::optional<double> error = expectedErrorPct(*run.model, *run.gpu);
    const QJsonValue expectedError = error ? QJsonValue(*error) : QJsonValue(QJsonValue::Null);
    QJsonArray kernels;
    // Each hot line carries its code, so a saved analysis can be compared with a later version
    // of the file (compare pairs lines by their text); each file is read once.
    SourceLineCache sources;
    for (const KernelEstimateReport& report : run.kernels) {
        const KernelEstimate& e = report.estimate;
        const FunctionInfo& info = report.analysis.kernel->info;
        QJsonObject k;
        k.insert(QStringLiteral("name"), info.qualifiedName);
        // libclang's USR: the parameter types are in it, so `compare` tells overloads apart.
        k.insert(QStringLiteral("signature"), info.usr);
        k.insert(QStringLiteral("file"), info.location.file);
        k.insert(QStringLiteral("line"), info.location.line);
        k.insert(QStringLiteral("class"), e.dense ? QStringLiteral("dense") : QStringLiteral("sparse"));
        k.insert(QStringLiteral("program_model"), e.dense ? QStringLiteral("BDPM") : QStringLiteral("BSPM"));
        k.insert(QStringLiteral("saturation"), e.saturation);
        k.insert(QStringLiteral("active_sms"), e.activeSms);
        k.insert(QStringLiteral("power_w"), e.hasEstimate() ? QJsonValue(e.watts) : QJsonValue(QJsonValue::Null));
        k.insert(QStringLiteral("expected_error_pct"), expectedError);
        k.insert(QStringLiteral("energy_j"), e.joules ? QJsonValue(*e.joules) : QJsonValue(QJsonValue::Null));
        insertTimeJson(k, e);
        insertPowerJson(k, e);
        if (!e.hasEstimate())
            k.insert(QStringLiteral("no_estimate"), e.noEstimate);
        insertKernelReadingJson(k, *report.analysis.kernel);
        k.insert(QStringLiteral("launches"), launchSitesJson(report));
        if (const QString choice = launchChoiceText(report); !choice.isEmpty())
            k.insert(QStringLiteral("launch_choice"), choice);
        k.insert(QStringLiteral("intensity"), e.averageIntensity);
        if (e.psmWatts)
            k.insert(QStringLiteral("psm"),
                QJsonObject{{QStringLiteral("intensity"), *e.psmIntensity}, {QStringLiteral("power_w"), *e.psmWatts}});
        QJsonArray slices;
        for (const SliceEstimate& s : e.slices) {
            QJsonObject o;
            o.insert(QStringLiteral("space"), memorySpaceName(s.space));
            o.insert(QStringLiteral("length"), s.length);
            o.insert(QStringLiteral("arith"), s.arithmetic);
            QJsonObject mem;
            for (MemorySpace space : kAllMemorySpaces)
                mem.insert(memorySpaceName(space), s.accesses[space]);
            o.insert(QStringLiteral("mem"), mem);
            o.insert(QStringLiteral("intensity"), modelIntensity(*run.model, s));
            o.insert(QStringLiteral("power_w"), s.watts);
            o.insert(QStringLiteral("share"), s.weight);
            QJsonArray lines;
            for (int line : report.analysis.slices.slices[size_t(s.space)].lines)
                lines << line;
            o.insert(QStringLiteral("lines"), lines);
            o.insert(QStringLiteral("out_of_domain"), QJsonArray::fromStringList(s.outOfDomain));
            slices << o;
        }
        k.insert(QStringLiteral("slices"), slices);
        QJsonArray hot;
        for (const LineHeat& line : e.lines) {
            QJsonObject h;
            h.insert(QStringLiteral("line"), line.line);
            if (line.file != info.location.file)
                h.insert(QStringLiteral("file"), line.file);
            h.insert(QStringLiteral("code"),
                sources.trimmedLine(line.file.isEmpty() ? info.location.file : line.file, line.line));
            h.insert(QStringLiteral("heat_w"), line.watts);
            if (e.energy)
                h.insert(QStringLiteral("energy_j"), line.joules);
            hot << h;
        }
        k.insert(QStringLiteral("hot_lines"), hot);
        if (e.energy) {
            k.insert(QStringLiteral("energy_model"), energyModelJson(*e.energy));
            k.insert(QStringLiteral("line_energy"), lineEnergyJson(*e.energy, info.location.file));
        }
        QJsonArray assumptions = kernelSliceJson(report.analysis).value(QStringLiteral("assumptions")).toArray();
        for (const QString& text : e.assumptions)
            assumptions << QJsonObject{
                {QStringLiteral("kind"), QStringLiteral("saturation")}, {QStringLiteral("reason"), text}};
        if (e.energy) {
            for (const QString& text : e.energy->assumptions)
                assumptions << QJsonObject{
                    {QStringLiteral("kind"), QStringLiteral("energy")}, {QStringLiteral("reason"), text}};
        }
        k.insert(QStringLiteral("assumptions"), assumptions);
        k.insert(QStringLiteral("out_of_domain"), QJsonArray::fromStringList(e.outOfDomain));
        kernels << k;
    }
    QJsonArray diagnostics;
    for (const Diagnostic& d : run.index->allDiagnostics())
        diagnostics << diagnosticJson(d);
    QJsonObject root;
    if (!projectRoot.isEmpty())
        root.insert(QStringLiteral("root"), projectRoot);
    root.insert(QStringLiteral("gpu"), run.gpu->id);
    root.insert(QStringLiteral("model"), run.model->id());
    root.insert(QStringLiteral("expected_error_pct"), expectedError);
    root.insert(QStringLiteral("accuracy"), accuracyText(*run.model, *run.gpu));
    if (run.settings.energy.model) {
        root.insert(QStringLiteral("energy_model"), run.settings.energy.model->id());
        root.insert(QStringLiteral("copies"), copiesJson(run.copies));
        root.insert(QStringLiteral("copies_energy_j"), knownCopyJoules(run.copies));
        QJsonArray uncalled;
        for (const MemoryCopySite& copy : run.index->uncalledCopies)
            uncalled << QJsonObject{{QStringLiteral("api"), copy.api}, {QStringLiteral("caller"), copy.callerName},
                {QStringLiteral("file"), copy.location.file}, {QStringLiteral("line"), copy.location.line}};
        // Copies in host functions nothing in the project calls: not counted, named here.
        root.insert(QStringLiteral("copies_not_called"), uncalled);
    }
    root.insert(QStringLiteral("delta"), run.settings.delta);
    root.insert(QStringLiteral("cuda_arch"), run.index->deviceArch.name());
    root.insert(QStringLiteral("kernels"), kernels);
    root.insert(QStringLiteral("program"), programEnergyJson(programEnergy(run)));
    root.insert(QStringLiteral("diagnostics"), diagnostics);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray estimateCsv(const EstimateRun& run)
{
    QString out
        = QStringLiteral("kernel,file,line,class,saturation,kernel_power_w,energy_j,space,length,arith,"
                         "mem_global,mem_shared,mem_constant,mem_texture,intensity,slice_power_w,share,no_estimate,"
                         "dynamic_energy_j,threads,time_per_launch_s,time_bound,energy_per_launch_j,"
                         "dynamic_energy_per_launch_j,expected_error_pct,power_low_w,power_high_w,launch_site\n");
    const std::optional<double> error = expectedErrorPct(*run.model, *run.gpu);
    const QString errorField = error ? QStringLiteral(",%1").arg(*error, 0, 'f', 2) : QStringLiteral(",");
    for (const KernelEstimateReport& report : run.kernels) {
        const KernelEstimate& e = report.estimate;
        const FunctionInfo& info = report.analysis.kernel->info;
        // The instruction-class energy is the kernel's, repeated on each of its rows.
        // Time and energy per launch close every row (empty when unknown).
        const auto number = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 6) : QString(); };
        const QString timeFields = QStringLiteral(",%1,%2,%3,%4")
                                       .arg(e.time ? QString::number(e.time->seconds, 'g', 6) : QString(),
                                           e.time ? timeBoundName(e.time->bound) : QString(),
                                           number(energyPerLaunchJ(e)), number(dynamicEnergyPerLaunchJ(e)));
        const QString bandFields = e.band ? QStringLiteral(",%1,%2")
                                                .arg(QString::number(e.band->lowW, 'f', 3))
                                                .arg(QString::number(e.band->highW, 'f', 3))
                                          : QStringLiteral(",,");
        const QString energyFields = e.energy ? QStringLiteral(",%1,%2")
                                                    .arg(QString::number(e.energy->dynamicJ, 'g', 6))
                                                    .arg(QString::number(e.energy->threads, 'f', 0))
                                              : QStringLiteral(",,");
        // The site the kernel's rows are estimated at; below them one `launch` row per site
        // of a kernel launched at several (issue 47).
        QString chosenSite;
        for (const LaunchSiteEstimate& site : report.launches) {
            if (site.chosen)
                chosenSite = launchSiteKey(*site.site);
        }
        const QString siteField = QLatin1Char(',') + csvField(chosenSite);
        if (!e.hasEstimate()) {
            // One row saying so: a kernel must not vanish from the CSV for having no slices.
            out += QStringList{csvField(info.qualifiedName), csvField(info.location.file),
                       QString::number(info.location.line),
                       e.dense ? QStringLiteral("dense") : QStringLiteral("sparse"), QString::number(e.saturation),
                       QString(), QString(), QStringLiteral("none"), QString(), QString(), QString(), QString(),
                       QString(), QString(), QString(), QString(), QString(), csvField(e.noEstimate)}
                       .join(QLatin1Char(','))
                + energyFields + timeFields + errorField + bandFields + siteField + QLatin1Char('\n');
        }
        for (const SliceEstimate& s : e.slices) {
            out += QStringList{csvField(info.qualifiedName), csvField(info.location.file),
                       QString::number(info.location.line),
                       e.dense ? QStringLiteral("dense") : QStringLiteral("sparse"), QString::number(e.saturation),
                       QString::number(e.watts, 'f', 3), e.joules ? QString::number(*e.joules, 'f', 4) : QString(),
                       memorySpaceName(s.space), QString::number(s.length), QString::number(s.arithmetic),
                       QString::number(s.accesses[MemorySpace::Global]),
                       QString::number(s.accesses[MemorySpace::Shared]),
                       QString::number(s.accesses[MemorySpace::Constant]),
                       QString::number(s.accesses[MemorySpace::Texture]),
                       QString::number(modelIntensity(*run.model, s)), QString::number(s.watts, 'f', 3),
                       QString::number(s.weight, 'f', 4), QString()}
                       .join(QLatin1Char(','))
                + energyFields + timeFields + errorField + bandFields + siteField + QLatin1Char('\n');
        }
        for (int i = 0; report.launches.size() > 1 && i < report.launches.size(); ++i) {
            const LaunchSiteEstimate& site = report.launches[i];
            QStringList fields{csvField(info.qualifiedName), csvField(info.location.file),
                QString::number(info.location.line), e.dense ? QStringLiteral("dense") : QStringLiteral("sparse"),
                QString(), site.watts ? QString::number(*site.watts, 'f', 3) : QString(), QString(),
                site.chosen ? QStringLiteral("launch (chosen)") : QStringLiteral("launch")};
            for (int blank = 0; blank < 9; ++blank)
                fields << QString();
            fields << csvField(site.watts ? QString() : site.noEstimate) << QString() << QString()
                   << number(site.seconds) << QString() << number(site.joules) << QString() << QString() << QString()
                   << QString() << csvField(launchSiteKey(*site.site));
            out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

QString estimateTable(const EstimateRun& run, const QString& baseDir)
{
    QString out = QStringLiteral("GPU %1 (%2 SMs), model %3, delta %4, device code for %5\nAccuracy: %6\n\n")
                      .arg(run.gpu->name)
                      .arg(run.gpu->sms)
                      .arg(run.model->name())
                      .arg(run.settings.delta)
                      .arg(run.index->deviceArch.name(), accuracyText(*run.model, *run.gpu));
    for (const KernelEstimateReport& report : run.kernels) {
        const KernelEstimate& e = report.estimate;
        const FunctionInfo& info = report.analysis.kernel->info;
        QString errors = report.analysis.kernel->unitErrors > 0
            ? QStringLiteral("  [read from a file with %1 errors]").arg(report.analysis.kernel->unitErrors)
            : QString();
        const QString archNote = archDependenceNote(*report.analysis.kernel);
        if (!archNote.isEmpty())
            errors += QStringLiteral("  [%1]").arg(archNote);
        QString energyLine = QStringLiteral("    time: %1\n").arg(timeSummary(e));
        if (const QString terms = physicalTermsSummary(e); !terms.isEmpty())
            energyLine += QStringLiteral("    power: %1\n").arg(terms);
        if (const QString perLaunch = energyPerLaunchSummary(e); !perLaunch.isEmpty())
            energyLine += QStringLiteral("    energy: %1\n").arg(perLaunch);
        if (e.energy)
            energyLine += QStringLiteral("    energy (%1): %2\n").arg(e.energy->modelId, energySummary(*e.energy));
        // A kernel launched at several sites: each with its sizes, the estimate above at one.
        if (report.launches.size() > 1) {
            energyLine
                += QStringLiteral("    launches (%1; --launch FILE:LINE picks one):\n").arg(launchChoiceText(report));
            for (const LaunchSiteEstimate& site : report.launches)
                energyLine += QStringLiteral("      %1 %2:%3  grid %4  block %5  %6  %7  %8\n")
                                  .arg(site.chosen ? QStringLiteral("*") : QStringLiteral(" "))
                                  .arg(pathRelativeTo(site.site->location.file, baseDir))
                                  .arg(site.site->location.line)
                                  .arg(launchDimsText(site.shape.gridDim), launchDimsText(site.shape.blockDim))
                                  .arg(site.seconds ? formatDuration(*site.seconds) : QStringLiteral("no time"))
                                  .arg(site.watts ? formatWatts(*site.watts) : QStringLiteral("no power"))
                                  .arg(site.joules ? formatJoules(*site.joules) : QStringLiteral("no energy"));
        }
        if (!e.hasEstimate()) {
            out += QStringLiteral("%1  %2:%3  no estimate: %4%5\n")
                       .arg(info.qualifiedName, pathRelativeTo(info.location.file, baseDir))
                       .arg(info.location.line)
                       .arg(e.noEstimate, errors);
            out += energyLine;
            continue;
        }
        out += QStringLiteral("%1  %2:%3  %4  %5  Sa %6 (%7 SMs)%8%9\n")
                   .arg(info.qualifiedName, pathRelativeTo(info.location.file, baseDir))
                   .arg(info.location.line)
                   .arg(powerWithBand(e, *run.model, *run.gpu))
                   .arg(e.dense ? QStringLiteral("BDPM (branch-dense)") : QStringLiteral("BSPM (branch-sparse)"))
                   .arg(e.saturation, 0, 'f', 2)
                   .arg(e.activeSms)
                   .arg(e.joules ? QStringLiteral("  %1 J").arg(*e.joules, 0, 'f', 3) : QString(), errors);
        for (const SliceEstimate& s : e.slices) {
            out += QStringLiteral("    %1 |C|=%2  intensity %3  %4 W  share %5 %\n")
                       .arg(memorySpaceName(s.space), -9)
                       .arg(s.length, 3)
                       .arg(modelIntensity(*run.model, s), 8, 'f', 2)
                       .arg(s.watts, 7, 'f', 1)
                       .arg(s.weight * 100, 5, 'f', 1);
        }
        QStringList hottest;
        for (int i = 0; i < e.lines.size() && i < 3; ++i)
            hottest << QStringLiteral("%1 (%2 W)").arg(e.lines[i].line).arg(e.lines[i].watts, 0, 'f', 1);
        if (!hottest.isEmpty())
            out += QStringLiteral("    hottest lines: %1\n").arg(hottest.join(QStringLiteral(", ")));
        out += energyLine;
        if (e.energy) {
            QStringList byEnergy;
            for (int i = 0; i < e.energy->lines.size() && i < 3; ++i)
                byEnergy << QStringLiteral("%1 (%2)")
                                .arg(e.energy->lines[i].line)
                                .arg(formatJoules(e.energy->lines[i].joules));
            if (!byEnergy.isEmpty())
                out += QStringLiteral("    most energy per launch: %1\n").arg(byEnergy.join(QStringLiteral(", ")));
        }
        for (const QString& problem : e.outOfDomain)
            out += QStringLiteral("    out of domain: %1\n").arg(problem);
        for (const QString& assumption : e.assumptions)
            out += QStringLiteral("    assumption: %1\n").arg(assumption);
        if (e.energy) {
            for (const QString& assumption : e.energy->assumptions)
                out += QStringLiteral("    assumption: %1\n").arg(assumption);
        }
        out += QLatin1Char('\n');
    }
    if (!run.copies.isEmpty()) {
        out += QStringLiteral("Host-device copies (%1 known):\n").arg(formatJoules(knownCopyJoules(run.copies)));
        for (const CopyEnergy& copy : run.copies)
            out += QStringLiteral("    %1:%2  %3\n")
                       .arg(pathRelativeTo(copy.site.location.file, baseDir))
                       .arg(copy.site.location.line)
                       .arg(copySummary(copy));
    }
    out += programEnergyText(programEnergy(run)) + QLatin1Char('\n');
    return out;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonWriter.h"

#include "ChangeText.h"
#include "common/CsvFields.h"
#include "export/DisplayNumbers.h"
#include "export/OutputFormatting.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QJsonValue json(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject json(const ValueChange& v)
{
    return QJsonObject{{QStringLiteral("before"), json(v.before)}, {QStringLiteral("after"), json(v.after)},
        {QStringLiteral("delta"), json(v.delta())}, {QStringLiteral("relative"), json(v.relative())}};
}

QJsonObject kernelJson(const KernelSnapshot& k)
{
    return QJsonObject{{QStringLiteral("name"), k.name}, {QStringLiteral("file"), k.file},
        {QStringLiteral("line"), k.line}, {QStringLiteral("power_w"), json(k.powerW)},
        {QStringLiteral("energy_j"), json(k.energyJ)}};
}

// Where the line is in the new version; a line that is gone, where it was.
QString lineLocation(const LineChange& l, const KernelChange& kernel, const QString& baseDir)
{
    if (l.line == 0)
        return QStringLiteral("%1:%2 (baseline; gone)")
            .arg(pathRelativeTo(l.file.isEmpty() ? kernel.base.file : l.file, baseDir))
            .arg(l.baseLine);
    return QStringLiteral("%1:%2")
        .arg(pathRelativeTo(l.file.isEmpty() ? kernel.now.file : l.file, baseDir))
        .arg(l.line);
}

} // namespace

QString comparisonTable(const AnalysisComparison& comparison, const QString& baseDir)
{
    QString out = QStringLiteral("Baseline: GPU %1, model %2   New: GPU %3, model %4\n")
                      .arg(comparison.base.gpu, comparison.base.model, comparison.now.gpu, comparison.now.model);
    for (const QString& note : comparison.notes)
        out += QStringLiteral("Note: %1\n").arg(note);
    out += QLatin1Char('\n');
    for (const KernelChange& k : comparison.kernels) {
        out += QStringLiteral("%1  %2:%3%4\n")
                   .arg(k.now.name, pathRelativeTo(k.now.file, baseDir))
                   .arg(k.now.line)
                   .arg(pairingNote(k));
        out += QStringLiteral("    power %1 W   energy per launch %2   intensity %3   Sa %4\n")
                   .arg(changeText(k.powerW, 1), joulesChangeText(k.energyJ), changeText(k.intensity, 2),
                       changeText(k.saturation, 2));
        for (const SliceChange& s : k.slices)
            out += QStringLiteral("    %1 slice %2 W\n").arg(s.space, -9).arg(changeText(s.powerW, 1));
        int shown = 0;
        for (const LineChange& l : k.lines) {
            if (shown == kComparedLinesShown || l.magnitude() == 0)
                break;
            out += QStringLiteral("    line %1  heat %2 W%3\n")
                       .arg(lineLocation(l, k, baseDir), changeText(l.heatW, 2),
                           l.baseLine == 0 ? QStringLiteral("  (no heat there before)") : QString());
            ++shown;
        }
    }
    for (const KernelSnapshot& k : comparison.added)
        out += QStringLiteral("added    %1  %2:%3  %4 W\n")
                   .arg(k.name, pathRelativeTo(k.file, baseDir))
                   .arg(k.line)
                   .arg(optionalNumber(k.powerW, 1));
    for (const KernelSnapshot& k : comparison.removed)
        out += QStringLiteral("removed  %1  %2:%3  %4 W\n")
                   .arg(k.name, pathRelativeTo(k.file, baseDir))
                   .arg(k.line)
                   .arg(optionalNumber(k.powerW, 1));
    out += QStringLiteral("\n%1 kernels compared, %2 added, %3 removed\n")
               .arg(comparison.kernels.size())
               .arg(comparison.added.size())
               .arg(comparison.removed.size());
    return out;
}

QByteArray comparisonJson(const AnalysisComparison& comparison)
{
    QJsonArray kernels;
    for (const KernelChange& k : comparison.kernels) {
        QJsonObject o{{QStringLiteral("name"), k.now.name}, {QStringLiteral("file"), k.now.file},
            {QStringLiteral("line"), k.now.line}, {QStringLiteral("match"), kernelMatchName(k.pair.match)},
            {QStringLiteral("base_name"), k.base.name}, {QStringLiteral("base_file"), k.base.file},
            {QStringLiteral("base_line"), k.base.line}, {QStringLiteral("power_w"), json(k.powerW)},
            {QStringLiteral("energy_j"), json(k.energyJ)}, {QStringLiteral("intensity"), json(k.intensity)},
            {QStringLiteral("saturation"), json(k.saturation)}};
        if (k.pair.match == KernelMatch::Renamed)
            o.insert(QStringLiteral("similarity"), k.pair.similarity);
        QJsonArray slices;
        for (const SliceChange& s : k.slices)
            slices << QJsonObject{{QStringLiteral("space"), s.space}, {QStringLiteral("power_w"), json(s.powerW)},
                {QStringLiteral("intensity"), json(s.intensity)}};
        o.insert(QStringLiteral("slices"), slices);
        QJsonArray lines;
        for (const LineChange& l : k.lines) {
            QJsonObject line{{QStringLiteral("line"), l.line}, {QStringLiteral("heat_w"), json(l.heatW)},
                {QStringLiteral("energy_j"), json(l.energyJ)}};
            if (!l.file.isEmpty())
                line.insert(QStringLiteral("file"), l.file);
            line.insert(QStringLiteral("line"), l.line == 0 ? QJsonValue() : QJsonValue(l.line));
            line.insert(QStringLiteral("base_line"), l.baseLine == 0 ? QJsonValue() : QJsonValue(l.baseLine));
            lines << line;
        }
        o.insert(QStringLiteral("lines"), lines);
        kernels << o;
    }
    QJsonArray added, removed;
    for (const KernelSnapshot& k : comparison.added)
        added << kernelJson(k);
    for (const KernelSnapshot& k : comparison.removed)
        removed << kernelJson(k);
    const QJsonObject root{{QStringLiteral("base"),
                               QJsonObject{{QStringLiteral("gpu"), comparison.base.gpu},
                                   {QStringLiteral("model"), comparison.base.model}}},
        {QStringLiteral("new"),
            QJsonObject{{QStringLiteral("gpu"), comparison.now.gpu}, {QStringLiteral("model"), comparison.now.model}}},
        {QStringLiteral("notes"), QJsonArray::fromStringList(comparison.notes)}, {QStringLiteral("kernels"), kernels},
        {QStringLiteral("added"), added}, {QStringLiteral("removed"), removed}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray comparisonCsv(const AnalysisComparison& comparison)
{
    QString out = QStringLiteral("kernel,file,line,match,base_kernel,base_file,base_line,power_before_w,power_after_w,"
                                 "power_change,energy_before_j,energy_after_j,energy_change,intensity_before,"
                                 "intensity_after,saturation_before,saturation_after\n");
    const auto value = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 10) : QString(); };
    const auto row = [&](const KernelSnapshot* now, const KernelSnapshot* base, const QString& match) {
        const ValueChange power{base ? base->powerW : std::nullopt, now ? now->powerW : std::nullopt};
        const ValueChange energy{base ? base->energyJ : std::nullopt, now ? now->energyJ : std::nullopt};
        return QStringList{csvField(now ? now->name : QString()), csvField(now ? now->file : QString()),
                   now ? QString::number(now->line) : QString(), match, csvField(base ? base->name : QString()),
                   csvField(base ? base->file : QString()), base ? QString::number(base->line) : QString(),
                   value(power.before), value(power.after), value(power.relative()), value(energy.before),
                   value(energy.after), value(energy.relative()), value(base ? base->intensity : std::nullopt),
                   value(now ? now->intensity : std::nullopt), base ? QString::number(base->saturation) : QString(),
                   now ? QString::number(now->saturation) : QString()}
                   .join(QLatin1Char(','))
            + QLatin1Char('\n');
    };
    for (const KernelChange& k : comparison.kernels)
        out += row(&k.now, &k.base, kernelMatchName(k.pair.match));
    for (const KernelSnapshot& k : comparison.added)
        out += row(&k, nullptr, QStringLiteral("added"));
    for (const KernelSnapshot& k : comparison.removed)
        out += row(nullptr, &k, QStringLiteral("removed"));
    return out.toUtf8();
}

QByteArray comparisonSarif(
    const AnalysisComparison& comparison, const QString& baseDir, const QString& toolVersion, double warnAbovePercent)
{
    const auto rule = [](const char* id, const char* name, const char* text) {
        return QJsonObject{{QStringLiteral("id"), QLatin1String(id)}, {QStringLiteral("name"), QLatin1String(name)},
            {QStringLiteral("shortDescription"), QJsonObject{{QStringLiteral("text"), QLatin1String(text)}}},
            {QStringLiteral("defaultConfiguration"), QJsonObject{{QStringLiteral("level"), QStringLiteral("note")}}}};
    };
    const QJsonArray rules{
        rule("SW101", "KernelPowerChange", "A kernel's predicted power or energy per launch, against the baseline"),
        rule("SW102", "LineHeatChange", "A line's predicted heat (W), against the baseline")};
    const auto rose = [&](const ValueChange& v) {
        const std::optional<double> r = v.relative();
        return r && *r * 100 > warnAbovePercent;
    };
    // A baseline-side place (a removed kernel, a line that is gone) by its path below the
    // baseline's root: the same path in the new version's tree, where the code was.
    const auto location = [&](const QString& file, int line, bool baseline = false) {
        const QString uri = baseline ? comparison.base.relativeFile(file) : pathRelativeTo(file, baseDir);
        const QJsonObject artifact{
            {QStringLiteral("uri"), uri}, {QStringLiteral("uriBaseId"), QStringLiteral("%SRCROOT%")}};
        return QJsonArray{QJsonObject{{QStringLiteral("physicalLocation"),
            QJsonObject{{QStringLiteral("artifactLocation"), artifact},
                {QStringLiteral("region"), QJsonObject{{QStringLiteral("startLine"), std::max(line, 1)}}}}}}};
    };
    QJsonArray results;
    const auto result = [&](const char* ruleId, int ruleIndex, const QString& state, bool warning, const QString& text,
                            const QJsonArray& where, const QJsonObject& properties) {
        results << QJsonObject{{QStringLiteral("ruleId"), QLatin1String(ruleId)},
            {QStringLiteral("ruleIndex"), ruleIndex}, {QStringLiteral("baselineState"), state},
            {QStringLiteral("level"), warning ? QStringLiteral("warning") : QStringLiteral("note")},
            {QStringLiteral("message"), QJsonObject{{QStringLiteral("text"), text}}},
            {QStringLiteral("locations"), where}, {QStringLiteral("properties"), properties}};
    };
    for (const KernelChange& k : comparison.kernels) {
        const bool changed
            = (k.powerW.delta() && *k.powerW.delta() != 0) || (k.energyJ.delta() && *k.energyJ.delta() != 0);
        result("SW101", 0, changed ? QStringLiteral("updated") : QStringLiteral("unchanged"),
            rose(k.powerW) || rose(k.energyJ),
            QStringLiteral("%1%2: power %3 W, energy per launch %4.")
                .arg(k.now.name, pairingNote(k), changeText(k.powerW, 1), joulesChangeText(k.energyJ)),
            location(k.now.file, k.now.line),
            QJsonObject{{QStringLiteral("kernel"), k.now.name}, {QStringLiteral("power_w"), json(k.powerW)},
                {QStringLiteral("energy_j"), json(k.energyJ)}});
        int shown = 0;
        for (const LineChange& l : k.lines) {
            if (shown == kComparedLinesShown || l.magnitude() == 0)
                break;
            ++shown;
            const QString state = l.line == 0 ? QStringLiteral("absent")
                : l.baseLine == 0             ? QStringLiteral("new")
                                              : QStringLiteral("updated");
            const QString file = l.file.isEmpty() ? (l.line == 0 ? k.base.file : k.now.file) : l.file;
            // A line warns when its heat rose by more than the threshold's share of its kernel's
            // power: a cold line that doubles is no hot spot.
            const std::optional<double> lineDelta = l.heatW.delta();
            const bool lineRose
                = lineDelta && k.now.powerW && *k.now.powerW > 0 && *lineDelta / *k.now.powerW * 100 > warnAbovePercent;
            result("SW102", 1, state, lineRose,
                QStringLiteral("%1: heat %2 W%3.")
                    .arg(k.now.name, changeText(l.heatW, 2),
                        l.line == 0 ? QStringLiteral(" (the baseline's line %1 is gone)").arg(l.baseLine) : QString()),
                location(file, l.line == 0 ? l.baseLine : l.line, l.line == 0),
                QJsonObject{{QStringLiteral("kernel"), k.now.name}, {QStringLiteral("heat_w"), json(l.heatW)}});
        }
    }
    for (const KernelSnapshot& k : comparison.added)
        result("SW101", 0, QStringLiteral("new"), false,
            QStringLiteral("%1 (added): power %2 W.").arg(k.name, optionalNumber(k.powerW, 1)),
            location(k.file, k.line),
            QJsonObject{{QStringLiteral("kernel"), k.name}, {QStringLiteral("power_w"), json(k.powerW)}});
    for (const KernelSnapshot& k : comparison.removed)
        result("SW101", 0, QStringLiteral("absent"), false,
            QStringLiteral("%1 (removed): it drew %2 W.").arg(k.name, optionalNumber(k.powerW, 1)),
            location(k.file, k.line, true),
            QJsonObject{{QStringLiteral("kernel"), k.name}, {QStringLiteral("power_w"), json(k.powerW)}});

    const QJsonObject driver{{QStringLiteral("name"), QStringLiteral("SliceWatt")},
        {QStringLiteral("version"), toolVersion},
        {QStringLiteral("informationUri"), QStringLiteral("https://example.invalid/slicewatt")},
        {QStringLiteral("rules"), rules}};
    const QJsonObject run{{QStringLiteral("tool"), QJsonObject{{QStringLiteral("driver"), driver}}},
        {QStringLiteral("originalUriBaseIds"),
            QJsonObject{{QStringLiteral("%SRCROOT%"),
                QJsonObject{{QStringLiteral("uri"),
                    QUrl::fromLocalFile(QDir(baseDir).absolutePath() + QLatin1Char('/')).toString()}}}}},
        {QStringLiteral("results"), results},
        {QStringLiteral("properties"),
            QJsonObject{{QStringLiteral("gpu"), comparison.now.gpu}, {QStringLiteral("model"), comparison.now.model},
                {QStringLiteral("notes"), QJsonArray::fromStringList(comparison.notes)}}}};
    const QJsonObject root{{QStringLiteral("$schema"), QStringLiteral("https://json.schemastore.org/sarif-2.1.0.json")},
        {QStringLiteral("version"), QStringLiteral("2.1.0")}, {QStringLiteral("runs"), QJsonArray{run}}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString comparisonMarkdown(const AnalysisComparison& comparison, const QString& baseDir)
{
    QString out = QStringLiteral("### SliceWatt: predicted power and energy, baseline → this change\n\n"
                                 "GPU %1, model %2.\n")
                      .arg(comparison.now.gpu, comparison.now.model);
    for (const QString& note : comparison.notes)
        out += QStringLiteral("\n> **Note:** %1\n").arg(note);
    out += QStringLiteral("\n| Kernel | Power (W) | Energy per launch | Intensity | Sa |\n|---|---|---|---|---|\n");
    for (const KernelChange& k : comparison.kernels) {
        out += QStringLiteral("| `%1`%2 | %3 | %4 | %5 | %6 |\n")
                   .arg(k.now.name, pairingNote(k), changeText(k.powerW, 1), joulesChangeText(k.energyJ),
                       changeText(k.intensity, 2), changeText(k.saturation, 2));
    }
    for (const KernelSnapshot& k : comparison.added)
        out += QStringLiteral("| `%1` (added) | %2 | | | |\n").arg(k.name, optionalNumber(k.powerW, 1));
    for (const KernelSnapshot& k : comparison.removed)
        out += QStringLiteral("| ~~`%1`~~ (removed) | %2 | | | |\n").arg(k.name, optionalNumber(k.powerW, 1));
    QString lines;
    for (const KernelChange& k : comparison.kernels) {
        int shown = 0;
        for (const LineChange& l : k.lines) {
            if (shown == kComparedLinesShown || l.magnitude() == 0)
                break;
            lines += QStringLiteral("- `%1` (%2): heat %3 W\n")
                         .arg(lineLocation(l, k, baseDir), k.now.name, changeText(l.heatW, 2));
            ++shown;
        }
    }
    if (!lines.isEmpty())
        out += QStringLiteral("\n**Lines whose heat changed most**\n\n") + lines;
    return out;
}

} // namespace slicewatt

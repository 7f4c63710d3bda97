// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonWriter.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString relative(const QString& path, const QString& baseDir)
{
    if (baseDir.isEmpty() || path.isEmpty())
        return path;
    const QString r = QDir(baseDir).relativeFilePath(path);
    return r.startsWith(QStringLiteral("../")) ? path : r;
}

QString number(const std::optional<double>& v, int decimals)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

// "150.0 → 168.8 (+18.8, +12.5 %)"; "150.0 → 150.0" when unchanged.
QString change(const ValueChange& v, int decimals)
{
    QString text = QStringLiteral("%1 → %2").arg(number(v.before, decimals), number(v.after, decimals));
    const std::optional<double> d = v.delta();
    // A change too small for the digits shown reads as none.
    if (d && std::abs(*d) >= 0.5 * std::pow(10.0, -decimals)) {
        text += QStringLiteral(" (%1%2").arg(*d > 0 ? QStringLiteral("+") : QString()).arg(*d, 0, 'f', decimals);
        if (const std::optional<double> r = v.relative())
            text += QStringLiteral(", %1%2 %").arg(*r > 0 ? QStringLiteral("+") : QString()).arg(*r * 100, 0, 'f', 1);
        text += QLatin1Char(')');
    }
    return text;
}

// Energy per launch spans nJ to J: in the SI prefix that fits.
QString joules(const ValueChange& v)
{
    if (!v.before && !v.after)
        return QStringLiteral("-");
    const double largest = std::max(std::abs(v.before.value_or(0)), std::abs(v.after.value_or(0)));
    struct Unit {
        double scale;
        const char* name;
    };
    const Unit unit = largest >= 1 ? Unit{1, "J"}
        : largest >= 1e-3          ? Unit{1e3, "mJ"}
        : largest >= 1e-6          ? Unit{1e6, "µJ"}
                                   : Unit{1e9, "nJ"};
    const auto scaled
        = [&](const std::optional<double>& x) { return x ? std::optional<double>(*x * unit.scale) : std::nullopt; };
    return change(ValueChange{scaled(v.before), scaled(v.after)}, 3) + QLatin1Char(' ') + QString::fromUtf8(unit.name);
}

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
            .arg(relative(l.file.isEmpty() ? kernel.base.file : l.file, baseDir))
            .arg(l.baseLine);
    return QStringLiteral("%1:%2").arg(relative(l.file.isEmpty() ? kernel.now.file : l.file, baseDir)).arg(l.line);
}

QString matchNote(const KernelChange& k)
{
    if (k.pair.match == KernelMatch::Same)
        return QString();
    QString note = QStringLiteral(" [%1").arg(kernelMatchName(k.pair.match));
    if (k.pair.match == KernelMatch::Renamed)
        note += QStringLiteral(" from %1, similarity %2").arg(k.base.name).arg(k.pair.similarity, 0, 'f', 2);
    return note + QLatin1Char(']');
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
                   .arg(k.now.name, relative(k.now.file, baseDir))
                   .arg(k.now.line)
                   .arg(matchNote(k));
        out += QStringLiteral("    power %1 W   energy per launch %2   intensity %3   Sa %4\n")
                   .arg(change(k.powerW, 1), joules(k.energyJ), change(k.intensity, 2), change(k.saturation, 2));
        for (const SliceChange& s : k.slices)
            out += QStringLiteral("    %1 slice %2 W\n").arg(s.space, -9).arg(change(s.powerW, 1));
        int shown = 0;
        for (const LineChange& l : k.lines) {
            if (shown == kComparedLinesShown || l.magnitude() == 0)
                break;
            out += QStringLiteral("    line %1  heat %2 W%3\n")
                       .arg(lineLocation(l, k, baseDir), change(l.heatW, 2),
                           l.baseLine == 0 ? QStringLiteral("  (no heat there before)") : QString());
            ++shown;
        }
    }
    for (const KernelSnapshot& k : comparison.added)
        out += QStringLiteral("added    %1  %2:%3  %4 W\n")
                   .arg(k.name, relative(k.file, baseDir))
                   .arg(k.line)
                   .arg(number(k.powerW, 1));
    for (const KernelSnapshot& k : comparison.removed)
        out += QStringLiteral("removed  %1  %2:%3  %4 W\n")
                   .arg(k.name, relative(k.file, baseDir))
                   .arg(k.line)
                   .arg(number(k.powerW, 1));
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
                   .arg(k.now.name, matchNote(k), change(k.powerW, 1), joules(k.energyJ), change(k.intensity, 2),
                       change(k.saturation, 2));
    }
    for (const KernelSnapshot& k : comparison.added)
        out += QStringLiteral("| `%1` (added) | %2 | | | |\n").arg(k.name, number(k.powerW, 1));
    for (const KernelSnapshot& k : comparison.removed)
        out += QStringLiteral("| ~~`%1`~~ (removed) | %2 | | | |\n").arg(k.name, number(k.powerW, 1));
    QString lines;
    for (const KernelChange& k : comparison.kernels) {
        int shown = 0;
        for (const LineChange& l : k.lines) {
            if (shown == kComparedLinesShown || l.magnitude() == 0)
                break;
            lines += QStringLiteral("- `%1` (%2): heat %3 W\n")
                         .arg(lineLocation(l, k, baseDir), k.now.name, change(l.heatW, 2));
            ++shown;
        }
    }
    if (!lines.isEmpty())
        out += QStringLiteral("\n**Lines whose heat changed most**\n\n") + lines;
    return out;
}

} // namespace slicewatt

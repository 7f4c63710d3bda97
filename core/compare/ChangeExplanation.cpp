// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChangeExplanation.h"

#include "ChangeText.h"
#include "export/DisplayNumbers.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString formula(const QString& text)
{
    return QStringLiteral("<p class=\"formula\">%1</p>").arg(esc(text));
}

QString paragraph(const QString& text, const QString& cssClass = {})
{
    return cssClass.isEmpty() ? QStringLiteral("<p>%1</p>").arg(esc(text))
                              : QStringLiteral("<p class=\"%1\">%2</p>").arg(cssClass, esc(text));
}

QString share(double w)
{
    return QString::number(w, 'f', 3);
}

QString watts(const std::optional<double>& w)
{
    return w ? formatWatts(*w, 2) : QStringLiteral("–");
}

// A term is worth a line when it moves the kernel by at least a milliwatt.
constexpr double kShownTermW = 1e-3;

QString sliceTermsHtml(const PowerChangeTerms& terms)
{
    QString html = paragraph(QStringLiteral("Term by term: P̂ = Σ w_i·P_i with w_i = |C_i| / L, so each slice adds "
                                            "w_i·ΔP_i (its own power moved: intensity, Sa) and Δw_i·P′_i (its share "
                                            "of the kernel's statements moved)."));
    int hidden = 0;
    for (const SliceChangeTerm& s : terms.slices) {
        if (std::abs(s.totalW()) < kShownTermW) {
            ++hidden;
            continue;
        }
        // Each part on its own line, left out where it is nothing by construction (a slice
        // new on one side has no power change; an unchanged share no share change).
        QStringList parts;
        if (s.powerBeforeW && s.powerAfterW && s.shareBefore > 0)
            parts << QStringLiteral("w·ΔP = %1 × (%2 − %3) = %4")
                         .arg(share(s.shareBefore), watts(s.powerAfterW), watts(s.powerBeforeW),
                             signedWatts(s.fromPowerW, 2));
        if (s.shareAfter != s.shareBefore)
            parts << QStringLiteral("Δw·P′ = (%1 − %2) × %3 = %4")
                         .arg(share(s.shareAfter), share(s.shareBefore),
                             watts(s.powerAfterW ? s.powerAfterW : s.powerBeforeW), signedWatts(s.fromShareW, 2));
        html += QStringLiteral("<p><b>%1</b>: %2</p>").arg(esc(s.space), esc(signedWatts(s.totalW(), 2)));
        for (const QString& part : parts)
            html += formula(QStringLiteral("  ") + part);
        if (!s.powerBeforeW)
            html += paragraph(QStringLiteral("The baseline had no %1 slice with a power: it is new.").arg(s.space),
                QStringLiteral("note"));
        else if (!s.powerAfterW)
            html += paragraph(
                QStringLiteral("The %1 slice has no power any more: its share went to the others.").arg(s.space),
                QStringLiteral("note"));
    }
    if (hidden > 0)
        html += paragraph(QStringLiteral("%1 more slice%2 moved the kernel by less than 1 mW.")
                              .arg(hidden)
                              .arg(hidden == 1 ? QString() : QStringLiteral("s")),
            QStringLiteral("note"));
    if (std::abs(terms.restW) >= kShownTermW)
        html += formula(QStringLiteral("not from the slices: %1 (the model's P̂ is not Σ w_i·P_i)")
                            .arg(signedWatts(terms.restW, 2)));
    html += formula(QStringLiteral("ΔP̂ = %1").arg(signedWatts(terms.deltaW, 2)));
    return html;
}

QString energyHtml(const KernelChange& change)
{
    const std::optional<EnergyChangeTerms> e = energyChangeTerms(change);
    if (!e) {
        if (change.energyJ.before || change.energyJ.after)
            return paragraph(QStringLiteral("Energy per launch: %1 (no power on one side to split it by).")
                                 .arg(joulesChangeText(change.energyJ)),
                QStringLiteral("note"));
        return QString();
    }
    QString html = QStringLiteral("<h4>Energy per launch</h4>");
    html += formula(QStringLiteral("Ē: %1").arg(joulesChangeText(change.energyJ)));
    html += paragraph(QStringLiteral("Ē = P̂·τ, with τ = Ē / P̂ the launch's duration as the estimate implies (the "
                                     "time given, or the energy model's work over the power): a loop made longer "
                                     "shows in τ, a cheaper access in P̂."));
    html += formula(QStringLiteral("Ē′ / Ē = (P̂′ / P̂)·(τ′ / τ) = %1 × %2 = %3")
                        .arg(formatNumber(e->powerFactor, 4), formatNumber(e->durationFactor, 4),
                            formatNumber(e->powerFactor * e->durationFactor, 4)));
    // "a + b" or "a − |b|": a sum reads as one, whatever the second term's sign.
    const QString second = (e->fromDurationJ < 0 ? QStringLiteral("− ") : QStringLiteral("+ "))
        + formatJoules(std::abs(e->fromDurationJ));
    html += formula(QStringLiteral("ΔĒ = ΔP̂·τ + P̂′·Δτ = %1 %2 = %3")
                        .arg(signedJoules(e->fromPowerJ), second, signedJoules(e->fromPowerJ + e->fromDurationJ)));
    return html;
}

QString linesHtml(const KernelChange& change, int count)
{
    QStringList items;
    for (const LineChange& l : change.lines) {
        if (items.size() >= count || l.magnitude() < kShownTermW)
            break;
        const QString where = l.line > 0 ? (l.baseLine > 0 && l.baseLine != l.line
                                      ? QStringLiteral("line %1 (line %2 in the baseline)").arg(l.line).arg(l.baseLine)
                                      : QStringLiteral("line %1").arg(l.line))
                                         : QStringLiteral("baseline line %1, gone").arg(l.baseLine);
        const LineSnapshot* text = nullptr;
        for (const LineSnapshot& s : l.line > 0 ? change.now.lines : change.base.lines) {
            if (s.file == l.file && s.line == (l.line > 0 ? l.line : l.baseLine))
                text = &s;
        }
        QString item = QStringLiteral("%1: %2 W").arg(where, changeText(l.heatW, 2));
        if (text && !text->code.isEmpty())
            item += QStringLiteral(" — %1").arg(text->code);
        items << esc(item);
    }
    if (items.isEmpty())
        return QString();
    return QStringLiteral("<h4>Lines that changed most</h4><ul><li>%1</li></ul>")
        .arg(items.join(QStringLiteral("</li><li>")));
}

} // namespace

std::optional<PowerChangeTerms> powerChangeTerms(const KernelChange& change)
{
    const std::optional<double> delta = change.powerW.delta();
    if (!delta)
        return std::nullopt;
    PowerChangeTerms terms;
    terms.deltaW = *delta;
    double explained = 0;
    for (const SliceChange& s : change.slices) {
        const SliceSnapshot* before = change.base.slice(s.space);
        const SliceSnapshot* after = change.now.slice(s.space);
        SliceChangeTerm term;
        term.space = s.space;
        term.powerBeforeW = before ? before->powerW : std::nullopt;
        term.powerAfterW = after ? after->powerW : std::nullopt;
        if (!term.powerBeforeW && !term.powerAfterW)
            continue;
        // A slice without a power is not in Σ w_i·P_i on that side.
        term.shareBefore = term.powerBeforeW ? before->share : 0;
        term.shareAfter = term.powerAfterW ? after->share : 0;
        const double pBefore = term.powerBeforeW.value_or(0);
        const double pAfter = term.powerAfterW.value_or(pBefore); // gone: its share's term says it all
        term.fromPowerW = term.shareBefore * (pAfter - pBefore);
        term.fromShareW = (term.shareAfter - term.shareBefore) * pAfter;
        explained += term.totalW();
        terms.slices.append(term);
    }
    std::stable_sort(terms.slices.begin(), terms.slices.end(),
        [](const SliceChangeTerm& a, const SliceChangeTerm& b) { return std::abs(a.totalW()) > std::abs(b.totalW()); });
    terms.restW = terms.deltaW - explained;
    return terms;
}

std::optional<EnergyChangeTerms> energyChangeTerms(const KernelChange& change)
{
    const ValueChange& p = change.powerW;
    const ValueChange& e = change.energyJ;
    if (!p.before || !p.after || !e.before || !e.after || !(*p.before > 0) || !(*p.after > 0) || !(*e.before > 0)
        || !(*e.after > 0))
        return std::nullopt;
    const double tauBefore = *e.before / *p.before;
    const double tauAfter = *e.after / *p.after;
    EnergyChangeTerms terms;
    terms.powerFactor = *p.after / *p.before;
    terms.durationFactor = tauAfter / tauBefore;
    terms.fromPowerJ = (*p.after - *p.before) * tauBefore;
    terms.fromDurationJ = *p.after * (tauAfter - tauBefore);
    return terms;
}

QString changeExplanationHtml(const KernelChange& change, const QString& label, const QStringList& notes, int lines)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(QStringLiteral("Change since %1").arg(label)));
    const QString pairing = pairingDescription(change);
    html += paragraph(pairing.isEmpty() ? QStringLiteral("Found in the baseline by its name and signature.")
                                        : QStringLiteral("Found in the baseline: %1.").arg(pairing),
        QStringLiteral("note"));
    if (!notes.isEmpty())
        html += paragraph(
            QStringLiteral("Not like for like: %1.").arg(notes.join(QStringLiteral("; "))), QStringLiteral("warning"));
    html += formula(QStringLiteral("P̂: %1 W").arg(changeText(change.powerW, 2)));
    if (const std::optional<double> sa = change.saturation.delta(); sa && std::abs(*sa) >= 0.005)
        html += paragraph(QStringLiteral("The launch's SM saturation moved (Sa %1), and with it every slice's power.")
                              .arg(changeText(change.saturation, 2)),
            QStringLiteral("note"));
    if (const std::optional<PowerChangeTerms> terms = powerChangeTerms(change))
        html += sliceTermsHtml(*terms);
    else if (!change.base.noEstimate.isEmpty())
        html += paragraph(
            QStringLiteral("The baseline had no estimate: %1.").arg(change.base.noEstimate), QStringLiteral("warning"));
    else
        html += paragraph(
            QStringLiteral("There is no estimate now: %1.").arg(change.now.noEstimate), QStringLiteral("warning"));
    html += energyHtml(change);
    html += linesHtml(change, lines);
    return html;
}

QString addedKernelExplanationHtml(const QString& kernelName, const QString& label)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(QStringLiteral("Change since %1").arg(label)));
    html += paragraph(QStringLiteral("%1 is new: the baseline has no kernel with its name and signature, and none "
                                     "whose work is alike enough (slice profile similarity ≥ %2) to be it renamed "
                                     "or moved.")
                          .arg(kernelName)
                          .arg(kRenamedSimilarity, 0, 'f', 2),
        QStringLiteral("note"));
    return html;
}

} // namespace slicewatt

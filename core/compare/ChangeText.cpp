// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChangeText.h"

#include "export/DisplayNumbers.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString sign(double value)
{
    return value > 0 ? QStringLiteral("+") : QString();
}

} // namespace

QString optionalNumber(const std::optional<double>& value, int decimals)
{
    return value ? QString::number(*value, 'f', decimals) : QStringLiteral("-");
}

QString signedPercent(double fraction)
{
    return QStringLiteral("%1%2 %").arg(sign(fraction)).arg(fraction * 100, 0, 'f', 1);
}

QString signedWatts(double deltaW, int decimals)
{
    return sign(deltaW) + formatWatts(deltaW, decimals);
}

QString signedJoules(double deltaJ)
{
    return sign(deltaJ) + formatJoules(deltaJ);
}

QString changeText(const ValueChange& change, int decimals)
{
    QString text = QStringLiteral("%1 → %2").arg(
        optionalNumber(change.before, decimals), optionalNumber(change.after, decimals));
    const std::optional<double> d = change.delta();
    // A change too small for the digits shown reads as none.
    if (d && std::abs(*d) >= 0.5 * std::pow(10.0, -decimals)) {
        text += QStringLiteral(" (%1%2").arg(sign(*d)).arg(*d, 0, 'f', decimals);
        if (const std::optional<double> r = change.relative())
            text += QStringLiteral(", ") + signedPercent(*r);
        text += QLatin1Char(')');
    }
    return text;
}

QString joulesChangeText(const ValueChange& change)
{
    if (!change.before && !change.after)
        return QStringLiteral("-");
    const EnergyPrefix prefix
        = energyPrefixFor(std::max(std::abs(change.before.value_or(0)), std::abs(change.after.value_or(0))));
    const auto scaled
        = [&](const std::optional<double>& x) { return x ? std::optional<double>(*x * prefix.factor) : std::nullopt; };
    return changeText(ValueChange{scaled(change.before), scaled(change.after)}, 3) + QLatin1Char(' ') + prefix.unit;
}

QString pairingDescription(const KernelChange& change)
{
    if (change.pair.match == KernelMatch::Same)
        return QString();
    QString text = kernelMatchName(change.pair.match);
    if (change.pair.match == KernelMatch::Renamed)
        text += QStringLiteral(" from %1, similarity %2").arg(change.base.name).arg(change.pair.similarity, 0, 'f', 2);
    return text;
}

QString pairingNote(const KernelChange& change)
{
    const QString description = pairingDescription(change);
    return description.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(description);
}

} // namespace slicewatt

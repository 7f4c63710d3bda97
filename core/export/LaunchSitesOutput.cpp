// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchSitesOutput.h"

#include "DisplayNumbers.h"

namespace slicewatt {
namespace {

QJsonValue orNull(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonArray dimsJson(const std::optional<qint64> (&dims)[3])
{
    QJsonArray array;
    for (const auto& d : dims)
        array << (d ? QJsonValue(double(*d)) : QJsonValue(QJsonValue::Null));
    return array;
}

} // namespace

QString launchDimsText(const std::optional<qint64> (&dims)[3])
{
    QStringList parts;
    for (const auto& d : dims)
        parts << (d ? QString::number(*d) : QStringLiteral("?"));
    return parts.join(QLatin1Char('x'));
}

QString launchChoiceText(const KernelEstimateReport& report)
{
    const int sites = int(report.launches.size());
    switch (report.launchChoice) {
    case LaunchChoiceKind::Chosen:
        return QStringLiteral("at the launch site chosen, of %1").arg(sites);
    case LaunchChoiceKind::Heaviest:
        return QStringLiteral("at the heaviest of its %1 launch sites (most energy per launch)").arg(sites);
    case LaunchChoiceKind::Default:
        return QStringLiteral("at the first of its %1 launch sites whose block is known (none has an estimate)")
            .arg(sites);
    case LaunchChoiceKind::None:
    case LaunchChoiceKind::Only:
        break;
    }
    return QString();
}

QJsonArray launchSitesJson(const KernelEstimateReport& report)
{
    QJsonArray sites;
    for (const LaunchSiteEstimate& e : report.launches) {
        QJsonObject o;
        o.insert(QStringLiteral("file"), e.site->location.file);
        o.insert(QStringLiteral("line"), e.site->location.line);
        o.insert(QStringLiteral("caller"), e.site->callerName);
        o.insert(QStringLiteral("grid"), dimsJson(e.shape.gridDim));
        o.insert(QStringLiteral("block"), dimsJson(e.shape.blockDim));
        QJsonObject arguments;
        for (auto it = e.shape.kernelArguments.cbegin(); it != e.shape.kernelArguments.cend(); ++it)
            arguments.insert(it.key(), double(it.value()));
        o.insert(QStringLiteral("arguments"), arguments);
        o.insert(QStringLiteral("time_per_launch_s"), orNull(e.seconds));
        o.insert(QStringLiteral("power_w"), orNull(e.watts));
        o.insert(QStringLiteral("energy_per_launch_j"), orNull(e.joules));
        if (!e.watts)
            o.insert(QStringLiteral("no_estimate"), e.noEstimate);
        o.insert(QStringLiteral("chosen"), e.chosen);
        sites << o;
    }
    return sites;
}

ProgramEnergy programEnergy(const EstimateRun& run)
{
    ProgramEnergy program;
    for (const KernelEstimateReport& report : run.kernels) {
        if (report.launches.isEmpty())
            ++program.kernelsWithoutLaunch;
        for (const LaunchSiteEstimate& e : report.launches) {
            ++program.sites;
            if (e.joules)
                program.joules += *e.joules;
            else
                ++program.sitesWithoutEnergy;
        }
    }
    program.note
        = QStringLiteral("each launch site counted once: how often the host code runs it (loops, calls) is not read");
    return program;
}

QJsonObject programEnergyJson(const ProgramEnergy& program)
{
    return QJsonObject{{QStringLiteral("energy_j"), program.joules}, {QStringLiteral("launch_sites"), program.sites},
        {QStringLiteral("launch_sites_without_energy"), program.sitesWithoutEnergy},
        {QStringLiteral("kernels_without_launch"), program.kernelsWithoutLaunch},
        {QStringLiteral("note"), program.note}};
}

QString programEnergyText(const ProgramEnergy& program)
{
    QString text
        = QStringLiteral("Program: %1 over %2 launch site(s)").arg(formatJoules(program.joules)).arg(program.sites);
    if (program.sitesWithoutEnergy > 0)
        text += QStringLiteral(", %1 without energy left out").arg(program.sitesWithoutEnergy);
    if (program.kernelsWithoutLaunch > 0)
        text += QStringLiteral(", %1 kernel(s) never launched in the code not counted")
                    .arg(program.kernelsWithoutLaunch);
    return text + QStringLiteral(" (%1)").arg(program.note);
}

} // namespace slicewatt

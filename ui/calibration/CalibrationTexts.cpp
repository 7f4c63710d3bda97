// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationTexts.h"

#include "export/DisplayNumbers.h"
#include "model/FitPlausibility.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace slicewatt {
namespace {

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("CalibrationTexts", text, disambiguation, n);
}

QString withSource(const QString& value, const QString& source)
{
    return source.isEmpty() || source == QLatin1String("none") ? value : QStringLiteral("%1 (%2)").arg(value, source);
}

} // namespace

QString traceSummaryText(const PowerTrace& trace, const TraceMeasurement& measurement, std::optional<double> listedW,
    const QString& listedSource)
{
    QStringList lines;
    if (!trace.ok())
        return trace.errors.join(QLatin1Char('\n'));
    QString head = tr("%1 samples every %2 s (%3)")
                       .arg(trace.samples.size())
                       .arg(formatNumber(trace.medianIntervalS(), 3), trace.powerField);
    // An averaged reading is already smeared over ~1 s: the lag correction cannot undo that.
    if (trace.powerField.contains(QLatin1String("average"))
        || trace.powerField.compare(QLatin1String("power.draw"), Qt::CaseInsensitive) == 0
        || trace.powerField.startsWith(QLatin1String("power.draw ["), Qt::CaseInsensitive))
        head += tr(" — may be a 1 s average on this GPU; prefer power.draw.instant");
    lines << head;
    if (!measurement.ok()) {
        lines << tr("Not corrected: %1").arg(measurement.error);
        return lines.join(QLatin1Char('\n'));
    }
    const QString lag = measurement.lagS ? formatSeconds(*measurement.lagS) : tr("unknown");
    const QString idle = measurement.idleW ? formatWatts(*measurement.idleW) : tr("unknown");
    lines << tr("Sensor lag t_p %1 · idle %2")
                 .arg(withSource(lag, measurement.lagSource), withSource(idle, measurement.idleSource));
    for (const RunMeasurement& run : measurement.runs) {
        const QString where = run.wholeTrace
            ? tr("Whole trace")
            : tr("Run %1–%2 s").arg(formatNumber(run.window.startS, 4), formatNumber(run.window.endS, 4));
        QString line = tr("%1: raw %2, %3 · corrected %4, %5")
                           .arg(where, formatWatts(run.rawMeanW), formatJoules(run.rawEnergyJ),
                               formatWatts(run.correctedMeanW), formatJoules(run.correctedEnergyJ));
        if (run.shortRun)
            line += tr(" (shorter than t_p: fitted)");
        lines << line;
    }
    if (listedW && measurement.runs.size() == 1) {
        QString listed = tr("The calibration CSV lists %1 for this point").arg(formatWatts(*listedW));
        if (!listedSource.isEmpty())
            listed += QStringLiteral(" (%1)").arg(QString(listedSource).replace(QLatin1Char('-'), QLatin1Char(' ')));
        lines << listed;
    }
    for (const QString& note : trace.notes + measurement.notes)
        lines << note;
    return lines.join(QLatin1Char('\n'));
}

QString fitSummaryHtml(const CalibrationFit& fit, std::optional<double> boardPowerW)
{
    if (!fit.form)
        return tr("Open a calibration to fit a model.");
    if (!fit.fitted)
        return tr("Not fitted yet: press Fit (Ctrl+Return).");
    if (!fit.result.ok())
        return tr("<b>%1</b><br><span style=\"color:#c62828\">Cannot fit: %2</span>")
            .arg(fit.form->formula().toHtmlEscaped(), fit.result.error.toHtmlEscaped());
    QString html = QStringLiteral("<b>%1</b>").arg(fit.form->formula().toHtmlEscaped());
    if (!fit.result.converged)
        html += tr(" <span style=\"color:#c62828\">(did not converge in %1 iterations)</span>")
                    .arg(fit.result.iterations);
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    const QVector<ModelParameter> parameters = fit.form->parameters();
    for (int i = 0; i < parameters.size() && i < fit.result.parameters.size(); ++i) {
        const ModelParameter& p = parameters[i];
        const QString unit = p.unit.isEmpty() ? QString() : QStringLiteral(" ") + p.unit;
        html += QStringLiteral("<tr><td title=\"%4\">%1</td><td align=\"right\">&nbsp;= %2</td>"
                               "<td>&nbsp;± %3%5</td></tr>")
                    .arg(p.symbol.toHtmlEscaped(), formatNumber(fit.result.parameters[i], 5),
                        formatNumber(fit.result.standardErrors[i], 2), p.meaning.toHtmlEscaped(), unit);
    }
    html += QStringLiteral("</table>");
    html += tr("rms residual %1 · max relative error %2 · %n point(s)", nullptr, int(fit.samples.size()))
                .arg(formatWatts(fit.result.rmsResidual, 2), formatPercent(fit.result.maxRelativeError));
    const QStringList doubts = implausibleFitReasons(*fit.form, fit.result.parameters, fit.samples, boardPowerW);
    if (!doubts.isEmpty())
        html += QStringLiteral("<br><span style=\"color:#c62828\"><b>%1</b> %2</span>")
                    .arg(tr("Doubtful fit:"), doubts.join(QStringLiteral("; ")).toHtmlEscaped());
    return html;
}

} // namespace slicewatt

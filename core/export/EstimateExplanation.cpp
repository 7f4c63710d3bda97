// SPDX-License-Identifier: GPL-3.0-or-later
#include "EstimateExplanation.h"

#include "ExplanationBuilder.h"

#include "ConceptTexts.h"
#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "estimate/LaunchActivityEstimate.h"
#include "model/ActivityModel.h"
#include "model/ModelForm.h"

#include <QFileInfo>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace slicewatt {
using explanation::ParameterLabel;
using explanation::parameterLabel;
using explanation::parameterValue;

SliceOperatingPoint sliceOperatingPoint(const KernelEstimate& estimate, const SliceEstimate& slice)
{
    SliceOperatingPoint point;
    point.intensityRatio = slice.intensityRatio;
    point.intensityFraction = slice.intensityFraction;
    point.saturation = estimate.saturation;
    point.activeSms = estimate.activeSms;
    point.lines = slice.length;
    point.activity = estimate.activity ? &*estimate.activity : nullptr;
    return point;
}

FormulaSubstitution substituteFormula(const PowerModel& model, const GpuSpec& gpu, const SliceOperatingPoint& point)
{
    FormulaSubstitution result;
    const QString form = model.form();
    const QHash<QString, double> p = model.parameters(gpu.id);
    const QStringList names = PowerModel::parameterNames(form);
    QStringList parameters;
    for (const QString& name : names) {
        const ParameterLabel label = parameterLabel(form, name);
        parameters << QStringLiteral("%1 = %2%3")
                          .arg(label.symbol, parameterValue(p.value(name)),
                              label.unit.isEmpty() ? QString() : QStringLiteral(" ") + label.unit);
    }
    result.parameters = parameters.join(QStringLiteral(", "));

    const bool fraction = model.usesFractionIntensity();
    const QString x = formatIntensity(fraction ? point.intensityFraction : point.intensityRatio, fraction);
    const QString sa = formatNumber(point.saturation, 4);
    auto v = [&](const char* key) { return parameterValue(p.value(QLatin1String(key))); };
    if (form == QLatin1String("jos13")) {
        result.substituted = QStringLiteral("%1·%2 + %3·%4^%5").arg(v("beta0"), sa, v("beta1"), x, v("beta2"));
    } else if (form == QLatin1String("jos13-idle")) {
        result.substituted
            = QStringLiteral("%1 + %2·%3 + %4·%5^%6").arg(v("idle"), v("beta0"), sa, v("beta1"), x, v("beta2"));
    } else if (form == QLatin1String("linear-intensity")) {
        result.substituted = QStringLiteral("%1 + %2·%3").arg(v("c0"), v("c1"), x);
    } else if (form == QLatin1String("jsw12")) {
        result.formula = QStringLiteral("P = c0 + c1·x + (n / SM_bench)·μ·log10(α·n + β)");
        // n is the model's own input: the active SMs, or Sa·SMs when no count was given.
        const QString n = formatNumber(point.activeSms > 0 ? point.activeSms : point.saturation * gpu.sms, 4);
        result.substituted = QStringLiteral("%1 + %2·%3 + (%4 / %5)·%6·log10(%7·%4 + %8)")
                                 .arg(v("c0"), v("c1"), x, n, v("sm_bench"), v("mu"), v("alpha"), v("beta"));
    } else if (form == QLatin1String("launch-activity")) {
        result.formula = QStringLiteral("P = P_idle + (P_board − P_idle)·σ(b0 + Σ_k b_k·x_k), σ(z) = 1 / (1 + e^−z)");
        QStringList terms{v("b0")};
        if (point.activity) {
            for (const ActivityInput& input : activityInputs()) {
                const double weight = p.value(QStringLiteral("b_") + input.key);
                if (weight != 0)
                    terms << QStringLiteral("%1·%2").arg(
                        parameterValue(weight), formatNumber(input.value(*point.activity), 4));
            }
        }
        const QString board = gpu.boardPowerW ? formatNumber(*gpu.boardPowerW, 4) : QStringLiteral("?");
        result.substituted = point.activity
            ? QStringLiteral("%1 + (%2 − %1)·σ(%3)").arg(v("idle_w"), board, terms.join(QStringLiteral(" + ")))
            : QStringLiteral("P(the launch's activity)");
    } else if (model.isPhysical()) {
        result.formula = QStringLiteral("P = P_idle + P_active·s + Σ_pipe e_pipe·N_pipe / t + e_L2·B_L2 / t + "
                                        "e_DRAM·B_DRAM / t, capped at the board's limit");
        if (point.activity && point.activity->work) {
            const LaunchWork& w = *point.activity->work;
            QStringList energies;
            for (const PhysicalInput& input : physicalInputs()) {
                if (input.perSecond && p.value(input.key) != 0 && input.amount(w) > 0)
                    energies
                        << QStringLiteral("%1 pJ·%2").arg(v(qPrintable(input.key)), formatNumber(input.amount(w), 4));
            }
            result.substituted
                = QStringLiteral("%1 + %2·%3 + (%4) / %5")
                      .arg(v("idle_w"), v("active_w"), formatNumber(physicalInputs().first().amount(w), 4),
                          energies.isEmpty() ? QStringLiteral("0") : energies.join(QStringLiteral(" + ")),
                          formatSeconds(w.seconds));
        } else {
            result.substituted = QStringLiteral("P(the launch's work over its predicted time)");
        }
    } else if (model.needsPtx()) {
        result.formula = QStringLiteral("P = exp(Σ_t f_t(x)), f_t the t-th tree's leaf at the launch's PTX features x");
        result.parameters = QStringLiteral("XGBoost's trees grown on %1 PTX features (%2)")
                                .arg(model.ptxProducer(gpu.id), model.features().join(QStringLiteral(", ")));
        result.substituted = QStringLiteral("P(the launch's PTX features)");
    } else if (form == QLatin1String("wnn")) {
        result.formula = QStringLiteral("P = s(Σ_j w_j·h_j), h_j = ψ((Σ_i w_ij·x_i − b_j) / a_j), ψ Morlet wavelet, "
                                        "s(x) = a·(1 − e^(−bx)) / (1 + e^(−bx))");
        result.substituted = QStringLiteral("WNN(Ã = %1, Sa = %2, |C| = %3, GPU type index = %4)")
                                 .arg(x, sa, formatNumber(point.lines, 6), v("type_index"));
    }
    if (result.formula.isEmpty()) {
        if (const ModelForm* fitted = modelFormByName(form))
            result.formula = fitted->formula();
        else
            result.formula = model.equation();
    }
    if (result.substituted.isEmpty())
        result.substituted = QStringLiteral("P(Sa = %1, x = %2)").arg(sa, x);
    result.prediction = model.predict(gpu, point);
    return result;
}

QString explanationHtml(const KernelEstimateReport& report, const PowerModel& model, const GpuSpec& gpu,
    std::optional<MemorySpace> slice, const EstimateSettings& settings)
{
    return explanation::ExplanationBuilder(report, model, gpu, slice, settings).build();
}

} // namespace slicewatt

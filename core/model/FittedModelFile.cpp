// SPDX-License-Identifier: GPL-3.0-or-later
#include "FittedModelFile.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace slicewatt {

QByteArray fittedModelFile(
    const ModelForm& form, const FitResult& fit, const QVector<ModelSample>& samples, const FitProvenance& provenance)
{
    const QStringList keys = form.parameterNames();
    QJsonObject parameters;
    QJsonObject standardErrors;
    for (int i = 0; i < keys.size(); ++i) {
        parameters.insert(keys[i], fit.parameters[i]);
        standardErrors.insert(keys[i], fit.standardErrors[i]);
    }
    double low = samples.isEmpty() ? 0 : samples.first().intensity;
    double high = low;
    for (const ModelSample& s : samples) {
        low = std::min(low, s.intensity);
        high = std::max(high, s.intensity);
    }
    QJsonObject source;
    source.insert(QStringLiteral("source"),
        QStringLiteral("calibration: least-squares fit (Levenberg-Marquardt) to measured power"));
    source.insert(QStringLiteral("data"), provenance.dataFile);
    source.insert(QStringLiteral("samples"), int(samples.size()));
    source.insert(QStringLiteral("gpu"), provenance.gpuId);
    source.insert(QStringLiteral("fitted"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    source.insert(QStringLiteral("tool"), provenance.tool);
    source.insert(QStringLiteral("form_origin"), form.origin());
    source.insert(QStringLiteral("rms_residual_w"), fit.rmsResidual);
    source.insert(QStringLiteral("max_relative_error"), fit.maxRelativeError);
    source.insert(QStringLiteral("standard_errors"), standardErrors);
    source.insert(QStringLiteral("iterations"), fit.iterations);
    source.insert(QStringLiteral("converged"), fit.converged);
    if (!provenance.measurement.isEmpty())
        source.insert(QStringLiteral("measurement"), provenance.measurement);
    QJsonArray residuals; // one row per sample, in the CSV's order
    for (int i = 0; i < samples.size() && i < fit.residuals.size(); ++i) {
        const ModelSample& s = samples[i];
        residuals.append(
            QJsonObject{{QStringLiteral("saturation"), s.saturation}, {QStringLiteral("intensity"), s.intensity},
                {QStringLiteral("measured_w"), s.watts}, {QStringLiteral("residual_w"), fit.residuals[i]}});
    }
    source.insert(QStringLiteral("residuals"), residuals);

    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("slicewatt-model/1"));
    root.insert(QStringLiteral("id"), provenance.modelId);
    root.insert(QStringLiteral("name"), QStringLiteral("%1 fitted to %2").arg(form.name(), provenance.dataFile));
    root.insert(QStringLiteral("form"), form.name());
    root.insert(QStringLiteral("equation"), form.formula());
    root.insert(QStringLiteral("unit"), QStringLiteral("W"));
    root.insert(QStringLiteral("provenance"), source);
    root.insert(QStringLiteral("intensity"),
        QJsonObject{{QStringLiteral("definition"),
                        form.intensityScale() == IntensityScale::Fraction ? QStringLiteral("fraction")
                                                                          : QStringLiteral("ratio")},
            {QStringLiteral("min"), low}, {QStringLiteral("max"), high}});
    root.insert(QStringLiteral("gpus"), QJsonObject{{provenance.gpuId, parameters}});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt

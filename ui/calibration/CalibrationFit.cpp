// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationFit.h"

#include <cmath>

namespace slicewatt {

double CalibrationFit::predictedW(int index) const
{
    if (!ok() || index < 0 || index >= samples.size())
        return std::nan("");
    return predictedW(samples[index].saturation, samples[index].intensity);
}

double CalibrationFit::predictedW(double saturation, double intensity) const
{
    if (!ok())
        return std::nan("");
    return form->evaluate(result.parameters, saturation, intensity);
}

CalibrationFit fitCalibration(const CalibrationData& data, const ModelForm& form)
{
    CalibrationFit fit;
    fit.form = &form;
    fit.samples = modelSamples(data, form);
    fit.result = fitModel(form, fit.samples);
    fit.fitted = true;
    return fit;
}

CalibrationFit unfittedCalibration(const CalibrationData& data, const ModelForm& form)
{
    CalibrationFit fit;
    fit.form = &form;
    fit.samples = modelSamples(data, form);
    return fit;
}

} // namespace slicewatt

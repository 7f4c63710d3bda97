// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplanationText.h"

#include "DisplayNumbers.h"
#include "model/ModelForm.h"

#include <QFileInfo>

#include <algorithm>

namespace slicewatt::explanation {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString parameterValue(double value)
{
    return formatNumber(value, 6);
}

ParameterLabel parameterLabel(const QString& form, const QString& key)
{
    if (const ModelForm* fitted = modelFormByName(form)) {
        for (const ModelParameter& parameter : fitted->parameters()) {
            if (parameter.key == key)
                return {parameter.symbol, parameter.unit};
        }
    }
    // The published JSW12 model and the network are not fittable forms (PowerModel reads
    // them directly), so their symbols live here.
    const QString watts = QStringLiteral("W");
    if (key == QLatin1String("c0") || key == QLatin1String("c1"))
        return {key, watts};
    if (key == QLatin1String("mu"))
        return {QStringLiteral("μ"), watts};
    if (key == QLatin1String("alpha"))
        return {QStringLiteral("α"), {}};
    if (key == QLatin1String("beta"))
        return {QStringLiteral("β"), {}};
    if (key == QLatin1String("sm_bench"))
        return {QStringLiteral("SM_bench"), {}};
    if (key == QLatin1String("type_index"))
        return {QStringLiteral("GPU type index"), {}};
    if (key == QLatin1String("idle_w"))
        return {QStringLiteral("P_idle"), watts};
    if (key == QLatin1String("active_w"))
        return {QStringLiteral("P_active"), watts};
    if (key.startsWith(QLatin1String("pj_"))) // the physical model's energies: e_fp32, e_dram_byte, …
        return {QStringLiteral("e_") + key.mid(3), QStringLiteral("pJ")};
    return {key, {}};
}

QString intensityName(const PowerModel& model)
{
    return model.usesFractionIntensity() ? QStringLiteral("fraction intensity x = #A / (#A + N_mem)")
                                         : QStringLiteral("intensity ratio Ã = #A / N_mem");
}

QString sliceSymbol(MemorySpace space)
{
    return QStringLiteral("P_") + memorySpaceName(space);
}

QString memberLines(const KernelIR& ir, const QVector<int>& members, const QString& kernelFile)
{
    QVector<std::pair<QString, int>> places;
    for (int member : members) {
        if (member < 0 || member >= ir.statements.size())
            continue;
        const SourceLocation& where = ir.statements[member].location;
        places.append({where.file, where.line});
    }
    std::sort(places.begin(), places.end(), [&](const auto& a, const auto& b) {
        const bool aHome = a.first == kernelFile;
        const bool bHome = b.first == kernelFile;
        if (aHome != bHome)
            return aHome;
        return a < b;
    });
    places.erase(std::unique(places.begin(), places.end()), places.end());
    QStringList parts;
    for (const auto& [file, line] : places)
        parts << (file == kernelFile ? QString::number(line)
                                     : QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(line));
    return parts.join(QStringLiteral(", "));
}

QString pathText(const KernelIR& ir, const QVector<ArmStep>& path)
{
    if (path.isEmpty())
        return QStringLiteral("outside every branch");
    QStringList steps;
    for (const ArmStep& step : path) {
        const bool known = step.branch >= 0 && step.branch < ir.statements.size();
        const int line = known ? ir.statements[step.branch].location.line : 0;
        QString arm;
        if (known && ir.statements[step.branch].kind == StatementKind::If)
            arm = step.arm == 0 ? QStringLiteral("then") : QStringLiteral("else");
        else
            arm = QStringLiteral("arm %1").arg(step.arm + 1);
        steps << QStringLiteral("line %1 %2").arg(line).arg(arm);
    }
    return steps.join(QStringLiteral(" › "));
}

QString citationHtml(const Citation& citation)
{
    return QStringLiteral("<li><b>%1</b>: %2 <i>(%3)</i></li>")
        .arg(esc(citation.key), esc(citation.text()), esc(citation.usedFor));
}

} // namespace slicewatt::explanation

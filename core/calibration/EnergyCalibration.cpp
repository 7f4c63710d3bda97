// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnergyCalibration.h"

#include "common/FileIo.h"
#include "model/EnergyModel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString watts(double w)
{
    return QString::number(w, 'f', 2) + QStringLiteral(" W");
}

EnergyClassResult classResult(
    int energyClass, const EnergyClassMeasurement* measurement, double baselineW, const EnergyCalibrationLimits& limits)
{
    EnergyClassResult result;
    result.energyClass = energyClass;
    if (!measurement) {
        result.problem = QStringLiteral("not measured");
        return result;
    }
    const EnergyClassMeasurement& m = *measurement;
    result.measured = true;
    result.measurement = m;
    if (!std::isfinite(m.powerW) || !std::isfinite(m.seconds) || !std::isfinite(m.instructions)) {
        result.problem = QStringLiteral("the measurement is not a number");
        return result;
    }
    if (!(m.seconds > 0) || !(m.instructions > 0)) {
        result.problem
            = QStringLiteral("the run executed nothing (%1 instructions in %2 s)").arg(m.instructions).arg(m.seconds);
        return result;
    }
    result.dynamicW = m.powerW - baselineW;
    result.instructionsPerSecond = m.instructions / m.seconds;
    result.totalNj = result.dynamicW * m.seconds / m.instructions * 1e9;
    if (result.dynamicW < 0) {
        // Not clamped to 0: a class cannot lower the power, so the run or the baseline is off
        // (clocks that dropped, a hotter or cooler board, a sensor that had not settled).
        result.problem = QStringLiteral("its power %1 is below the baseline %2, so its energy per instruction "
                                        "would be negative (%3 nJ); measure again with longer runs and steady clocks")
                             .arg(watts(m.powerW), watts(baselineW))
                             .arg(result.totalNj, 0, 'g', 3);
        return result;
    }
    if (result.totalNj > limits.maximumNj) {
        result.problem = QStringLiteral("%1 nJ per instruction is implausible (above %2 nJ): the executed "
                                        "instruction count or the run is wrong")
                             .arg(result.totalNj, 0, 'g', 4)
                             .arg(limits.maximumNj);
        return result;
    }
    result.usable = true;
    const double noiseW = std::max(limits.noiseW, limits.noiseFraction * baselineW);
    if (result.dynamicW < noiseW)
        result.problem = QStringLiteral("only %1 above the baseline, within the sensor's noise (%2): the value "
                                        "is uncertain")
                             .arg(watts(result.dynamicW), watts(noiseW));
    return result;
}

} // namespace

bool EnergyTable::usable() const
{
    return std::all_of(classes.cbegin(), classes.cend(), [](const EnergyClassResult& r) { return r.usable; });
}

QStringList EnergyTable::problems() const
{
    QStringList lines;
    for (const EnergyClassResult& r : classes) {
        if (!r.problem.isEmpty())
            lines << energyClassName(r.energyClass) + QStringLiteral(": ") + r.problem;
    }
    return lines;
}

EnergyTable energyTable(
    const QVector<EnergyClassMeasurement>& measurements, double baselineW, const EnergyCalibrationLimits& limits)
{
    EnergyTable table;
    table.baselineW = baselineW;
    for (int c = 0; c < kEnergyClassCount; ++c) {
        const EnergyClassMeasurement* found = nullptr;
        for (const EnergyClassMeasurement& m : measurements) {
            if (m.energyClass == c)
                found = &m; // a class measured twice: the later run counts
        }
        table.classes[size_t(c)] = classResult(c, found, baselineW, limits);
    }
    return table;
}

QString calibratedEnergyModelId(const QString& gpuId)
{
    return QStringLiteral("calibrated-") + gpuId;
}

QString calibratedEnergyModelFileName(const QString& gpuId)
{
    return QStringLiteral("energy-") + gpuId + QStringLiteral(".json");
}

QByteArray energyModelFile(const EnergyTable& table, const EnergyCalibrationSource& source)
{
    if (!table.usable())
        return {};
    const CalibrationGpuInfo& gpu = source.gpu;
    const EnergyBenchmark& grid = source.plan.baseline;

    QJsonObject classes;
    QJsonArray measurements;
    for (const EnergyClassResult& r : table.classes) {
        const QString name = energyClassName(r.energyClass);
        // NVML reads the whole board: the thesis's split over the slot and the auxiliary
        // connectors is unknown here, and null says so rather than a made-up share.
        classes.insert(name,
            QJsonObject{{QStringLiteral("total_nj"), r.totalNj}, {QStringLiteral("main_nj"), QJsonValue::Null},
                {QStringLiteral("supplementary_nj"), QJsonValue::Null}});
        QJsonObject measured{{QStringLiteral("class"), name}, {QStringLiteral("power_w"), r.measurement.powerW},
            {QStringLiteral("seconds"), r.measurement.seconds},
            {QStringLiteral("instructions"), r.measurement.instructions}, {QStringLiteral("dynamic_w"), r.dynamicW},
            {QStringLiteral("total_nj"), r.totalNj}, {QStringLiteral("power_source"), r.measurement.powerSource}};
        if (r.energyClass < source.plan.classes.size())
            measured.insert(
                QStringLiteral("statements"), source.plan.classes[r.energyClass].statements.join(QLatin1Char(' ')));
        if (!r.problem.isEmpty())
            measured.insert(QStringLiteral("warning"), r.problem);
        measurements.append(measured);
    }
    QJsonArray baselines;
    for (double w : source.baselineRunsW)
        baselines.append(w);

    const QString on = QStringLiteral("%1 (compute capability %2, %3 SMs), driver %4, CUDA runtime %5")
                           .arg(gpu.name, gpu.computeCapability)
                           .arg(gpu.sms)
                           .arg(gpu.nvml.driverVersion, gpu.cudaRuntime);
    const QJsonObject provenance{
        {QStringLiteral("source"),
            QStringLiteral("measured by %1 --energy-classes on %2, %3: the instruction-class microbenchmarks of a "
                           "2013 Aalto University master's thesis (METHOD.md section 9) on this GPU")
                .arg(source.tool, gpu.name, source.date)},
        {QStringLiteral("calibration_date"), source.date},
        {QStringLiteral("tool"), source.tool},
        {QStringLiteral("gpu_id"), gpu.id},
        {QStringLiteral("gpu_name"), gpu.name},
        {QStringLiteral("driver"), gpu.nvml.driverVersion},
        {QStringLiteral("cuda_runtime"), gpu.cudaRuntime},
        {QStringLiteral("compute_capability"), gpu.computeCapability},
        {QStringLiteral("pci_bus_id"), gpu.pciBusId},
        {QStringLiteral("method"),
            QStringLiteral("per class a kernel whose loop body is %1 statements of the class, on every SM "
                           "(%2 blocks x %3 threads), run %4 s; energy per instruction = (P_class - P_baseline) * t / "
                           "executed instructions of the class, P_baseline the same grid sleeping (no instruction "
                           "issued), the mean of its runs before and after the classes; power from NVML")
                .arg(kEnergyBenchmarkStatements)
                .arg(grid.blocks)
                .arg(grid.threadsPerBlock)
                .arg(source.runSeconds)},
        {QStringLiteral("supplies"),
            QStringLiteral("not measured: NVML reads the whole board, so the split over the PCIe slot (main) and "
                           "the auxiliary connectors (supplementary) is unknown and main_nj, supplementary_nj "
                           "are null")},
        {QStringLiteral("baseline_runs_w"), baselines},
        {QStringLiteral("measurements"), measurements},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(table.problems())},
    };
    const QJsonObject root{
        {QStringLiteral("format"), QLatin1String(EnergyModel::kFormat)},
        {QStringLiteral("id"), calibratedEnergyModelId(gpu.id)},
        {QStringLiteral("name"), QStringLiteral("Instruction-class energy (calibrated on %1)").arg(gpu.name)},
        {QStringLiteral("equation"),
            QStringLiteral("E = P_static * t + threads * sum over classes (executed instructions per thread * "
                           "e_class)")},
        {QStringLiteral("measured_on"), on + QStringLiteral(", whole-board power from NVML")},
        {QStringLiteral("architecture"), QStringLiteral("compute capability ") + gpu.computeCapability},
        {QStringLiteral("provenance"), provenance},
        {QStringLiteral("unit"), QStringLiteral("nJ per executed instruction (one thread's)")},
        {QStringLiteral("classes"), classes},
        {QStringLiteral("static_w"), table.baselineW},
        {QStringLiteral("static_source"),
            QStringLiteral("measured: the board's power with the benchmark grid resident on every SM and sleeping "
                           "(the active-state power the classes' energies are measured above)")},
        {QStringLiteral("transfer_source"),
            QStringLiteral("not measured by the energy-class calibration: no transfer_w, so the copy term is "
                           "not shown")},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool writeEnergyModelFile(
    const QString& path, const EnergyTable& table, const EnergyCalibrationSource& source, QString* error)
{
    if (!table.usable()) {
        *error = QStringLiteral("no energy model written: not every class has a usable value\n")
            + table.problems().join(QLatin1Char('\n'));
        return false;
    }
    return writeFileAtomically(path, energyModelFile(table, source), error);
}

} // namespace slicewatt

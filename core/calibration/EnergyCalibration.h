// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationRunner.h"
#include "EnergyBenchmarkPlan.h"
#include "ir/InstructionClass.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include <array>

namespace slicewatt {

// What one class benchmark's run measured.
struct EnergyClassMeasurement {
    int energyClass = 0;
    double powerW = 0; // mean board power while it ran
    double seconds = 0; // how long it ran
    double instructions = 0; // executed instructions of the class, all threads together
    QString powerSource; // "energy-counter" or "settled-trace" (RunPower::wattsSource)
};

// One class's energy per instruction, as the thesis computed it: the power the class adds to
// the baseline, times the run's duration, over the instructions executed.
struct EnergyClassResult {
    int energyClass = 0;
    bool measured = false;
    EnergyClassMeasurement measurement;
    double dynamicW = 0; // P_class − P_baseline
    double instructionsPerSecond = 0;
    double totalNj = 0; // (P_class − P_baseline) · t / instructions, negative when the difference is
    bool usable = false; // totalNj may go into a model file
    QString problem; // why it is not usable; or, when usable, what makes it uncertain
};

struct EnergyCalibrationLimits {
    // A class adding less than this, or less than `noiseFraction` of the baseline, is within
    // the board sensor's run-to-run noise: its value is kept but flagged as uncertain.
    double noiseW = 1.0;
    double noiseFraction = 0.01;
    // More than this per instruction is not an instruction's energy (the thesis's largest,
    // global memory on Fermi, is 17.95 nJ): the instruction count or the run is wrong.
    double maximumNj = 1000;
};

// Every class's result against one baseline power.
struct EnergyTable {
    double baselineW = 0;
    std::array<EnergyClassResult, kEnergyClassCount> classes{};

    bool usable() const; // every class has a value a model file can hold
    QStringList problems() const; // "CLASS: problem" per flagged class, unusable ones and uncertain ones
};

// Energy per instruction for each class from its measurement and the baseline power (the
// same grid doing nothing). Never clamps: a negative difference, a class without a
// measurement, a run without instructions or time, or an implausibly large value leaves the
// class unusable with the reason in words.
EnergyTable energyTable(
    const QVector<EnergyClassMeasurement>& measurements, double baselineW, const EnergyCalibrationLimits& limits = {});

// Where the numbers came from, for the model file's provenance.
struct EnergyCalibrationSource {
    CalibrationGpuInfo gpu;
    QString date; // ISO 8601, UTC
    QString tool; // "slicewatt-calibrate 0.1.0"
    EnergyBenchmarkPlan plan;
    double runSeconds = 0; // each class's run
    QVector<double> baselineRunsW; // each baseline run (before and after the classes); the table used their mean
};

// "calibrated-GPU" and "energy-GPU.json" for the GPU id `gpuId` (calibrationGpuId()).
QString calibratedEnergyModelId(const QString& gpuId);
QString calibratedEnergyModelFileName(const QString& gpuId);

// A complete "slicewatt-energy-model/1" file for a usable table: total_nj per class (the
// main/supplementary split is not measured: null), static_w = the baseline power, no
// transfer_w (copies are not measured, so the copy term is not shown), and a provenance
// naming the date, GPU, driver, method and every class's measurement. Empty when the table
// is not usable.
QByteArray energyModelFile(const EnergyTable& table, const EnergyCalibrationSource& source);

// energyModelFile written atomically to `path`. False with `error` when the table is not
// usable (its problems, one per line) or the file cannot be written.
bool writeEnergyModelFile(
    const QString& path, const EnergyTable& table, const EnergyCalibrationSource& source, QString* error);

} // namespace slicewatt

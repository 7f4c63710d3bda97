// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// The instruction-class microbenchmarks of slicewatt-calibrate --energy-classes (METHOD §9,
// after the Aalto thesis): per energy class a kernel whose loop body is 500 statements of
// that class, and one do-nothing kernel of the same loop and grid whose power is the
// baseline. app/calibrate/ClassBenchmarks.cu holds the kernels; this is what they execute,
// so the executed instructions can be counted without reading the GPU's counters.
constexpr int kEnergyBenchmarkStatements = 500; // per loop iteration, as in the thesis
constexpr int kBaselineEnergyBenchmark = -1;

struct EnergyBenchmark {
    int energyClass = kBaselineEnergyBenchmark; // 0..13 (ir/InstructionClass.h), or the baseline
    QString name; // energyClassName(), or "baseline"
    // The loop body's repeated pair of statements, as ClassBenchmarks.cu writes them, and the
    // type of their values (`unsigned`, `float`, `double`).
    QStringList statements;
    QString valueType;
    QString note; // why these statements, in words
    int statementsPerIteration = kEnergyBenchmarkStatements; // 0 for the baseline
    // Operations of the class per statement, as SliceWatt counts them (test_calibration
    // checks it with the analysis itself): executed instructions = statements × this.
    int operationsPerStatement = 1;
    int blocks = 0;
    int threadsPerBlock = 0;

    double gridThreads() const { return double(blocks) * double(threadsPerBlock); }
    bool isBaseline() const { return energyClass == kBaselineEnergyBenchmark; }
};

struct EnergyBenchmarkPlanOptions {
    int threadsPerBlock = 256;
    // Each class's measured run, s. The thesis ran 10 minutes per class after a minute of
    // warm-up with a slow power-supply logger; NVML's energy counter (or the settled,
    // lag-corrected trace) needs far less.
    double runSeconds = 10;
    double warmupSeconds = 30; // the first benchmark before anything is measured: clocks, temperature
    double launchSeconds = 0.05; // one launch, well below a display GPU's watchdog
};

struct EnergyBenchmarkPlan {
    EnergyBenchmark baseline;
    QVector<EnergyBenchmark> classes; // the 14 energy classes, in class order
};

// The plan for a GPU with `smCount` SMs holding `maxThreadsPerSm` threads each: every kernel
// on the same grid, enough blocks of `threadsPerBlock` threads to fill every SM, as the
// thesis's benchmarks kept the whole GPU busy. Empty `classes` with `error` in words when the
// GPU or the options cannot give one (no SMs, a block larger than the GPU allows, a run
// shorter than 0.1 s or a launch longer than a tenth of the run).
EnergyBenchmarkPlan energyBenchmarkPlan(const EnergyBenchmarkPlanOptions& options, int smCount, int maxThreadsPerSm,
    int maxThreadsPerBlock, QString* error);

} // namespace slicewatt

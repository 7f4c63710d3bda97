// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The instruction-class microbenchmarks of slicewatt-calibrate --energy-classes (METHOD §9):
// one kernel per energy class whose loop body is 500 statements of that class, and the
// do-nothing kernel of the same loop and grid whose power is subtracted. Plain C++ (no Qt,
// no CUDA types), as CudaSliceRunner.h, so only the .cu file needs nvcc.

#include <cstddef>
#include <memory>
#include <string>

namespace slicewatt::calibrate {

// Statements in one loop iteration of every class kernel. The core plan
// (calibration/EnergyBenchmarkPlan.h) says the same; main.cpp checks that they agree.
constexpr int kClassBenchmarkStatements = 500;
constexpr int kClassBenchmarkCount = 14; // energy classes 0..13, as ir/InstructionClass.h numbers them
constexpr int kBaselineBenchmark = -1; // the do-nothing kernel

// What one run executed: `launches` launches of `iterationsPerLaunch` loop iterations on every
// thread of the grid, so `threadStatements` = launches × iterations × threads × 500 (0 for
// the baseline, which executes none).
struct ClassBenchmarkRun {
    long long launches = 0;
    unsigned iterationsPerLaunch = 0;
    double threadStatements = 0;
};

class ClassBenchmarkRunner {
public:
    // nullptr with `error` when there is no CUDA device `device`.
    static std::unique_ptr<ClassBenchmarkRunner> open(int device, std::string* error);
    ~ClassBenchmarkRunner();
    ClassBenchmarkRunner(const ClassBenchmarkRunner&) = delete;
    ClassBenchmarkRunner& operator=(const ClassBenchmarkRunner&) = delete;

    // Readies benchmark `energyClass` (0..13, or kBaselineBenchmark) for `blocks` ×
    // `threadsPerBlock` threads: lays out the global-memory chain for this grid, and finds
    // with timed launches the iteration count that makes one launch last about
    // `launchSeconds` (short enough for a display GPU's watchdog). Those launches run
    // outside any measured window and warm the kernel up. False with `error` on any CUDA
    // failure.
    bool prepare(int energyClass, int blocks, int threadsPerBlock, double launchSeconds, std::string* error);
    // Launches the prepared benchmark back to back until at least `seconds` have passed on
    // the host clock, waiting for each launch, and says what was executed.
    bool run(int energyClass, int blocks, int threadsPerBlock, double seconds, ClassBenchmarkRun* result,
        std::string* error);

private:
    ClassBenchmarkRunner() = default;
    bool prepareChain(unsigned gridThreads, std::string* error);
    bool launch(int energyClass, int blocks, int threadsPerBlock, unsigned iterations, std::string* error);

    int m_maxThreadsPerBlock = 0;
    size_t m_l2Bytes = 0;
    void* m_out = nullptr; // where a thread would write its result (never, in practice)
    unsigned* m_chain = nullptr; // the global-memory benchmark's pointer chain
    unsigned long long m_chainElements = 0; // allocated
    unsigned long long m_chainUsed = 0; // laid out: whole grids
    unsigned m_chainStride = 0; // the grid size the chain was laid out for
    int m_preparedClass = -2; // the benchmark and grid m_iterations was found for
    int m_preparedBlocks = 0;
    int m_preparedThreads = 0;
    unsigned m_iterations = 0;
};

} // namespace slicewatt::calibrate

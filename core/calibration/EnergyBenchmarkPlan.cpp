// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnergyBenchmarkPlan.h"

#include "ir/InstructionClass.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

struct ClassBody {
    const char* valueType;
    const char* first;
    const char* second;
    const char* note;
};

// Indexed by energy class, as ClassBenchmarks.cu's kernels run them.
const ClassBody kBodies[kEnergyClassCount] = {
    {"unsigned", "x += y;", "y += x;", "Fibonacci modulo 2^32: every sum is used twice, so none can be merged"},
    {"unsigned", "x = k / x;", "y = k / y;", "k = 2^32 - 1: x alternates between 3 and k / 3, never zero"},
    {"unsigned", "x = __dp4a(x, k, x);", "y = __dp4a(y, k, y);",
        "an intrinsic on integer arguments outside the arithmetic, division and bit lists (integer SFU): the byte "
        "dot product, k = 0x01010101, so x grows by the sum of its bytes"},
    {"unsigned", "x = __funnelshift_l(x, x, k);", "y = __funnelshift_l(y, y, k);", "a rotation by k = 7"},
    {"float", "x += y;", "y -= x;", "(x, y) -> (x + y, -x): a rotation of period 6, bounded, not foldable"},
    {"float", "x = k / x;", "y = k / y;", "k = 3: x alternates between two values, never zero or infinite"},
    {"float", "x = __sinf(x);", "y = __sinf(y);", "the special-function unit's sine"},
    {"float", "x = x < k;", "y = y < k;", "a float comparison (the bool result's conversion is a cast); k = 0.5"},
    {"double", "x += y;", "y -= x;", "(x, y) -> (x + y, -x): a rotation of period 6, bounded, not foldable"},
    {"double", "x = k / x;", "y = k / y;", "k = 3: x alternates between two values, never zero or infinite"},
    {"double", "x = sqrt(x);", "y = sqrt(y);",
        "double precision has no approximate sine; its square root is one PTX instruction on the SFU's "
        "reciprocal square root"},
    {"double", "x = x < k;", "y = y < k;", "a double comparison (the bool result's conversion is a cast); k = 0.5"},
    {"unsigned", "p = chain[p];", "q = chain[q];",
        "a pointer chase through a buffer of at least 8 times the L2 cache, one coalesced load per warp and "
        "statement, each reaching DRAM"},
    {"unsigned", "p = tile[p];", "q = tile[q];",
        "a pointer chase through a __shared__ array, each step to the next word of the same bank (no conflicts)"},
};

} // namespace

EnergyBenchmarkPlan energyBenchmarkPlan(
    const EnergyBenchmarkPlanOptions& options, int smCount, int maxThreadsPerSm, int maxThreadsPerBlock, QString* error)
{
    EnergyBenchmarkPlan plan;
    if (smCount <= 0 || maxThreadsPerSm <= 0 || maxThreadsPerBlock <= 0) {
        *error = QStringLiteral("the GPU reports no SMs or no threads per SM");
        return plan;
    }
    if (options.threadsPerBlock <= 0 || options.threadsPerBlock % 32 != 0
        || options.threadsPerBlock > maxThreadsPerBlock || options.threadsPerBlock > maxThreadsPerSm) {
        *error = QStringLiteral("%1 threads per block: give a multiple of 32 up to %2")
                     .arg(options.threadsPerBlock)
                     .arg(std::min(maxThreadsPerBlock, maxThreadsPerSm));
        return plan;
    }
    // slicewatt-calibrate asks for 1 s or more; shorter runs are for the simulated GPU of the tests.
    if (!(options.runSeconds >= 0.1) || !std::isfinite(options.runSeconds)) {
        *error = QStringLiteral("each class must run at least 0.1 s, not %1 s").arg(options.runSeconds);
        return plan;
    }
    if (!(options.launchSeconds > 0) || options.launchSeconds > options.runSeconds / 10) {
        *error = QStringLiteral("a launch of %1 s is not well inside a run of %2 s")
                     .arg(options.launchSeconds)
                     .arg(options.runSeconds);
        return plan;
    }
    if (!(options.warmupSeconds >= 0)) {
        *error = QStringLiteral("the warm-up cannot be negative");
        return plan;
    }

    // Every SM full: the blocks the SM can hold by threads, on every SM (registers or shared
    // memory may hold fewer; the rest then wait their turn, which only lengthens a launch).
    const int blocks = smCount * std::max(1, maxThreadsPerSm / options.threadsPerBlock);
    plan.baseline.name = QStringLiteral("baseline");
    plan.baseline.statementsPerIteration = 0;
    plan.baseline.operationsPerStatement = 0;
    plan.baseline.note = QStringLiteral("the same loop and grid, every iteration a __nanosleep: every block resident, "
                                        "no instruction of any class issued");
    plan.baseline.blocks = blocks;
    plan.baseline.threadsPerBlock = options.threadsPerBlock;
    for (int c = 0; c < kEnergyClassCount; ++c) {
        EnergyBenchmark benchmark;
        benchmark.energyClass = c;
        benchmark.name = energyClassName(c);
        benchmark.valueType = QLatin1String(kBodies[c].valueType);
        benchmark.statements = {QLatin1String(kBodies[c].first), QLatin1String(kBodies[c].second)};
        benchmark.note = QLatin1String(kBodies[c].note);
        benchmark.blocks = blocks;
        benchmark.threadsPerBlock = options.threadsPerBlock;
        plan.classes.append(benchmark);
    }
    return plan;
}

} // namespace slicewatt

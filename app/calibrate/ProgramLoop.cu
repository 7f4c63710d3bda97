// SPDX-License-Identifier: GPL-3.0-or-later
// Turns a CUDA program into a validation workload: the program is compiled with
// -Dmain=slicewatt_program_main and linked with this file, which calls its main once to warm
// up (context, module load), then again and again for SLICEWATT_LOOP_SECONDS (default 2 s),
// and reports the loop's window on stderr for slicewatt-calibrate --measure-program:
//   slicewatt-loop: START END ITERATIONS   (seconds of CLOCK_MONOTONIC)
// Then it keeps its CUDA context open with nothing running for SLICEWATT_CONTEXT_IDLE_SECONDS
// (default 1 s), what the board draws between kernels, and reports that window:
//   slicewatt-context-idle: START END
// Built with -DSLICEWATT_CUPTI (and -lcupti), it also reports how long kernels kept the GPU
// busy inside the loop (the union of their CUPTI activity intervals, concurrent kernels
// counted once) and how many ran:
//   slicewatt-kernels: BUSY_SECONDS LAUNCHES
// A program whose kernels fill a sliver of each iteration draws near the idle power on
// average, whatever its kernels draw: the validation needs that share to compare.

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>
#include <utility>
#include <vector>

#ifdef SLICEWATT_CUPTI
#include <cupti.h>
#endif

// Programs declare main either way; whichever the program defined is non-null.
__attribute__((weak)) int slicewatt_program_main(int argc, char** argv);
__attribute__((weak)) int slicewatt_program_main();

namespace {

double monotonicSeconds()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

int callProgram(int argc, char** argv)
{
    int (*withArguments)(int, char**) = &slicewatt_program_main;
    int (*withoutArguments)() = &slicewatt_program_main;
    if (withArguments)
        return withArguments(argc, argv);
    if (withoutArguments)
        return withoutArguments();
    fprintf(stderr, "slicewatt-loop: the program defines no main\n");
    return 70;
}

#ifdef SLICEWATT_CUPTI
// Kernel start and end times (ns, CUPTI's clock) from CUPTI's activity buffers. CUPTI calls
// the completion callback on its own thread or inside cuptiActivityFlushAll; the loop does not
// read the list until after the flush.
std::vector<std::pair<uint64_t, uint64_t>> g_kernelIntervals;

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxRecords)
{
    constexpr size_t kBytes = 8 << 20;
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBytes));
    *size = *buffer ? kBytes : 0;
    *maxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t validSize)
{
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
            const auto* kernel = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            g_kernelIntervals.emplace_back(kernel->start, kernel->end);
        }
    }
    std::free(buffer);
}

// Seconds in [from, to] covered by at least one kernel.
double busySeconds(std::vector<std::pair<uint64_t, uint64_t>> intervals, uint64_t from, uint64_t to)
{
    std::sort(intervals.begin(), intervals.end());
    uint64_t busy = 0;
    uint64_t reached = from;
    for (auto [start, end] : intervals) {
        start = std::max(start, reached);
        end = std::min(end, to);
        if (end > start) {
            busy += end - start;
            reached = end;
        }
    }
    return double(busy) * 1e-9;
}
#endif

} // namespace

int main(int argc, char** argv)
{
    const char* setting = std::getenv("SLICEWATT_LOOP_SECONDS");
    const double seconds = setting ? std::atof(setting) : 2.0;
    int status = callProgram(argc, argv);
    if (status != 0)
        return status;
    cudaDeviceSynchronize();
#ifdef SLICEWATT_CUPTI
    const bool timeline = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted) == CUPTI_SUCCESS
        && cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) == CUPTI_SUCCESS;
    uint64_t loopStartNs = 0;
    cuptiGetTimestamp(&loopStartNs);
#endif
    const double start = monotonicSeconds();
    int iterations = 0;
    do {
        status = callProgram(argc, argv);
        ++iterations;
        if (status != 0)
            return status;
    } while (monotonicSeconds() - start < seconds);
    cudaDeviceSynchronize();
    const double end = monotonicSeconds();
#ifdef SLICEWATT_CUPTI
    uint64_t loopEndNs = 0;
    cuptiGetTimestamp(&loopEndNs);
    if (timeline && cuptiActivityFlushAll(1) == CUPTI_SUCCESS) {
        cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        fprintf(stderr, "slicewatt-kernels: %.6f %zu\n", busySeconds(g_kernelIntervals, loopStartNs, loopEndNs),
            g_kernelIntervals.size());
    } else {
        fprintf(stderr, "slicewatt-kernels: none (CUPTI gave no kernel timeline)\n");
    }
#endif
    fprintf(stderr, "slicewatt-loop: %.6f %.6f %d\n", start, end, iterations);

    const char* idleSetting = std::getenv("SLICEWATT_CONTEXT_IDLE_SECONDS");
    const double idleSeconds = idleSetting ? std::atof(idleSetting) : 1.0;
    if (idleSeconds > 0) {
        const double idleStart = monotonicSeconds();
        std::this_thread::sleep_for(std::chrono::duration<double>(idleSeconds));
        fprintf(stderr, "slicewatt-context-idle: %.6f %.6f\n", idleStart, monotonicSeconds());
    }
    return 0;
}

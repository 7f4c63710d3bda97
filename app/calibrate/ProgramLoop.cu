// SPDX-License-Identifier: GPL-3.0-or-later
// Turns a CUDA program into a validation workload: the program is compiled with
// -Dmain=slicewatt_program_main and linked with this file, which calls its main once to warm
// up (context, module load), then again and again for SLICEWATT_LOOP_SECONDS (default 2 s),
// and reports the loop's window on stderr for slicewatt-calibrate --measure-program:
//   slicewatt-loop: START END ITERATIONS   (seconds of CLOCK_MONOTONIC)

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>

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

} // namespace

int main(int argc, char** argv)
{
    const char* setting = std::getenv("SLICEWATT_LOOP_SECONDS");
    const double seconds = setting ? std::atof(setting) : 2.0;
    int status = callProgram(argc, argv);
    if (status != 0)
        return status;
    cudaDeviceSynchronize();
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
    fprintf(stderr, "slicewatt-loop: %.6f %.6f %d\n", start, end, iterations);
    return 0;
}

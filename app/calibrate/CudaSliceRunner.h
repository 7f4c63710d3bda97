// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The CUDA side of slicewatt-calibrate. Plain C++ (no Qt, no CUDA types) so nvcc compiles
// only the .cu file and the rest of the tool is ordinary C++.

#include <memory>
#include <string>

namespace slicewatt::calibrate {

struct CudaDeviceDescription {
    std::string name;
    std::string pciBusId; // "0000:65:00.0": matches the GPU in NVML
    std::string computeCapability; // "9.0"
    std::string runtimeVersion; // "13.0"
    int sms = 0;
    int maxThreadsPerBlock = 0;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 0;
    int sharedMemoryPerSmBytes = 0;
};

// CUDA's description of device `device`, with no memory allocated (a validation run only
// needs to find the GPU in NVML). False with `error` when there is no such device.
bool describeCudaDevice(int device, CudaDeviceDescription* description, std::string* error);

// Owns the device buffers and launches the simulated slice kernels (SimulatedSlices.cuh).
class CudaSliceRunner {
public:
    // nullptr with `error` when there is no usable CUDA device `device` or memory is short.
    static std::unique_ptr<CudaSliceRunner> open(int device, std::string* error);
    ~CudaSliceRunner();
    CudaSliceRunner(const CudaSliceRunner&) = delete;
    CudaSliceRunner& operator=(const CudaSliceRunner&) = delete;

    const CudaDeviceDescription& device() const { return m_device; }
    // Launches the kernel for `arithPerAccess` on `blocks` × `threadsPerBlock` threads back to
    // back until at least `seconds` have passed on the host clock, then waits for the GPU.
    // Every launch reads a fresh part of the buffer, so the accesses reach DRAM rather than
    // the L2 cache.
    bool run(int arithPerAccess, int blocks, int threadsPerBlock, double seconds, std::string* error);

private:
    CudaSliceRunner() = default;

    CudaDeviceDescription m_device;
    float* m_in = nullptr;
    float* m_out = nullptr;
    unsigned long long m_strideElements = 0; // one access region; the buffers hold 16 of them
    unsigned long long m_offset = 0;
};

} // namespace slicewatt::calibrate

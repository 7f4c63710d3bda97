// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaSliceRunner.h"

#include "SimulatedSlices.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace slicewatt::calibrate {
namespace {

constexpr int kAccesses = kSimulatedSliceAccessCount; // from the generated kernels
constexpr unsigned long long kMaxStrideElements = 8ull << 20; // 32 MiB per access region
constexpr int kLaunchesPerBatch = 32;

bool check(cudaError_t status, const char* what, std::string* error)
{
    if (status == cudaSuccess)
        return true;
    *error = std::string(what) + ": " + cudaGetErrorString(status);
    return false;
}

SimulatedSliceKernel kernelFor(int arithPerAccess)
{
    for (const SimulatedSliceEntry& entry : kSimulatedSlices) {
        if (entry.arithPerAccess == arithPerAccess)
            return entry.kernel;
    }
    return nullptr;
}

} // namespace

bool describeCudaDevice(int device, CudaDeviceDescription* description, std::string* error)
{
    int count = 0;
    if (!check(cudaGetDeviceCount(&count), "no CUDA device", error))
        return false;
    if (device < 0 || device >= count) {
        *error = "there is no CUDA device " + std::to_string(device) + " (" + std::to_string(count) + " found)";
        return false;
    }
    cudaDeviceProp prop{};
    if (!check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties", error))
        return false;
    CudaDeviceDescription& d = *description;
    d.name = prop.name;
    char busId[32] = {};
    if (!check(cudaDeviceGetPCIBusId(busId, sizeof busId, device), "cudaDeviceGetPCIBusId", error))
        return false;
    d.pciBusId = busId;
    d.computeCapability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    d.runtimeVersion = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
    d.sms = prop.multiProcessorCount;
    d.maxThreadsPerBlock = prop.maxThreadsPerBlock;
    d.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
    d.maxBlocksPerSm = prop.maxBlocksPerMultiProcessor;
    d.registersPerSm = prop.regsPerMultiprocessor;
    d.sharedMemoryPerSmBytes = int(prop.sharedMemPerMultiprocessor);
    return true;
}

std::unique_ptr<CudaSliceRunner> CudaSliceRunner::open(int device, std::string* error)
{
    std::unique_ptr<CudaSliceRunner> runner(new CudaSliceRunner);
    if (!describeCudaDevice(device, &runner->m_device, error)
        || !check(cudaSetDevice(device), "cudaSetDevice", error))
        return nullptr;
    const CudaDeviceDescription& d = runner->m_device;

    // Each access region must hold one launch (SMs × threads) and, better, many, so
    // successive launches move through memory; at most a quarter of free memory is used.
    size_t freeBytes = 0, totalBytes = 0;
    if (!check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo", error))
        return nullptr;
    const unsigned long long oneLaunch = (unsigned long long)d.sms * (unsigned long long)d.maxThreadsPerBlock;
    const unsigned long long affordable = freeBytes / 4 / (2 * kAccesses * sizeof(float));
    runner->m_strideElements = std::min(kMaxStrideElements, affordable);
    if (runner->m_strideElements < oneLaunch) {
        *error = "not enough free GPU memory for the calibration buffers";
        return nullptr;
    }
    const size_t bytes = size_t(runner->m_strideElements) * kAccesses * sizeof(float);
    if (!check(cudaMalloc(&runner->m_in, bytes), "cudaMalloc", error)
        || !check(cudaMalloc(&runner->m_out, bytes), "cudaMalloc", error)
        || !check(cudaMemset(runner->m_in, 0, bytes), "cudaMemset", error))
        return nullptr;
    return runner;
}

CudaSliceRunner::~CudaSliceRunner()
{
    cudaFree(m_in);
    cudaFree(m_out);
}

bool CudaSliceRunner::run(int arithPerAccess, int blocks, int threadsPerBlock, double seconds, std::string* error)
{
    const SimulatedSliceKernel kernel = kernelFor(arithPerAccess);
    if (!kernel) {
        *error = "no simulated slice kernel with " + std::to_string(arithPerAccess) + " operations per access";
        return false;
    }
    const unsigned long long perLaunch = (unsigned long long)blocks * (unsigned long long)threadsPerBlock;
    if (blocks <= 0 || threadsPerBlock <= 0 || threadsPerBlock > m_device.maxThreadsPerBlock
        || perLaunch > m_strideElements) {
        *error = "launch configuration out of range";
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    do {
        for (int i = 0; i < kLaunchesPerBatch; ++i) {
            if (m_offset + perLaunch > m_strideElements)
                m_offset = 0;
            kernel<<<blocks, threadsPerBlock>>>(m_in, m_out, unsigned(m_offset), unsigned(m_strideElements), 1.0001f,
                0.5f);
            m_offset += perLaunch;
        }
        if (!check(cudaGetLastError(), "kernel launch", error))
            return false;
        // Waiting each batch keeps the host's clock honest about when the GPU finished.
        if (!check(cudaDeviceSynchronize(), "kernel", error))
            return false;
    } while (elapsed() < seconds);
    return true;
}

} // namespace slicewatt::calibrate

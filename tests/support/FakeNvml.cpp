// SPDX-License-Identifier: GPL-3.0-or-later
// A stand-in for libnvidia-ml.so.1 that answers as one GPU the catalogue lacks would: an
// NVIDIA RTX A6000 (compute capability 8.6, 84 SMs of 128 FP32 lanes, 2100 MHz maximum SM
// clock, a 384-bit bus at 8001 MHz NVML memory clock = 768 GB/s, 48 GB, 300 W default limit,
// as NVIDIA's RTX A6000 data sheet gives them), so the test suites exercise what the product
// does on a machine with a GPU it does not know (SLICEWATT_NVML_LIBRARY, LocalGpu.h). Only the
// functions SliceWatt resolves exist; the signatures are nvml.h's.
#include <cstring>

namespace {
int g_device = 0; // the one device's handle points here
}

extern "C" {

using nvmlReturn_t = int;
using nvmlDevice_t = void*;
struct nvmlMemory_t {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

__attribute__((visibility("default"))) nvmlReturn_t nvmlInit_v2()
{
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlShutdown()
{
    return 0;
}
__attribute__((visibility("default"))) const char* nvmlErrorString(nvmlReturn_t)
{
    return "fake NVML error";
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char*, nvmlDevice_t* d)
{
    *d = &g_device;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned index, nvmlDevice_t* d)
{
    if (index != 0)
        return 2; // NVML_ERROR_INVALID_ARGUMENT
    *d = &g_device;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t, unsigned* milliwatts)
{
    *milliwatts = 24000;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t, char* name, unsigned length)
{
    std::strncpy(name, "NVIDIA RTX A6000", length - 1);
    name[length - 1] = 0;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlSystemGetDriverVersion(char* version, unsigned length)
{
    std::strncpy(version, "550.0-fake", length - 1);
    version[length - 1] = 0;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetMaxClockInfo(
    nvmlDevice_t, unsigned type, unsigned* mhz)
{
    *mhz = type == 1 ? 2100 : 8001; // NVML_CLOCK_SM, NVML_CLOCK_MEM
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t, unsigned* mw)
{
    *mw = 300000;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetPowerManagementDefaultLimit(nvmlDevice_t, unsigned* mw)
{
    *mw = 300000;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetCudaComputeCapability(
    nvmlDevice_t, int* major, int* minor)
{
    *major = 8;
    *minor = 6;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetNumGpuCores(nvmlDevice_t, unsigned* cores)
{
    *cores = 10752;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetMemoryBusWidth(nvmlDevice_t, unsigned* bits)
{
    *bits = 384;
    return 0;
}
__attribute__((visibility("default"))) nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t, nvmlMemory_t* memory)
{
    memory->total = 51527024640ULL;
    memory->free = memory->total;
    memory->used = 0;
    return 0;
}

} // extern "C"

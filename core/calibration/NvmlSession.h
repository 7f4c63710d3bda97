// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLibrary>
#include <QString>

#include <memory>
#include <optional>

namespace slicewatt {

// What NVML says about a GPU, for the calibration's metadata.
struct NvmlDeviceInfo {
    QString name;
    QString driverVersion;
    std::optional<int> smClockMhz; // current SM clock
    std::optional<int> maxSmClockMhz;
    std::optional<int> memoryClockMhz;
    std::optional<double> powerLimitW; // the enforced board power limit
    // What describes a GPU the catalogue lacks (NvmlGpuSpec.h); each absent where the driver
    // has no answer.
    QString computeCapability; // "8.6"
    std::optional<int> cudaCores; // FP32 lanes of the whole GPU (nvmlDeviceGetNumGpuCores, R520+)
    std::optional<int> maxMemoryClockMhz; // half the memory's data rate per pin, as NVML counts it
    std::optional<int> memoryBusWidthBits;
    std::optional<double> memoryTotalBytes;
    std::optional<double> defaultPowerLimitW; // the board's default limit, whatever is enforced now
    bool hasInstantPower = false; // NVML_FI_DEV_POWER_INSTANT answers
    bool hasEnergyCounter = false; // nvmlDeviceGetTotalEnergyConsumption answers (Volta+)
};

// One reading of the board's sensors.
struct NvmlPowerReading {
    double powerW = 0; // the instant field where the driver has it, else nvmlDeviceGetPowerUsage
    std::optional<double> energyJ; // the cumulative energy counter
};

// NVML, loaded at run time (libnvidia-ml.so.1 comes with the driver, not the toolkit, so
// nothing at build time needs it) and initialised for the session's lifetime. Every call
// that fails says why in words. Not thread-safe across sessions; one sampler thread may
// call read() while the main thread launches kernels (NVML itself is thread-safe).
class NvmlSession {
public:
    // nullptr with `error` when the library is missing or nvmlInit fails. `library` is a name
    // ("nvidia-ml": libnvidia-ml.so.1) or, with a '/', the library file itself.
    static std::unique_ptr<NvmlSession> open(QString* error, const QString& library = QStringLiteral("nvidia-ml"));
    ~NvmlSession();
    NvmlSession(const NvmlSession&) = delete;
    NvmlSession& operator=(const NvmlSession&) = delete;

    // Selects the GPU with this PCI bus id ("0000:65:00.0", as cudaDeviceGetPCIBusId gives
    // it): CUDA's and NVML's device orders may differ, the bus id does not.
    bool selectByPciBusId(const QString& busId, QString* error);
    // Selects the first GPU NVML lists (the machine's GPU, for a first run's default).
    bool selectFirst(QString* error);
    NvmlDeviceInfo deviceInfo() const;
    // nullopt (with `error`) when the power cannot be read.
    std::optional<NvmlPowerReading> read(QString* error) const;

private:
    struct Api;
    NvmlSession();
    QString describe(int status) const;

    QLibrary m_library;
    std::unique_ptr<Api> m_api;
    void* m_device = nullptr; // nvmlDevice_t
    bool m_instantPower = false;
    bool m_energyCounter = false;
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "NvmlSession.h"

#include <type_traits>

namespace slicewatt {
namespace {

// The few NVML declarations used, as nvml.h has them (the ABI is stable across drivers).
using NvmlReturn = int;
using NvmlDevice = void*;
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr unsigned kClockSm = 1;
constexpr unsigned kClockMemory = 2;
constexpr unsigned kFieldPowerInstant = 186; // NVML_FI_DEV_POWER_INSTANT, mW

enum NvmlValueType {
    kDouble = 0,
    kUnsignedInt = 1,
    kUnsignedLong = 2,
    kUnsignedLongLong = 3,
    kSignedLongLong = 4,
    kSignedInt = 5
};

union NvmlValue {
    double dVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    long long sllVal;
    int siVal;
    unsigned short usVal;
};

struct NvmlFieldValue {
    unsigned int fieldId;
    unsigned int scopeId;
    long long timestamp;
    long long latencyUsec;
    int valueType;
    NvmlReturn nvmlReturn;
    NvmlValue value;
};

std::optional<double> fieldNumber(const NvmlFieldValue& field)
{
    if (field.nvmlReturn != kNvmlSuccess)
        return std::nullopt;
    switch (field.valueType) {
    case kDouble:
        return field.value.dVal;
    case kUnsignedInt:
        return double(field.value.uiVal);
    case kUnsignedLong:
        return double(field.value.ulVal);
    case kUnsignedLongLong:
        return double(field.value.ullVal);
    case kSignedLongLong:
        return double(field.value.sllVal);
    case kSignedInt:
        return double(field.value.siVal);
    default:
        return std::nullopt;
    }
}

struct NvmlMemory { // nvmlMemory_t
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

} // namespace

struct NvmlSession::Api {
    NvmlReturn (*init)() = nullptr;
    NvmlReturn (*shutdown)() = nullptr;
    const char* (*errorString)(NvmlReturn) = nullptr;
    NvmlReturn (*handleByPciBusId)(const char*, NvmlDevice*) = nullptr;
    NvmlReturn (*handleByIndex)(unsigned, NvmlDevice*) = nullptr;
    NvmlReturn (*name)(NvmlDevice, char*, unsigned) = nullptr;
    NvmlReturn (*driverVersion)(char*, unsigned) = nullptr;
    NvmlReturn (*powerUsage)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*totalEnergy)(NvmlDevice, unsigned long long*) = nullptr;
    NvmlReturn (*clockInfo)(NvmlDevice, unsigned, unsigned*) = nullptr;
    NvmlReturn (*maxClockInfo)(NvmlDevice, unsigned, unsigned*) = nullptr;
    NvmlReturn (*powerLimit)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*fieldValues)(NvmlDevice, int, NvmlFieldValue*) = nullptr;
    NvmlReturn (*computeCapability)(NvmlDevice, int*, int*) = nullptr;
    NvmlReturn (*gpuCores)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*busWidth)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*memoryInfo)(NvmlDevice, NvmlMemory*) = nullptr;
    NvmlReturn (*defaultPowerLimit)(NvmlDevice, unsigned*) = nullptr;
};

NvmlSession::NvmlSession()
    : m_api(std::make_unique<Api>())
{
}

NvmlSession::~NvmlSession()
{
    if (m_api->shutdown)
        m_api->shutdown();
}

std::unique_ptr<NvmlSession> NvmlSession::open(QString* error, const QString& library)
{
    std::unique_ptr<NvmlSession> session(new NvmlSession);
    if (library.contains(QLatin1Char('/')))
        session->m_library.setFileName(library);
    else
        session->m_library.setFileNameAndVersion(library, 1);
    if (!session->m_library.load()) {
        *error = QStringLiteral("cannot load NVML (%1, installed with the NVIDIA driver): %2")
                     .arg(library.contains(QLatin1Char('/')) ? library : QStringLiteral("lib%1.so.1").arg(library),
                         session->m_library.errorString());
        return nullptr;
    }
    Api& api = *session->m_api;
    const auto resolve = [&](auto& function, const char* symbol) {
        function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(session->m_library.resolve(symbol));
        return function != nullptr;
    };
    // Required: without these nothing can be measured.
    if (!resolve(api.init, "nvmlInit_v2") || !resolve(api.errorString, "nvmlErrorString")
        || !resolve(api.handleByPciBusId, "nvmlDeviceGetHandleByPciBusId_v2")
        || !resolve(api.powerUsage, "nvmlDeviceGetPowerUsage")) {
        *error = QStringLiteral("%1 lacks the NVML functions SliceWatt needs (driver too old?)")
                     .arg(session->m_library.fileName());
        return nullptr;
    }
    // Optional: absent on old drivers, and each answers "not supported" on some boards.
    resolve(api.shutdown, "nvmlShutdown");
    resolve(api.handleByIndex, "nvmlDeviceGetHandleByIndex_v2");
    resolve(api.name, "nvmlDeviceGetName");
    resolve(api.driverVersion, "nvmlSystemGetDriverVersion");
    resolve(api.totalEnergy, "nvmlDeviceGetTotalEnergyConsumption");
    resolve(api.clockInfo, "nvmlDeviceGetClockInfo");
    resolve(api.maxClockInfo, "nvmlDeviceGetMaxClockInfo");
    resolve(api.powerLimit, "nvmlDeviceGetEnforcedPowerLimit");
    resolve(api.fieldValues, "nvmlDeviceGetFieldValues");
    resolve(api.computeCapability, "nvmlDeviceGetCudaComputeCapability");
    resolve(api.gpuCores, "nvmlDeviceGetNumGpuCores");
    resolve(api.busWidth, "nvmlDeviceGetMemoryBusWidth");
    resolve(api.memoryInfo, "nvmlDeviceGetMemoryInfo");
    resolve(api.defaultPowerLimit, "nvmlDeviceGetPowerManagementDefaultLimit");
    const NvmlReturn status = api.init();
    if (status != kNvmlSuccess) {
        api.shutdown = nullptr; // nothing to shut down
        *error = QStringLiteral("nvmlInit failed: %1").arg(session->describe(status));
        return nullptr;
    }
    return session;
}

QString NvmlSession::describe(int status) const
{
    return QStringLiteral("%1 (NVML error %2)").arg(QString::fromUtf8(m_api->errorString(status))).arg(status);
}

bool NvmlSession::selectByPciBusId(const QString& busId, QString* error)
{
    NvmlDevice device = nullptr;
    const NvmlReturn status = m_api->handleByPciBusId(busId.toLatin1().constData(), &device);
    if (status != kNvmlSuccess) {
        *error = QStringLiteral("NVML does not know the GPU at PCI bus %1: %2").arg(busId, describe(status));
        return false;
    }
    m_device = device;
    unsigned long long energy = 0;
    m_energyCounter = m_api->totalEnergy && m_api->totalEnergy(m_device, &energy) == kNvmlSuccess;
    NvmlFieldValue field{};
    field.fieldId = kFieldPowerInstant;
    m_instantPower = m_api->fieldValues && m_api->fieldValues(m_device, 1, &field) == kNvmlSuccess
        && fieldNumber(field).has_value();
    return true;
}

bool NvmlSession::selectFirst(QString* error)
{
    NvmlDevice device = nullptr;
    const NvmlReturn status = m_api->handleByIndex ? m_api->handleByIndex(0, &device) : -1;
    if (status != kNvmlSuccess) {
        *error = m_api->handleByIndex ? QStringLiteral("NVML sees no GPU: %1").arg(describe(status))
                                      : QStringLiteral("NVML cannot list its GPUs (driver too old?)");
        return false;
    }
    m_device = device;
    return true;
}

NvmlDeviceInfo NvmlSession::deviceInfo() const
{
    NvmlDeviceInfo info;
    info.hasInstantPower = m_instantPower;
    info.hasEnergyCounter = m_energyCounter;
    char text[96] = {};
    if (m_api->name && m_api->name(m_device, text, sizeof text) == kNvmlSuccess)
        info.name = QString::fromUtf8(text);
    if (m_api->driverVersion && m_api->driverVersion(text, sizeof text) == kNvmlSuccess)
        info.driverVersion = QString::fromUtf8(text);
    unsigned value = 0;
    if (m_api->clockInfo && m_api->clockInfo(m_device, kClockSm, &value) == kNvmlSuccess)
        info.smClockMhz = int(value);
    if (m_api->maxClockInfo && m_api->maxClockInfo(m_device, kClockSm, &value) == kNvmlSuccess)
        info.maxSmClockMhz = int(value);
    if (m_api->clockInfo && m_api->clockInfo(m_device, kClockMemory, &value) == kNvmlSuccess)
        info.memoryClockMhz = int(value);
    if (m_api->powerLimit && m_api->powerLimit(m_device, &value) == kNvmlSuccess)
        info.powerLimitW = value / 1000.0;
    int major = 0;
    int minor = 0;
    if (m_api->computeCapability && m_api->computeCapability(m_device, &major, &minor) == kNvmlSuccess)
        info.computeCapability = QStringLiteral("%1.%2").arg(major).arg(minor);
    if (m_api->gpuCores && m_api->gpuCores(m_device, &value) == kNvmlSuccess && value > 0)
        info.cudaCores = int(value);
    if (m_api->maxClockInfo && m_api->maxClockInfo(m_device, kClockMemory, &value) == kNvmlSuccess && value > 0)
        info.maxMemoryClockMhz = int(value);
    if (m_api->busWidth && m_api->busWidth(m_device, &value) == kNvmlSuccess && value > 0)
        info.memoryBusWidthBits = int(value);
    NvmlMemory memory{};
    if (m_api->memoryInfo && m_api->memoryInfo(m_device, &memory) == kNvmlSuccess && memory.total > 0)
        info.memoryTotalBytes = double(memory.total);
    if (m_api->defaultPowerLimit && m_api->defaultPowerLimit(m_device, &value) == kNvmlSuccess && value > 0)
        info.defaultPowerLimitW = value / 1000.0;
    return info;
}

std::optional<NvmlPowerReading> NvmlSession::read(QString* error) const
{
    NvmlPowerReading reading;
    bool havePower = false;
    if (m_instantPower) {
        NvmlFieldValue field{};
        field.fieldId = kFieldPowerInstant;
        if (m_api->fieldValues(m_device, 1, &field) == kNvmlSuccess) {
            if (const std::optional<double> milliwatts = fieldNumber(field)) {
                reading.powerW = *milliwatts / 1000.0;
                havePower = true;
            }
        }
    }
    if (!havePower) {
        unsigned milliwatts = 0;
        const NvmlReturn status = m_api->powerUsage(m_device, &milliwatts);
        if (status != kNvmlSuccess) {
            *error = QStringLiteral("cannot read the GPU's power: %1").arg(describe(status));
            return std::nullopt;
        }
        reading.powerW = milliwatts / 1000.0;
    }
    if (m_energyCounter) {
        unsigned long long millijoules = 0;
        if (m_api->totalEnergy(m_device, &millijoules) == kNvmlSuccess)
            reading.energyJ = double(millijoules) / 1000.0;
    }
    return reading;
}

} // namespace slicewatt

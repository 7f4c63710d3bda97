// SPDX-License-Identifier: GPL-3.0-or-later
#include "DataSheetPhysics.h"

namespace slicewatt {

std::optional<ClockScaling> clockScalingFor(const GpuSpec& gpu, const ArchitectureTable& table)
{
    const ArchitecturePhysics* architecture = table.forComputeCapability(gpu.computeCapability);
    if (!architecture)
        return std::nullopt;
    ClockScaling clocks;
    clocks.voltageFloorShare = architecture->voltageFloorShare;
    return clocks;
}

std::optional<DataSheetPhysics> dataSheetPhysics(const GpuSpec& gpu, const ArchitectureTable& table, QString* why)
{
    const auto refuse = [why](const QString& reason) -> std::optional<DataSheetPhysics> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    const ArchitecturePhysics* architecture = table.forComputeCapability(gpu.computeCapability);
    if (!architecture)
        return refuse(QStringLiteral("no architecture physics for compute capability '%1' (models/architectures.json)")
                          .arg(gpu.computeCapability));
    if (!gpu.boardPowerW || gpu.sms <= 0 || !gpu.boostClockMhz)
        return refuse(QStringLiteral("%1's data sheet figures lack the board power, the SM count or the boost clock")
                          .arg(gpu.name));
    const MemoryTechnology* memory = table.memory(gpu.memoryTechnology);
    if (!memory)
        return refuse(gpu.memoryTechnology.isEmpty()
                ? QStringLiteral("%1 has no memory technology (\"memory\": {\"technology\": …})").arg(gpu.name)
                : QStringLiteral("unknown memory technology '%1' (models/architectures.json lists the known ones)")
                      .arg(gpu.memoryTechnology));
    DataSheetPhysics d;
    d.architecture = architecture;
    d.clocks.voltageFloorShare = architecture->voltageFloorShare;
    const double boostGhz = *gpu.boostClockMhz / 1000;
    if (gpu.idlePowerW) {
        d.parameters.insert(QStringLiteral("idle_w"), *gpu.idlePowerW);
        d.sources.insert(QStringLiteral("idle_w"), QStringLiteral("data sheet: %1 W").arg(*gpu.idlePowerW));
    } else {
        d.parameters.insert(QStringLiteral("idle_w"), architecture->idleShareOfLimit * *gpu.boardPowerW);
        d.sources.insert(QStringLiteral("idle_w"),
            QStringLiteral("%1 % of the %2 W power limit (%3 idle share: %4)")
                .arg(architecture->idleShareOfLimit * 100, 0, 'f', 0)
                .arg(*gpu.boardPowerW)
                .arg(architecture->name, architecture->sources.value(QStringLiteral("idle_share_of_limit"))));
    }
    // The busy-SM figure is for Volta's SM of 64 FP32 lanes (AccelWattch's TITAN V); an SM's
    // switched capacitance grows with its datapaths and their register-file ports, so an SM of
    // other width scales with its FP32 lanes (Kepler's SMX 192, Maxwell to Blackwell's 128
    // outside GP100, GV100, TU10x and GA100) [ours: the rule; the lane counts are the CUDA C++
    // Programming Guide's].
    const double laneShare = gpu.fp32LanesPerSm ? double(*gpu.fp32LanesPerSm) / kBusySmReferenceFp32Lanes : 1.0;
    d.parameters.insert(QStringLiteral("active_w"), architecture->smWattsPerGhz * laneShare * gpu.sms * boostGhz);
    d.sources.insert(QStringLiteral("active_w"),
        QStringLiteral("%1 W per busy SM per GHz x %2 SMs x %3 GHz x %4 (%5: %6)")
            .arg(architecture->smWattsPerGhz, 0, 'g', 3)
            .arg(gpu.sms)
            .arg(boostGhz, 0, 'g', 4)
            .arg(gpu.fp32LanesPerSm ? QStringLiteral("%1 FP32 lanes per SM / the figure's %2")
                                          .arg(*gpu.fp32LanesPerSm)
                                          .arg(kBusySmReferenceFp32Lanes)
                                    : QStringLiteral("1 (FP32 lanes per SM not known: the figure's SM)"))
            .arg(architecture->name, architecture->sources.value(QStringLiteral("sm_w_per_ghz"))));
    for (const QString& key : architectureEnergyKeys()) {
        d.parameters.insert(key, architecture->energiesPj.value(key));
        d.sources.insert(key, QStringLiteral("%1: %2").arg(architecture->name, architecture->sources.value(key)));
    }
    d.parameters.insert(QStringLiteral("pj_dram_byte"), memory->pjPerBit * 8);
    d.sources.insert(QStringLiteral("pj_dram_byte"),
        QStringLiteral("%1 at %2 pJ per bit x 8: %3")
            .arg(memory->id)
            .arg(memory->pjPerBit, 0, 'g', 3)
            .arg(memory->source));
    return d;
}

} // namespace slicewatt

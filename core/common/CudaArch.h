// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// The GPU architecture device code is read for: what `__CUDA_ARCH__` is while the device
// compiler reads a kernel body (800 for sm_80). Kernels written as
// `#if __CUDA_ARCH__ >= 800 … tensor cores … #else … #endif` are different programs on
// different GPUs, so an estimate says which one it read.
class CudaArch {
public:
    // sm_90 (Hopper): the architecture most current CUDA code is tuned for.
    static constexpr int kDefaultNumber = 900;

    CudaArch() = default;
    // Accepts "sm_90", "sm_90a", "compute_90", "90" and "900" (any case); nullopt otherwise.
    static std::optional<CudaArch> fromText(const QString& text);
    // The architecture a GPU of compute capability "7.0", "8.9", "12.0" compiles for (issue 47:
    // device code is read as the chosen GPU runs it). A capability between or below the known
    // ones takes the newest known one not above it, else the oldest (a Kepler's 3.5 reads as
    // sm_50), with `note` saying so; nullopt for text that is no capability.
    static std::optional<CudaArch> fromComputeCapability(const QString& capability, QString* note = nullptr);
    // The architectures SliceWatt offers in its settings, oldest first ("sm_50" … "sm_120").
    static QStringList knownNames();

    int number() const { return m_number; } // the value of __CUDA_ARCH__: 900 for sm_90
    QString name() const; // "sm_90"

    // Arguments that make a device-side libclang parse see this architecture. clang 14
    // knows architectures up to sm_86; for newer ones it parses for the newest it knows and
    // `__CUDA_ARCH__` is redefined, which is all the source can observe.
    QStringList deviceParseArguments() const;

    friend bool operator==(CudaArch a, CudaArch b) { return a.m_number == b.m_number; }
    friend bool operator!=(CudaArch a, CudaArch b) { return !(a == b); }

private:
    explicit CudaArch(int number)
        : m_number(number)
    {
    }
    int m_number = kDefaultNumber;
};

} // namespace slicewatt

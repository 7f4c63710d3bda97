// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaArch.h"

#include <QRegularExpression>

#include <algorithm>

#include <array>

namespace slicewatt {
namespace {

// Compute capabilities NVIDIA has shipped since Maxwell, as __CUDA_ARCH__ values.
constexpr std::array<int, 17> kKnownNumbers
    = {500, 520, 530, 600, 610, 620, 700, 720, 750, 800, 860, 870, 890, 900, 1000, 1010, 1200};

// The newest architecture the libclang SliceWatt builds against (14) accepts for
// --cuda-gpu-arch.
constexpr int kNewestClangArch = 860;

} // namespace

std::optional<CudaArch> CudaArch::fromText(const QString& text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:sm_|compute_)?([0-9]{2,4})a?$"), QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    int value = match.captured(1).toInt();
    // "90" and "sm_90" name compute capability 9.0; "900" is __CUDA_ARCH__ itself.
    if (match.captured(1).size() <= 3 && value < 200)
        value *= 10;
    if (std::find(kKnownNumbers.begin(), kKnownNumbers.end(), value) == kKnownNumbers.end())
        return std::nullopt;
    return CudaArch(value);
}

std::optional<CudaArch> CudaArch::fromComputeCapability(const QString& capability, QString* note)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,2})\\.([0-9])$"));
    const QRegularExpressionMatch match = pattern.match(capability.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const int number = match.captured(1).toInt() * 100 + match.captured(2).toInt() * 10;
    int chosen = kKnownNumbers.front();
    for (int known : kKnownNumbers) {
        if (known <= number)
            chosen = known;
    }
    if (note && chosen != number)
        *note = QStringLiteral("compute capability %1 is read as %2, the nearest architecture SliceWatt knows")
                    .arg(capability.trimmed(), CudaArch(chosen).name());
    return CudaArch(chosen);
}

QStringList CudaArch::knownNames()
{
    QStringList names;
    for (int number : kKnownNumbers)
        names << CudaArch(number).name();
    return names;
}

QString CudaArch::name() const
{
    return QStringLiteral("sm_%1").arg(m_number / 10);
}

QStringList CudaArch::deviceParseArguments() const
{
    const int clangArch = std::min(m_number, kNewestClangArch);
    QStringList args
        = {QStringLiteral("--cuda-device-only"), QStringLiteral("--cuda-gpu-arch=") + CudaArch(clangArch).name()};
    if (clangArch != m_number)
        args << QStringLiteral("-U__CUDA_ARCH__") << QStringLiteral("-D__CUDA_ARCH__=%1").arg(m_number);
    return args;
}

} // namespace slicewatt

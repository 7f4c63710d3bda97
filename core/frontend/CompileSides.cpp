// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompileSides.h"

#include "UnitSerialization.h"

#include <QHash>
#include <QSet>

#include <functional>
#include <tuple>

namespace slicewatt {
namespace {

bool sameDiagnostic(const Diagnostic& a, const Diagnostic& b)
{
    return std::tie(a.file, a.line, a.column, a.message, a.severity)
        == std::tie(b.file, b.line, b.column, b.message, b.severity);
}

bool isDeviceCode(const FunctionInfo& function)
{
    return function.kind != FunctionKind::Host;
}

} // namespace

UnitIndex combineCompileSides(UnitIndex host, const UnitIndex& device, CudaArch arch)
{
    const QString archName = arch.name();
    for (const Diagnostic& d : device.diagnostics) {
        const bool seen = std::any_of(host.diagnostics.cbegin(), host.diagnostics.cend(),
            [&](const Diagnostic& h) { return sameDiagnostic(h, d); });
        if (seen)
            continue;
        Diagnostic onlyOnDevice = d;
        onlyOnDevice.message = QStringLiteral("[device code for %1] %2").arg(archName, d.message);
        host.diagnostics << onlyOnDevice;
    }
    host.parseSeconds += device.parseSeconds;
    host.stoppedByBudget = host.stoppedByBudget || device.stoppedByBudget;
    for (const QString& file : device.includedFiles) {
        if (!host.includedFiles.contains(file))
            host.includedFiles << file;
    }
    // A device parse libclang could not do leaves the host's reading, which is all there is.
    if (!device.parsed)
        return host;
    host.deviceArch = archName;

    QSet<QString> deviceKeys;
    for (const FunctionInfo& function : device.functions) {
        if (isDeviceCode(function))
            deviceKeys.insert(function.key);
    }
    // Host functions, and device code only the host side has (a kernel the device
    // compilation leaves out says so; a device function's twin is inlined where called).
    QVector<FunctionInfo> functions;
    for (const FunctionInfo& function : host.functions) {
        if (isDeviceCode(function) && deviceKeys.contains(function.key))
            continue;
        functions << function;
        if (function.kind == FunctionKind::Kernel) {
            Diagnostic d;
            d.severity = Diagnostic::Severity::Warning;
            d.origin = Diagnostic::Origin::Parser;
            d.file = function.location.file;
            d.line = function.location.line;
            d.column = function.location.column;
            d.message = QStringLiteral("kernel '%1' is not compiled for %2 (an #if on __CUDA_ARCH__ leaves it out); "
                                       "its body is read as the host compiler sees it")
                            .arg(function.qualifiedName, archName);
            host.diagnostics << d;
        }
    }
    for (const FunctionInfo& function : device.functions) {
        if (isDeviceCode(function))
            functions << function;
    }
    host.functions = functions;

    // Functions by key and by USR (a call to a function defined in this unit names its key,
    // else its USR), for the walk down a kernel's calls.
    QHash<QString, const FunctionInfo*> byRef;
    for (const FunctionInfo& function : host.functions) {
        byRef.insert(function.key, &function);
        byRef.insert(function.usr, &function);
    }
    const std::function<bool(const QString&, QSet<QString>&)> callsArchTest
        = [&](const QString& ref, QSet<QString>& seen) {
              const FunctionInfo* function = byRef.value(ref);
              if (!function || seen.contains(function->key))
                  return false;
              seen.insert(function->key);
              if (function->mentionsCudaArch)
                  return true;
              return std::any_of(function->calleeRefs.cbegin(), function->calleeRefs.cend(),
                  [&](const QString& callee) { return callsArchTest(callee, seen); });
          };
    auto testsArch = [&](const QString& kernelKey) {
        QSet<QString> seen;
        return callsArchTest(kernelKey, seen);
    };
    QVector<KernelIR> irs = device.kernelIRs;
    QSet<QString> deviceIrKeys;
    QHash<QString, QByteArray> hostReadings;
    for (const KernelIR& ir : host.kernelIRs)
        hostReadings.insert(ir.kernelKey, serializeKernelIR(ir));
    for (const KernelIR& ir : device.kernelIRs) {
        deviceIrKeys.insert(ir.kernelKey);
        // A kernel depends on the architecture when the two sides read it differently (an
        // #if in its body or in a macro it uses), or when its own text or a device function
        // it calls tests __CUDA_ARCH__ (for some architectures the host's arm is the one).
        if (hostReadings.value(ir.kernelKey) != serializeKernelIR(ir) || testsArch(ir.kernelKey))
            host.archDependentKernels << ir.kernelKey;
    }
    host.archDependentKernels.sort();
    for (const KernelIR& ir : host.kernelIRs) {
        if (!deviceIrKeys.contains(ir.kernelKey))
            irs << ir;
    }
    host.kernelIRs = irs;
    return host;
}

} // namespace slicewatt

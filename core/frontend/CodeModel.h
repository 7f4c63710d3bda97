// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"
#include "common/SourceLocation.h"
#include "ir/KernelIR.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <tuple>

namespace slicewatt {

enum class FunctionKind {
    Kernel, // __global__
    Device, // __device__ only
    HostDevice, // __host__ __device__
    Host, // plain host function (kept only as a caller of device code or a launcher)
};

// A function definition found in the project's own files (not in system or prelude headers).
struct FunctionInfo {
    QString usr; // libclang's unified symbol resolution: same for one function in every unit
    // usr plus the definition's place: two programs in one folder may each define a
    // kernel `k`, which share a USR but are different kernels.
    QString key;
    QString name;
    QString qualifiedName; // with namespaces and classes, without template arguments
    SourceLocation location; // of the name token
    FunctionKind kind = FunctionKind::Host;
    bool isTemplate = false;
    bool isExternC = false;
    bool isStatic = false;
    // Functions this body calls directly, in first-call order, unique: the callee's key when
    // its definition is in the same unit, else its USR (resolved when units are merged).
    QStringList calleeRefs;
    // Its definition's text mentions __CUDA_ARCH__ (an #if in the body, skipped arms too).
    bool mentionsCudaArch = false;
};

// One axis-triple of a launch configuration: each component is known when the expression
// is a compile-time value (literals, macros, const/constexpr, unmodified locals).
struct LaunchDim {
    std::optional<qint64> x, y, z;
    QString expression; // as written in the source

    bool isFullyKnown() const { return x && y && z; }
    std::optional<qint64> total() const
    {
        if (!isFullyKnown())
            return std::nullopt;
        return *x * *y * *z;
    }
};

// The launch values host code computes from values no constant gives (issue 47): a grid of
// `(n + 255) / 256` in `void launch(float* x, int n)`, or from `int n = atoi(argv[1])` in
// main. Each component the launch leaves open (null: none, or not readable) is an
// expression over host values (SymbolicExpr::HostValue, "launch:n"), evaluated when the
// kernel is estimated with the values the user gives (--arg launch:n=VALUE, sizes.json).
struct LaunchHostValues {
    SymbolicExprPtr grid[3];
    SymbolicExprPtr block[3];
    SymbolicExprPtr sharedBytes;
    QHash<QString, SymbolicExprPtr> arguments; // of the kernel's integer parameters, by name

    bool isEmpty() const
    {
        for (int axis = 0; axis < 3; ++axis) {
            if (grid[axis] || block[axis])
                return false;
        }
        return !sharedBytes && arguments.isEmpty();
    }
    // The names of every host value they read, each once.
    QStringList names() const
    {
        QStringList all;
        auto add = [&all](const SymbolicExprPtr& e) {
            if (!e)
                return;
            for (const QString& name : e->hostValueNames()) {
                if (!all.contains(name))
                    all << name;
            }
        };
        for (int axis = 0; axis < 3; ++axis) {
            add(grid[axis]);
            add(block[axis]);
        }
        add(sharedBytes);
        QStringList parameters = arguments.keys();
        parameters.sort();
        for (const QString& parameter : parameters)
            add(arguments.value(parameter));
        return all;
    }
};

// A `kernel<<<grid, block, sharedBytes, stream>>>(…)` in host code, or a launch through the
// runtime API (cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx).
struct LaunchSite {
    QString kernelRef; // key of the launched kernel, or its USR when defined elsewhere
    QString kernelName;
    QString callerName; // the host function containing the launch
    SourceLocation location; // of the kernel name at the launch
    LaunchDim grid;
    LaunchDim block;
    std::optional<qint64> sharedBytes; // 0 when the launch omits it
    QString sharedExpression;
    QString streamExpression; // empty when omitted
    // Integral template arguments of a launched instantiation (`reduce<256>`), by the
    // kernel template's parameter name: loops bounded by them resolve per launch. Type
    // arguments are held by their size, under "sizeof(T)" (`axpy<float>`: 4).
    QHash<QString, qint64> templateArguments;
    // Type template arguments by parameter name, as canonical spellings ("float"), for
    // `if constexpr (std::is_same_v<T, float>)`.
    QHash<QString, QString> templateTypes;
    QString api = QStringLiteral("<<<>>>"); // or the runtime function that launches
    // "file:line" of the call of the enclosing host function whose constant arguments gave
    // the values the launch itself leaves open (`launchReduce<256>(in, out, n)`); empty
    // when the launch's own values are all there is.
    QString valuesFrom;
    // Integer values of the kernel's arguments at this launch, by the kernel's parameter name
    // (`k<<<g, b>>>(x, n)` with `const int n = 1 << 20` gives n = 1048576): compile-time values
    // at the launch, or from the call of the launching host function one or two levels up.
    QHash<QString, qint64> argumentValues;
    // Where each value came from: "launch", or "file:line" of the host call that gave it.
    QHash<QString, QString> argumentOrigins;
    LaunchHostValues hostValues;

    // How many of grid, block, shared bytes and template arguments are known.
    int knownValueCount() const
    {
        int known = int(templateArguments.size() + argumentValues.size()) + (sharedBytes ? 1 : 0);
        for (const auto& value : {grid.x, grid.y, grid.z, block.x, block.y, block.z})
            known += value ? 1 : 0;
        return known;
    }
};

// A host-device copy through the runtime API (cudaMemcpy, cudaMemcpyAsync,
// cudaMemcpyToSymbol, …): the copy term of the instruction-class energy model (METHOD §9).
struct MemoryCopySite {
    QString api; // "cudaMemcpy", "cudaMemcpy2D", …
    QString callerName; // the host function containing it
    QString callerUsr; // its USR: whether anything in the project calls it
    SourceLocation location;
    std::optional<qint64> bytes; // when a compile-time value (2D: width × height)
    QString bytesExpression; // as written, for a size known only at run time
    QString direction; // "HostToDevice", "DeviceToHost", "DeviceToDevice", …; empty when not spelt
};

// Launches in source order (file, line, column): how every list of launches is sorted.
inline bool inSourceOrder(const LaunchSite& a, const LaunchSite& b)
{
    return std::tie(a.location.file, a.location.line, a.location.column)
        < std::tie(b.location.file, b.location.line, b.location.column);
}

// What parsing one file produced.
struct UnitIndex {
    QString path;
    bool parsed = false; // false when the file was skipped (binary, too big) or libclang failed
    bool stoppedByBudget = false; // the per-file time budget ran out: results are incomplete
    bool fromCache = false; // served by the unit cache in this run, not parsed (not stored)
    double parseSeconds = 0;
    Diagnostics diagnostics;
    QVector<FunctionInfo> functions;
    QVector<LaunchSite> launches;
    QVector<MemoryCopySite> copies; // in walk order
    QStringList memberCalleeRefs; // what member functions' bodies call (they are not catalogued)
    QStringList includedFiles; // absolute paths of every file it read (itself, project, system and clang
                               // headers; not the prelude), each once
    QVector<KernelIR> kernelIRs; // statement-level view of each kernel defined in project code
    // The project's own code in this unit (not system headers, not the prelude) mentions
    // __CUDA_ARCH__: its device code differs between the host's and the device's reading.
    bool testsCudaArch = false;
    // The architecture its kernel bodies and device functions were read for, by a device-side
    // parse ("sm_90"); empty when they were read from the host parse, which for a unit that
    // never tests __CUDA_ARCH__ is the same code every architecture compiles.
    QString deviceArch;
    // Keys of the kernels whose device reading differs from the host's: the ones whose
    // own code (or the device functions they call) tests __CUDA_ARCH__. Sorted.
    QStringList archDependentKernels;
};

} // namespace slicewatt

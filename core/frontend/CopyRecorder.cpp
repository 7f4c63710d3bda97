// SPDX-License-Identifier: GPL-3.0-or-later
#include "CopyRecorder.h"

#include "CursorQueries.h"

namespace slicewatt {
namespace {

// Where the byte count sits in each API's arguments (2D forms: width and height), and
// where the cudaMemcpyKind does.
struct CopySignature {
    int bytes = -1;
    int height = -1; // 2D: bytes = width × height
    int kind = -1;
};

std::optional<CopySignature> signatureOf(const QString& name)
{
    if (name == QLatin1String("cudaMemcpy") || name == QLatin1String("cudaMemcpyAsync"))
        return CopySignature{2, -1, 3};
    if (name.startsWith(QLatin1String("cudaMemcpyToSymbol")) || name.startsWith(QLatin1String("cudaMemcpyFromSymbol")))
        return CopySignature{2, -1, 4};
    if (name.startsWith(QLatin1String("cudaMemcpyPeer")))
        return CopySignature{4, -1, -1};
    if (name.startsWith(QLatin1String("cudaMemcpy2D")) && !name.contains(QLatin1String("Array")))
        return CopySignature{4, 5, 6};
    if (name.startsWith(QLatin1String("cudaMemcpy3D")))
        return CopySignature{};
    return std::nullopt;
}

// cudaMemcpyKind's values (the runtime's enum, fixed since CUDA 4).
QString directionOfKind(qint64 kind)
{
    switch (kind) {
    case 0:
        return QStringLiteral("HostToHost");
    case 1:
        return QStringLiteral("HostToDevice");
    case 2:
        return QStringLiteral("DeviceToHost");
    case 3:
        return QStringLiteral("DeviceToDevice");
    default:
        return QString();
    }
}

} // namespace

std::optional<MemoryCopySite> readMemoryCopy(
    CXTranslationUnit tu, CXCursor call, CXCursor function, ConstantEvaluator& evaluator)
{
    const QString name = spellingOf(call);
    const std::optional<CopySignature> signature = signatureOf(name);
    if (!signature)
        return std::nullopt;
    const QVector<CXCursor> arguments = callArguments(call);
    MemoryCopySite copy;
    copy.api = name;
    copy.callerName = spellingOf(function);
    copy.callerUsr = usrOf(function);
    copy.location = expansionLocationOf(call);
    if (signature->bytes >= 0 && signature->bytes < arguments.size()) {
        const CXCursor bytes = arguments[signature->bytes];
        copy.bytesExpression = spelledTextOf(tu, bytes);
        std::optional<qint64> value = evaluator.scalar(bytes);
        if (signature->height >= 0) {
            const CXCursor height = arguments.value(signature->height, clang_getNullCursor());
            copy.bytesExpression += QStringLiteral(" × ") + spelledTextOf(tu, height);
            const std::optional<qint64> rows = isNull(height) ? std::nullopt : evaluator.scalar(height);
            qint64 product = 0;
            value = value && rows && !__builtin_mul_overflow(*value, *rows, &product) ? std::optional(product)
                                                                                      : std::nullopt;
        }
        if (value && *value >= 0)
            copy.bytes = value;
    }
    if (signature->kind >= 0 && signature->kind < arguments.size()) {
        // `cudaMemcpyHostToDevice` → "HostToDevice"; a constant holding one (`const
        // cudaMemcpyKind toHost = cudaMemcpyDeviceToHost`) by its value; cudaMemcpyDefault
        // (the pointers decide) says nothing.
        const CXCursor kindArgument = arguments[signature->kind];
        const QString kind = spelledTextOf(tu, kindArgument).trimmed();
        if (kind.startsWith(QLatin1String("cudaMemcpy")) && kind != QLatin1String("cudaMemcpyDefault"))
            copy.direction = kind.mid(10);
        else if (const std::optional<qint64> value = evaluator.scalar(kindArgument))
            copy.direction = directionOfKind(*value);
    } else if (name.startsWith(QLatin1String("cudaMemcpyPeer"))) {
        copy.direction = QStringLiteral("DeviceToDevice"); // another GPU's memory, not the host's
    }
    if (copy.direction.isEmpty() && name.startsWith(QLatin1String("cudaMemcpyToSymbol")))
        copy.direction = QStringLiteral("HostToDevice"); // its default kind
    if (copy.direction.isEmpty() && name.startsWith(QLatin1String("cudaMemcpyFromSymbol")))
        copy.direction = QStringLiteral("DeviceToHost");
    return copy;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaCallNames.h"

#include <QSet>
#include <QStringList>

namespace slicewatt {
namespace {

const QSet<QString>& textureFunctions()
{
    static const QSet<QString> names = {QStringLiteral("tex1Dfetch"), QStringLiteral("tex1D"), QStringLiteral("tex2D"),
        QStringLiteral("tex3D"), QStringLiteral("tex1DLayered"), QStringLiteral("tex2DLayered"),
        QStringLiteral("texCubemap"), QStringLiteral("texCubemapLayered"), QStringLiteral("tex2Dgather"),
        QStringLiteral("tex1DLod"), QStringLiteral("tex2DLod"), QStringLiteral("tex3DLod"), QStringLiteral("tex1DGrad"),
        QStringLiteral("tex2DGrad"), QStringLiteral("tex3DGrad"), QStringLiteral("surf1Dread"),
        QStringLiteral("surf2Dread"), QStringLiteral("surf3Dread"), QStringLiteral("surf1Dwrite"),
        QStringLiteral("surf2Dwrite"), QStringLiteral("surf3Dwrite"), QStringLiteral("surf2DLayeredread"),
        QStringLiteral("surf2DLayeredwrite")};
    return names;
}

// Functions of the prelude or system headers that are not arithmetic: synchronisation,
// warp communication, memory helpers, constructors of vector types, output.
bool isNonArithmeticLibraryCall(const QString& name)
{
    static const QStringList prefixes = {QStringLiteral("__sync"), QStringLiteral("__threadfence"),
        QStringLiteral("__shfl"), QStringLiteral("__ballot"), QStringLiteral("__any"), QStringLiteral("__all"),
        QStringLiteral("__activemask"), QStringLiteral("__match"), QStringLiteral("__reduce"), QStringLiteral("make_"),
        QStringLiteral("cuda"), QStringLiteral("printf"), QStringLiteral("assert"), QStringLiteral("__assert"),
        QStringLiteral("malloc"), QStringLiteral("free"), QStringLiteral("memcpy"), QStringLiteral("memset"),
        QStringLiteral("clock"), QStringLiteral("__nanosleep"), QStringLiteral("__prof"), QStringLiteral("this_"),
        QStringLiteral("tiled_partition"), QStringLiteral("__trap"), QStringLiteral("__brkpt")};
    for (const QString& prefix : prefixes) {
        if (name.startsWith(prefix))
            return true;
    }
    return false;
}

} // namespace

CudaCallRole cudaCallRole(const QString& name)
{
    if (textureFunctions().contains(name))
        return CudaCallRole::TextureFetch;
    static const QSet<QString> loads = {QStringLiteral("__ldg"), QStringLiteral("__ldcg"), QStringLiteral("__ldca"),
        QStringLiteral("__ldcs"), QStringLiteral("__ldlu"), QStringLiteral("__ldcv")};
    if (loads.contains(name))
        return CudaCallRole::CachedLoad;
    static const QSet<QString> stores
        = {QStringLiteral("__stcs"), QStringLiteral("__stwt"), QStringLiteral("__stcg"), QStringLiteral("__stwb")};
    if (stores.contains(name))
        return CudaCallRole::CachedStore;
    if (name.startsWith(QLatin1String("atomic")))
        return CudaCallRole::Atomic;
    if (name.startsWith(QLatin1String("__syncthreads")) || name == QLatin1String("__syncwarp"))
        return CudaCallRole::Barrier;
    if (isNonArithmeticLibraryCall(name))
        return CudaCallRole::NotArithmetic;
    return CudaCallRole::Other;
}

std::optional<CudaCallRole> cooperativeGroupsCallRole(const QString& qualifiedName)
{
    const QLatin1String prefix("cooperative_groups::");
    if (!qualifiedName.startsWith(prefix))
        return std::nullopt;
    const QString name = qualifiedName.mid(qualifiedName.lastIndexOf(QLatin1String("::")) + 2);
    if (name == QLatin1String("sync") || name == QLatin1String("barrier_wait"))
        return CudaCallRole::Barrier;
    static const QSet<QString> registerReads = {QStringLiteral("thread_rank"), QStringLiteral("group_size"),
        QStringLiteral("num_threads"), QStringLiteral("size"), QStringLiteral("this_thread_block"),
        QStringLiteral("this_grid"), QStringLiteral("coalesced_threads"), QStringLiteral("tiled_partition")};
    if (registerReads.contains(name))
        return CudaCallRole::NotArithmetic;
    return std::nullopt;
}

} // namespace slicewatt

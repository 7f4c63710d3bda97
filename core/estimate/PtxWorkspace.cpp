// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxWorkspace.h"

#include "frontend/CudaPrelude.h"

namespace slicewatt {

PtxWorkspace::PtxWorkspace()
    : m_dir(std::make_unique<QTemporaryDir>())
{
    const CudaPrelude& prelude = CudaPrelude::instance();
    m_valid = m_dir->isValid() && prelude.writeTo(preludeFolder())
        && prelude.writeTo(helperFolder(),
            [](const QString& path) { return path.startsWith(QLatin1String("helper_")); });
}

QString PtxWorkspace::preludeFolder() const
{
    return m_dir->filePath(QStringLiteral("prelude"));
}

QString PtxWorkspace::helperFolder() const
{
    return m_dir->filePath(QStringLiteral("helpers"));
}

PtxRequest PtxWorkspace::requestFor(const SourceFile& unit, const QString& arch) const
{
    PtxRequest request;
    request.sourceFile = unit.path;
    request.arch = arch;
    request.preludeFolder = preludeFolder();
    request.helperFolder = helperFolder();
    for (const QString& flag : unit.flags) {
        if (flag.startsWith(QLatin1String("-I")) && flag.size() > 2)
            request.includeDirs << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-D")) && flag.size() > 2)
            request.defines << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-std=")))
            request.standard = flag.mid(5);
    }
    return request;
}

QString ptxArchOf(const GpuSpec& gpu)
{
    if (gpu.computeCapability.isEmpty())
        return {};
    return QStringLiteral("sm_") + QString(gpu.computeCapability).remove(QLatin1Char('.'));
}

QVector<PtxProducer> ptxProducersNamed(const QString& wanted)
{
    QVector<PtxProducer> producers = findPtxProducers();
    if (!wanted.isEmpty())
        producers.removeIf([&](const PtxProducer& p) { return !p.name().startsWith(wanted + QLatin1Char(' ')); });
    return producers;
}

} // namespace slicewatt

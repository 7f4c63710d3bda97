// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceClassifier.h"

#include <QFile>
#include <QFileInfo>

namespace slicewatt {

bool containsDeviceCode(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    // Device code in a C++ file sits near the top in practice; 4 MiB bounds the cost of a
    // huge generated file while still finding kernels deep in big sources.
    const QByteArray text = file.read(4 * 1024 * 1024);
    static const char* const markers[] = {"__global__", "__device__", "__shared__", "__constant__", "<<<"};
    for (const char* marker : markers) {
        if (text.contains(marker))
            return true;
    }
    return false;
}

SourceRole classifySource(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("cu"))
        return SourceRole::TranslationUnit;
    if (suffix == QLatin1String("cuh"))
        return SourceRole::Header;
    const bool cxxSource = suffix == QLatin1String("cpp") || suffix == QLatin1String("cc")
        || suffix == QLatin1String("cxx") || suffix == QLatin1String("c");
    const bool cxxHeader = suffix == QLatin1String("h") || suffix == QLatin1String("hpp")
        || suffix == QLatin1String("hh") || suffix == QLatin1String("hxx") || suffix == QLatin1String("inl");
    if ((cxxSource || cxxHeader) && containsDeviceCode(path))
        return cxxSource ? SourceRole::TranslationUnit : SourceRole::Header;
    return SourceRole::Ignored;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaPrelude.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace slicewatt {

namespace {
const char* const kResourceRoot = ":/slicewatt/prelude";
}

bool CudaPrelude::writeTo(const QString& folder, const std::function<bool(const QString& relativePath)>& wanted) const
{
    const int prefix = int(virtualFolder().size()) + 1;
    for (const PreludeFile& file : m_files) {
        const QString relative = QString::fromUtf8(file.virtualPath).mid(prefix);
        if (wanted && !wanted(relative))
            continue;
        const QString path = QDir(folder).filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(file.contents) != file.contents.size())
            return false;
    }
    return true;
}

std::vector<CXUnsavedFile> CudaPrelude::unsavedFiles() const
{
    std::vector<CXUnsavedFile> unsaved;
    unsaved.reserve(size_t(m_files.size()));
    for (const PreludeFile& file : m_files)
        unsaved.push_back(CXUnsavedFile{
            file.virtualPath.constData(), file.contents.constData(), static_cast<unsigned long>(file.contents.size())});
    return unsaved;
}

QString CudaPrelude::virtualFolder()
{
    return QStringLiteral("/__slicewatt_prelude__");
}

QString CudaPrelude::forcedInclude()
{
    return QStringLiteral("__slicewatt_prelude.h");
}

bool CudaPrelude::isPreludePath(const QString& path)
{
    return path.startsWith(virtualFolder());
}

const CudaPrelude& CudaPrelude::instance()
{
    static const CudaPrelude prelude;
    return prelude;
}

CudaPrelude::CudaPrelude()
{
    const QString root = QString::fromLatin1(kResourceRoot);
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    QStringList resources;
    while (it.hasNext())
        resources << it.next();
    std::sort(resources.begin(), resources.end()); // stable hash and lookup order
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& resource : resources) {
        QFile file(resource);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        PreludeFile prelude;
        prelude.virtualPath = (virtualFolder() + resource.mid(root.size())).toUtf8();
        prelude.contents = file.readAll();
        hash.addData(prelude.virtualPath);
        hash.addData(prelude.contents);
        m_files << prelude;
    }
    m_hash = hash.result().toHex().left(16);
}

} // namespace slicewatt

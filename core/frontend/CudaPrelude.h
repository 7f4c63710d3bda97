// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <clang-c/Index.h>

#include <QByteArray>
#include <QString>
#include <QVector>

#include <functional>
#include <vector>

namespace slicewatt {

// SliceWatt's own stand-ins for the CUDA headers (resources/prelude/), so projects parse
// without a CUDA installation. They are handed to libclang as in-memory files under a
// virtual folder that no real path can collide with.
struct PreludeFile {
    QByteArray virtualPath; // absolute, under virtualFolder()
    QByteArray contents;
};

class CudaPrelude {
public:
    static const CudaPrelude& instance();

    const QVector<PreludeFile>& files() const { return m_files; }
    // The headers as libclang's in-memory files; they point into this (lifelong) object.
    std::vector<CXUnsavedFile> unsavedFiles() const;
    static QString virtualFolder();
    static QString forcedInclude(); // the header every translation unit starts with
    // Changes whenever any prelude header changes: part of every cache key.
    QByteArray versionHash() const { return m_hash; }
    static bool isPreludePath(const QString& path);
    // Writes the headers whose path below virtualFolder() `wanted` accepts (all without it)
    // into `folder`, for programs that read files (clang compiling device code to PTX).
    bool writeTo(const QString& folder, const std::function<bool(const QString& relativePath)>& wanted = {}) const;

private:
    CudaPrelude();
    QVector<PreludeFile> m_files;
    QByteArray m_hash;
};

} // namespace slicewatt

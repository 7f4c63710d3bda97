// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectPtx.h"

#include "PtxNames.h"
#include "PtxReader.h"

#include <QFileInfo>

namespace slicewatt {

const PtxFunction* ProjectPtx::kernel(const QString& qualifiedName, const QString& file, const FilePtx** from) const
{
    const PtxFunction* found = nullptr;
    const FilePtx* foundIn = nullptr;
    for (const FilePtx& f : files) {
        for (const PtxFunction& function : f.module.functions) {
            if (!function.isEntry || ptxSourceName(function.name) != qualifiedName)
                continue;
            if (f.file == file || !found) {
                found = &function;
                foundIn = &f;
            }
            if (f.file == file)
                break;
        }
        if (foundIn && foundIn->file == file)
            break;
    }
    if (from)
        *from = foundIn;
    return found;
}

ProjectPtx compileProjectPtx(const QVector<PtxRequest>& requests,
    const std::function<bool(int done, int total)>& progress, const QVector<PtxProducer>& producers, PtxCache* cache)
{
    ProjectPtx project;
    if (producers.isEmpty())
        return project;
    const PtxProducer& producer = producers.first();
    project.producer = producer.name();
    for (int i = 0; i < requests.size(); ++i) {
        FilePtx file;
        file.file = requests[i].sourceFile;
        bool cached = false;
        file.compilation = compilePtxCached(producer, requests[i], cache, &cached);
        project.fromCache += cached ? 1 : 0;
        if (file.compilation.ok())
            file.module = readPtx(file.compilation.ptx, QFileInfo(file.file).fileName() + QStringLiteral(".ptx"));
        project.files << file;
        if (progress && !progress(i + 1, int(requests.size())))
            break;
    }
    return project;
}

} // namespace slicewatt

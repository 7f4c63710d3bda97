// SPDX-License-Identifier: GPL-3.0-or-later
#include "BaselineJob.h"

#include "analysis/ProjectIndexer.h"
#include "compare/GitRevision.h"
#include "compare/RunSnapshot.h"
#include "project/ProjectLoader.h"

#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>

namespace slicewatt {

BaselineJob::BaselineJob(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] { Q_EMIT finished(m_watcher.result()); });
}

BaselineJob::~BaselineJob()
{
    m_watcher.waitForFinished();
}

void BaselineJob::start(const QString& projectFolder, const QString& revision,
    std::shared_ptr<const ModelLibrary> library, WhatIfSettings settings, const ParserOptions& parser)
{
    m_watcher.waitForFinished();
    settings.kernels.clear();
    settings.ptx = PtxSettings{};
    m_watcher.setFuture(QtConcurrent::run([=, models = std::move(library)]() mutable {
        Result result;
        result.revision = revision;
        QTemporaryDir checkout;
        QString error;
        const QString folder = checkOutGitRevision(projectFolder, revision, checkout, &error);
        if (folder.isEmpty()) {
            result.error = error;
            return result;
        }
        const ModelChoice choice = chooseModel(*models, settings);
        if (!choice.error.isEmpty()) {
            result.error = choice.error;
            return result;
        }
        const ProjectIndex index = indexProject(loadProject({folder}), parser);
        result.snapshot = analysisSnapshotOf(
            estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings), folder);
        return result;
    }));
}

} // namespace slicewatt

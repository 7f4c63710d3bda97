// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/AnalysisSnapshot.h"
#include "estimate/WhatIf.h"
#include "frontend/ParserOptions.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <optional>

namespace slicewatt {

// Analyses a git revision of the project on a worker thread, as a baseline to compare with
// (File › Compare with Git Revision…): the project's folder as the revision has it (git archive
// into a temporary folder, the user's tree untouched), with the session's GPU, models and
// settings. The GUI thread only receives the result.
class BaselineJob : public QObject {
    Q_OBJECT
public:
    explicit BaselineJob(QObject* parent = nullptr);
    ~BaselineJob() override; // waits for the worker: it reads what it was given

    // `library`: the session's, held by the worker while it runs. The session's settings are used
    // without its per-kernel what-ifs (their keys name the current version's files) and PTX (the
    // current version's; a PTX model then says the baseline has none).
    void start(const QString& projectFolder, const QString& revision, std::shared_ptr<const ModelLibrary> library,
        WhatIfSettings settings, const ParserOptions& parser);
    bool isRunning() const { return m_watcher.isRunning(); }

    struct Result {
        std::optional<AnalysisSnapshot> snapshot;
        QString error; // when there is none
        QString revision;
    };

Q_SIGNALS:
    void finished(const slicewatt::BaselineJob::Result& result);

private:
    QFutureWatcher<Result> m_watcher;
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhyPanel.h"

#include "compare/ChangeExplanation.h"
#include "export/EstimateExplanation.h"
#include "export/LineExplanation.h"
#include "session/BaselineComparison.h"
#include "session/ProjectSession.h"

#include <QScrollBar>

namespace slicewatt {
namespace {

// The kernel the panel explains: the selection, else the hottest kernel with an estimate.
const KernelEstimateReport* explainedKernel(const ProjectSession& session)
{
    if (!session.selectedKernel().isEmpty())
        return session.kernelReport(session.selectedKernel());
    return session.hottestKernel();
}

// The kernel's change since the baseline, term by term; empty without a baseline.
QString changeHtml(const BaselineComparison& baseline, const FunctionInfo& kernel)
{
    const AnalysisComparison* comparison = baseline.isSet() ? baseline.comparison() : nullptr;
    if (!comparison)
        return QString();
    if (const KernelChange* change = baseline.kernelChange(kernel.key))
        return changeExplanationHtml(*change, baseline.label(), comparison->notes);
    return addedKernelExplanationHtml(kernel.qualifiedName, baseline.label());
}

} // namespace

WhyPanel::WhyPanel(const ProjectSession& session, QWidget* parent)
    : QTextBrowser(parent)
    , m_session(session)
{
    setOpenLinks(false);
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_stale && isVisible())
            refresh();
    });
    setDarkPalette(false);
    connect(&session, &ProjectSession::projectChanged, this, &WhyPanel::refreshWhenVisible);
    connect(&session, &ProjectSession::selectionChanged, this, &WhyPanel::refreshWhenVisible);
    connect(&session, &ProjectSession::estimatesChanged, this, &WhyPanel::onEstimatesChanged);
    connect(&session.baseline(), &BaselineComparison::changed, this, &WhyPanel::refreshWhenVisible);
    refresh();
}

void WhyPanel::setDarkPalette(bool dark)
{
    m_dark = dark;
    // The explanation marks paragraphs by class only; the colours are the window's business.
    const QString css = dark ? QStringLiteral(".formula { color: #9cdcfe; font-family: monospace; }"
                                              ".warning { color: #f48771; }"
                                              ".note { color: #a0a0a0; }")
                             : QStringLiteral(".formula { color: #0b4f8a; font-family: monospace; }"
                                              ".warning { color: #b3261e; }"
                                              ".note { color: #5f6368; }");
    document()->setDefaultStyleSheet(css);
    if (!m_html.isEmpty())
        setHtml(m_html); // the default style sheet applies when HTML is set
}

void WhyPanel::showEvent(QShowEvent* event)
{
    QTextBrowser::showEvent(event);
    if (m_stale)
        refresh();
}

void WhyPanel::onEstimatesChanged(const QString& kernelKey)
{
    // Another kernel's what-if cannot change this text, unless the text follows whichever
    // kernel is hottest.
    if (!kernelKey.isEmpty() && kernelKey != m_kernelKey && !m_session.selectedKernel().isEmpty())
        return;
    // Project-wide changes (GPU, model) are single clicks: show them at once.
    if (kernelKey.isEmpty()) {
        refreshWhenVisible();
        return;
    }
    m_stale = true;
    if (isVisible() && !m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void WhyPanel::refreshWhenVisible()
{
    m_stale = true;
    if (isVisible())
        refresh();
}

QString WhyPanel::placeholder(const QString& text) const
{
    return QStringLiteral("<p class=\"note\">%1</p>").arg(text.toHtmlEscaped());
}

void WhyPanel::setFocusLine(const QString& file, int line)
{
    if (file == m_focusFile && line == m_focusLine)
        return;
    m_focusFile = file;
    m_focusLine = line;
    refreshWhenVisible();
    verticalScrollBar()->setValue(0); // the line's explanation is at the top
}

void WhyPanel::refresh()
{
    m_stale = false;
    QString html;
    QString kernelKey;
    const KernelEstimateReport* report = nullptr;
    if (!m_session.hasProject())
        html = placeholder(QStringLiteral("Open a project: this panel then explains how each kernel's power is "
                                          "estimated, step by step."));
    else if (!m_session.hasEstimates())
        html = placeholder(QStringLiteral("No estimate: %1").arg(m_session.modelError()));
    else if (!(report = explainedKernel(m_session)))
        html = placeholder(m_session.selectedKernel().isEmpty()
                ? QStringLiteral("No kernel with a readable body: nothing to explain.")
                : QStringLiteral("The selected kernel's body could not be read: it has no slices and no estimate."));
    if (report) {
        kernelKey = report->analysis.kernel->info.key;
        const std::optional<MemorySpace> slice
            = kernelKey == m_session.selectedKernel() ? m_session.selectedSlice() : std::nullopt;
        html = explanationHtml(*report, *m_session.model(), *m_session.gpu(), slice, m_session.run().settings);
        // What changed comes before how the number is made, and the line the reader is on first.
        html.prepend(changeHtml(m_session.baseline(), report->analysis.kernel->info));
        if (!m_focusFile.isEmpty())
            html.prepend(lineExplanationHtml(*report, m_session.energyModel(), m_focusFile, m_focusLine));
    }
    m_kernelKey = kernelKey;
    if (html == m_html)
        return;
    m_html = html;
    // Keep the reader's place while a slider moves the numbers.
    const int scroll = verticalScrollBar()->value();
    setHtml(m_html);
    verticalScrollBar()->setValue(scroll);
}

} // namespace slicewatt

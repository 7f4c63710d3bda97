// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTextBrowser>
#include <QTimer>

namespace slicewatt {

class ProjectSession;

// The "Why?" panel: how the selected kernel's (else the hottest kernel's) power came about,
// with the formula and numbers of the selected slice, for reviewers and students. The text
// is built by core (export/EstimateExplanation); this widget only shows it and keeps it
// current. While hidden it only notes that it is stale and rebuilds when shown, so a
// slider move costs nothing for a closed panel. The session must outlive the panel.
class WhyPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit WhyPanel(const ProjectSession& session, QWidget* parent = nullptr);

    // The HTML last put on screen (tests; copy to clipboard).
    QString currentHtml() const { return m_html; }
    // The kernel the text is about ("" for the placeholder).
    QString shownKernel() const { return m_kernelKey; }
    // Rebuilds the text now, visible or not.
    void refresh();
    // The code line the reader is on: explained first (its power and energy, term by term)
    // when it belongs to the kernel shown.
    void setFocusLine(const QString& file, int line);
    // Colours for formula lines, warnings and notes that read on a dark or a light window.
    void setDarkPalette(bool dark);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onEstimatesChanged(const QString& kernelKey);
    void refreshWhenVisible();
    QString placeholder(const QString& text) const;

    const ProjectSession& m_session;
    QString m_html;
    QString m_kernelKey;
    QString m_focusFile;
    int m_focusLine = 0;
    // Slider drags re-estimate many times a second; re-laying out rich text each time would
    // cost more than the estimate, so estimate changes refresh at most every kRefreshMs.
    static constexpr int kRefreshMs = 60;
    QTimer m_refreshTimer;
    bool m_stale = true;
    bool m_dark = false;
};

} // namespace slicewatt

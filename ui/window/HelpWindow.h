// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QTextBrowser;

namespace slicewatt {

// A help text (Markdown) in a window of its own: sized to fit the screen it opens on (at most
// 80 % of it), scrolling the rest, non-modal so the reader can keep it beside the code.
class HelpWindow : public QDialog {
    Q_OBJECT
public:
    HelpWindow(const QString& title, const QString& markdown, QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

} // namespace slicewatt

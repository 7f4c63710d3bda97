// SPDX-License-Identifier: GPL-3.0-or-later
#include "HelpWindow.h"

#include <QDialogButtonBox>
#include <QScreen>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace slicewatt {

HelpWindow::HelpWindow(const QString& title, const QString& markdown, QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(title);
    m_browser->setOpenExternalLinks(true);
    m_browser->setMarkdown(markdown);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    // A readable column (about 90 characters), never more than 80 % of the screen.
    const QRect available = (parent && parent->screen() ? parent->screen() : screen())->availableGeometry();
    const int wanted = fontMetrics().averageCharWidth() * 96;
    resize(std::min(wanted, available.width() * 8 / 10), available.height() * 8 / 10);
}

} // namespace slicewatt

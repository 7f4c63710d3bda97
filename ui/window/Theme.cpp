// SPDX-License-Identifier: GPL-3.0-or-later
#include "Theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace slicewatt {
namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x94));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x58, 0xa6, 0xff));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x7f, 0x82, 0x87));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x7f, 0x82, 0x87));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x7f, 0x82, 0x87));
    return p;
}

} // namespace

QString themeName(ThemeChoice theme)
{
    switch (theme) {
    case ThemeChoice::Light:
        return QStringLiteral("light");
    case ThemeChoice::Dark:
        return QStringLiteral("dark");
    case ThemeChoice::System:
        break;
    }
    return QStringLiteral("system");
}

ThemeChoice themeFromName(const QString& name)
{
    if (name == QLatin1String("light"))
        return ThemeChoice::Light;
    if (name == QLatin1String("dark"))
        return ThemeChoice::Dark;
    return ThemeChoice::System;
}

bool applyTheme(ThemeChoice theme)
{
    // Fusion draws our palettes faithfully on every platform.
    if (theme != ThemeChoice::System)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    switch (theme) {
    case ThemeChoice::Dark:
        QApplication::setPalette(darkPalette());
        break;
    case ThemeChoice::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case ThemeChoice::System:
        QApplication::setPalette(QPalette());
        break;
    }
    return isDarkPalette();
}

bool isDarkPalette()
{
    const QPalette palette = QApplication::palette();
    return palette.color(QPalette::Base).lightness() < palette.color(QPalette::Text).lightness();
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecentProjects.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace slicewatt {
namespace {

const QString kKey = QStringLiteral("recent/projects");

// One settings entry per project: its inputs joined by newlines (never part of a path we
// accept from dialogs).
QString encode(const QStringList& inputs)
{
    return inputs.join(QLatin1Char('\n'));
}

QString label(const QStringList& inputs)
{
    const QString first = QDir::toNativeSeparators(inputs.value(0));
    return inputs.size() == 1 ? first : QObject::tr("%1 and %n more", nullptr, int(inputs.size()) - 1).arg(first);
}

} // namespace

RecentProjects::RecentProjects(QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_menu(menu)
{
    rebuildMenu();
}

void RecentProjects::add(const QStringList& inputs)
{
    QStringList entries = QSettings().value(kKey).toStringList();
    entries.removeAll(encode(inputs));
    entries.prepend(encode(inputs));
    while (entries.size() > kMaximum)
        entries.removeLast();
    QSettings().setValue(kKey, entries);
    rebuildMenu();
}

QList<QStringList> RecentProjects::projects() const
{
    QList<QStringList> projects;
    for (const QString& entry : QSettings().value(kKey).toStringList())
        projects << entry.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return projects;
}

void RecentProjects::rebuildMenu()
{
    m_menu->clear();
    int number = 1;
    for (const QStringList& inputs : projects()) {
        QAction* action = m_menu->addAction(QStringLiteral("&%1 %2").arg(number++).arg(label(inputs)));
        action->setToolTip(inputs.join(QLatin1Char('\n')));
        const bool present = QFileInfo::exists(inputs.value(0));
        action->setEnabled(present);
        connect(action, &QAction::triggered, this, [this, inputs] { Q_EMIT openRequested(inputs); });
    }
    if (m_menu->isEmpty()) {
        m_menu->addAction(tr("No recent projects"))->setEnabled(false);
        return;
    }
    m_menu->addSeparator();
    m_menu->addAction(tr("&Clear List"), this, [this] {
        QSettings().remove(kKey);
        rebuildMenu();
    });
}

} // namespace slicewatt

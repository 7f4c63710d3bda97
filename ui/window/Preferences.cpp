// SPDX-License-Identifier: GPL-3.0-or-later
#include "Preferences.h"

#include "EditorLauncher.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>

namespace slicewatt {

Preferences Preferences::load()
{
    QSettings settings;
    Preferences p;
    p.editorCommand = settings.value(QStringLiteral("editor/command"), defaultEditorCommand()).toString();
    p.modelFolders = settings.value(QStringLiteral("models/folders")).toStringList();
    p.watchFiles = settings.value(QStringLiteral("analysis/watchFiles"), true).toBool();
    p.diskCache = settings.value(QStringLiteral("analysis/diskCache"), true).toBool();
    p.theme = themeFromName(settings.value(QStringLiteral("view/theme")).toString());
    // A value from a later version (or a hand edit) falls back to the default, never fails.
    const QString arch = settings.value(QStringLiteral("analysis/deviceArch"), QStringLiteral("gpu")).toString();
    if (const std::optional<CudaArch> chosen = CudaArch::fromText(arch)) {
        p.deviceArch = *chosen;
        p.archFromGpu = false;
    }
    return p;
}

void Preferences::save() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("editor/command"), editorCommand);
    settings.setValue(QStringLiteral("models/folders"), modelFolders);
    settings.setValue(QStringLiteral("analysis/watchFiles"), watchFiles);
    settings.setValue(QStringLiteral("analysis/diskCache"), diskCache);
    settings.setValue(QStringLiteral("view/theme"), themeName(theme));
    settings.setValue(QStringLiteral("analysis/deviceArch"), archFromGpu ? QStringLiteral("gpu") : deviceArch.name());
}

PreferencesDialog::PreferencesDialog(const Preferences& preferences, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    auto* form = new QFormLayout(this);
    m_editor = new QLineEdit(preferences.editorCommand, this);
    m_editor->setPlaceholderText(tr("empty: the desktop's default application"));
    m_editor->setToolTip(tr("%f is the file, %l the line. Examples: code --goto %f:%l · kate --line %l %f · "
                            "emacsclient -n +%l %f"));
    m_folders = new QPlainTextEdit(preferences.modelFolders.join(QLatin1Char('\n')), this);
    m_folders->setToolTip(tr("One folder per line; model and GPU files (*.json) there are added to the shipped ones"));
    m_folders->setMaximumHeight(90);
    m_watch = new QCheckBox(tr("Re-analyse files when they are saved"), this);
    m_watch->setChecked(preferences.watchFiles);
    m_diskCache = new QCheckBox(tr("Keep parsed files in the cache folder (faster re-opening)"), this);
    m_diskCache->setToolTip(tr("Files whose bytes, headers and flags are unchanged are not parsed again, "
                               "also after a restart. File → Clear Analysis Cache empties it."));
    m_diskCache->setChecked(preferences.diskCache);
    m_theme = new QComboBox(this);
    m_theme->addItem(tr("System"), themeName(ThemeChoice::System));
    m_theme->addItem(tr("Light"), themeName(ThemeChoice::Light));
    m_theme->addItem(tr("Dark"), themeName(ThemeChoice::Dark));
    m_theme->setCurrentIndex(m_theme->findData(themeName(preferences.theme)));
    m_arch = new QComboBox(this);
    m_arch->addItem(tr("As the GPU"), QStringLiteral("gpu"));
    for (const QString& name : CudaArch::knownNames())
        m_arch->addItem(name, name);
    m_arch->setCurrentIndex(preferences.archFromGpu ? 0 : m_arch->findData(preferences.deviceArch.name()));
    m_arch->setToolTip(tr("Kernels whose code tests __CUDA_ARCH__ (tensor cores, async copies, bf16 paths) are "
                          "read as the device compiler sees them for this architecture (As the GPU: the chosen GPU's "
                          "compute capability); the others are the same on every GPU. Changing it re-reads only "
                          "those files."));
    form->addRow(tr("&Editor command:"), m_editor);
    form->addRow(tr("&Model folders:"), m_folders);
    form->addRow(QString(), m_watch);
    form->addRow(QString(), m_diskCache);
    form->addRow(tr("Device &architecture:"), m_arch);
    form->addRow(tr("&Theme:"), m_theme);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.editorCommand = m_editor->text().trimmed();
    for (const QString& line : m_folders->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (!line.trimmed().isEmpty())
            p.modelFolders << line.trimmed();
    }
    p.watchFiles = m_watch->isChecked();
    p.diskCache = m_diskCache->isChecked();
    p.theme = themeFromName(m_theme->currentData().toString());
    p.archFromGpu = m_arch->currentData().toString() == QLatin1String("gpu");
    if (const std::optional<CudaArch> arch = CudaArch::fromText(m_arch->currentData().toString()))
        p.deviceArch = *arch;
    return p;
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Theme.h"
#include "common/CudaArch.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;

namespace slicewatt {

// What the user sets once and the app remembers (QSettings).
struct Preferences {
    QString editorCommand;
    QStringList modelFolders; // extra folders with model and GPU files (calibrations)
    bool watchFiles = true; // re-analyse files when they are saved
    bool diskCache = true; // keep parsed files in the user cache folder (UnitCache)
    ThemeChoice theme = ThemeChoice::System;
    // What device code is read for (__CUDA_ARCH__ in files that test it): the chosen GPU's
    // architecture (issue 47), or `deviceArch` where the user picked one.
    bool archFromGpu = true;
    CudaArch deviceArch;

    static Preferences load();
    void save() const;
};

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences& preferences, QWidget* parent = nullptr);
    Preferences preferences() const;

private:
    QLineEdit* m_editor;
    QPlainTextEdit* m_folders;
    QCheckBox* m_watch;
    QCheckBox* m_diskCache;
    QComboBox* m_theme;
    QComboBox* m_arch;
};

} // namespace slicewatt

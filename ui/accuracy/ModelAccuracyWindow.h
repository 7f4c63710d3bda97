// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/PowerModel.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QTableWidget;

namespace slicewatt {

class AccuracyScatterPlot;
class ModelLibrary;

// Tools › Model Accuracy: for each GPU with measured power and each model validated on it,
// the kernel-grouped figures beside the baselines and the other forms, predicted against
// measured power for every launch (each with its kernel held out), and the error per kernel,
// worst first. Exports the launches as CSV and the plot as PNG or PDF.
class ModelAccuracyWindow : public QDialog {
    Q_OBJECT
public:
    ModelAccuracyWindow(const ModelLibrary& library, QWidget* parent = nullptr);

    // Rebuilds the GPU list (the library may have been reloaded).
    void reload();
    bool selectGpu(const QString& gpuId);
    void setDarkPalette(bool dark);
    AccuracyScatterPlot& plot() { return *m_plot; }
    QTableWidget& kernelTable() { return *m_kernels; }
    QString figuresText() const;

private:
    void fillModels();
    void showCurrent();
    void exportCsv();
    void exportPlot();

    const ModelLibrary& m_library;
    QComboBox* m_gpu = nullptr;
    QComboBox* m_model = nullptr;
    QLabel* m_figures = nullptr;
    QTableWidget* m_compared = nullptr;
    QTableWidget* m_kernels = nullptr;
    AccuracyScatterPlot* m_plot = nullptr;
    std::optional<ModelAccuracy> m_current; // of the chosen GPU and model
};

} // namespace slicewatt

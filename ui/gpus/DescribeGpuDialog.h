// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/GpuCatalogue.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace slicewatt {

// Tools › Describe a GPU… (issue 46): a GPU the catalogue lacks, from its data sheet. The
// figures are checked as `--gpu-spec` checks a file (GpuSpecFile.h) and written, atomically,
// as <id>.gpu-spec.json into a model folder, from which the library then offers the GPU,
// predicted with the physical model from its data sheet. A catalogue GPU can be the start.
class DescribeGpuDialog : public QDialog {
    Q_OBJECT
public:
    DescribeGpuDialog(const GpuCatalogue& catalogue, QString folder, QWidget* parent = nullptr);

    // After accept(): the spec file written and the GPU's id.
    QString writtenFile() const { return m_written; }
    QString gpuId() const { return m_gpuId; }

    // The GPU the form describes now (what is written on accept).
    GpuSpec describedGpu() const;
    // Fills the form from a catalogue GPU (its id and name marked as a copy).
    void startFrom(const GpuSpec& gpu);

public Q_SLOTS:
    void accept() override;

private:
    const GpuCatalogue& m_catalogue;
    QString m_folder;
    QString m_written;
    QString m_gpuId;
    QComboBox* m_start = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_id = nullptr;
    QComboBox* m_computeCapability = nullptr;
    QSpinBox* m_sms = nullptr;
    QDoubleSpinBox* m_baseMhz = nullptr;
    QDoubleSpinBox* m_boostMhz = nullptr;
    QDoubleSpinBox* m_bandwidth = nullptr;
    QComboBox* m_memory = nullptr;
    QSpinBox* m_busWidth = nullptr;
    QDoubleSpinBox* m_boardW = nullptr;
    QDoubleSpinBox* m_idleW = nullptr;
    QLabel* m_problems = nullptr;
};

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "DescribeGpuDialog.h"

#include "common/FileIo.h"
#include "model/ArchitecturePhysics.h"
#include "model/GpuSpecFile.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace slicewatt {
namespace {

QDoubleSpinBox* number(double low, double high, const QString& suffix, int decimals = 0)
{
    auto* box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    return box;
}

// "RTX 5080 (mine)" → "rtx-5080-mine": what --gpu and the file name take.
QString idFromName(const QString& name)
{
    return name.toLower()
        .replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"))
        .remove(QRegularExpression(QStringLiteral("^-+|-+$")));
}

} // namespace

DescribeGpuDialog::DescribeGpuDialog(const GpuCatalogue& catalogue, QString folder, QWidget* parent)
    : QDialog(parent)
    , m_catalogue(catalogue)
    , m_folder(std::move(folder))
{
    setWindowTitle(tr("Describe a GPU"));
    auto* form = new QFormLayout;
    m_start = new QComboBox;
    m_start->addItem(tr("(empty)"));
    for (const GpuSpec& gpu : catalogue.gpus()) {
        if (gpu.computeCapability.toDouble() >= 3) // an architecture with physics
            m_start->addItem(gpu.name, gpu.id);
    }
    form->addRow(tr("Start from:"), m_start);
    m_name = new QLineEdit;
    m_name->setPlaceholderText(tr("the GPU's name, as its data sheet writes it"));
    form->addRow(tr("&Name:"), m_name);
    m_id = new QLineEdit;
    m_id->setToolTip(tr("What --gpu and the GPU list take; also the file's name"));
    form->addRow(tr("&Id:"), m_id);
    m_computeCapability = new QComboBox;
    for (const ArchitecturePhysics& a : ArchitectureTable::standard().architectures()) {
        for (const QString& cc : a.computeCapabilities)
            m_computeCapability->addItem(QStringLiteral("%1 (%2)").arg(cc, a.name), cc);
    }
    form->addRow(tr("&Compute capability:"), m_computeCapability);
    m_sms = new QSpinBox;
    m_sms->setRange(1, 1024);
    form->addRow(tr("&SMs:"), m_sms);
    m_baseMhz = number(0, 5000, tr(" MHz"));
    m_baseMhz->setSpecialValueText(tr("unknown"));
    form->addRow(tr("&Base clock:"), m_baseMhz);
    m_boostMhz = number(100, 5000, tr(" MHz"));
    form->addRow(tr("B&oost clock:"), m_boostMhz);
    m_bandwidth = number(1, 100000, tr(" GB/s"));
    form->addRow(tr("Memory &bandwidth:"), m_bandwidth);
    m_memory = new QComboBox;
    for (const MemoryTechnology& m : ArchitectureTable::standard().memoryTechnologies())
        m_memory->addItem(m.id, m.id);
    form->addRow(tr("&Memory:"), m_memory);
    m_busWidth = new QSpinBox;
    m_busWidth->setRange(0, 65536);
    m_busWidth->setSuffix(tr(" bits"));
    m_busWidth->setSpecialValueText(tr("unknown"));
    form->addRow(tr("Bus &width:"), m_busWidth);
    m_boardW = number(1, 5000, tr(" W"));
    m_boardW->setToolTip(tr("The board's power limit: TDP or total graphics power"));
    form->addRow(tr("Power &limit:"), m_boardW);
    m_idleW = number(0, 5000, tr(" W"), 1);
    m_idleW->setSpecialValueText(tr("unknown (the architecture's share of the limit)"));
    form->addRow(tr("I&dle power:"), m_idleW);
    m_problems = new QLabel;
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Save and Use"));
    connect(buttons, &QDialogButtonBox::accepted, this, &DescribeGpuDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &DescribeGpuDialog::reject);
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString& name) { m_id->setText(idFromName(name)); });
    connect(m_start, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (const GpuSpec* gpu = m_catalogue.find(m_start->itemData(index).toString()))
            startFrom(*gpu);
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("A GPU the catalogue lacks, from its data sheet. SliceWatt predicts it with the "
                                    "physical model: the architecture's energies and the data sheet's figures, "
                                    "with the error such predictions earned on the measured GPUs.")));
    layout->itemAt(0)->widget()->setProperty("wordWrap", true);
    layout->addLayout(form);
    layout->addWidget(m_problems);
    layout->addWidget(buttons);
}

void DescribeGpuDialog::startFrom(const GpuSpec& gpu)
{
    m_name->setText(tr("%1 (copy)").arg(gpu.name));
    m_id->setText(idFromName(m_name->text()));
    m_computeCapability->setCurrentIndex(std::max(0, m_computeCapability->findData(gpu.computeCapability)));
    m_sms->setValue(gpu.sms);
    m_baseMhz->setValue(gpu.baseClockMhz.value_or(0));
    m_boostMhz->setValue(gpu.boostClockMhz.value_or(1000));
    m_bandwidth->setValue(gpu.memoryBandwidthGBs.value_or(100));
    m_memory->setCurrentIndex(std::max(0, m_memory->findData(gpu.memoryTechnology)));
    m_busWidth->setValue(gpu.memoryBusWidthBits.value_or(0));
    m_boardW->setValue(gpu.boardPowerW.value_or(100));
    m_idleW->setValue(gpu.idlePowerW.value_or(0));
}

GpuSpec DescribeGpuDialog::describedGpu() const
{
    GpuSpec gpu;
    gpu.id = m_id->text().trimmed();
    gpu.name = m_name->text().trimmed();
    gpu.computeCapability = m_computeCapability->currentData().toString();
    gpu.sms = m_sms->value();
    if (m_baseMhz->value() > 0)
        gpu.baseClockMhz = m_baseMhz->value();
    gpu.boostClockMhz = m_boostMhz->value();
    gpu.memoryBandwidthGBs = m_bandwidth->value();
    gpu.memoryTechnology = m_memory->currentData().toString();
    if (m_busWidth->value() > 0)
        gpu.memoryBusWidthBits = m_busWidth->value();
    gpu.boardPowerW = m_boardW->value();
    gpu.boardPowerSource = tr("the data sheet, as entered in Describe a GPU");
    if (m_idleW->value() > 0)
        gpu.idlePowerW = m_idleW->value();
    return gpu;
}

void DescribeGpuDialog::accept()
{
    const GpuSpec gpu = describedGpu();
    if (gpu.id.isEmpty() || gpu.name.isEmpty()) {
        m_problems->setText(tr("Give the GPU a name and an id."));
        return;
    }
    const QString file = QDir(m_folder).filePath(gpu.id + QStringLiteral(".gpu-spec.json"));
    // Checked as a user's file is, so the dialog never writes what the library would refuse.
    const QByteArray text = gpuSpecFileText(gpu);
    QStringList errors;
    if (!parseGpuSpecFile(text, file, m_catalogue, errors)) {
        m_problems->setText(errors.join(QLatin1Char('\n')));
        return;
    }
    QString error;
    if (!QDir().mkpath(m_folder) || !writeFileAtomically(file, text, &error)) {
        m_problems->setText(tr("Cannot write %1: %2").arg(file, error));
        return;
    }
    m_written = file;
    m_gpuId = gpu.id;
    QDialog::accept();
}

} // namespace slicewatt

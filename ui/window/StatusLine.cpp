// SPDX-License-Identifier: GPL-3.0-or-later
#include "StatusLine.h"

#include "export/ModelAccuracyText.h"
#include "export/OutputFormatting.h"
#include "session/ProjectSession.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace slicewatt {

StatusLine::StatusLine(QStatusBar* bar)
    : QObject(bar)
    , m_progress(new QProgressBar(bar))
    , m_cancel(new QPushButton(tr("Cancel"), bar))
    , m_summary(new QLabel(tr("Open a CUDA project: File → Open Folder (Ctrl+O), or drop a folder here"), bar))
    , m_gpu(new QLabel(bar))
    , m_model(new QLabel(bar))
    , m_arch(new QLabel(bar))
    , m_power(new QLabel(bar))
    , m_baseline(new QLabel(bar))
{
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("%v / %m files"));
    m_cancel->setToolTip(tr("Stop the analysis (Esc)"));
    m_cancel->setShortcut(Qt::Key_Escape);
    m_arch->setToolTip(tr("The GPU architecture device code is read for (__CUDA_ARCH__), in files whose code "
                          "tests it; Edit → Preferences changes it"));
    bar->addWidget(m_summary, 1);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    bar->addPermanentWidget(m_gpu);
    bar->addPermanentWidget(m_model);
    bar->addPermanentWidget(m_arch);
    bar->addPermanentWidget(m_power);
    bar->addPermanentWidget(m_baseline);
    setBusy(false);
}

void StatusLine::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
}

void StatusLine::setProgress(int done, int total)
{
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(done);
}

void StatusLine::say(const QString& text)
{
    m_summary->setText(text);
}

void StatusLine::showDeviceArch(const QString& arch)
{
    m_arch->setText(tr("device code %1").arg(arch));
}

void StatusLine::showEstimates(const ProjectSession& session)
{
    const GpuSpec* gpu = session.gpu();
    const PowerModel* model = session.model();
    m_gpu->setText(gpu ? gpu->name : session.settings().gpuId);
    m_model->setText(model ? model->name() : session.settings().modelId);
    if (!session.hasEstimates()) {
        m_power->setText(tr("<b>no estimate</b>"));
        m_power->setToolTip(session.modelError());
        return;
    }
    m_power->setToolTip(accuracyText(*model, *gpu));
    const KernelEstimateReport* report = session.kernelReport(session.selectedKernel());
    if (report) {
        const KernelEstimate& e = report->estimate;
        QString text = tr("<b>%1: %2</b> (%3)")
                           .arg(report->analysis.kernel->info.name.toHtmlEscaped())
                           .arg(powerWithBand(e, *model, *gpu).toHtmlEscaped())
                           .arg(e.dense ? QStringLiteral("BDPM") : QStringLiteral("BSPM"));
        if (e.joules)
            text += tr(", %1 J").arg(*e.joules, 0, 'g', 4);
        m_power->setText(text);
        return;
    }
    const KernelEstimateReport* hottest = session.hottestKernel();
    m_power->setText(hottest
            ? tr("hottest kernel <b>%1</b>").arg(powerWithBand(hottest->estimate, *model, *gpu).toHtmlEscaped())
            : QString());
}

} // namespace slicewatt

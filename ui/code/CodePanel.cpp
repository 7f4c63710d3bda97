// SPDX-License-Identifier: GPL-3.0-or-later
#include "CodePanel.h"

#include "CodeView.h"
#include "HeatLegend.h"
#include "LineChangeBuilder.h"
#include "LineInfoBuilder.h"
#include "export/DisplayNumbers.h"
#include "session/BaselineComparison.h"
#include "session/ProjectSession.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QStringDecoder>
#include <QToolButton>
#include <QVBoxLayout>

namespace slicewatt {
namespace {

// A NUL in the first 64 KiB: no source file has one, every binary format soon does.
bool looksBinary(const QByteArray& bytes)
{
    return bytes.left(64 * 1024).contains('\0');
}

QString decodeSource(const QByteArray& bytes)
{
    QStringDecoder utf8(QStringDecoder::Utf8);
    QString text = utf8(bytes);
    if (!utf8.hasError())
        return text;
    // Old sources carry Latin-1 comments; showing them beats refusing the file.
    return QString::fromLatin1(bytes);
}

} // namespace

CodePanel::CodePanel(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_view(new CodeView(this))
    , m_message(new QLabel(this))
    , m_legend(new HeatLegend(this))
    , m_unitBox(new QComboBox(this))
    , m_changeAction(new QAction(tr("Δ vs Baseline"), this))
    , m_changeButton(new QToolButton(this))
{
    m_changeAction->setIconText(tr("Δ vs Baseline")); // the button's; the menu may name it at length
    m_changeAction->setCheckable(true);
    m_changeAction->setEnabled(false);
    m_changeAction->setShortcut(QKeySequence(tr("Ctrl+Shift+D")));
    m_changeAction->setToolTip(tr("Heat: each line's change since the baseline (File › Compare With), red warmer, "
                                  "blue cooler (Ctrl+Shift+D)"));
    m_changeButton->setDefaultAction(m_changeAction);
    connect(m_changeAction, &QAction::toggled, this, &CodePanel::changeViewToggled);
    m_unitBox->addItem(tr("Power (W)"), int(ProjectSession::HeatUnit::Power));
    m_unitBox->addItem(tr("Energy per launch (J)"), int(ProjectSession::HeatUnit::Energy));
    m_unitBox->setToolTip(tr("Heat: each line's share of its kernel's power (slice models), or the dynamic energy "
                             "its instructions take per launch (instruction-class model)"));
    connect(m_unitBox, &QComboBox::activated, this,
        [this] { Q_EMIT heatUnitRequested(ProjectSession::HeatUnit(m_unitBox->currentData().toInt())); });
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setTextFormat(Qt::PlainText);
    m_header->setContentsMargins(4, 2, 4, 2);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_message);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_stack, 1);
    auto* legendRow = new QHBoxLayout;
    legendRow->addWidget(m_legend, 1);
    legendRow->addWidget(m_changeButton, 0, Qt::AlignVCenter);
    legendRow->addWidget(m_unitBox, 0, Qt::AlignVCenter);
    layout->addLayout(legendRow);
    updateHeader();
}

bool CodePanel::showFile(const QString& path)
{
    m_path = path;
    updateHeader();
    const QFileInfo info(path);
    const QString name = info.fileName().isEmpty() ? path : info.fileName();
    QFile file(path);
    if (!info.exists()) {
        showMessage(tr("%1 cannot be shown: it does not exist (any more).").arg(name));
        return false;
    }
    if (!info.isFile()) {
        showMessage(tr("%1 cannot be shown: it is not a regular file.").arg(name));
        return false;
    }
    if (file.size() > kMaxFileBytes) {
        showMessage(tr("%1 is too large to show (%2 MB; the code view shows files up to %3 MB).")
                        .arg(name, QString::number(double(file.size()) / (1024 * 1024), 'f', 1),
                            QString::number(kMaxFileBytes / (1024 * 1024))));
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        showMessage(tr("%1 cannot be read: %2").arg(name, file.errorString()));
        return false;
    }
    // Read at most one byte over the limit: the file may have grown since size().
    const QByteArray bytes = file.read(kMaxFileBytes + 1);
    if (bytes.size() > kMaxFileBytes) {
        showMessage(
            tr("%1 is too large to show (over %2 MB).").arg(name, QString::number(kMaxFileBytes / (1024 * 1024))));
        return false;
    }
    if (looksBinary(bytes)) {
        showMessage(tr("%1 looks like a binary file and is not shown.").arg(name));
        return false;
    }
    m_view->showSource(path, decodeSource(bytes));
    m_message->clear();
    m_stack->setCurrentWidget(m_view);
    return true;
}

QString CodePanel::message() const
{
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

void CodePanel::setBaseDir(const QString& dir)
{
    m_baseDir = dir;
    updateHeader();
}

void CodePanel::refreshHeat(const ProjectSession& session)
{
    const QString file = m_view->path();
    if (file.isEmpty() || m_stack->currentWidget() != m_view) {
        m_legend->setRange(0);
        return;
    }
    const QString kernelKey = session.selectedKernel();
    m_unitBox->setCurrentIndex(m_unitBox->findData(int(session.heatUnit())));
    if (showsChange() && session.baseline().isSet())
        showChangeHeat(session, kernelKey);
    else
        showAbsoluteHeat(session, kernelKey);

    QSet<int> marked;
    const std::optional<MemorySpace> slice = session.selectedSlice();
    const KernelEstimateReport* report = kernelKey.isEmpty() ? nullptr : session.kernelReport(kernelKey);
    if (slice && report && report->analysis.ir) {
        // Members, not SliceSummary::lines: lines carry no file, and an inlined device
        // function's statements sit in another file.
        const QVector<Statement>& statements = report->analysis.ir->statements;
        for (int member : report->analysis.slices.slices[size_t(*slice)].members) {
            if (member >= 0 && member < statements.size() && statements[member].location.file == file)
                marked.insert(statements[member].location.line);
        }
    }
    m_view->setMarkedLines(marked);
}

void CodePanel::showAbsoluteHeat(const ProjectSession& session, const QString& kernelKey)
{
    const QHash<int, CodeLineInfo> lines = lineInfoForFile(session, m_view->path(), kernelKey);
    const double maxHeat = maxLineHeat(lines);
    m_view->setLineInfo(lines, maxHeat);
    m_legend->setDiverging(false);
    m_legend->setToolTip(QString());
    if (session.heatUnit() == ProjectSession::HeatUnit::Energy) {
        // Energies per launch are µJ to mJ: the legend counts in the prefix that fits.
        const EnergyPrefix prefix = energyPrefixFor(maxHeat);
        m_legend->setUnit(prefix.unit);
        m_legend->setCaption(tr("Line energy per launch, %1").arg(prefix.unit));
        m_legend->setRange(maxHeat * prefix.factor);
    } else {
        m_legend->setUnit(QStringLiteral("W"));
        m_legend->setCaption(tr("Line power, W"));
        m_legend->setRange(maxHeat);
    }
}

void CodePanel::showChangeHeat(const ProjectSession& session, const QString& kernelKey)
{
    const FileLineChanges changes = lineChangesForFile(session, m_view->path(), kernelKey);
    m_view->setLineInfo(changes.lines, changes.largest, true);
    m_legend->setDiverging(true);
    const bool energy = session.heatUnit() == ProjectSession::HeatUnit::Energy;
    const EnergyPrefix prefix = energy ? energyPrefixFor(changes.largest) : EnergyPrefix{};
    const QString unit = energy ? prefix.unit : QStringLiteral("W");
    m_legend->setUnit(unit);
    // Short enough for a laptop's code panel; the tooltip says the rest.
    m_legend->setCaption(energy ? tr("Δ line energy per launch vs %1, %2").arg(session.baseline().label(), unit)
                                : tr("Δ line power vs %1, %2").arg(session.baseline().label(), unit));
    QString tip = tr("Each line's change since the baseline %1: red warmer, blue cooler, the strongest colour at "
                     "the largest change either way. Lines are paired with the baseline's by their code, then by "
                     "place.")
                      .arg(session.baseline().label());
    if (changes.goneLines > 0)
        tip += tr(" %n line(s) of the baseline that drew %1 are gone.", nullptr, changes.goneLines)
                   .arg(formatLineHeat(changes.goneHeat, session.heatUnit()));
    m_legend->setToolTip(tip);
    m_legend->setRange(changes.largest * prefix.factor);
}

bool CodePanel::showsChange() const
{
    return m_changeAction->isEnabled() && m_changeAction->isChecked();
}

void CodePanel::setBaselineAvailable(bool available)
{
    m_changeAction->setEnabled(available);
    m_changeAction->setChecked(available);
}

void CodePanel::setDarkPalette(bool dark)
{
    m_view->setDarkPalette(dark);
    m_legend->setDarkPalette(dark);
}

void CodePanel::showMessage(const QString& text)
{
    m_view->showSource(QString(), QString());
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
    m_legend->setRange(0);
}

void CodePanel::updateHeader()
{
    if (m_path.isEmpty()) {
        m_header->setText(tr("No file shown"));
        return;
    }
    const QString shown = m_baseDir.isEmpty() ? QDir::toNativeSeparators(m_path)
                                              : QDir::toNativeSeparators(QDir(m_baseDir).relativeFilePath(m_path));
    m_header->setText(shown);
    m_header->setToolTip(QDir::toNativeSeparators(m_path));
}

} // namespace slicewatt

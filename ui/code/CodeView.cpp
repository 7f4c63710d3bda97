// SPDX-License-Identifier: GPL-3.0-or-later
#include "CodeView.h"

#include "CudaHighlighter.h"
#include "HeatScale.h"
#include "frontend/SourceTokenizer.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace slicewatt {

// The strip beside the text. It owns no state: the view lays it out and paints it, so the
// gutter and the text can never disagree about which line is where.
class CodeGutter : public QWidget {
public:
    explicit CodeGutter(CodeView* view)
        : QWidget(view)
        , m_view(view)
    {
        setMouseTracking(true);
    }

    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }

    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::ToolTip) {
            auto* help = static_cast<QHelpEvent*>(event);
            const int line = m_view->lineAt(help->pos().y());
            QRect area = m_view->lineRect(line);
            area.setLeft(0);
            area.setWidth(width());
            if (!m_view->showLineToolTip(line, help->globalPos(), this, area)) {
                QToolTip::hideText();
                event->ignore();
            }
            return true;
        }
        return QWidget::event(event);
    }

    void mouseDoubleClickEvent(QMouseEvent* event) override
    {
        const int line = m_view->lineAt(int(event->position().y()));
        if (line > 0)
            Q_EMIT m_view->lineActivated(line);
    }

private:
    CodeView* m_view;
};

namespace {

constexpr int kGutterPadding = 4; // px between the gutter's columns

QString normalisedLineEnds(const QString& text)
{
    // libclang counts \r\n and a lone \r as one line end each; QTextDocument only splits on
    // \n. Normalising keeps the view's line numbers equal to the analysis' ones.
    QString result = text;
    result.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    result.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return result;
}

} // namespace

CodeView::CodeView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_highlighter(new CudaHighlighter(this))
    , m_gutter(new CodeGutter(this))
{
    setReadOnly(true);
    // Keyboard-selectable keeps the cursor visible, so goToLine shows where it went.
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    m_dark = palette().color(QPalette::Base).lightness() < 128;
    m_highlighter->setDarkPalette(m_dark);
    m_highlighter->setDocument(document());

    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateGutterLayout(); });
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeView::updateGutterArea);
    updateGutterLayout();
}

CodeView::~CodeView() = default;

void CodeView::showSource(const QString& path, const QString& text)
{
    const bool samePath = !m_path.isEmpty() && path == m_path;
    const int vertical = verticalScrollBar()->value();
    const int horizontal = horizontalScrollBar()->value();
    if (!samePath) {
        m_lines.clear();
        m_marked.clear();
        m_scaleMax = 0;
    }
    m_path = path;
    const QString normalised = normalisedLineEnds(text);
    // Tokens first: replacing the text makes the highlighter format every block at once,
    // from these tokens, in a single pass.
    m_highlighter->setTokens(tokenizeSource(normalised));
    setPlainText(normalised);
    updateGutterLayout();
    if (samePath) {
        verticalScrollBar()->setValue(vertical);
        horizontalScrollBar()->setValue(horizontal);
    }
    viewport()->update();
    m_gutter->update();
}

void CodeView::setLineInfo(const QHash<int, CodeLineInfo>& lines, double scaleMax, bool diverging)
{
    m_lines = lines; // implicitly shared: no copy of the lines themselves
    m_scaleMax = std::isfinite(scaleMax) && scaleMax > 0 ? scaleMax : 0;
    m_diverging = diverging;
    viewport()->update();
    m_gutter->update();
}

double CodeView::heatFraction(int line) const
{
    if (m_scaleMax <= 0)
        return 0;
    const auto it = m_lines.constFind(line);
    if (it == m_lines.constEnd() || !std::isfinite(it->heat))
        return 0;
    if (m_diverging)
        return std::clamp(it->heat / m_scaleMax, -1.0, 1.0);
    return it->heat > 0 ? std::clamp(it->heat / m_scaleMax, 0.0, 1.0) : 0.0;
}

QColor CodeView::heatTint(int line) const
{
    const double fraction = heatFraction(line);
    return m_diverging ? HeatScale::divergingTint(fraction, m_dark) : HeatScale::tint(fraction, m_dark);
}

void CodeView::setMarkedLines(const QSet<int>& lines)
{
    m_marked = lines;
    viewport()->update();
    m_gutter->update();
}

void CodeView::goToLine(int line)
{
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    if (!block.isValid())
        return;
    setTextCursor(QTextCursor(block));
    centerCursor();
}

void CodeView::setDarkPalette(bool dark)
{
    m_dark = dark;
    applyEditorPalette();
    m_highlighter->setDarkPalette(dark);
    viewport()->update();
    m_gutter->update();
}

void CodeView::applyEditorPalette()
{
    QPalette colours = palette();
    colours.setColor(QPalette::Base, m_dark ? QColor(30, 31, 34) : QColor(255, 255, 255));
    colours.setColor(QPalette::Text, m_dark ? QColor(212, 212, 212) : QColor(30, 30, 30));
    colours.setColor(QPalette::Window, m_dark ? QColor(40, 41, 45) : QColor(244, 244, 244));
    colours.setColor(QPalette::WindowText, m_dark ? QColor(140, 140, 140) : QColor(120, 120, 120));
    setPalette(colours);
}

int CodeView::gutterWidth() const
{
    return m_layout.total;
}

QWidget* CodeView::gutter() const
{
    return m_gutter;
}

QRect CodeView::heatStripColumn() const
{
    return {m_layout.stripX, 0, m_layout.stripWidth, m_gutter->height()};
}

int CodeView::lineAt(int viewportY) const
{
    QTextBlock block = firstVisibleBlock();
    const QPointF offset = contentOffset();
    double top = blockBoundingGeometry(block).translated(offset).top();
    while (block.isValid() && top <= viewportY) {
        const double bottom = top + blockBoundingRect(block).height();
        if (block.isVisible() && viewportY < bottom)
            return block.blockNumber() + 1;
        block = block.next();
        top = bottom;
    }
    return 0;
}

QRect CodeView::lineRect(int line) const
{
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    if (!block.isValid() || !block.isVisible())
        return {};
    const QRectF geometry = blockBoundingGeometry(block).translated(contentOffset());
    return QRect(0, int(std::floor(geometry.top())), viewport()->width(), int(std::ceil(geometry.height())));
}

void CodeView::paintEvent(QPaintEvent* event)
{
    // Heat first, text on top; the marks last so the outline is not hidden by selections.
    paintHeat(event->rect());
    QPlainTextEdit::paintEvent(event);
    if (!m_marked.isEmpty())
        paintMarks(event->rect());
}

void CodeView::forEachVisibleLine(const QRect& area, const std::function<void(int, double, double)>& paint) const
{
    const QPointF offset = contentOffset();
    QTextBlock block = firstVisibleBlock();
    double top = blockBoundingGeometry(block).translated(offset).top();
    while (block.isValid() && top <= area.bottom()) {
        const double height = blockBoundingRect(block).height();
        if (block.isVisible() && top + height >= area.top())
            paint(block.blockNumber() + 1, top, height);
        top += height;
        block = block.next();
    }
}

void CodeView::paintHeat(const QRect& area)
{
    if (m_lines.isEmpty() || m_scaleMax <= 0)
        return;
    QPainter painter(viewport());
    const int width = viewport()->width();
    forEachVisibleLine(area, [&](int line, double top, double height) {
        if (heatFraction(line) != 0)
            painter.fillRect(QRectF(0, top, width, height), heatTint(line));
    });
}

void CodeView::paintMarks(const QRect& area)
{
    QPainter painter(viewport());
    const QColor accent = palette().color(QPalette::Highlight);
    const int width = viewport()->width();
    forEachVisibleLine(area, [&](int line, double top, double height) {
        if (!m_marked.contains(line))
            return;
        // Consecutive member lines share one outline: a run reads as one slice region.
        const QRectF row(0, top, width, height);
        painter.fillRect(QRectF(row.left(), row.top(), 3, row.height()), accent);
        painter.setPen(QPen(accent, 1));
        if (!m_marked.contains(line - 1))
            painter.drawLine(QLineF(row.left(), row.top() + 0.5, row.right(), row.top() + 0.5));
        if (!m_marked.contains(line + 1))
            painter.drawLine(QLineF(row.left(), row.bottom() - 0.5, row.right(), row.bottom() - 0.5));
    });
}

void CodeView::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    const QRect area = event->rect();
    painter.fillRect(area, palette().color(QPalette::Window));

    const QColor numberColour = palette().color(QPalette::WindowText);
    const QColor emptyCell = m_dark ? QColor(52, 53, 58) : QColor(230, 230, 230);
    const QColor accent = palette().color(QPalette::Highlight);
    QFont numberFont = font();
    QFont boldFont = font();
    boldFont.setBold(true);
    const int ascent = fontMetrics().ascent();

    forEachVisibleLine(area, [&](int line, double top, double height) {
        const int y = int(std::floor(top));
        const int rowHeight = int(std::ceil(height));
        const bool marked = m_marked.contains(line);

        painter.setFont(marked ? boldFont : numberFont);
        painter.setPen(marked ? palette().color(QPalette::Text) : numberColour);
        painter.drawText(QRect(0, y, m_layout.numbersWidth - kGutterPadding, rowHeight), Qt::AlignRight | Qt::AlignTop,
            QString::number(line));

        const auto info = m_lines.constFind(line);
        if (info != m_lines.constEnd()) {
            painter.setFont(boldFont);
            for (MemorySpace space : kAllMemorySpaces) {
                if (!info->spaces[size_t(space)])
                    continue;
                painter.setPen(HeatScale::spaceColour(space, m_dark));
                const int x = m_layout.markersX + int(space) * m_layout.markerStep;
                painter.drawText(QPoint(x, y + ascent), QString(HeatScale::spaceLetter(space)));
            }
        }

        // The strip cell: the empty cell shows the scale's extent, the bar how much of it
        // this line uses, in the colour of that share.
        const QRect cell(m_layout.stripX, y + 1, m_layout.stripWidth, std::max(1, rowHeight - 2));
        painter.fillRect(cell, emptyCell);
        const double fraction = heatFraction(line);
        if (fraction != 0) {
            // A change's bar is as long as its size; its colour says which way it went.
            const int bar = std::max(2, int(std::lround(std::abs(fraction) * cell.width())));
            const QColor colour
                = m_diverging ? HeatScale::divergingStrip(fraction, m_dark) : HeatScale::strip(fraction, m_dark);
            painter.fillRect(QRect(cell.left(), cell.top(), bar, cell.height()), colour);
        }
        if (marked)
            painter.fillRect(QRect(m_layout.total - 3, y, 3, rowHeight), accent);
    });
}

bool CodeView::showLineToolTip(int line, const QPoint& globalPos, QWidget* over, const QRect& lineArea)
{
    const auto info = m_lines.constFind(line);
    if (line <= 0 || info == m_lines.constEnd() || info->tooltipHtml.isEmpty())
        return false;
    QToolTip::showText(globalPos, info->tooltipHtml, over, lineArea);
    return true;
}

bool CodeView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int line = lineAt(help->pos().y());
        if (!showLineToolTip(line, help->globalPos(), viewport(), lineRect(line))) {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

void CodeView::mouseDoubleClickEvent(QMouseEvent* event)
{
    QPlainTextEdit::mouseDoubleClickEvent(event);
    const int line = lineAt(int(event->position().y()));
    if (line > 0)
        Q_EMIT lineActivated(line);
}

void CodeView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
        updateGutterLayout();
    }
}

void CodeView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect contents = contentsRect();
    m_gutter->setGeometry(contents.left(), contents.top(), m_layout.total, contents.height());
}

void CodeView::updateGutterLayout()
{
    const QFontMetrics metrics = fontMetrics();
    const int digitWidth = metrics.horizontalAdvance(QLatin1Char('9'));
    int digits = 1;
    for (int count = std::max(1, blockCount()); count >= 10; count /= 10)
        ++digits;
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics boldMetrics(boldFont);
    int letterWidth = 0;
    for (MemorySpace space : kAllMemorySpaces)
        letterWidth = std::max(letterWidth, boldMetrics.horizontalAdvance(HeatScale::spaceLetter(space)));

    GutterLayout layout;
    layout.numbersWidth = kGutterPadding + std::max(3, digits) * digitWidth + kGutterPadding;
    layout.markersX = layout.numbersWidth;
    layout.markerStep = letterWidth + 1;
    layout.stripX = layout.markersX + kMemorySpaceCount * layout.markerStep + kGutterPadding;
    layout.stripWidth = 5 * digitWidth;
    layout.total = layout.stripX + layout.stripWidth + kGutterPadding + 3; // 3: the mark bar
    const bool changed = layout.total != m_layout.total;
    m_layout = layout;
    if (changed)
        setViewportMargins(m_layout.total, 0, 0, 0);
    const QRect contents = contentsRect();
    m_gutter->setGeometry(contents.left(), contents.top(), m_layout.total, contents.height());
    m_gutter->update();
}

void CodeView::updateGutterArea(const QRect& rect, int dy)
{
    if (dy != 0)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
}

} // namespace slicewatt

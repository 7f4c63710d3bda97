// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

#include "ir/MemorySpace.h"

#include <QHash>
#include <QPlainTextEdit>
#include <QSet>

#include <array>

namespace slicewatt {

class CudaHighlighter;
class CodeGutter;

// What the code view shows about one source line besides its text.
struct CodeLineInfo {
    double heat
        = 0; // in the session's heat unit: the line's share of its kernel's power (W) or its energy per launch (J)
    std::array<bool, kMemorySpaceCount> spaces{}; // slices the line belongs to
    QString tooltipHtml; // shown on hover; empty: no tooltip
};

// Read-only CUDA source with its power heat: a left gutter (line numbers, memory-space
// markers G S C T, and a Nsight-style heat strip whose colour and bar length both give
// the line's share of the hottest line) and a background tint per line. Heat changes
// (what-if sliders) only repaint: setLineInfo never touches the document or its layout,
// and painting visits the visible lines alone, so a change costs the same on any file size.
class CodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);
    ~CodeView() override;

    // Shows `text` (line endings normalised to \n, so lines match libclang's), highlighted.
    // Showing the same path again keeps the scroll position, the heat and the marks;
    // another path drops them.
    void showSource(const QString& path, const QString& text);
    QString path() const { return m_path; }

    // Heat per 1-based line; a line at `scaleMax` is the hottest colour. Repaint only.
    // `diverging`: the heat is a signed change since a baseline, painted cooler (blue) or
    // warmer (red) on HeatScale's diverging scale, a line at ±scaleMax the strongest.
    void setLineInfo(const QHash<int, CodeLineInfo>& lines, double scaleMax, bool diverging = false);
    const QHash<int, CodeLineInfo>& lineInfo() const { return m_lines; }
    double scaleMax() const { return m_scaleMax; }
    bool isDiverging() const { return m_diverging; }
    double heatFraction(int line) const; // 0 … 1; diverging: −1 … 1
    QColor heatTint(int line) const; // the line's background colour; transparent without heat

    // A selected slice's member lines: outlined in the text and bold in the gutter.
    void setMarkedLines(const QSet<int>& lines);
    const QSet<int>& markedLines() const { return m_marked; }

    void goToLine(int line); // scrolls it to the middle and puts the cursor at its start
    void setDarkPalette(bool dark); // editor colours and highlighting
    bool darkPalette() const { return m_dark; }
    int gutterWidth() const;

    // For tests and the main window: the 1-based line under a viewport y (0 when none),
    // a line's rectangle in viewport coordinates (null when it is not laid out), and the
    // gutter's heat-strip column in gutter coordinates (x and width).
    int lineAt(int viewportY) const;
    QRect lineRect(int line) const;
    QWidget* gutter() const;
    QRect heatStripColumn() const;
    CudaHighlighter* highlighter() const { return m_highlighter; }

Q_SIGNALS:
    void lineActivated(int line); // double-click on a line (text or gutter), 1-based

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class CodeGutter;

    struct GutterLayout {
        int numbersWidth = 0;
        int markersX = 0;
        int markerStep = 0;
        int stripX = 0;
        int stripWidth = 0;
        int total = 0;
    };

    void paintGutter(QPaintEvent* event);
    // Calls `paint(line, top, height)` for each line of the viewport that meets `area`.
    void forEachVisibleLine(const QRect& area, const std::function<void(int, double, double)>& paint) const;
    void paintHeat(const QRect& area);
    void paintMarks(const QRect& area);
    bool showLineToolTip(int line, const QPoint& globalPos, QWidget* over, const QRect& lineArea);
    void updateGutterLayout();
    void updateGutterArea(const QRect& rect, int dy);
    void applyEditorPalette();

    QString m_path;
    CudaHighlighter* m_highlighter = nullptr;
    CodeGutter* m_gutter = nullptr;
    GutterLayout m_layout;
    QHash<int, CodeLineInfo> m_lines;
    double m_scaleMax = 0;
    bool m_diverging = false;
    QSet<int> m_marked;
    bool m_dark = false;
};

} // namespace slicewatt

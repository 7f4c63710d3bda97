// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The code view headless: libclang tokens and their classes, UTF-16 columns, garbage that
// must not crash the lexer, heat painted behind the text and in the gutter strip, and
// tooltips that trace a line's watts to its kernel and slices.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "code/CodePanel.h"
#include "code/CodeView.h"
#include "code/CudaHighlighter.h"
#include "code/HeatLegend.h"
#include "code/HeatScale.h"
#include "code/LineInfoBuilder.h"
#include "frontend/SourceTokenizer.h"
#include "project/ProjectLoader.h"
#include "session/ProjectSession.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>
#include <QtTest>

#include <algorithm>
#include <limits>

using namespace slicewatt;

namespace {

QString joinLines(const QStringList& lines)
{
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// The token starting at a 1-based line and column, or null.
const SourceToken* tokenAt(const QVector<SourceToken>& tokens, int line, int column)
{
    for (const SourceToken& token : tokens) {
        if (token.line == line && token.column == column)
            return &token;
    }
    return nullptr;
}

// Tokens must lie inside their lines, in order, without overlapping.
QString checkTokenGeometry(const QVector<SourceToken>& tokens, const QString& text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    int lastLine = 0;
    int lastEnd = 0;
    for (const SourceToken& t : tokens) {
        if (t.line < 1 || t.line > lines.size() || t.column < 1 || t.length < 1)
            return QStringLiteral("bad token %1:%2+%3").arg(t.line).arg(t.column).arg(t.length);
        if (t.column - 1 + t.length > lines[t.line - 1].size())
            return QStringLiteral("token %1:%2+%3 passes its line's end").arg(t.line).arg(t.column).arg(t.length);
        if (t.line < lastLine || (t.line == lastLine && t.column - 1 < lastEnd))
            return QStringLiteral("token %1:%2 out of order or overlapping").arg(t.line).arg(t.column);
        lastLine = t.line;
        lastEnd = t.column - 1 + t.length;
    }
    return {};
}

int colourDistance(const QColor& a, const QColor& b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

QColor pixelAt(const QImage& image, QPoint point)
{
    const qreal ratio = image.devicePixelRatio();
    return image.pixelColor(int(point.x() * ratio), int(point.y() * ratio));
}

QStringList shortLines(int count)
{
    QStringList lines;
    for (int i = 1; i <= count; ++i)
        lines << QStringLiteral("x%1 = %1;").arg(i);
    return lines;
}

} // namespace

class CodeViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tokenizerClassesCudaWords();
    void tokenizerColumnsAreUtf16();
    void tokenizerSurvivesGarbage();
    void highlighterAppliesTokenFormats();
    void heatTintIsHotterOnHotterLines();
    void gutterStripShowsShareByColourAndLength();
    void toolTipShowsTheLineInfo();
    void heatChangeOnBigFileIsCheap();
    void lineInfoTracesRealKernel();
    void panelRefusesBinaryAndMarksSelectedSlice();
    void legendTicksCoverTheRange();
    void changeHeatDivergesAboutNoChange();
};

void CodeViewTest::tokenizerClassesCudaWords()
{
    const QStringList lines = {
        QStringLiteral("#include <cuda_runtime.h>"), // 1
        QStringLiteral("// sums a vector"), // 2
        QStringLiteral("__global__ void k(float* out, int n) {"), // 3
        QStringLiteral("    int i = blockIdx.x * blockDim.x + threadIdx.x; float4 v;"), // 4
        QStringLiteral("    __shared__ float s[32]; /* spans"), // 5
        QStringLiteral("       two lines */ if (i < n) out[i] = 1.5f;"), // 6
        QStringLiteral("    atomicAdd(out, 2); __syncthreads(); size_t m = 0x10;"), // 7
        QStringLiteral("    const char* t = \"x\"; __shfl_down_sync(0u, 1, 2);"), // 8
        QStringLiteral("  #define TWICE(a) \\"), // 9
        QStringLiteral("      ((a) * 2)"), // 10
        QStringLiteral("}"), // 11
    };
    const QString text = joinLines(lines);
    const QVector<SourceToken> tokens = tokenizeSource(text);
    QVERIFY(!tokens.isEmpty());
    const QString geometry = checkTokenGeometry(tokens, text);
    QVERIFY2(geometry.isEmpty(), qPrintable(geometry));

    struct Expect {
        int line;
        const char* word;
        TokenClass cls;
    };
    const Expect expected[] = {
        {2, "// sums a vector", TokenClass::Comment},
        {3, "__global__", TokenClass::CudaQualifier},
        {3, "void", TokenClass::Type},
        {3, "k", TokenClass::Identifier},
        {3, "(", TokenClass::Punctuation},
        {4, "blockIdx", TokenClass::BuiltinVariable},
        {4, "blockDim", TokenClass::BuiltinVariable},
        {4, "threadIdx", TokenClass::BuiltinVariable},
        {4, "float4", TokenClass::Type},
        {5, "__shared__", TokenClass::CudaQualifier},
        {5, "32", TokenClass::NumberLiteral},
        {5, "/* spans", TokenClass::Comment},
        {6, "       two lines */", TokenClass::Comment},
        {6, "if", TokenClass::Keyword},
        {6, "1.5f", TokenClass::NumberLiteral},
        {7, "atomicAdd", TokenClass::MemoryIntrinsic},
        {7, "__syncthreads", TokenClass::MemoryIntrinsic},
        {7, "size_t", TokenClass::Type},
        {7, "0x10", TokenClass::NumberLiteral},
        {8, "const", TokenClass::Keyword},
        {8, "\"x\"", TokenClass::StringLiteral},
        {8, "__shfl_down_sync", TokenClass::MemoryIntrinsic},
    };
    for (const Expect& e : expected) {
        const QString word = QString::fromUtf8(e.word);
        const int column = int(lines[e.line - 1].indexOf(word)) + 1;
        QVERIFY2(column > 0, e.word);
        const SourceToken* token = tokenAt(tokens, e.line, column);
        QVERIFY2(token, qPrintable(QStringLiteral("no token at %1 (%2)").arg(word).arg(e.line)));
        QVERIFY2(token->cls == e.cls,
            qPrintable(QStringLiteral("%1: class %2, expected %3").arg(word).arg(int(token->cls)).arg(int(e.cls))));
        QVERIFY2(token->length == word.size(), qPrintable(word));
    }

    // Directives are one run per line, from the '#' to the line's end.
    const SourceToken* include = tokenAt(tokens, 1, 1);
    QVERIFY(include);
    QCOMPARE(int(include->cls), int(TokenClass::Preprocessor));
    QCOMPARE(include->length, int(lines[0].size()));
    const SourceToken* define = tokenAt(tokens, 9, 3);
    QVERIFY(define);
    QCOMPARE(int(define->cls), int(TokenClass::Preprocessor));
    const SourceToken* continued = tokenAt(tokens, 10, int(lines[9].indexOf(QLatin1Char('('))) + 1);
    QVERIFY2(continued && continued->cls == TokenClass::Preprocessor, "a continued directive line");
    // The closing brace after the directive is code again.
    const SourceToken* brace = tokenAt(tokens, 11, 1);
    QVERIFY(brace);
    QCOMPARE(int(brace->cls), int(TokenClass::Punctuation));
}

void CodeViewTest::tokenizerColumnsAreUtf16()
{
    // é: 2 UTF-8 bytes, 1 UTF-16 unit; 日: 3 bytes, 1 unit; 😀: 4 bytes, 2 units.
    const QString line2
        = QStringLiteral("/* \u00e9\u65e5") + QString::fromUcs4(U"\U0001F600") + QStringLiteral(" */ int x = 42;");
    const QString text = QStringLiteral("// caf\u00e9\n") + line2 + QStringLiteral("\n");
    const QVector<SourceToken> tokens = tokenizeSource(text);
    const int intColumn = int(line2.indexOf(QStringLiteral("int"))) + 1;
    QCOMPARE(intColumn, 12);
    const SourceToken* intToken = tokenAt(tokens, 2, intColumn);
    QVERIFY2(intToken, "int at its UTF-16 column");
    QCOMPARE(int(intToken->cls), int(TokenClass::Type));
    QCOMPARE(intToken->length, 3);
    const SourceToken* comment = tokenAt(tokens, 2, 1);
    QVERIFY(comment);
    QCOMPARE(comment->length, int(line2.indexOf(QStringLiteral("*/"))) + 2);
    const SourceToken* number = tokenAt(tokens, 2, int(line2.indexOf(QStringLiteral("42"))) + 1);
    QVERIFY(number);
    QCOMPARE(int(number->cls), int(TokenClass::NumberLiteral));
    // The first line's comment ends at its end, é counted once.
    const SourceToken* first = tokenAt(tokens, 1, 1);
    QVERIFY(first);
    QCOMPARE(first->length, 7);
}

void CodeViewTest::tokenizerSurvivesGarbage()
{
    QRandomGenerator random(20240505);
    QVector<QString> inputs;
    for (int round = 0; round < 6; ++round) {
        QByteArray bytes(4096 + round * 1000, Qt::Uninitialized);
        for (char& b : bytes)
            b = char(random.bounded(256));
        inputs << QString::fromUtf8(bytes) << QString::fromLatin1(bytes);
    }
    inputs << QString(QLatin1Char('\0')).repeated(100) << QStringLiteral("/* never closed\n\n")
           << QStringLiteral("const char* s = \"never closed\n") << QStringLiteral("#define A \\")
           << QStringLiteral("(").repeated(5000) << QStringLiteral("{").repeated(5000)
           << QStringLiteral("template <int N> struct A { enum { v = A<N - 1>::v }; }; int x = A<100000>::v;")
           << QStringLiteral("#include \"/dev/zero\"\n#include </etc/passwd>\nint y;") << QStringLiteral("\n\n\n")
           << QString();
    QElapsedTimer timer;
    timer.start();
    for (const QString& input : inputs) {
        const QVector<SourceToken> tokens = tokenizeSource(input);
        const QString geometry = checkTokenGeometry(tokens, input);
        QVERIFY2(geometry.isEmpty(), qPrintable(geometry));
    }
    QVERIFY2(timer.elapsed() < 60000, "garbage must not hang the lexer");
    // Includes are never followed: the passwd line is a directive, `int` still code.
    const QVector<SourceToken> tokens = tokenizeSource(inputs[inputs.size() - 3]);
    QVERIFY(!tokens.isEmpty());
    QCOMPARE(int(tokens.first().cls), int(TokenClass::Preprocessor));
    QCOMPARE(int(tokens.last().cls), int(TokenClass::Punctuation));
}

void CodeViewTest::highlighterAppliesTokenFormats()
{
    CodeView view;
    view.setDarkPalette(false);
    view.showSource(QStringLiteral("/virtual/k.cu"),
        joinLines({QStringLiteral("__global__ void k(int* p)"), QStringLiteral("{ p[threadIdx.x] = 1; } // done")}));
    const QTextBlock second = view.document()->findBlockByNumber(1);
    const auto formats = second.layout()->formats();
    const QTextCharFormat builtin = view.highlighter()->format(TokenClass::BuiltinVariable);
    const QTextCharFormat comment = view.highlighter()->format(TokenClass::Comment);
    bool sawBuiltin = false;
    bool sawComment = false;
    for (const QTextLayout::FormatRange& range : formats) {
        const QString covered = second.text().mid(range.start, range.length);
        if (covered == QStringLiteral("threadIdx"))
            sawBuiltin = range.format.foreground() == builtin.foreground();
        if (covered == QStringLiteral("// done"))
            sawComment = range.format.foreground() == comment.foreground() && range.format.fontItalic();
    }
    QVERIFY(sawBuiltin);
    QVERIFY(sawComment);
    QVERIFY(builtin.foreground() != view.highlighter()->format(TokenClass::CudaQualifier).foreground());
    QVERIFY(builtin.foreground() != view.highlighter()->format(TokenClass::MemoryIntrinsic).foreground());
    // Dark highlighting differs from light.
    const QBrush lightKeyword = view.highlighter()->format(TokenClass::Keyword).foreground();
    view.setDarkPalette(true);
    QVERIFY(view.highlighter()->format(TokenClass::Keyword).foreground() != lightKeyword);
}

void CodeViewTest::heatTintIsHotterOnHotterLines()
{
    for (const bool dark : {false, true}) {
        CodeView view;
        view.setDarkPalette(dark);
        view.resize(640, 400);
        view.showSource(QStringLiteral("/virtual/heat.cu"), joinLines(shortLines(12)));
        QHash<int, CodeLineInfo> info;
        info[3].heat = 20;
        info[5].heat = 1;
        view.setLineInfo(info, 20);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        const QImage image = view.viewport()->grab().toImage();
        const int x = view.viewport()->width() - 8; // right of every (short) line's text
        const QColor base = view.palette().color(QPalette::Base);
        const QColor hot = pixelAt(image, {x, view.lineRect(3).center().y()});
        const QColor cold = pixelAt(image, {x, view.lineRect(5).center().y()});
        const QColor none = pixelAt(image, {x, view.lineRect(4).center().y()});
        const QString where = QStringLiteral("dark=%1 base=%2 hot=%3 cold=%4 none=%5")
                                  .arg(int(dark))
                                  .arg(base.name(), hot.name(), cold.name(), none.name());
        QVERIFY2(colourDistance(none, base) <= 3, qPrintable(where));
        QVERIFY2(colourDistance(cold, base) > 10, qPrintable(where));
        QVERIFY2(colourDistance(hot, base) > colourDistance(cold, base) + 60, qPrintable(where));
        QVERIFY2(hot.red() - hot.blue() > cold.red() - cold.blue(), qPrintable(where));

        // A heat change repaints; it does not touch the document.
        const int revision = view.document()->revision();
        info[3].heat = 0;
        view.setLineInfo(info, 20);
        QCOMPARE(view.document()->revision(), revision);
        const QImage after = view.viewport()->grab().toImage();
        QVERIFY(colourDistance(pixelAt(after, {x, view.lineRect(3).center().y()}), base) <= 3);
    }
}

void CodeViewTest::gutterStripShowsShareByColourAndLength()
{
    CodeView view;
    view.setDarkPalette(false);
    view.resize(640, 400);
    view.showSource(QStringLiteral("/virtual/strip.cu"), joinLines(shortLines(12)));
    QHash<int, CodeLineInfo> info;
    info[3].heat = 20;
    info[3].spaces[size_t(MemorySpace::Shared)] = true;
    info[5].heat = 1;
    view.setLineInfo(info, 20);
    view.setMarkedLines({3});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.gutterWidth() > 0);
    QCOMPARE(view.gutter()->width(), view.gutterWidth());

    const QImage image = view.gutter()->grab().toImage();
    const QRect strip = view.heatStripColumn();
    const int y3 = view.lineRect(3).center().y();
    const int y5 = view.lineRect(5).center().y();
    const int y4 = view.lineRect(4).center().y();
    const int left = strip.left() + 1;
    const int right = strip.right() - 1;
    // Line 3 is the hottest: full bar in the hottest strip colour.
    QCOMPARE(pixelAt(image, {left, y3}).rgb(), HeatScale::strip(1, false).rgb());
    QCOMPARE(pixelAt(image, {right, y3}).rgb(), HeatScale::strip(1, false).rgb());
    // Line 5 has 5 %: a short bar in a cold colour, the rest of the cell empty like line 4's.
    QCOMPARE(pixelAt(image, {left, y5}).rgb(), HeatScale::strip(0.05, false).rgb());
    QCOMPARE(pixelAt(image, {right, y5}).rgb(), pixelAt(image, {right, y4}).rgb());
    QVERIFY(pixelAt(image, {left, y4}).rgb() != HeatScale::strip(0.05, false).rgb());
    QVERIFY(colourDistance(HeatScale::strip(1, false), HeatScale::strip(0.05, false)) > 150);

    // The shared marker letter is drawn in its colour on line 3 only.
    const QColor sharedColour = HeatScale::spaceColour(MemorySpace::Shared, false);
    auto hasColourNear = [&](int y, const QColor& colour) {
        for (int x = 0; x < strip.left(); ++x) {
            for (int dy = -4; dy <= 4; ++dy) {
                if (colourDistance(pixelAt(image, {x, y + dy}), colour) < 40)
                    return true;
            }
        }
        return false;
    };
    QVERIFY(hasColourNear(y3, sharedColour));
    QVERIFY(!hasColourNear(y5, sharedColour));
}

void CodeViewTest::toolTipShowsTheLineInfo()
{
    CodeView view;
    view.resize(640, 400);
    view.showSource(QStringLiteral("/virtual/tip.cu"), joinLines(shortLines(8)));
    QHash<int, CodeLineInfo> info;
    info[2].heat = 3;
    info[2].tooltipHtml = QStringLiteral("<b>line two</b> 3 W");
    view.setLineInfo(info, 3);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const QPoint onLine2(40, view.lineRect(2).center().y());
    QHelpEvent help(QEvent::ToolTip, onLine2, view.viewport()->mapToGlobal(onLine2));
    QApplication::sendEvent(view.viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), info[2].tooltipHtml);

    const QPoint onLine6(40, view.lineRect(6).center().y());
    QHelpEvent none(QEvent::ToolTip, onLine6, view.viewport()->mapToGlobal(onLine6));
    QApplication::sendEvent(view.viewport(), &none);
    QTRY_VERIFY(QToolTip::text().isEmpty() || !QToolTip::isVisible());

    // Double-click reports the line.
    QSignalSpy activated(&view, &CodeView::lineActivated);
    QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, onLine2);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.first().first().toInt(), 2);
}

void CodeViewTest::heatChangeOnBigFileIsCheap()
{
    CodeView view;
    view.resize(800, 600);
    QElapsedTimer opening;
    opening.start();
    view.showSource(QStringLiteral("/virtual/big.cu"), joinLines(shortLines(5000)));
    qInfo("showing (lexing, highlighting) 5000 lines: %lld ms", opening.elapsed());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.goToLine(4000);
    QVERIFY(view.lineRect(4000).intersects(view.viewport()->rect()));
    QCOMPARE(view.textCursor().blockNumber(), 3999);

    // Showing the same file again keeps the place.
    const int scrolled = view.verticalScrollBar()->value();
    QVERIFY(scrolled > 0);
    view.showSource(QStringLiteral("/virtual/big.cu"), joinLines(shortLines(5000)));
    QCOMPARE(view.verticalScrollBar()->value(), scrolled);

    QHash<int, CodeLineInfo> info;
    for (int line = 1; line <= 5000; line += 2) {
        info[line].heat = line % 97;
        info[line].tooltipHtml = QStringLiteral("line %1").arg(line);
    }
    // Heat changes are repaints only (their speed is bench_whatif's business, not a test's):
    // the document is untouched and the new value is what the view paints.
    const int revision = view.document()->revision();
    for (int round = 1; round <= 3; ++round) {
        info[4000].heat = round;
        view.setLineInfo(info, 96);
        view.viewport()->repaint();
        view.gutter()->repaint();
        QCOMPARE(view.heatFraction(4000), round / 96.0);
    }
    QCOMPARE(view.document()->revision(), revision);
}

void CodeViewTest::lineInfoTracesRealKernel()
{
    ProjectSession session;
    session.setIndex(indexProject(loadProject({test::exampleDir()}, LoadOptions{}), test::parserOptions()));
    QVERIFY2(session.hasEstimates(), qPrintable(session.modelError()));
    QVERIFY(!session.run().kernels.isEmpty());

    int checked = 0;
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (report.estimate.lines.isEmpty() || report.estimate.watts <= 0)
            continue;
        const LineHeat hottest = report.estimate.lines.first();
        const QString key = report.analysis.kernel->info.key;
        const QHash<int, CodeLineInfo> lines = lineInfoForFile(session, hottest.file, key);
        QVERIFY(lines.contains(hottest.line));
        const CodeLineInfo& info = lines[hottest.line];
        QCOMPARE(info.heat, session.lineHeat(hottest.file, key).value(hottest.line));
        QCOMPARE(maxLineHeat(lines), hottest.watts);

        const QString tip = info.tooltipHtml;
        const QString name = report.analysis.kernel->info.name.toHtmlEscaped();
        QVERIFY2(tip.contains(QStringLiteral("<b>%1</b>").arg(name)), qPrintable(tip));
        QVERIFY2(tip.contains(formatLineWatts(hottest.watts) + QStringLiteral(" (")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("% of ") + name), qPrintable(tip));
        const bool fraction = session.model()->usesFractionIntensity();
        QVERIFY2(tip.contains(fraction ? QStringLiteral("fraction") : QStringLiteral("ratio")), qPrintable(tip));

        const auto attribution = std::find_if(report.analysis.slices.lines.begin(), report.analysis.slices.lines.end(),
            [&](const LineAttribution& l) { return l.file == hottest.file && l.line == hottest.line; });
        QVERIFY(attribution != report.analysis.slices.lines.end());
        int slices = 0;
        for (MemorySpace space : kAllMemorySpaces) {
            QCOMPARE(info.spaces[size_t(space)], attribution->slices[size_t(space)]);
            if (attribution->slices[size_t(space)]) {
                ++slices;
                QVERIFY2(tip.contains(memorySpaceName(space) + QStringLiteral(": ")), qPrintable(tip));
            }
        }
        QVERIFY(slices > 0);
        ++checked;
    }
    QVERIFY(checked >= 3);
}

void CodeViewTest::panelRefusesBinaryAndMarksSelectedSlice()
{
    QTemporaryDir dir;
    QByteArray binary("\x7f"
                      "ELF");
    binary.append(QByteArray(64, '\0'));
    binary.append("int main() {}");
    CodePanel panel;
    QVERIFY(!panel.showFile(test::writeFile(dir, QStringLiteral("a.out"), binary)));
    QVERIFY(panel.message().contains(QStringLiteral("binary")));
    QVERIFY(!panel.showFile(dir.filePath(QStringLiteral("missing.cu"))));
    QVERIFY(!panel.message().isEmpty());
    QVERIFY(!panel.showFile(dir.path()));

    ProjectSession session;
    session.setIndex(indexProject(loadProject({test::exampleDir()}, LoadOptions{}), test::parserOptions()));
    QVERIFY(session.hasEstimates());
    // A kernel with a non-empty global slice in its own file.
    const KernelEstimateReport* chosen = nullptr;
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (!report.analysis.slices.slices[size_t(MemorySpace::Global)].members.isEmpty()) {
            chosen = &report;
            break;
        }
    }
    QVERIFY(chosen);
    const QString file = chosen->analysis.kernel->info.location.file;
    QVERIFY(panel.showFile(file));
    QVERIFY(panel.message().isEmpty());
    QCOMPARE(panel.view().path(), file);
    session.select(chosen->analysis.kernel->info.key, MemorySpace::Global);
    panel.refreshHeat(session);

    QSet<int> expected;
    for (int member : chosen->analysis.slices.slices[size_t(MemorySpace::Global)].members) {
        const Statement& statement = chosen->analysis.ir->statements[member];
        if (statement.location.file == file)
            expected.insert(statement.location.line);
    }
    QVERIFY(!expected.isEmpty());
    QCOMPARE(panel.view().markedLines(), expected);
    const double maxWatts = maxLineHeat(lineInfoForFile(session, file, chosen->analysis.kernel->info.key));
    QVERIFY(maxWatts > 0);
    QCOMPARE(panel.legend().maxValue(), maxWatts);
    QCOMPARE(panel.view().scaleMax(), maxWatts);

    // No slice selected: nothing marked.
    session.select(chosen->analysis.kernel->info.key);
    panel.refreshHeat(session);
    QVERIFY(panel.view().markedLines().isEmpty());
}

void CodeViewTest::legendTicksCoverTheRange()
{
    HeatLegend legend;
    legend.setRange(37.5);
    const QVector<double> ticks = legend.ticks();
    QVERIFY(ticks.size() >= 3);
    QCOMPARE(ticks.first(), 0.0);
    QVERIFY(ticks.last() <= 37.5);
    QVERIFY(ticks.last() > 37.5 / 2);
    legend.resize(legend.sizeHint());
    const QImage image = legend.grab().toImage();
    QVERIFY(!image.isNull());
    legend.setRange(0);
    QCOMPARE(legend.ticks().size(), 1);
    // Ordered in lightness: lighter when hotter on dark themes (black body), darker when
    // hotter on light ones, so the hottest line always stands out from the background.
    for (double f = 0; f < 1; f += 0.125) {
        QVERIFY(HeatScale::strip(f + 0.125, true).lightness() > HeatScale::strip(f, true).lightness());
        QVERIFY(HeatScale::strip(f + 0.125, false).lightness() < HeatScale::strip(f, false).lightness());
    }
    QCOMPARE(HeatScale::tint(0, false).alpha(), 0);
}

// The delta heat (issue 18): cooler lines blue, warmer red, both stronger with the size of the
// change on either theme; the gutter bar is as long as the change's size; the legend runs from
// −max through 0 to +max.
void CodeViewTest::changeHeatDivergesAboutNoChange()
{
    for (const bool dark : {false, true}) {
        const QColor cooler = HeatScale::divergingColour(-1, dark);
        const QColor warmer = HeatScale::divergingColour(1, dark);
        QVERIFY(cooler.blue() > cooler.red() + 60);
        QVERIFY(warmer.red() > warmer.blue() + 60);
        const QColor middle = HeatScale::divergingColour(0, dark);
        QVERIFY(std::abs(middle.red() - middle.blue()) < 10); // no change: grey
        // Farther from the middle, farther from the background (paper: darker; dark: lighter).
        for (double f = 0; f < 1; f += 0.125) {
            for (const double sign : {-1.0, 1.0}) {
                const int nearer = HeatScale::divergingColour(sign * f, dark).lightness();
                const int farther = HeatScale::divergingColour(sign * (f + 0.125), dark).lightness();
                QVERIFY2(dark ? farther >= nearer : farther <= nearer,
                    qPrintable(QStringLiteral("dark=%1 f=%2 sign=%3").arg(dark).arg(f).arg(sign)));
            }
        }
        QCOMPARE(HeatScale::divergingTint(0, dark).alpha(), 0);
        QVERIFY(HeatScale::divergingTint(0.9, dark).alpha() > HeatScale::divergingTint(0.1, dark).alpha());
        // The strip leaves out the faint middle: a small change still shows its side's hue.
        QVERIFY(HeatScale::divergingStrip(-0.01, dark).blue() > HeatScale::divergingStrip(-0.01, dark).red());
        QVERIFY(HeatScale::divergingStrip(0.01, dark).red() > HeatScale::divergingStrip(0.01, dark).blue());
    }

    CodeView view;
    view.setDarkPalette(false);
    view.resize(640, 400);
    view.showSource(QStringLiteral("/virtual/change.cu"), joinLines(shortLines(12)));
    QHash<int, CodeLineInfo> info;
    info[3].heat = 4; // warmer by 4 W
    info[5].heat = -2; // cooler by 2 W
    view.setLineInfo(info, 4, true);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.heatFraction(3), 1.0);
    QCOMPARE(view.heatFraction(5), -0.5);
    QCOMPARE(view.heatFraction(4), 0.0);
    const QImage text = view.viewport()->grab().toImage();
    const int x = view.viewport()->width() - 8;
    const QColor warm = pixelAt(text, {x, view.lineRect(3).center().y()});
    const QColor cool = pixelAt(text, {x, view.lineRect(5).center().y()});
    QVERIFY2(warm.red() > warm.blue() + 20, qPrintable(warm.name()));
    QVERIFY2(cool.blue() > cool.red() + 20, qPrintable(cool.name()));
    QVERIFY(
        colourDistance(pixelAt(text, {x, view.lineRect(4).center().y()}), view.palette().color(QPalette::Base)) <= 3);
    const QImage gutter = view.gutter()->grab().toImage();
    const QRect strip = view.heatStripColumn();
    const int y5 = view.lineRect(5).center().y();
    QCOMPARE(pixelAt(gutter, {strip.left() + 1, y5}).rgb(), HeatScale::divergingStrip(-0.5, false).rgb());
    QVERIFY(pixelAt(gutter, {strip.right() - 1, y5}).rgb() != HeatScale::divergingStrip(-0.5, false).rgb()); // half
    QCOMPARE(pixelAt(gutter, {strip.right() - 1, view.lineRect(3).center().y()}).rgb(),
        HeatScale::divergingStrip(1, false).rgb());
    // Back to plain heat: a negative number is no heat at all.
    view.setLineInfo(info, 4);
    QCOMPARE(view.heatFraction(5), 0.0);

    HeatLegend legend;
    legend.setDiverging(true);
    legend.setRange(37.5);
    const QVector<double> ticks = legend.ticks();
    QVERIFY(ticks.size() >= 3);
    QCOMPARE(ticks.first(), -ticks.last());
    QVERIFY(ticks.contains(0.0));
    QVERIFY(ticks.last() <= 37.5 && ticks.last() > 37.5 / 2);
    legend.resize(legend.sizeHint());
    QVERIFY(!legend.grab().toImage().isNull());
}

QTEST_MAIN(CodeViewTest)
#include "test_code_view.moc"

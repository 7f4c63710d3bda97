// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The PDF report as painted (ui/report): read back with poppler's tools as a reviewer's
// viewer would: the text is there and searchable, on the pages the contents list says,
// long listings continue on the next pages, every font is embedded, charts are vector
// (no images at all), and writing is atomic.
#include "PdfText.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"
#include "project/ProjectLoader.h"
#include "report/ReportPdfWriter.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/resource.h>
#endif

using namespace slicewatt;

namespace {

using test::PdfLayout;

QString pageText(const QString& pdf, int page)
{
    return test::pdfText(pdf, PdfLayout::Physical, page);
}

QString allText(const QString& pdf)
{
    return test::pdfText(pdf, PdfLayout::Physical);
}

// The fonts whose "emb" column in pdffonts' table is not "yes" (empty: all embedded).
QStringList unembeddedFonts(const QString& pdf)
{
    const QStringList lines = test::toolOutput(QStringLiteral("pdffonts"), {pdf}).split(QLatin1Char('\n'));
    QStringList missing;
    if (lines.size() < 2 || !lines[0].contains(QStringLiteral("emb")))
        return {QStringLiteral("<no pdffonts table>")};
    const int column = int(lines[0].indexOf(QStringLiteral("emb")));
    for (int i = 2; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        if (lines[i].mid(column, 3) != QLatin1String("yes"))
            missing << lines[i];
    }
    return missing;
}

// pdfimages' list has two header lines and one line per image.
int imageCount(const QString& pdf)
{
    const QStringList lines = test::toolOutput(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf})
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return int(lines.size()) - 2;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Which pages' text contains `needle`.
QVector<int> pagesWith(const QStringList& pages, const QString& needle)
{
    QVector<int> found;
    for (int i = 0; i < pages.size(); ++i) {
        if (pages[i].contains(needle))
            found << i + 1;
    }
    return found;
}

constexpr int kLongFirstLine = 1001;
constexpr int kLongLines = 400;

// A report with a short kernel and a 400-line one, built by hand: the painter's behaviour
// on long listings does not depend on what buildReport does.
ReportDocument syntheticDocument(const ModelLibrary& library)
{
    const PowerModel* model = library.model(QStringLiteral("jos13"));
    const GpuSpec* gpu = library.gpus().find(QStringLiteral("gtx280"));
    ReportDocument document;
    document.title = QStringLiteral("SliceWatt power report: synthetic");
    document.project = QStringLiteral("/projects/synthetic");
    document.projectFolder = document.project;
    document.created = QDateTime(QDate(2024, 5, 6), QTime(7, 8), Qt::UTC);
    document.toolVersion = QStringLiteral("9.9-test");
    document.gpuId = gpu->id;
    document.gpuName = gpu->name;
    document.modelId = model->id();
    document.modelName = model->name();
    document.parameters = {{QStringLiteral("GPU"), gpu->name}, {QStringLiteral("Model"), model->name()},
        {QStringLiteral("BDPM δ"), QStringLiteral("0.037")},
        {QStringLiteral("Execution time"), QStringLiteral("0.25 s")},
        {QStringLiteral("SM saturation (longKernel)"), QStringLiteral("0.55")}};

    ModelGridOptions gridOptions;
    gridOptions.intensitySteps = 30;
    gridOptions.saturationSteps = 20;
    for (int k = 0; k < 2; ++k) {
        const bool longOne = k == 1;
        ReportKernelSection section;
        ReportKernelRow& row = section.summary;
        row.kernelKey = longOne ? QStringLiteral("c:@F@longKernel") : QStringLiteral("c:@F@shortKernel");
        row.name = longOne ? QStringLiteral("synth::longKernel") : QStringLiteral("synth::shortKernel");
        row.location = longOne ? QStringLiteral("src/long.cu:1001") : QStringLiteral("src/short.cu:3");
        row.watts = longOne ? 71.25 : 43.5;
        row.joules = row.watts * 0.25;
        row.intensity = longOne ? 120 : 14;
        row.saturation = longOne ? 0.55 : 1.0;
        row.activeSms = longOne ? 16 : 30;
        row.dense = longOne;
        section.file = QStringLiteral("/projects/synthetic/") + row.location.section(QLatin1Char(':'), 0, 0);
        const int first = longOne ? kLongFirstLine : 3;
        const int count = longOne ? kLongLines : 10;
        section.hottestLineWatts = 1.5;
        for (int i = 0; i < count; ++i) {
            ReportSourceLine line;
            line.number = first + i;
            line.text = QStringLiteral("    acc += in[i * %1] * weight; // row%1").arg(line.number);
            if (i % 3 != 2) {
                line.fraction = double((i * 7) % 11) / 10.0;
                line.watts = 1.5 * line.fraction;
                line.spaces[size_t(MemorySpace::Global)] = true;
                line.spaces[size_t(MemorySpace::Shared)] = i % 2 == 0;
            }
            section.listing << line;
        }
        // One line far too long for the page: it is cut at the margin, never wrapped.
        section.listing[1].text
            = QStringLiteral("    float wide = ") + QString(300, QLatin1Char('x')) + QStringLiteral(";");
        for (MemorySpace space : {MemorySpace::Global, MemorySpace::Shared}) {
            ReportSliceRow slice;
            slice.space = space;
            slice.length = space == MemorySpace::Global ? 6 : 4;
            slice.arithmetic = 40;
            slice.accesses[space] = 3;
            slice.intensity = space == MemorySpace::Global ? 13.33 : 40;
            slice.watts = space == MemorySpace::Global ? 40 : 48.75;
            slice.share = slice.length / 10.0;
            slice.contribution = slice.share * slice.watts;
            section.slices << slice;
            SliceOperatingPoint point;
            point.intensityRatio = slice.intensity;
            point.saturation = row.saturation;
            point.activeSms = row.activeSms;
            point.lines = slice.length;
            section.slicePoints << point;
            section.sliceFormulas
                << QStringLiteral("P_%1 = β0·Sa + β1·Ã^β2 = %2").arg(memorySpaceName(space), formatWatts(slice.watts));
        }
        section.kernelPoint.intensityRatio = row.intensity;
        section.kernelPoint.saturation = row.saturation;
        section.kernelPoint.activeSms = row.activeSms;
        section.programFormula = QStringLiteral("P̂ = Σ (|C_i| / L)·P_i = %1").arg(formatWatts(row.watts));
        section.assumptions << QStringLiteral("line %1: loop runs 64 times (assumed: the first fit)").arg(first + 4);
        section.surface = ModelGrid::sample(*model, *gpu, gridOptions);
        document.kernels << row;
        document.sections << section;
    }
    document.totalJoules = document.kernels[0].joules.value_or(0) + document.kernels[1].joules.value_or(0);
    document.hottestLines = {{1, false, QStringLiteral("acc += a[i] * b[i];"), QStringLiteral("synth::longKernel"),
                                 QStringLiteral("src/long.cu:1003"), 1.5, 0.021},
        {2, false, QStringLiteral("out[i] = acc;"), QStringLiteral("synth::shortKernel"),
            QStringLiteral("src/short.cu:5"), 1.2, 0.028}};
    document.method.modelName = model->name();
    document.method.modelEquation = model->equation();
    document.method.modelProvenance = QStringLiteral("Table 3 of the paper");
    document.method.intensityMin = model->intensityMin();
    document.method.intensityMax = model->intensityMax();
    document.method.formulas << QStringLiteral("P̂ = Σ (|C_i| / L)·P_i") << QStringLiteral("Ē = P̂·t");
    document.method.concepts = allConceptTexts();
    document.method.citations << jos13Citation() << jsw12Citation();
    return document;
}

// An estimated project with everything buildReport needs kept alive together.
struct EstimatedProject {
    ProjectIndex index;
    ModelLibrary library;
    WhatIfSettings settings;
    EstimateRun run;
    QString folder;

    ReportDocument report() const
    {
        ReportOptions options;
        options.project = folder;
        options.projectFolder = folder;
        options.toolVersion = QStringLiteral("test");
        options.created = QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5), Qt::UTC);
        return buildReport(run, settings, options);
    }
};

std::unique_ptr<EstimatedProject> estimate(const QString& folder, const WhatIfSettings& settings)
{
    auto project = std::make_unique<EstimatedProject>();
    project->folder = QDir::cleanPath(folder);
    project->settings = settings;
    project->index = indexProject(loadProject({project->folder}, LoadOptions{}), test::parserOptions());
    QStringList errors;
    project->library = ModelLibrary::load({}, errors);
    const ModelChoice choice = chooseModel(project->library, project->settings);
    if (!errors.isEmpty() || !choice.error.isEmpty())
        qFatal("no model: %s %s", qPrintable(errors.join(QLatin1Char(' '))), qPrintable(choice.error));
    project->run = estimateProjectWhatIf(project->index, *choice.model, *choice.gpu, choice.energy, project->settings);
    return project;
}

} // namespace

class ReportPdfTest : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    ModelLibrary m_library;

    QString writeSynthetic(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        QString error;
        if (!writeReportPdf(syntheticDocument(m_library), path, &error))
            qWarning("%s", qPrintable(error));
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStringList errors;
        m_library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    }

    void writesPdfWithMetadata()
    {
        const QString path = writeSynthetic(QStringLiteral("meta.pdf"));
        QVERIFY(readAll(path).startsWith("%PDF-"));
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString info = test::toolOutput(QStringLiteral("pdfinfo"), {path});
        QVERIFY2(info.contains(QStringLiteral("SliceWatt power report: synthetic")), qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("SliceWatt 9.9-test")), qPrintable(info));
        // A4 portrait: 595 × 842 pt.
        QVERIFY2(QRegularExpression(QStringLiteral("Page size:.*\\(A4\\)")).match(info).hasMatch(), qPrintable(info));
    }

    void longListingContinuesAcrossPages()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString path = writeSynthetic(QStringLiteral("long.pdf"));
        const int pages = test::pdfPageCount(path);
        // Title, summary, short kernel, long kernel (numbers + about 6 pages of listing), method.
        QVERIFY2(pages >= 8 && pages <= 16, qPrintable(QString::number(pages)));
        QStringList texts;
        for (int page = 1; page <= pages; ++page)
            texts << pageText(path, page);

        // Every listing line is printed exactly once, in order, on consecutive pages.
        int previousPage = 0;
        QVector<int> listingPages;
        for (int number = kLongFirstLine + 2; number < kLongFirstLine + kLongLines; ++number) {
            const QVector<int> found = pagesWith(texts, QStringLiteral("row%1").arg(number));
            QVERIFY2(found.size() == 1, qPrintable(QStringLiteral("row%1 on pages %2").arg(number).arg(found.size())));
            QVERIFY2(found[0] == previousPage || found[0] == previousPage + 1 || previousPage == 0,
                qPrintable(
                    QStringLiteral("row%1 jumps from page %2 to %3").arg(number).arg(previousPage).arg(found[0])));
            if (found[0] != previousPage)
                listingPages << found[0];
            previousPage = found[0];
        }
        QVERIFY2(listingPages.size() >= 4, qPrintable(QString::number(listingPages.size())));
        // Each continuation page says so, and repeats the column header and the line numbers.
        for (int i = 1; i < listingPages.size(); ++i) {
            const QString& text = texts[listingPages[i] - 1];
            QVERIFY2(
                text.contains(QStringLiteral("synth::longKernel — source (continued)")), qPrintable(text.left(400)));
            QVERIFY2(text.contains(QStringLiteral("Line")) && text.contains(QStringLiteral("src/long.cu")),
                qPrintable(text.left(400)));
            const QRegularExpressionMatch first = QRegularExpression(
                QStringLiteral("^\\s*(\\d{4})\\b.*row(\\d{4})"), QRegularExpression::MultilineOption)
                                                      .match(text);
            QVERIFY2(first.hasMatch(), qPrintable(text.left(600)));
            QCOMPARE(first.captured(1), first.captured(2));
        }
        // Headers and footers on every page but the title page's header.
        for (int page = 1; page <= pages; ++page)
            QVERIFY2(texts[page - 1].contains(QStringLiteral("Page %1 of %2").arg(page).arg(pages)),
                qPrintable(QString::number(page)));
        // The 300-character line is cut at the page edge, not wrapped into the next row.
        const QVector<int> wide = pagesWith(texts, QStringLiteral("float wide = xxxx"));
        QCOMPARE(wide.size(), 2);
        QVERIFY(!pagesWith(texts, QString(300, QLatin1Char('x'))).size());
    }

    void titlePageAndContents()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString path = writeSynthetic(QStringLiteral("title.pdf"));
        const QString first = pageText(path, 1);
        for (const QString& expected : {QStringLiteral("SliceWatt power report: synthetic"),
                 QStringLiteral("/projects/synthetic"), QStringLiteral("2024-05-06"),
                 QStringLiteral("SliceWatt 9.9-test"), QStringLiteral("GeForce GTX 280"), QStringLiteral("BDPM δ"),
                 QStringLiteral("0.037"), QStringLiteral("SM saturation (longKernel)"), QStringLiteral("0.25 s"),
                 QStringLiteral("Contents"), QStringLiteral("Summary"), QStringLiteral("Method")})
            QVERIFY2(first.contains(expected), qPrintable(expected + QStringLiteral(" in\n") + first));
        // Each contents line's page number is the page that kernel's section starts on.
        for (const QString& kernel : {QStringLiteral("synth::shortKernel"), QStringLiteral("synth::longKernel")}) {
            const QRegularExpressionMatch line = QRegularExpression(
                QStringLiteral("(\\d+)\\s+%1\\s+(\\d+)\\s*$").arg(QRegularExpression::escape(kernel)),
                QRegularExpression::MultilineOption)
                                                     .match(first);
            QVERIFY2(line.hasMatch(), qPrintable(kernel + QStringLiteral(" not in the contents:\n") + first));
            const QString section = pageText(path, line.captured(2).toInt());
            QVERIFY2(QRegularExpression(
                         QStringLiteral("^\\s*%1\\s+%2\\s*$").arg(line.captured(1), QRegularExpression::escape(kernel)),
                         QRegularExpression::MultilineOption)
                         .match(section)
                         .hasMatch(),
                qPrintable(section.left(800)));
        }
    }

    // Kernels follow one another: the long kernel starts on the page where the short one's
    // source listing ends, not on a page of its own below a half-empty one.
    void kernelsFollowOnFilledPages()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString path = writeSynthetic(QStringLiteral("filled.pdf"));
        const QRegularExpressionMatch line = QRegularExpression(
            QStringLiteral("synth::longKernel\\s+(\\d+)\\s*$"), QRegularExpression::MultilineOption)
                                                 .match(pageText(path, 1));
        QVERIFY(line.hasMatch());
        const int longStarts = line.captured(1).toInt();
        int shortEnds = 0;
        for (int page = 1; page <= test::pdfPageCount(path) && !shortEnds; ++page) {
            if (pageText(path, page).contains(QLatin1String("// row12")))
                shortEnds = page;
        }
        QCOMPARE(longStarts, shortEnds);
    }

    void summaryAndKernelNumbers()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString path = writeSynthetic(QStringLiteral("numbers.pdf"));
        const QString summary = pageText(path, 2);
        for (const QString& expected :
            {QStringLiteral("synth::shortKernel"), QStringLiteral("synth::longKernel"), QStringLiteral("43.5"),
                QStringLiteral("71.25"), QStringLiteral("28.69"), QStringLiteral("Program total (2 kernels)"),
                QStringLiteral("src/long.cu:1003"), QStringLiteral("1.50 W"), QStringLiteral("dense (BDPM)")})
            QVERIFY2(summary.contains(expected), qPrintable(expected + QStringLiteral(" in\n") + summary));
        const QString text = allText(path);
        // The method's symbols survive as text (fonts that have them, a ToUnicode map). P̂'s
        // combining circumflex is drawn over the P but comes back as a plain "P": the font
        // places it with a glyph variant that has no character of its own.
        for (const QString& symbol : {QStringLiteral("β"), QStringLiteral("Σ"), QStringLiteral("Ã"),
                 QStringLiteral("δ"), QStringLiteral("Ē"), QStringLiteral("|Ĉ_i|")})
            QVERIFY2(text.contains(symbol), qPrintable(symbol));
        QVERIFY(text.contains(QStringLiteral("P (sum)")));
        // No ligature glyphs: "fi" must come back as two letters, or searches miss words.
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("[\\x{FB00}-\\x{FB06}]"))), "ligature in the text");
        QVERIFY(text.contains(QStringLiteral("the first fit")));
        for (const QString& expected : {QStringLiteral("C_G global"), QStringLiteral("Slice contributions (BDPM)"),
                 QStringLiteral("Power, W"), QStringLiteral("SM saturation Sa"), QStringLiteral("loop runs 64 times"),
                 QStringLiteral("[JoS13]"), QStringLiteral("48.75")})
            QVERIFY2(text.contains(expected), qPrintable(expected));
    }

    void fontsEmbeddedAndNoImages()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString path = writeSynthetic(QStringLiteral("fonts.pdf"));
        const QStringList missing = unembeddedFonts(path);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        // Text as text and charts as shapes: not a single image in the file.
        QCOMPARE(imageCount(path), 0);
    }

    void missingFolderFailsCleanly()
    {
        const QString folder = m_dir.filePath(QStringLiteral("no/such/folder"));
        const QString path = folder + QStringLiteral("/report.pdf");
        QString error;
        QVERIFY(!writeReportPdf(syntheticDocument(m_library), path, &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot write %1: ").arg(QDir::toNativeSeparators(path))),
            qPrintable(error));
        QVERIFY2(error.size() > QStringLiteral("cannot write %1: ").arg(path).size(), qPrintable(error));
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("no"))));
    }

    void parentIsAFileFailsCleanly()
    {
        // Root ignores permissions, so make the folder impossible instead: its "parent" is a file.
        QTemporaryDir dir;
        const QString blocker = test::writeFile(dir, QStringLiteral("blocker"), "not a folder");
        const QString path = blocker + QStringLiteral("/report.pdf");
        QString error;
        QVERIFY(!writeReportPdf(syntheticDocument(m_library), path, &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot write ")), qPrintable(error));
        QCOMPARE(readAll(blocker), QByteArray("not a folder"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("blocker")});
    }

    void fullDiskKeepsExistingFile()
    {
#ifdef Q_OS_LINUX
        // A file-size limit fails writes beyond it with EFBIG, as a full disk would fail
        // them with ENOSPC, and root is not exempt: the existing report must survive and
        // the temporary file must go.
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("report.pdf"), "the previous report");
        const ReportDocument document = syntheticDocument(m_library);
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = 16 * 1024;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QString error;
        const bool written = writeReportPdf(document, path, &error);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY(!written);
        QVERIFY2(error.startsWith(QStringLiteral("cannot write %1: ").arg(path)), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("the previous report"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("report.pdf")});
#else
        QSKIP("needs RLIMIT_FSIZE (Linux)");
#endif
    }

    void successReplacesExistingFile()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("report.pdf"), "the previous report");
        QString error;
        QVERIFY2(writeReportPdf(syntheticDocument(m_library), path, &error), qPrintable(error));
        QVERIFY(error.isEmpty());
        const QByteArray bytes = readAll(path);
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("report.pdf")});
    }

    void exampleProjectEndToEnd()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        WhatIfSettings settings;
        settings.seconds = 0.002;
        settings.delta = 0.02;
        const auto project = estimate(test::exampleDir(), settings);
        QVERIFY(!project->run.kernels.isEmpty());
        const ReportDocument document = project->report();
        const QString path = m_dir.filePath(QStringLiteral("imagepipe.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(document, path, &error), qPrintable(error));

        const int pages = test::pdfPageCount(path);
        QVERIFY2(pages >= 5 && pages <= 60, qPrintable(QString::number(pages)));
        const QString text = allText(path);
        QVERIFY(text.contains(QStringLiteral("Page 1 of %1").arg(pages)));
        QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pages)));
        QVERIFY(text.contains(document.gpuName));
        QVERIFY(text.contains(document.modelName));
        QVERIFY(text.contains(QStringLiteral("0.002 s")));
        QVERIFY(text.contains(QStringLiteral("BDPM δ")));
        for (const ReportParameter& parameter : document.parameters) {
            // Values may be elided in the table when very long; names never are.
            QVERIFY2(text.contains(parameter.name), qPrintable(parameter.name));
        }
        const QString first = pageText(path, 1);
        QVERIFY(first.contains(QStringLiteral("Contents")));
        for (int i = 0; i < document.sections.size(); ++i) {
            const ReportKernelRow& kernel = document.sections[i].summary;
            QVERIFY2(text.contains(kernel.name), qPrintable(kernel.name));
            QVERIFY2(first.contains(kernel.name), qPrintable(kernel.name + QStringLiteral(" not in the contents")));
            // The kernel's power as the tables and the key figures print it.
            QVERIFY2(text.contains(formatWatts(kernel.watts)), qPrintable(formatWatts(kernel.watts)));
            QVERIFY2(text.contains(formatNumber(kernel.watts, 4)), qPrintable(formatNumber(kernel.watts, 4)));
        }
        // The hottest line's watts as the code view's tooltip and Hot Spots print them.
        QVERIFY2(text.contains(formatLineWatts(document.hottestLines.first().watts)),
            qPrintable(formatLineWatts(document.hottestLines.first().watts)));
        QVERIFY(document.totalJoules);
        QVERIFY2(
            text.contains(formatNumber(*document.totalJoules, 4)), qPrintable(formatNumber(*document.totalJoules, 4)));
        QVERIFY(unembeddedFonts(path).isEmpty());
        QCOMPARE(imageCount(path), 0);
    }

    // `report --baseline SAVED.json`: a "Changes since the baseline" section after the summary,
    // in the contents, with every kernel's status and the changed lines' code; a baseline that
    // cannot be read stops before any analysis and writes nothing.
    void reportWithABaseline()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        QTemporaryDir base, now;
        for (const auto& [dir, which] : {std::pair{&base, "base"}, std::pair{&now, "new"}})
            QVERIFY(QFile::copy(test::sourceDir() + QStringLiteral("/tests/compare/%1/kernels.cu").arg(which),
                dir->filePath(QStringLiteral("kernels.cu"))));
        const QString saved = m_dir.filePath(QStringLiteral("release.json"));
        const QStringList model{"--gpu", "gtx480", "--model", "jos13"};
        QCOMPARE(test::runCli(QStringList{"analyze", base.path(), "-f", "json", "-o", saved} + model).exitCode, 0);
        const QString pdf = m_dir.filePath(QStringLiteral("changes.pdf"));
        const test::CliResult run
            = test::runCli(QStringList{"report", now.path(), "-o", pdf, "--baseline", saved} + model);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString text = allText(pdf);
        QVERIFY(pageText(pdf, 1).contains(QStringLiteral("Changes since the baseline")));
        QVERIFY2(text.contains(QStringLiteral("Baseline: release.json. 3 kernels compared, 1 added, 1 removed.")),
            qPrintable(text));
        const QRegularExpression histogram(QStringLiteral("histogram\\s+kernels.cu:\\d+\\s+added"));
        QVERIFY2(histogram.match(text).hasMatch(), qPrintable(text));
        QVERIFY(QRegularExpression(QStringLiteral("legacyCopy\\s+kernels.cu:\\d+\\s+removed")).match(text).hasMatch());
        QVERIFY(
            QRegularExpression(QStringLiteral("scaleVectorBy\\s+kernels.cu:\\d+\\s+unchanged")).match(text).hasMatch());
        QVERIFY(text.contains(QStringLiteral("scaleVectorBy: renamed or moved from scaleVector, similarity 1.00")));
        QVERIFY(
            text.contains(QStringLiteral("kernels.cu:7")) && text.contains(QStringLiteral("acc += in[(i + k) % n]")));
        QVERIFY(!text.contains(QStringLiteral("Not like for like")));

        const QString kept = m_dir.filePath(QStringLiteral("kept.pdf"));
        const test::CliResult bad = test::runCli(
            QStringList{"report", now.path(), "-o", kept, "--baseline", m_dir.filePath(QStringLiteral("no.json"))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--baseline ") && bad.err.contains("no.json: cannot read"), bad.err.constData());
        QVERIFY(!QFile::exists(kept));
    }

    void longKernelEndToEnd()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        // A real kernel of 240 statements through parse, slicing, estimate and buildReport.
        QTemporaryDir dir;
        QByteArray source = "__global__ void longKernel(const float* in, float* out, int n)\n{\n"
                            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "    if (i >= n) return;\n";
        constexpr int kStatements = 240;
        for (int k = 0; k < kStatements; ++k)
            source
                += QStringLiteral("    out[i + %1] = in[i + %1] * %2.0f; // step%1\n").arg(k).arg(k % 7 + 1).toUtf8();
        source += "}\n\nvoid launch(const float* in, float* out, int n)\n{\n"
                  "    longKernel<<<64, 256>>>(in, out, n);\n}\n";
        test::writeFile(dir, QStringLiteral("long.cu"), source);
        const auto project = estimate(dir.path(), WhatIfSettings{});
        const ReportDocument document = project->report();
        QCOMPARE(document.sections.size(), 1);
        QVERIFY(document.sections[0].listing.size() >= kStatements);
        const QString path = m_dir.filePath(QStringLiteral("long-kernel.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(document, path, &error), qPrintable(error));
        const int pages = test::pdfPageCount(path);
        QStringList texts;
        for (int page = 1; page <= pages; ++page)
            texts << pageText(path, page);
        int previousPage = 0;
        int continued = 0;
        for (int k = 0; k < kStatements; ++k) {
            const QVector<int> found = pagesWith(texts, QStringLiteral("// step%1\n").arg(k));
            QVERIFY2(found.size() == 1, qPrintable(QStringLiteral("step%1 on %2 pages").arg(k).arg(found.size())));
            QVERIFY(previousPage == 0 || found[0] == previousPage || found[0] == previousPage + 1);
            if (previousPage != 0 && found[0] == previousPage + 1) {
                ++continued;
                QVERIFY(texts[found[0] - 1].contains(QStringLiteral("longKernel — source (continued)")));
            }
            previousPage = found[0];
        }
        QVERIFY2(continued >= 2, qPrintable(QString::number(continued)));
    }

    void corpusReport()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const auto project = estimate(test::corpusDir(), WhatIfSettings{});
        const ReportDocument document = project->report();
        QVERIFY(document.sections.size() > 10);
        const QString path = m_dir.filePath(QStringLiteral("corpus.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(document, path, &error), qPrintable(error));
        const int pages = test::pdfPageCount(path);
        // Kernels share pages where they fit, and none sprawls over many.
        QVERIFY2(pages >= int(document.sections.size()) / 2 + 3 && pages <= 3 * int(document.sections.size()) + 10,
            qPrintable(QStringLiteral("%1 pages for %2 kernels").arg(pages).arg(document.sections.size())));
        const QString text = allText(path);
        for (const ReportKernelSection& section : document.sections)
            QVERIFY2(text.contains(section.summary.name), qPrintable(section.summary.name));
        QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pages)));
    }
};

QTEST_MAIN(ReportPdfTest)
#include "test_report_pdf.moc"

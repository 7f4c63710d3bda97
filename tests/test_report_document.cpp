// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The PDF report's content (core/export/ReportDocument): built from the estimates, with the
// kernel listings cut from the sources, every what-if in the parameters, the method with its
// sources; the same document twice for the same input.
#include "Near.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/DisplayNumbers.h"
#include "export/EnergyOutput.h"
#include "export/KernelListing.h"
#include "export/OutputFormatting.h"
#include "export/ReportBuilder.h"
#include "export/ReportDocument.h"
#include "project/ProjectLoader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace slicewatt;

namespace {

// An estimated project with everything the report needs kept alive together.
struct EstimatedProject {
    ProjectIndex index;
    ModelLibrary library;
    WhatIfSettings settings;
    const PowerModel* model = nullptr;
    const GpuSpec* gpu = nullptr;
    EstimateRun run;

    ReportDocument report(const QString& folder) const
    {
        ReportOptions options;
        options.project = folder;
        options.projectFolder = folder;
        options.toolVersion = QStringLiteral("test");
        options.created = QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5), Qt::UTC);
        return buildReport(run, settings, options);
    }
};

const CatalogFunction* kernelNamed(const ProjectIndex& index, const QString& name)
{
    for (const CatalogFunction& kernel : index.kernels) {
        if (kernel.info.name == name)
            return &kernel;
    }
    return nullptr;
}

// The statement index of the first statement of `kind` on `line` of the kernel's own file.
int statementAt(const KernelIR& ir, const QString& file, int line, StatementKind kind)
{
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        if (statement.kind == kind && statement.location.line == line && statement.location.file == file)
            return i;
    }
    return -1;
}

const ReportKernelSection* sectionNamed(const ReportDocument& document, const QString& qualifiedName)
{
    for (const ReportKernelSection& section : document.sections) {
        if (section.summary.name == qualifiedName)
            return &section;
    }
    return nullptr;
}

QString parameterValue(const ReportDocument& document, const QString& name)
{
    for (const ReportParameter& parameter : document.parameters) {
        if (parameter.name == name)
            return parameter.value;
    }
    return QStringLiteral("<missing %1>").arg(name);
}

// The 1-based line of `path` that holds `text` first (0: none).
int lineOf(const QString& path, const QString& text)
{
    const std::optional<QStringList> lines = readSourceLines(path);
    for (int i = 0; lines && i < lines->size(); ++i) {
        if ((*lines)[i].contains(text))
            return i + 1;
    }
    return 0;
}

using test::near;

bool anyContains(const QStringList& items, const QString& text)
{
    for (const QString& item : items) {
        if (item.contains(text))
            return true;
    }
    return false;
}

// Field-by-field equality of what two builds produced (the structs have no operator==).
QString fingerprint(const ReportDocument& d)
{
    QStringList parts{d.title, d.project, d.created.toString(Qt::ISODate), d.gpuId, d.modelId};
    for (const ReportParameter& p : d.parameters)
        parts << p.name + QLatin1Char('=') + p.value;
    for (const ReportHotLine& h : d.hottestLines)
        parts << QStringLiteral("%1 %2 %3 %4 %5")
                     .arg(h.rank)
                     .arg(h.kernel, h.location)
                     .arg(h.watts, 0, 'g', 17)
                     .arg(h.share);
    for (const ReportKernelSection& s : d.sections) {
        parts << s.summary.name << s.summary.location << QString::number(s.summary.watts, 'g', 17) << s.programFormula;
        parts += s.assumptions;
        parts += s.sliceFormulas;
        for (const ReportSourceLine& line : s.listing)
            parts << QStringLiteral("%1|%2|%3").arg(line.number).arg(line.text).arg(line.fraction, 0, 'g', 17);
        for (const ReportSliceRow& slice : s.slices)
            parts << QStringLiteral("%1 %2 %3").arg(memorySpaceName(slice.space)).arg(slice.length).arg(slice.watts);
        if (s.energy) {
            parts << QString::number(s.energy->dynamicJ, 'g', 17) << s.energy->formula;
            for (const ReportEnergyClass& c : s.energy->classes)
                parts << QStringLiteral("%1 %2 %3").arg(c.label).arg(c.perThread, 0, 'g', 17).arg(c.joules, 0, 'g', 17);
        }
    }
    for (const ReportHotLine& h : d.hottestLines)
        parts << QString::number(h.joules, 'g', 17);
    for (const ReportCopy& c : d.copies)
        parts << QStringLiteral("%1 %2 %3 %4").arg(c.location, c.api, c.note).arg(c.joules.value_or(-1), 0, 'g', 17);
    parts += d.method.formulas;
    parts << d.method.modelProvenance;
    parts += d.diagnostics;
    return parts.join(QLatin1Char('\n'));
}

} // namespace

class ReportDocumentTest : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<EstimatedProject> m_example;
    QString m_exampleFolder;

    // The example with per-kernel and project-wide what-ifs set.
    void estimate(EstimatedProject& project)
    {
        QStringList errors;
        project.library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        const ModelChoice choice = chooseModel(project.library, project.settings);
        QVERIFY2(choice.error.isEmpty(), qPrintable(choice.error));
        project.model = choice.model;
        project.gpu = choice.gpu;
        project.run
            = estimateProjectWhatIf(project.index, *project.model, *project.gpu, choice.energy, project.settings);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_exampleFolder = QDir::cleanPath(test::exampleDir());
        m_example = std::make_unique<EstimatedProject>();
        m_example->index = indexProject(loadProject({m_exampleFolder}, LoadOptions{}), test::parserOptions());
        QVERIFY(!m_example->index.kernels.isEmpty());
        // What-ifs: δ and a time for all kernels; Sa 0.5 and a trip count for gaussianRows.
        m_example->settings.delta = 0.02;
        m_example->settings.seconds = 0.25;
        const CatalogFunction* rows = kernelNamed(m_example->index, QStringLiteral("gaussianRows"));
        QVERIFY(rows);
        const KernelIR* ir = m_example->index.kernelIR(rows->info.key);
        QVERIFY(ir);
        // src/convolve.cu:54 `for (int k = -radius; k <= radius; ++k)`: radius is a parameter.
        const int loop = statementAt(*ir, rows->info.location.file, 54, StatementKind::Loop);
        QVERIFY(loop >= 0);
        KernelWhatIf& whatIf = m_example->settings.kernels[rows->info.key];
        whatIf.saturation = 0.5;
        whatIf.tripCounts.insert(loop, 7);
        estimate(*m_example);
    }

    void oneSectionPerKernelWithTheEstimatesNumbers()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        QCOMPARE(document.title, QStringLiteral("SliceWatt power report: imagepipe"));
        QCOMPARE(document.gpuId, QStringLiteral("gtx280"));
        QCOMPARE(document.modelId, QStringLiteral("jos13"));
        QCOMPARE(document.kernels.size(), m_example->run.kernels.size());
        QCOMPARE(document.sections.size(), m_example->run.kernels.size());
        double joules = 0;
        for (int i = 0; i < document.kernels.size(); ++i) {
            const KernelEstimateReport& report = m_example->run.kernels[i];
            const ReportKernelRow& row = document.kernels[i];
            const FunctionInfo& info = report.analysis.kernel->info;
            QCOMPARE(row.name, info.qualifiedName);
            QCOMPARE(row.kernelKey, info.key);
            QCOMPARE(row.location,
                QStringLiteral("%1:%2")
                    .arg(pathRelativeTo(info.location.file, m_exampleFolder))
                    .arg(info.location.line));
            QVERIFY(row.location.startsWith(QLatin1String("src/")));
            QCOMPARE(row.watts, report.estimate.watts);
            QVERIFY(row.joules);
            QCOMPARE(*row.joules, report.estimate.watts * 0.25);
            joules += *row.joules;
            QCOMPARE(row.intensity, report.estimate.averageIntensity);
            QCOMPARE(row.saturation, report.estimate.saturation);
            QCOMPARE(row.dense, report.estimate.dense);
            QVERIFY(!row.fractionIntensity);

            const ReportKernelSection& section = document.sections[i];
            QCOMPARE(section.summary.name, row.name);
            QVERIFY2(!section.listing.isEmpty(), qPrintable(row.name));
            QCOMPARE(section.slices.size(), report.estimate.slices.size());
            QCOMPARE(section.slicePoints.size(), section.slices.size());
            QCOMPARE(section.sliceFormulas.size(), section.slices.size());
            double contributions = 0;
            for (int s = 0; s < section.slices.size(); ++s) {
                const SliceEstimate& slice = report.estimate.slices[s];
                QCOMPARE(section.slices[s].space, slice.space);
                QCOMPARE(section.slices[s].watts, slice.watts);
                QCOMPARE(section.slices[s].intensity, slice.intensityRatio);
                QVERIFY(section.sliceFormulas[s].endsWith(formatWatts(slice.watts)));
                contributions += section.slices[s].contribution;
            }
            QVERIFY(qAbs(contributions - report.estimate.watts) < 1e-9);
            QVERIFY(section.programFormula.endsWith(formatWatts(report.estimate.watts)));
            QCOMPARE(section.kernelPoint.intensityRatio, report.estimate.averageIntensity);
            QCOMPARE(section.kernelPoint.saturation, report.estimate.saturation);
            QVERIFY(section.surface && section.surface->hasValues());
        }
        QVERIFY(document.totalJoules);
        QVERIFY(qAbs(*document.totalJoules - joules) < 1e-9);
    }

    // Export Report proposes "<project>-<gpu>-<date>.pdf", safe on every file system.
    // A kernel's section is built alone as it stands in the whole report.
    void kernelSectionStandsAlone()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        ReportOptions options;
        options.project = m_exampleFolder;
        options.projectFolder = m_exampleFolder;
        report::ReportBuilder builder(m_example->run, m_example->settings, options);
        for (int i = 0; i < m_example->run.kernels.size(); ++i) {
            const ReportKernelSection alone = builder.kernelSection(m_example->run.kernels[i]);
            const ReportKernelSection& inReport = document.sections[i];
            QCOMPARE(alone.summary.name, inReport.summary.name);
            QCOMPARE(alone.summary.watts, inReport.summary.watts);
            QCOMPARE(alone.file, inReport.file);
            QCOMPARE(alone.listing.size(), inReport.listing.size());
            QCOMPARE(alone.slices.size(), inReport.slices.size());
            QCOMPARE(alone.programFormula, inReport.programFormula);
            QCOMPARE(alone.sliceFormulas, inReport.sliceFormulas);
            QCOMPARE(alone.assumptions, inReport.assumptions);
            QCOMPARE(alone.hottestLineWatts, inReport.hottestLineWatts);
            QVERIFY(!alone.listing.isEmpty());
        }
    }

    void proposesAFileNameFromProjectGpuAndDate()
    {
        const QDate day(2026, 11, 26);
        QCOMPARE(suggestedReportFileName(QStringLiteral("/home/ana/src/imagepipe/"), QStringLiteral("gtx480"), day),
            QStringLiteral("imagepipe-gtx480-2026-11-26.pdf"));
        QCOMPARE(suggestedReportFileName(QStringLiteral("/w/my project: v2"), QStringLiteral("v100"), day),
            QStringLiteral("my-project-v2-v100-2026-11-26.pdf"));
        QCOMPARE(suggestedReportFileName(QString(), QStringLiteral("k20"), day),
            QStringLiteral("slicewatt-k20-2026-11-26.pdf"));
    }

    // One formatter for a line's watts: the precision its size needs, wherever it is printed.
    void lineWattsHaveThePrecisionOfTheirSize()
    {
        QCOMPARE(formatLineWatts(134.21), QStringLiteral("134 W"));
        QCOMPARE(formatLineWatts(12.34), QStringLiteral("12.3 W"));
        QCOMPARE(formatLineWatts(0.414), QStringLiteral("0.41 W"));
        QCOMPARE(formatLineWatts(0.0071), QStringLiteral("0.007 W"));
        QCOMPARE(formatLineWatts(0), QStringLiteral("0.00 W"));
    }

    void hottestLinesAreRankedAcrossTheProject()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        QCOMPARE(document.hottestLines.size(), 20);
        QHash<QString, double> heat; // "kernel|relative file:line" → W
        QHash<QString, double> joules; // the same lines' energy per launch, J
        for (const KernelEstimateReport& report : m_example->run.kernels) {
            for (const LineHeat& line : report.estimate.lines) {
                const QString key
                    = QStringLiteral("%1|%2:%3")
                          .arg(report.analysis.kernel->info.qualifiedName, pathRelativeTo(line.file, m_exampleFolder))
                          .arg(line.line);
                heat.insert(key, line.watts);
                joules.insert(key, line.joules);
            }
        }
        double hottestAnywhere = 0;
        for (double watts : heat)
            hottestAnywhere = std::max(hottestAnywhere, watts);
        QCOMPARE(document.hottestLines.first().watts, hottestAnywhere);
        for (int i = 0; i < document.hottestLines.size(); ++i) {
            const ReportHotLine& line = document.hottestLines[i];
            // Lines that print the same watts share the rank of the first of them.
            const bool tiedWithPrevious
                = i > 0 && formatLineWatts(line.watts) == formatLineWatts(document.hottestLines[i - 1].watts);
            QCOMPARE(line.rank, tiedWithPrevious ? document.hottestLines[i - 1].rank : i + 1);
            QCOMPARE(line.tied || !tiedWithPrevious, true);
            QVERIFY2(!line.code.isEmpty(), qPrintable(line.location)); // the line's text, for the table
            const QString key = line.kernel + QLatin1Char('|') + line.location;
            QVERIFY2(heat.contains(key), qPrintable(key));
            QCOMPARE(line.watts, heat.value(key));
            // Heat follows executed energy: a line with power has energy, the estimate's J.
            QCOMPARE(line.joules, joules.value(key));
            QVERIFY2(line.joules > 0, qPrintable(key));
            QVERIFY(line.share > 0 && line.share <= 1);
            if (i > 0)
                QVERIFY(document.hottestLines[i - 1].watts >= line.watts);
        }
    }

    void listingRunsFromGlobalToTheClosingBrace()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        // src/convolve.cu: `__global__ void gaussianRows(` on line 33, its closing brace on 58.
        const ReportKernelSection* rows = sectionNamed(document, QStringLiteral("imagepipe::gaussianRows"));
        QVERIFY(rows);
        QCOMPARE(rows->listing.first().number, 33);
        QVERIFY(rows->listing.first().text.startsWith(QLatin1String("__global__ void gaussianRows(")));
        QCOMPARE(rows->listing.last().number, 58);
        QCOMPARE(rows->listing.last().text, QStringLiteral("}"));
        for (int i = 1; i < rows->listing.size(); ++i)
            QCOMPARE(rows->listing[i].number, rows->listing[i - 1].number + 1);

        // src/reduce.cu: a template kernel whose name sits below `__global__ void
        // __launch_bounds__(BLOCK)`: the listing starts at `template <int BLOCK>` (line 66).
        const ReportKernelSection* reduce = sectionNamed(document, QStringLiteral("imagepipe::reduceMinMax"));
        QVERIFY(reduce);
        QCOMPARE(reduce->listing.first().number, 66);
        QCOMPARE(reduce->listing.first().text, QStringLiteral("template <int BLOCK>"));
        QCOMPARE(reduce->listing[1].text, QStringLiteral("__global__ void __launch_bounds__(BLOCK)"));
        QCOMPARE(reduce->listing.last().number, 82);

        // Heat: the estimate's line watts, as a fraction of the hottest line, 1 there.
        const KernelEstimateReport* report = nullptr;
        for (const KernelEstimateReport& r : m_example->run.kernels) {
            if (r.analysis.kernel->info.qualifiedName == QLatin1String("imagepipe::gaussianRows"))
                report = &r;
        }
        QVERIFY(report);
        double hottest = 0;
        int hottestNumber = 0;
        for (const ReportSourceLine& line : rows->listing) {
            QVERIFY(line.fraction >= 0 && line.fraction <= 1);
            QVERIFY(!line.text.contains(QLatin1Char('\t')));
            if (line.watts > hottest) {
                hottest = line.watts;
                hottestNumber = line.number;
            }
        }
        QVERIFY(hottest > 0);
        QCOMPARE(rows->hottestLineWatts, hottest);
        for (const ReportSourceLine& line : rows->listing) {
            QCOMPARE(line.fraction, line.watts / hottest);
            if (line.number == hottestNumber)
                QCOMPARE(line.fraction, 1.0);
        }
        for (const LineHeat& heat : report->estimate.lines) {
            if (heat.file != rows->file || heat.line < rows->listing.first().number
                || heat.line > rows->listing.last().number)
                continue;
            const ReportSourceLine& line = rows->listing[heat.line - rows->listing.first().number];
            QCOMPARE(line.watts, heat.watts);
        }
        // Line 46 `tile[threadIdx.y][i] = row[x];` is in the global and the shared slice.
        const ReportSourceLine& store = rows->listing[46 - 33];
        QVERIFY(store.text.contains(QLatin1String("tile[threadIdx.y][i] = row[x];")));
        QVERIFY(store.spaces[size_t(MemorySpace::Global)]);
        QVERIFY(store.spaces[size_t(MemorySpace::Shared)]);
        QVERIFY(!store.spaces[size_t(MemorySpace::Texture)]);
    }

    void parametersListEveryWhatIf()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        QVERIFY(parameterValue(document, QStringLiteral("GPU")).contains(document.gpuName));
        QVERIFY(parameterValue(document, QStringLiteral("Model")).contains(QLatin1String("jos13")));
        QVERIFY(parameterValue(document, QStringLiteral("Board power")).contains(QLatin1String(" W (NVIDIA ")));
        QVERIFY(parameterValue(document, QStringLiteral("Device code")).startsWith(QLatin1String("read for sm_90")));
        QCOMPARE(parameterValue(document, QStringLiteral("BDPM δ")), QStringLiteral("0.02"));
        QCOMPARE(parameterValue(document, QStringLiteral("Execution time")), formatSeconds(0.25));
        QCOMPARE(parameterValue(document, QStringLiteral("Counting")), QStringLiteral("ast: real loads and stores"));
        QCOMPARE(parameterValue(document, QStringLiteral("SM saturation (all kernels)")),
            QStringLiteral("from each kernel's launch"));
        QCOMPARE(parameterValue(document, QStringLiteral("SM saturation (imagepipe::gaussianRows)")),
            QStringLiteral("0.50"));
        QCOMPARE(parameterValue(document, QStringLiteral("Loop trip counts (imagepipe::gaussianRows)")),
            QStringLiteral("line 54: 7 trips"));

        const ReportKernelSection* rows = sectionNamed(document, QStringLiteral("imagepipe::gaussianRows"));
        QVERIFY(rows);
        QCOMPARE(rows->summary.saturation, 0.5);
        QVERIFY(rows->assumptions.contains(QStringLiteral("line 54: loop runs 7 times (set as a what-if)")));
        QVERIFY(rows->assumptions.contains(QStringLiteral("SM saturation Sa = 0.50 (set as a what-if)")));
        // Line 44's bound depends on the runtime radius: the default trip count is assumed.
        QVERIFY2(anyContains(rows->assumptions, QStringLiteral("line 44: loop runs 10 times (assumed: ")),
            qPrintable(rows->assumptions.join(QLatin1Char('\n'))));
        QVERIFY(anyContains(rows->assumptions, QStringLiteral("branch arm probabilities")));

        // Without the time, on a GPU the time model has no figures for (the GTX 280): "not
        // given", no energy anywhere.
        EstimatedProject plain;
        plain.index = m_example->index;
        estimate(plain);
        const ReportDocument noTime = plain.report(m_exampleFolder);
        QCOMPARE(parameterValue(noTime, QStringLiteral("Execution time")), QStringLiteral("not given"));
        QCOMPARE(parameterValue(noTime, QStringLiteral("BDPM δ")), QStringLiteral("0.01"));
        QVERIFY(!noTime.totalJoules);
        for (const ReportKernelRow& row : noTime.kernels)
            QVERIFY(!row.joules);
        for (const ReportParameter& parameter : noTime.parameters)
            QVERIFY2(!parameter.name.contains(QLatin1String("gaussianRows")), qPrintable(parameter.name));
    }

    void methodHasFormulasProvenanceAndSources()
    {
        const ReportDocument document = m_example->report(m_exampleFolder);
        const ReportMethod& method = document.method;
        QCOMPARE(method.modelName, m_example->model->name());
        QVERIFY(anyContains(method.formulas, QStringLiteral("P = β0·Sa + β1·Ã^β2")));
        QVERIFY(anyContains(method.formulas, QStringLiteral("BSPM")));
        QVERIFY(anyContains(method.formulas, QStringLiteral("BDPM")));
        QVERIFY(anyContains(method.formulas, QStringLiteral("Ē = P̂·t")));
        QCOMPARE(method.modelParameters, QStringLiteral("β0 = 95 W, β1 = 46.7 W, β2 = 0.2"));
        // models/jos13-regression.json's provenance, flattened.
        QVERIFY(method.modelProvenance.contains(QLatin1String("paper: Wang Haifeng, Chen Qingkui")));
        QVERIFY(method.modelProvenance.contains(QLatin1String("source: the paper's table of fitted parameters")));
        QVERIFY(anyContains(method.provenanceItems, QStringLiteral("reported quality: ")));
        QVERIFY(method.intensityMax > method.intensityMin);
        QVERIFY(method.citations.size() >= 2);
        QCOMPARE(method.citations.first().key, QStringLiteral("JoS13"));
        QVERIFY(!method.concepts.isEmpty());
        for (const ConceptText& text : method.concepts)
            QVERIFY(text.id != Concept::WaveletTraining); // a regression report: the network's note is not for it
    }

    void corpusBuildsWithoutProblems()
    {
        const QString folder = QDir::cleanPath(test::corpusDir());
        EstimatedProject corpus;
        corpus.index = indexProject(loadProject({folder}, LoadOptions{}), test::parserOptions());
        QVERIFY(corpus.index.kernels.size() > 20);
        estimate(corpus);
        const ReportDocument document = corpus.report(folder);
        QCOMPARE(document.sections.size(), corpus.run.kernels.size());
        QVERIFY(!anyContains(document.diagnostics, QStringLiteral("listing")));
        for (int i = 0; i < document.sections.size(); ++i) {
            const ReportKernelSection& section = document.sections[i];
            const KernelEstimateReport& report = corpus.run.kernels[i];
            const QString name = section.summary.name;
            QVERIFY2(!section.listing.isEmpty(), qPrintable(name));
            QStringList text;
            for (const ReportSourceLine& line : section.listing) {
                text << line.text;
                QVERIFY2(line.fraction >= 0 && line.fraction <= 1, qPrintable(name));
            }
            QVERIFY2(text.join(QLatin1Char('\n')).contains(report.analysis.kernel->info.name), qPrintable(name));
            QVERIFY2(text.last().contains(QLatin1Char('}')), qPrintable(name + QLatin1String(": ") + text.last()));
            // Every statement of the kernel's own body lies inside the listing.
            for (const Statement& statement : report.analysis.ir->statements) {
                if (!statement.inlinedFrom.isEmpty() || statement.location.file != section.file)
                    continue;
                QVERIFY2(statement.location.line >= section.listing.first().number
                        && statement.location.line <= section.listing.last().number,
                    qPrintable(QStringLiteral("%1: line %2").arg(name).arg(statement.location.line)));
            }
        }
    }

    // tests/corpus/energy/matmul_energy.cu: one launched kernel (32 × 32 blocks of 16 × 16
    // threads) and four cudaMemcpy calls, three over PCI Express and one device to device.
    void energyAndCopiesOfTheMatrixMultiply()
    {
        const QString path = QDir::cleanPath(test::corpusDir() + QStringLiteral("/energy/matmul_energy.cu"));
        const QString folder = QFileInfo(path).absolutePath();
        EstimatedProject project;
        project.index = indexProject(loadProject({path}, LoadOptions{}), test::parserOptions());
        project.settings.seconds = 0.001;
        estimate(project);
        QCOMPARE(project.run.kernels.size(), 1);
        const EnergyModel* model = project.run.settings.energy.model;
        QVERIFY(model);
        const KernelEstimate& kernel = project.run.kernels.first().estimate;
        QVERIFY(kernel.energy);
        const KernelEnergy& energy = *kernel.energy;
        const ReportDocument document = project.report(folder);
        QCOMPARE(document.sections.size(), 1);
        const ReportKernelSection& section = document.sections.first();

        // The section's energy is the estimate's, number for number.
        QVERIFY(section.energy);
        const ReportKernelEnergy& e = *section.energy;
        QCOMPARE(e.dynamicJ, energy.dynamicJ);
        QCOMPARE(e.threads, 32.0 * 32 * 256);
        QCOMPARE(e.threads, energy.threads);
        QVERIFY(!e.threadsAssumed);
        QCOMPARE(e.threadsSource, energy.threadsSource);
        QVERIFY(e.threadsSource.startsWith(QStringLiteral("the launch: 32×32×1 blocks of 16×16×1 threads")));
        QVERIFY(e.seconds == std::optional<double>(0.001));
        QVERIFY(e.dynamicW == energy.dynamicW);
        QVERIFY(e.dynamicW && near(*e.dynamicW, energy.dynamicJ / 0.001));
        // The thesis's board has no static power: no total, said so.
        QVERIFY(!e.staticW && !e.totalW && !e.totalJ);
        QVERIFY(e.formula.endsWith(formatJoules(energy.dynamicJ)));
        QVERIFY(e.formula.contains(QStringLiteral("= 262144 × ")));

        // The largest classes in energyClassTerms' order, priced with the model's nJ; with the
        // rest they add up to E_dyn.
        const QVector<int> classes = classesByEnergy(energy.perThread, *model);
        QCOMPARE(e.classes.size(), std::min(int(classes.size()), kReportEnergyClasses));
        QCOMPARE(e.omittedClasses, int(classes.size()) - int(e.classes.size()));
        QCOMPARE(e.classes.first().label, energyClassLabel(kGlobalMemoryClass));
        QCOMPARE(e.classes.first().perThread, 32.0 * 2 + 1);
        QCOMPARE(e.classes.first().eachNj, 17.95);
        double sum = e.omittedJoules;
        for (int i = 0; i < e.classes.size(); ++i) {
            const ReportEnergyClass& c = e.classes[i];
            QCOMPARE(c.label, energyClassLabel(classes[i]));
            QCOMPARE(c.perThread, energy.perThread[classes[i]]);
            QCOMPARE(c.eachNj, model->energy(classes[i]).totalNj);
            QVERIFY(near(c.joules, energy.threads * c.perThread * c.eachNj * 1e-9));
            if (i > 0)
                QVERIFY(e.classes[i - 1].joules >= c.joules);
            sum += c.joules;
        }
        QVERIFY(near(sum, energy.dynamicJ));
        for (const QString& assumption : energy.assumptions)
            QVERIFY2(section.assumptions.contains(assumption), qPrintable(assumption));

        // Listing lines carry the estimate's J per launch; the index lines execute nothing.
        QHash<int, double> lineJoules;
        for (const LineHeat& heat : kernel.lines)
            lineJoules[heat.line] += heat.joules;
        double listed = 0;
        for (const ReportSourceLine& line : section.listing) {
            QCOMPARE(line.joules, lineJoules.value(line.number));
            listed += line.joules;
        }
        QVERIFY(near(listed, energy.dynamicJ));
        QCOMPARE(section.listing[lineOf(path, QStringLiteral("int bx = blockIdx.x;")) - section.listing.first().number]
                     .joules,
            0.0);

        // The ranking's lines carry their J too.
        QVERIFY(!document.hottestLines.isEmpty());
        for (const ReportHotLine& line : document.hottestLines) {
            const int number = line.location.section(QLatin1Char(':'), -1).toInt();
            QCOMPARE(line.joules, lineJoules.value(number));
        }

        // The four copies, in source order, with the estimate's time and energy.
        QCOMPARE(document.copies.size(), 4);
        QCOMPARE(project.run.copies.size(), 4);
        const int first = lineOf(path, QStringLiteral("cudaMemcpy(dA, hA"));
        const int second = lineOf(path, QStringLiteral("cudaMemcpy(dB, hA"));
        const int back = lineOf(path, QStringLiteral("cudaMemcpy(hC, dC"));
        const int onDevice = lineOf(path, QStringLiteral("cudaMemcpy(dC, dA"));
        const int lines[] = {first, second, back, onDevice};
        const char* directions[] = {"HostToDevice", "HostToDevice", "DeviceToHost", "DeviceToDevice"};
        for (int i = 0; i < 4; ++i) {
            const ReportCopy& copy = document.copies[i];
            const CopyEnergy& run = project.run.copies[i];
            QCOMPARE(copy.location, QStringLiteral("matmul_energy.cu:%1").arg(lines[i]));
            QCOMPARE(copy.api, QStringLiteral("cudaMemcpy"));
            QCOMPARE(copy.caller, QStringLiteral("main"));
            QCOMPARE(copy.direction, QString::fromLatin1(directions[i]));
            QVERIFY(copy.bytes == std::optional<qint64>(512 * 512 * 4));
            QVERIFY(copy.seconds == run.seconds);
            QVERIFY(copy.joules == run.joules);
            QCOMPARE(copy.note, run.note);
        }
        QVERIFY(document.copies[0].joules && *document.copies[0].joules > 0);
        QVERIFY(!document.copies[3].joules && !document.copies[3].seconds);
        QVERIFY(document.copies[3].note.contains(QLatin1String("no PCI Express")));
        QVERIFY(document.copiesJoules);
        QCOMPARE(*document.copiesJoules, knownCopyJoules(project.run.copies));
        QVERIFY(near(*document.copiesJoules, 3 * *document.copies[0].joules));

        // The parameters and the method name the energy model and say the static power is unknown.
        QCOMPARE(parameterValue(document, QStringLiteral("Energy model")),
            QStringLiteral("%1 (aalto2013)").arg(model->name()));
        QVERIFY(parameterValue(document, QStringLiteral("Static power")).startsWith(QLatin1String("unknown")));
        QCOMPARE(parameterValue(document, QStringLiteral("Threads (launch not known)")),
            QStringLiteral("the GPU full: 1024 × 30 SMs = 30720 (assumed)"));
        const ReportMethod& method = document.method;
        QVERIFY(method.energyModel);
        QCOMPARE(method.energyModel->id, QStringLiteral("aalto2013"));
        QCOMPARE(method.energyModel->name, model->name());
        QCOMPARE(method.energyModel->equation, model->equation());
        QVERIFY(method.energyModel->source.contains(QLatin1String("Aalto University master's thesis")));
        QVERIFY(!method.energyModel->staticW);
        QCOMPARE(method.energyModel->staticSource, model->staticSource());
        QVERIFY(method.energyModel->transferW == std::optional<double>(40));
        QVERIFY(anyContains(method.energyFormulas, QStringLiteral("E_dyn = threads × Σ_class n_class·e_class")));
        QVERIFY(anyContains(method.energyFormulas, QStringLiteral("With t = %1").arg(formatSeconds(0.001))));

        // A static power (--static-w) gives the totals: the estimate's, and the method says where from.
        EstimatedProject withStatic;
        withStatic.index = project.index;
        withStatic.settings = project.settings;
        withStatic.settings.staticW = 30;
        estimate(withStatic);
        const ReportDocument totals = withStatic.report(folder);
        const KernelEnergy& measured = *withStatic.run.kernels.first().estimate.energy;
        const ReportKernelEnergy& t = *totals.sections.first().energy;
        QVERIFY(t.staticW == std::optional<double>(30));
        QVERIFY(t.totalW && t.totalJ);
        QCOMPARE(*t.totalW, *measured.totalW);
        QCOMPARE(*t.totalJ, *measured.totalJ);
        QVERIFY(near(*t.totalJ, 30 * 0.001 + measured.dynamicJ));
        QVERIFY(totals.method.energyModel->staticW == std::optional<double>(30));
        QVERIFY(totals.method.energyModel->staticSource.contains(QLatin1String("--static-w")));
        QVERIFY(
            parameterValue(totals, QStringLiteral("Static power")).startsWith(formatWatts(30) + QStringLiteral(" (")));
    }

    void noEnergyModelLeavesEnergyOut()
    {
        const QString path = QDir::cleanPath(test::corpusDir() + QStringLiteral("/energy/matmul_energy.cu"));
        EstimatedProject project;
        project.index = indexProject(loadProject({path}, LoadOptions{}), test::parserOptions());
        QStringList errors;
        project.library = ModelLibrary::load({}, errors);
        const ModelChoice choice = chooseModel(project.library, project.settings);
        project.model = choice.model;
        project.gpu = choice.gpu;
        project.run = estimateProjectWhatIf(project.index, *project.model, *project.gpu, nullptr, project.settings);
        const ReportDocument document = project.report(QFileInfo(path).absolutePath());
        QCOMPARE(document.sections.size(), 1);
        QVERIFY(!document.sections.first().energy);
        QVERIFY(document.copies.isEmpty());
        QVERIFY(!document.copiesJoules);
        QVERIFY(!document.method.energyModel);
        QVERIFY(document.method.energyFormulas.isEmpty());
        QVERIFY(parameterValue(document, QStringLiteral("Energy model")).startsWith(QLatin1String("none")));
        for (const ReportHotLine& line : document.hottestLines)
            QCOMPARE(line.joules, 0.0);
    }

    void sameInputSameDocument()
    {
        const QString first = fingerprint(m_example->report(m_exampleFolder));
        EstimatedProject again;
        again.index = indexProject(loadProject({m_exampleFolder}, LoadOptions{}), test::parserOptions());
        again.settings = m_example->settings;
        estimate(again);
        QCOMPARE(fingerprint(again.report(m_exampleFolder)), first);
    }

    void listingHelpers()
    {
        QCOMPARE(expandTabs(QStringLiteral("\tx\ty")), QStringLiteral("    x   y"));
        QCOMPARE(expandTabs(QStringLiteral("ab\tc")), QStringLiteral("ab  c"));
        const QStringList lines{QStringLiteral("// a comment with a { brace"), QStringLiteral("template <typename T,"),
            QStringLiteral("          int N>"), QStringLiteral("__global__ void"),
            QStringLiteral("scale(T* p, const char* s = \"}\")"), QStringLiteral("{"),
            QStringLiteral("    /* } */ if (N > 1) { p[0] = T(2); } // }"), QStringLiteral("}"),
            QStringLiteral("int after;")};
        const auto range = kernelLineRange(lines, 5, QStringLiteral("scale"), 7);
        QVERIFY(range);
        QCOMPARE(range->first, 2);
        QCOMPARE(range->last, 8);
        QVERIFY(!kernelLineRange(lines, 42, QStringLiteral("scale"), 0));

        QTemporaryDir dir;
        const QString crlf = test::writeFile(dir, QStringLiteral("crlf.cu"), "a\r\n\tb\r\n");
        const auto read = readSourceLines(crlf);
        QVERIFY(read);
        QCOMPARE(*read, (QStringList{QStringLiteral("a"), QStringLiteral("\tb")}));
        QVERIFY(!readSourceLines(dir.filePath(QStringLiteral("missing.cu"))));
    }
};

QTEST_MAIN(ReportDocumentTest)
#include "test_report_document.moc"

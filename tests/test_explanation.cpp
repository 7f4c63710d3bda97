// SPDX-License-Identifier: GPL-3.0-or-later
// The "Why?" explanation: the formula with the estimate's own numbers, the program model
// (BSPM or BDPM with δ), energy only with a time, concepts and citations; and the panel
// that shows it for the session's selection.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/ConceptTexts.h"
#include "export/DisplayNumbers.h"
#include "export/EstimateExplanation.h"
#include "export/ExplanationBuilder.h"
#include "export/LineExplanation.h"
#include "panels/WhyPanel.h"
#include "project/ProjectLoader.h"
#include "session/ProjectSession.h"

#include <QFile>
#include <QtTest>

using namespace slicewatt;

namespace {

const KernelEstimateReport* reportNamed(const ProjectSession& session, const QString& name)
{
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (report.analysis.kernel->info.name == name)
            return &report;
    }
    return nullptr;
}

QString explain(
    const ProjectSession& session, const KernelEstimateReport& report, std::optional<MemorySpace> slice = std::nullopt)
{
    return explanationHtml(report, *session.model(), *session.gpu(), slice, session.run().settings);
}

QString programModelHeading(bool dense)
{
    return dense ? QStringLiteral("Kernel power: BDPM") : QStringLiteral("Kernel power: BSPM");
}

const QString kEnergyLine = QStringLiteral("Ē = P̂·t");

} // namespace

class ExplanationTest : public QObject {
    Q_OBJECT
private:
    ProjectIndex m_example;

private Q_SLOTS:
    void initTestCase()
    {
        m_example = indexProject(loadProject({test::exampleDir()}, LoadOptions{}), test::parserOptions());
        QVERIFY(!m_example.kernels.isEmpty());
    }

    void formulaCarriesTheEstimatesNumbers()
    {
        ProjectSession session;
        session.setIndex(m_example);
        QCOMPARE(session.settings().gpuId, QStringLiteral("gtx280"));
        QCOMPARE(session.settings().modelId, QStringLiteral("jos13"));
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report);
        QVERIFY(!report->estimate.slices.isEmpty());
        const QString html = explain(session, *report);

        QVERIFY(html.contains(QStringLiteral("imagepipe::transposeTiled")));
        QVERIFY(html.contains(formatWatts(report->estimate.watts)));
        // models/jos13-regression.json, GTX 280: β0 = 95.0, β1 = 46.7, β2 = 0.2.
        QVERIFY(html.contains(QStringLiteral("P = β0·Sa + β1·Ã^β2")));
        QVERIFY(html.contains(QStringLiteral("β0 = 95 W, β1 = 46.7 W, β2 = 0.2")));
        for (const SliceEstimate& slice : report->estimate.slices) {
            const QString intensity = formatIntensity(slice.intensityRatio, false);
            const QString line = QStringLiteral("P_%1 = 95·%2 + 46.7·%3^0.2 = %4")
                                     .arg(memorySpaceName(slice.space), formatNumber(report->estimate.saturation, 4),
                                         intensity, formatWatts(slice.watts));
            QVERIFY2(html.contains(line), qPrintable(line));
            // The substituted line is the model's own evaluation, equal to the estimate's P_i.
            const FormulaSubstitution at
                = substituteFormula(*session.model(), *session.gpu(), sliceOperatingPoint(report->estimate, slice));
            QVERIFY(at.prediction);
            QVERIFY(at.prediction->watts == slice.watts);
        }
        QVERIFY(html.contains(programModelHeading(report->estimate.dense)));
        QVERIFY(!html.contains(programModelHeading(!report->estimate.dense)));
        QVERIFY(html.contains(QStringLiteral("P̂ = Σ (|C_i| / L)·P_i")) || report->estimate.dense);

        // Concepts and sources, exactly as METHOD.md cites them.
        QVERIFY(html.contains(conceptText(Concept::ProgramSlice).title.toHtmlEscaped()));
        QVERIFY(html.contains(conceptText(Concept::SmSaturation).title.toHtmlEscaped()));
        QVERIFY(html.contains(QStringLiteral(
            "Power consumption prediction model of general-purpose computing GPU with static program slicing")));
        QVERIFY(html.contains(QStringLiteral("Ruan Jian Xue Bao 24(8), 2013")));
        QVERIFY(html.contains(QStringLiteral("Power Estimating Model and Analysis of General Programming on GPU")));
        QVERIFY(html.contains(QStringLiteral("Journal of Software 7(5), 2012")));
        QVERIFY(html.contains(QStringLiteral("Wang Haifeng, Chen Qingkui")));
        QVERIFY(!html.contains(kEnergyLine));
    }

    // Each section is written alone, and the explanation is exactly its sections in order.
    void sectionsStandAlone()
    {
        using explanation::ExplanationBuilder;
        ProjectSession session;
        session.setIndex(m_example);
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report);
        ExplanationBuilder builder(*report, *session.model(), *session.gpu(), std::nullopt, session.run().settings);
        QString joined;
        for (int i = 0; i < ExplanationBuilder::kSectionCount; ++i)
            joined += builder.section(ExplanationBuilder::Section(i));
        QCOMPARE(joined, explain(session, *report));

        // The slice model alone has the formula and not the program model, and the other way
        // round; the header names the kernel and its power.
        const QString sliceModel = builder.section(ExplanationBuilder::Section::SliceModel);
        QVERIFY(sliceModel.contains(QStringLiteral("P = β0·Sa + β1·Ã^β2")));
        QVERIFY(!sliceModel.contains(programModelHeading(report->estimate.dense)));
        const QString programModel = builder.section(ExplanationBuilder::Section::ProgramModel);
        QVERIFY(programModel.contains(programModelHeading(report->estimate.dense)));
        QVERIFY(!programModel.contains(QStringLiteral("P = β0·Sa")));
        const QString header = builder.section(ExplanationBuilder::Section::Header);
        QVERIFY(header.contains(QStringLiteral("imagepipe::transposeTiled")));
        QVERIFY(header.contains(formatWatts(report->estimate.watts)));
        QVERIFY(!header.contains(programModelHeading(report->estimate.dense)));
    }

    void selectedSliceShowsItsCounts()
    {
        ProjectSession session;
        session.setIndex(m_example);
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report);
        const SliceEstimate& slice = report->estimate.slices.first();
        const QString html = explain(session, *report, slice.space);
        QVERIFY(html.contains(QStringLiteral("Counts of the %1 slice").arg(memorySpaceName(slice.space))));
        QVERIFY(html.contains(QStringLiteral("|C| = %1 effective statements").arg(slice.length)));
        QVERIFY(html.contains(QStringLiteral("#A = %1").arg(formatNumber(slice.arithmetic, 6))));
        QVERIFY(html.contains(QStringLiteral("N_mem = Σ r_S·n_S")));
        QVERIFY(html.contains(QStringLiteral("member lines: ")));
        QVERIFY(html.contains(formatWatts(slice.watts)));
        // Other slices' formula lines are left out.
        for (const SliceEstimate& other : report->estimate.slices) {
            if (other.space != slice.space)
                QVERIFY(!html.contains(QStringLiteral("P_%1 = ").arg(memorySpaceName(other.space))));
        }
    }

    void energyOnlyWithATime()
    {
        ProjectSession session;
        session.setIndex(m_example);
        session.setSeconds(0.5);
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report && report->estimate.joules);
        const QString html = explain(session, *report);
        QVERIFY(html.contains(kEnergyLine));
        QVERIFY(html.contains(formatSeconds(0.5)));
        QVERIFY(html.contains(formatJoules(*report->estimate.joules)));
        const QString key = report->analysis.kernel->info.key;
        session.setSeconds(std::nullopt); // re-estimates: `report` is gone
        QVERIFY(!explain(session, *session.kernelReport(key)).contains(kEnergyLine));
    }

    // The instruction-class energy, term by term, in the kernel's explanation; and a line's
    // own: its classes per execution × executions per thread × threads × nJ (issue 15).
    void energyTermsForTheKernelAndForALine()
    {
        const QString path = test::corpusDir() + "/energy/matmul_energy.cu";
        ProjectSession session;
        session.setIndex(indexProject(loadProject({path}), test::parserOptions()));
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("matmulTiled"));
        QVERIFY(report && report->estimate.energy);
        const KernelEnergy& energy = *report->estimate.energy;
        const QString html = explain(session, *report);
        QVERIFY(html.contains(QStringLiteral("Energy per launch: the instruction-class model")));
        QVERIFY2(html.contains(QStringLiteral("E_dyn = threads × Σ n_c·e_c = 262144 × (")), qPrintable(html));
        QVERIFY(html.contains(formatJoules(energy.dynamicJ)));
        QVERIFY(html.contains(QStringLiteral("global memory 65 × 17.95 nJ")));

        int inner = 0;
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
        for (int i = 0; i < lines.size(); ++i) {
            if (lines[i].contains(QStringLiteral("sum += As[ty][k] * Bs[k][tx];")))
                inner = i + 1;
        }
        const QString line = lineExplanationHtml(*report, session.energyModel(), path, inner);
        QVERIFY2(
            line.contains(QStringLiteral("per execution 2 float arithmetic, 2 local (on-chip) memory; executes 512 "
                                         "times per thread")),
            qPrintable(line));
        // 262144 threads × 512 × (2 × 0.08 + 2 × 0.20 nJ) = 75.16 mJ.
        QVERIFY2(line.contains(QStringLiteral("E_line = threads × Σ n_c·e_c = 262144 × (local (on-chip) memory 1024 × "
                                              "0.2 nJ + float arithmetic 1024 × 0.08 nJ) = %1")
                                   .arg(formatJoules(262144 * 512 * 0.56e-9))
                                   .toHtmlEscaped()),
            qPrintable(line));
        QVERIFY(line.contains(QStringLiteral("shared slice")));
        QVERIFY(lineExplanationHtml(*report, session.energyModel(), path, 1).isEmpty()); // a comment line

        // The panel puts the reader's line first.
        WhyPanel panel(session);
        session.select(report->analysis.kernel->info.key);
        panel.setFocusLine(path, inner);
        panel.refresh();
        QVERIFY(panel.currentHtml().startsWith(line));
    }

    void denseKernelListsDelta()
    {
        QTemporaryDir dir;
        QFile source(test::corpusDir() + QStringLiteral("/slices/br_jsw12_branch_dense.cu"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        // A file name that needs escaping in HTML.
        test::writeFile(dir, QStringLiteral("branch&dense.cu"), source.readAll());
        ProjectSession session;
        session.setIndex(indexProject(loadProject({dir.path()}, LoadOptions{}), test::parserOptions()));
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("branchDense"));
        QVERIFY(report);
        QVERIFY(report->estimate.dense);
        QString html = explain(session, *report);
        QVERIFY(html.contains(programModelHeading(true)));
        QVERIFY(html.contains(QStringLiteral("δ = 0.01")));
        QVERIFY(html.contains(QStringLiteral("P̂ = Σ (|Ĉ_i| / L̂)·P_i")));
        QVERIFY(html.contains(QStringLiteral("branch&amp;dense.cu")));
        QVERIFY(!html.contains(QStringLiteral("branch&dense.cu")));
        QVERIFY(!html.contains(QStringLiteral("dropped (p ≤ δ)")));

        // δ above the nested arms' 0.25: those sub-slices are dropped, and listed as such.
        session.setDelta(0.3);
        report = reportNamed(session, QStringLiteral("branchDense"));
        html = explain(session, *report);
        QVERIFY(html.contains(QStringLiteral("δ = 0.3")));
        QVERIFY(html.contains(QStringLiteral("dropped (p ≤ δ)")));
        QVERIFY(html.contains(QStringLiteral("line 42 then")));
        QVERIFY(html.contains(formatWatts(report->estimate.watts)));
    }

    void jsw12ShowsItsOwnForm()
    {
        ProjectSession session;
        session.setIndex(m_example);
        session.setModel(QStringLiteral("jsw12"));
        QVERIFY(session.hasEstimates());
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report);
        const QString html = explain(session, *report);
        QVERIFY(html.contains(QStringLiteral("P = c0 + c1·x + (n / SM_bench)·μ·log10(α·n + β)")));
        QVERIFY(html.contains(QStringLiteral("c0 = 69.4 W, c1 = 34.5 W, μ = 22.8 W, α = 4.5, β = 2.1, SM_bench = 30")));
        QVERIFY(!html.contains(QStringLiteral("P = β0·Sa + β1·Ã^β2")));
        for (const SliceEstimate& slice : report->estimate.slices) {
            QVERIFY(html.contains(formatIntensity(slice.intensityFraction, true)));
            QVERIFY(
                html.contains(QStringLiteral("P_%1 = 69.4 + 34.5·%2")
                                  .arg(memorySpaceName(slice.space), formatIntensity(slice.intensityFraction, true))));
            QVERIFY(html.contains(formatWatts(slice.watts)));
        }
    }

    void wnnSaysWhatItWasTrainedOn()
    {
        ProjectSession session;
        session.setIndex(m_example);
        session.setModel(QStringLiteral("wnn"));
        QVERIFY(session.hasEstimates());
        const KernelEstimateReport* report = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(report);
        const QString html = explain(session, *report);
        QVERIFY(html.contains(conceptText(Concept::WaveletTraining).body.toHtmlEscaped()));
        QVERIFY(html.contains(QStringLiteral("Zhang &amp; Benveniste")));
        for (const SliceEstimate& slice : report->estimate.slices)
            QVERIFY(html.contains(formatWatts(slice.watts)));
    }

    void panelFollowsTheSelection()
    {
        ProjectSession session;
        WhyPanel panel(session);
        QVERIFY(panel.currentHtml().contains(QStringLiteral("Open a project")));
        QVERIFY(panel.shownKernel().isEmpty());

        // Hidden: the text waits until the panel is shown.
        session.setIndex(m_example);
        QVERIFY(panel.currentHtml().contains(QStringLiteral("Open a project")));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const KernelEstimateReport* hottest = nullptr;
        for (const KernelEstimateReport& report : session.run().kernels) {
            if (!hottest || report.estimate.watts > hottest->estimate.watts)
                hottest = &report;
        }
        QVERIFY(hottest);
        QCOMPARE(panel.shownKernel(), hottest->analysis.kernel->info.key);
        QCOMPARE(panel.currentHtml(), explain(session, *hottest));

        // Visible: follows the selection and what-ifs at once.
        const KernelEstimateReport* transpose = reportNamed(session, QStringLiteral("transposeTiled"));
        QVERIFY(transpose);
        const QString key = transpose->analysis.kernel->info.key;
        const MemorySpace space = transpose->estimate.slices.first().space;
        session.select(key, space);
        QCOMPARE(panel.shownKernel(), key);
        QVERIFY(panel.currentHtml().contains(QStringLiteral("Counts of the %1 slice").arg(memorySpaceName(space))));
        KernelWhatIf whatIf;
        whatIf.saturation = 0.5;
        session.setKernelWhatIf(key, whatIf);
        // Estimate changes reach the text after a short coalescing delay (slider drags).
        QTRY_COMPARE(panel.currentHtml(), explain(session, *session.kernelReport(key), space));
        QVERIFY(panel.toPlainText().contains(QStringLiteral("transposeTiled")));

        // No usable model: a short message instead.
        session.setModel(QStringLiteral("no-such-model"));
        QVERIFY(panel.currentHtml().contains(QStringLiteral("No estimate")));
        panel.setDarkPalette(true);
        QVERIFY(panel.currentHtml().contains(QStringLiteral("No estimate")));
    }
};

QTEST_MAIN(ExplanationTest)
#include "test_explanation.moc"

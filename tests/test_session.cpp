// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's state without the window: what-if changes re-estimate from cached analysis,
// undo/redo, the what-if tables, saved files and what they cost to re-analyse.
#include "TestSupport.h"
#include "analysis/IncrementalIndexer.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/PtxWorkspace.h"
#include "project/ProjectLoader.h"
#include "session/ProjectSession.h"
#include "session/ProjectWatcher.h"
#include "session/WhatIfHistory.h"
#include "whatif/ArgumentTableModel.h"
#include "whatif/BranchTableModel.h"
#include "whatif/LoopTableModel.h"
#include "window/EditorLauncher.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace slicewatt;

namespace {

const char* const kLoopKernel = "#define TILE 16\n"
                                "__global__ void stencil(const float* in, float* out, int n) {\n"
                                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                "  float acc = 0;\n"
                                "  for (int k = 0; k < n; ++k) acc += in[i + k] * 0.5f;\n"
                                "  for (int t = 0; t < TILE; ++t) acc = acc * 1.01f + 2.0f;\n"
                                "  if (threadIdx.x == 0) out[blockIdx.x] = acc;\n"
                                "  else out[i] = acc * 3.0f;\n"
                                "}\n"
                                // n comes from the caller at run time: the first loop's count is an assumption.
                                "void run(const float* in, float* out, int n) { stencil<<<4, 128>>>(in, out, n); }\n";

ProjectIndex indexOf(const QStringList& inputs)
{
    return indexProject(loadProject(inputs, LoadOptions{}), test::parserOptions());
}

} // namespace

class SessionTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Results arriving in batches (or a re-analysis after a save) give the session a new index
    // that still has the selected kernel: the selection stays and is not announced again, so
    // the code view does not jump back to the kernel's first line under the reader; only an
    // index without it clears the selection, once.
    void aNewIndexKeepsTheSelectionQuietly()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu", "__global__ void a(float* p) { p[0] *= 2.0f; }\n");
        ProjectSession session;
        session.setIndex(indexOf({dir.path()}));
        const QString a = session.run().kernels.first().analysis.kernel->info.key;
        session.select(a);
        test::writeFile(dir, "b.cu", "__global__ void b(float* p) { p[0] += 1.0f; }\n");
        QSignalSpy selection(&session, &ProjectSession::selectionChanged);
        QSignalSpy estimates(&session, &ProjectSession::estimatesChanged);
        session.setIndex(indexOf({dir.path()}));
        QCOMPARE(session.run().kernels.size(), 2);
        QCOMPARE(session.selectedKernel(), a);
        QCOMPARE(selection.count(), 0);
        QCOMPARE(estimates.count(), 1);

        QFile::remove(dir.filePath("a.cu"));
        session.setIndex(indexOf({dir.path()}));
        QVERIFY(session.selectedKernel().isEmpty());
        QCOMPARE(selection.count(), 1);
    }

    void whatIfReestimatesOneKernelWithoutReparse()
    {
        ProjectSession session;
        session.setIndex(indexOf({test::exampleDir()}));
        QVERIFY(session.hasEstimates());
        QVERIFY(session.run().kernels.size() >= 10);
        const QString key = session.run().kernels[0].analysis.kernel->info.key;
        const QString other = session.run().kernels[1].analysis.kernel->info.key;
        const double otherWatts = session.kernelReport(other)->estimate.watts;
        const KernelIR* irBefore = session.kernelReport(key)->analysis.ir;

        QSignalSpy changed(&session, &ProjectSession::estimatesChanged);
        KernelWhatIf whatIf;
        whatIf.saturation = 0.25;
        session.setKernelWhatIf(key, whatIf);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().toString(), key);
        QCOMPARE(session.kernelReport(key)->estimate.saturation, 0.25);
        QCOMPARE(session.kernelReport(other)->estimate.watts, otherWatts);
        // The cached IR is the same object: nothing was parsed again.
        QCOMPARE(session.kernelReport(key)->analysis.ir, irBefore);

        // The session's number is the engine's number for the same settings.
        const KernelEstimateReport direct = estimateKernelWhatIf(*session.kernelReport(key)->analysis.kernel, *irBefore,
            *session.model(), *session.gpu(), session.energyModel(), session.settings());
        QCOMPARE(session.kernelReport(key)->estimate.watts, direct.estimate.watts);

        session.setGpu(QStringLiteral("gtx480"));
        QCOMPARE(changed.last().first().toString(), QString());
        QCOMPARE(session.gpu()->id, QStringLiteral("gtx480"));
        QCOMPARE(session.kernelReport(key)->estimate.saturation, 0.25); // the what-if survives

        session.setModel(QStringLiteral("no-such-model"));
        QVERIFY(!session.hasEstimates());
        QVERIFY(session.modelError().contains(QStringLiteral("no-such-model")));
        QVERIFY(session.run().kernels.isEmpty());
        session.setModel(QStringLiteral("jos13"));
        QVERIFY(session.hasEstimates());

        session.resetKernel(key);
        QVERIFY(session.kernelWhatIf(key).isEmpty());
    }

    // Issue 17: What If › Instruction counts › PTX asks for the project's PTX (compiled by the
    // window's worker job), and once it is there the energy model prices its instructions.
    void ptxInstructionCountsAskForThePtx()
    {
        const QVector<PtxProducer> installed = findPtxProducers();
        if (installed.isEmpty())
            QFAIL("neither nvcc nor clang is installed: scripts/install-deps.sh installs clang");
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "stencil.cu", kLoopKernel);
        ProjectSession session;
        session.setIndex(indexOf({path}));
        WhatIfSettings settings = session.settings();
        settings.gpuId = "v100";
        settings.modelId = "launch-activity";
        session.setSettings(settings);
        QVERIFY(session.hasEstimates());
        QVERIFY(session.ptxKeyNeeded().isEmpty()); // automatic: no model reads PTX, none compiled
        const QString key = session.run().kernels.first().analysis.kernel->info.key;
        QCOMPARE(session.kernelReport(key)->estimate.energy->countsSource, kEnergyCountsFromSource);

        QSignalSpy needed(&session, &ProjectSession::ptxNeeded);
        settings.energyCounts = EnergyCounts::Ptx;
        session.setSettings(settings);
        QVERIFY(needed.wait(2000));
        const QString ptxKey = needed.first().first().toString();
        // The counts' producer: nvcc where installed (the code the GPU runs), else clang.
        const QVector<PtxProducer> producers = ptxProducersFor(*session.model(), *session.gpu(), {});
        QCOMPARE(producers.first().name().section(' ', 0, 0), installed.first().name().section(' ', 0, 0));
        QCOMPARE(ptxKey, "sm_70|" + producers.first().name());
        QVERIFY(session.kernelReport(key)->estimate.energy->countsSource.contains("being compiled"));

        const ProjectPtx compiled = compileSourcesPtx(loadProject({path}), *session.gpu(), producers);
        session.setPtx(std::make_shared<const ProjectPtx>(compiled), ptxKey);
        const KernelEnergy& energy = *session.kernelReport(key)->estimate.energy;
        QVERIFY(energy.countsFromPtx);
        QVERIFY(energy.countsSource.startsWith(producers.first().name() + " PTX of stencil.cu (sm_7"));
        // The time model counts the same instructions.
        QCOMPARE(session.kernelReport(key)->estimate.time->countsSource, energy.countsSource);
        QVERIFY(energy.dynamicJ > 0);

        settings.energyCounts = EnergyCounts::Source;
        session.setSettings(settings);
        QVERIFY(!session.kernelReport(key)->estimate.energy->countsFromPtx);
    }

    void lineHeatTakesTheHottestKernelPerLine()
    {
        ProjectSession session;
        session.setIndex(indexOf({test::exampleDir()}));
        const KernelEstimateReport& report = session.run().kernels[0];
        const QString file = report.analysis.kernel->info.location.file;
        const QHash<int, double> heat = session.lineHeat(file, report.analysis.kernel->info.key);
        double sum = 0;
        for (double watts : heat)
            sum += watts;
        // A kernel's lines carry its whole power when its statements are all in its file.
        bool allInFile = true;
        for (const LineHeat& line : report.estimate.lines)
            allInFile = allInFile && line.file == file;
        if (allInFile)
            QVERIFY(qAbs(sum - report.estimate.watts) < 1e-6 * report.estimate.watts);
        const auto hottest = session.hottestLines(5);
        QCOMPARE(hottest.size(), 5);
        for (int i = 1; i < hottest.size(); ++i)
            QVERIFY(hottest[i - 1].value >= hottest[i].value);

        // In energy per launch the lines carry the kernel's dynamic energy instead.
        session.setHeatUnit(ProjectSession::HeatUnit::Energy);
        const QHash<int, double> energy = session.lineHeat(file, report.analysis.kernel->info.key);
        double joules = 0;
        for (double value : energy)
            joules += value;
        QVERIFY(report.estimate.energy);
        if (allInFile)
            QVERIFY(qAbs(joules - report.estimate.energy->dynamicJ) < 1e-9 * report.estimate.energy->dynamicJ);
        double mostJoules = 0; // the project's line with the most energy, over every kernel
        for (const KernelEstimateReport& k : session.run().kernels) {
            if (k.estimate.energy && !k.estimate.energy->lines.isEmpty())
                mostJoules = std::max(mostJoules, k.estimate.energy->lines.first().joules);
        }
        QCOMPARE(session.hottestLines(1).first().value, mostJoules);
    }

    void undoMergesASliderDragIntoOneStep()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "s.cu", kLoopKernel);
        ProjectSession session;
        session.setIndex(indexOf({dir.path()}));
        session.select(session.run().kernels[0].analysis.kernel->info.key);
        const QString key = session.selectedKernel();
        const double codeWatts = session.kernelReport(key)->estimate.watts;
        WhatIfHistory history(session);
        for (double sa : {0.9, 0.7, 0.5, 0.3}) {
            KernelWhatIf w = session.kernelWhatIf(key);
            w.saturation = sa;
            history.changeKernel(key, w, QStringLiteral("Sa"), QStringLiteral("sa"));
        }
        QCOMPARE(history.stack().count(), 1);
        QCOMPARE(session.kernelReport(key)->estimate.saturation, 0.3);
        history.stack().undo();
        QCOMPARE(session.kernelReport(key)->estimate.watts, codeWatts);
        QVERIFY(session.kernelWhatIf(key).isEmpty());
        history.stack().redo();
        QCOMPARE(session.kernelReport(key)->estimate.saturation, 0.3);
        // A different control is a separate step.
        WhatIfSettings next = session.settings();
        next.delta = 0.2;
        history.change(next, QStringLiteral("δ"), QStringLiteral("delta"));
        QCOMPARE(history.stack().count(), 2);
        // A kernel's step carries its kernel: undo and redo re-estimate that kernel alone, even
        // after a project-wide step changed the settings around it.
        QSignalSpy estimated(&session, &ProjectSession::estimatesChanged);
        KernelWhatIf trips = session.kernelWhatIf(key);
        trips.grid = LaunchExtent{2, 1, 1};
        history.changeKernel(key, trips, QStringLiteral("Grid"), QStringLiteral("grid"));
        history.stack().undo();
        QCOMPARE(estimated.count(), 2);
        QCOMPARE(estimated.last().first().toString(), key); // one kernel, not the project
        QCOMPARE(session.kernelWhatIf(key).saturation, std::optional<double>(0.3));
        QVERIFY(!session.kernelWhatIf(key).grid);
        QCOMPARE(session.settings().delta, 0.2); // the project-wide step stays
    }

    // Unknown loops inside unknown loops: the table says by how much their defaults compound,
    // and which assumption to set first.
    void loopTableShowsCompoundFactorAndRank()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "n.cu",
            "__global__ void pairs(const float* a, float* out, int n, int m) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  float acc = 0;\n"
            "  for (int p = 0; p < n; ++p)\n"
            "    for (int q = 0; q < m; ++q)\n"
            "      acc += a[p * m + q] * a[i];\n"
            "  out[i] = acc;\n"
            "}\n"
            "void run(const float* a, float* o, int n, int m) { pairs<<<4, 128>>>(a, o, n, m); }\n");
        ProjectSession session;
        WhatIfHistory history(session);
        LoopTableModel loops(session, history);
        session.setIndex(indexOf({dir.path()}));
        session.select(session.run().kernels[0].analysis.kernel->info.key);
        QCOMPARE(loops.rowCount(), 2);
        QCOMPARE(loops.headerData(OverrideTableModel::WorkColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Work"));
        QCOMPARE(loops.index(0, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("assumed"));
        QCOMPARE(
            loops.index(1, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("assumed, ×100 nested"));
        QVERIFY(loops.index(1, OverrideTableModel::LineColumn).data(Qt::ToolTipRole).toString().contains("×100"));
        // The outer loop governs all the work inside it, the inner loop part of it: #1, #2.
        QVERIFY(loops.index(0, OverrideTableModel::WorkColumn).data().toString().endsWith(QStringLiteral("#1")));
        QVERIFY(loops.index(1, OverrideTableModel::WorkColumn).data().toString().endsWith(QStringLiteral("#2")));
        // Setting the outer loop ends the compounding.
        QVERIFY(loops.setData(loops.index(0, OverrideTableModel::ValueColumn), 4, Qt::EditRole));
        QCOMPARE(loops.index(1, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("assumed"));
    }

    // The argument table (issue 33): value, where it came from, the loops it governs; an edit
    // is an undoable what-if and an empty value takes it away.
    void argumentTableShowsAndSetsProblemSizes()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "rows.cu",
            "__global__ void rowsum(const float* x, float* y, int rows, int cols) {\n"
            "  int r = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (r < rows) {\n"
            "    float s = 0;\n"
            "    for (int c = 0; c < cols; ++c)\n"
            "      s += x[r * cols + c];\n"
            "    y[r] = s;\n"
            "  }\n"
            "}\n"
            "void launchRows(const float* x, float* y, int cols) { rowsum<<<8, 128>>>(x, y, 1024, cols); }\n"
            "void run(const float* x, float* y) { launchRows(x, y, 50257); }\n");
        ProjectSession session;
        WhatIfHistory history(session);
        ArgumentTableModel arguments(session, history);
        QAbstractItemModelTester tester(&arguments, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setIndex(indexOf({dir.path()}));
        const QString key = session.run().kernels[0].analysis.kernel->info.key;
        session.select(key);
        // cols (loop on line 5), rows (the guard on line 3), sorted by name.
        QCOMPARE(arguments.rowCount(), 2);
        QCOMPARE(arguments.headerData(OverrideTableModel::LineColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Argument"));
        QCOMPARE(arguments.index(0, OverrideTableModel::LineColumn).data().toString(), QStringLiteral("cols"));
        QCOMPARE(arguments.index(0, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("50257"));
        const QString colsSource = arguments.index(0, OverrideTableModel::SourceColumn).data().toString();
        QVERIFY2(
            colsSource.startsWith(QStringLiteral("host call, ")) && colsSource.endsWith(QStringLiteral("rows.cu:11")),
            qPrintable(colsSource));
        QVERIFY(arguments.index(0, OverrideTableModel::LineColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("bounds the loop(s) at line 5")));
        // The loop over cols holds nearly all the work (its body runs 50,257 times a thread).
        QVERIFY(
            arguments.index(0, OverrideTableModel::WorkColumn).data().toString().startsWith(QStringLiteral("100 %")));
        QCOMPARE(arguments.index(1, OverrideTableModel::WorkColumn).data().toString(), QString());
        QCOMPARE(arguments.index(1, OverrideTableModel::LineColumn).data().toString(), QStringLiteral("rows"));
        QCOMPARE(arguments.index(1, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("1024"));
        QCOMPARE(
            arguments.index(1, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("launch, line 10"));
        QVERIFY(arguments.index(1, OverrideTableModel::LineColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("guard(s) at line 3")));
        // The loop runs cols times: 50,257 trips from the host call.
        const auto tripsOfLoop = [&] { return session.kernelReport(key)->analysis.slices.loops.value(0).trips; };
        QCOMPARE(tripsOfLoop(), 50257.0);
        // Set cols = 4096: a what-if, the loop follows, and undo takes it back.
        QVERIFY(arguments.setData(
            arguments.index(0, OverrideTableModel::ValueColumn), QStringLiteral("4096"), Qt::EditRole));
        QCOMPARE(arguments.index(0, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("what-if"));
        QCOMPARE(tripsOfLoop(), 4096.0);
        QVERIFY(!arguments.setData(
            arguments.index(0, OverrideTableModel::ValueColumn), QStringLiteral("many"), Qt::EditRole));
        history.stack().undo();
        QCOMPARE(tripsOfLoop(), 50257.0);
        history.stack().redo();
        QCOMPARE(tripsOfLoop(), 4096.0);
        // An empty value takes the what-if away.
        QVERIFY(arguments.setData(arguments.index(0, OverrideTableModel::ValueColumn), QString(), Qt::EditRole));
        QCOMPARE(tripsOfLoop(), 50257.0);
        QVERIFY(arguments.index(0, OverrideTableModel::SourceColumn).data().toString().startsWith("host call"));
    }

    // A grid computed in a launcher from its parameter (issue 47): the host value is a row of
    // the argument table after the kernel's own; setting it gives the grid (ceil(10^6 / 256)
    // = 3907 blocks) and the kernel's n, undoably.
    void argumentTableSetsHostValues()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "scale.cu",
            "__global__ void scale(float* x, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) x[i] *= 2.0f;\n"
            "}\n"
            "int readSize(const char* text);\n"
            "void launchScale(float* x, int n) { scale<<<(n + 255) / 256, 256>>>(x, n); }\n"
            "int main(int argc, char** argv) { launchScale(nullptr, readSize(argv[1])); return 0; }\n");
        ProjectSession session;
        WhatIfHistory history(session);
        ArgumentTableModel arguments(session, history);
        QAbstractItemModelTester tester(&arguments, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setIndex(indexOf({dir.path()}));
        const QString key = session.run().kernels[0].analysis.kernel->info.key;
        session.select(key);
        // n, x (the null pointer main passes), then launchScale:n
        QCOMPARE(arguments.rowCount(), 3);
        QCOMPARE(arguments.index(2, OverrideTableModel::LineColumn).data().toString(), QStringLiteral("launchScale:n"));
        QCOMPARE(arguments.index(2, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("not known"));
        QVERIFY2(arguments.index(2, OverrideTableModel::LineColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("grid x = ((launchScale:n + 255) / 256)")),
            qPrintable(arguments.index(2, OverrideTableModel::LineColumn).data(Qt::ToolTipRole).toString()));
        const auto gridOf = [&] { return session.kernelReport(key)->analysis.launch.gridDim[0]; };
        QVERIFY(!gridOf());
        QVERIFY(arguments.setData(
            arguments.index(2, OverrideTableModel::ValueColumn), QStringLiteral("1000000"), Qt::EditRole));
        QCOMPARE(gridOf(), std::optional<qint64>(3907));
        QCOMPARE(
            session.kernelReport(key)->analysis.launch.kernelArguments.value(QStringLiteral("n")), qint64(1000000));
        QCOMPARE(arguments.index(2, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("what-if"));
        QCOMPARE(arguments.index(0, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("1000000"));
        history.stack().undo();
        QVERIFY(!gridOf());
    }

    void loopAndBranchTablesEditTheWhatIf()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "s.cu", kLoopKernel);
        ProjectSession session;
        WhatIfHistory history(session);
        LoopTableModel loops(session, history);
        BranchTableModel branches(session, history);
        QAbstractItemModelTester loopTester(&loops, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester branchTester(&branches, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setIndex(indexOf({dir.path()}));
        QCOMPARE(loops.rowCount(), 0); // nothing selected yet
        const QString key = session.run().kernels[0].analysis.kernel->info.key;
        session.select(key);
        QCOMPARE(loops.rowCount(), 2);
        QCOMPARE(branches.rowCount(), 1);
        // `k < n` with n a parameter: assumed; `t < TILE`: from the code.
        QCOMPARE(loops.index(0, OverrideTableModel::LineColumn).data().toInt(), 5);
        QCOMPARE(loops.index(0, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("assumed"));
        QCOMPARE(loops.index(1, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("16"));
        QCOMPARE(loops.index(1, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("from code"));
        // The assumed loop is ranked by the work it governs; the resolved one is no choice.
        QVERIFY(loops.index(0, OverrideTableModel::WorkColumn).data().toString().endsWith(QStringLiteral("· #1")));
        QVERIFY(loops.index(0, OverrideTableModel::LineColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("assumption #1")));
        QCOMPARE(loops.index(1, OverrideTableModel::WorkColumn).data().toString(), QString());

        const double before = session.kernelReport(key)->estimate.watts;
        QSignalSpy reset(&loops, &QAbstractItemModel::modelReset);
        QVERIFY(loops.setData(loops.index(0, OverrideTableModel::ValueColumn), 100, Qt::EditRole));
        QCOMPARE(reset.count(), 0); // same rows, new values
        QCOMPARE(loops.index(0, OverrideTableModel::ValueColumn).data().toString(), QStringLiteral("100"));
        QCOMPARE(loops.index(0, OverrideTableModel::SourceColumn).data().toString(), QStringLiteral("what-if"));
        QCOMPARE(session.kernelReport(key)->analysis.slices.loops[0].trips, 100.0);
        QVERIFY(session.kernelReport(key)->estimate.watts != before);
        QVERIFY(!loops.setData(loops.index(0, OverrideTableModel::ValueColumn), QStringLiteral("many"), Qt::EditRole));

        // One number for an if: the then-arm; the rest goes to else.
        QVERIFY(
            branches.setData(branches.index(0, OverrideTableModel::ValueColumn), QStringLiteral("0.25"), Qt::EditRole));
        QCOMPARE(session.kernelReport(key)->analysis.slices.branches[0].arms, (QVector<double>{0.25, 0.75}));
        QVERIFY(!branches.setData(
            branches.index(0, OverrideTableModel::ValueColumn), QStringLiteral("0.5/0.7"), Qt::EditRole));
        QCOMPARE(BranchTableModel::parseArms(QStringLiteral("0.2/0.3/0.5"), 3), (QVector<double>{0.2, 0.3, 0.5}));
        QVERIFY(BranchTableModel::parseArms(QStringLiteral("1.5"), 2).isEmpty());
        QCOMPARE(history.stack().count(), 2);

        session.setIndex(ProjectIndex{}); // the tables empty with the project
        QCOMPARE(loops.rowCount(), 0);
    }

    void aSavedHeaderReparsesOnlyItsIncluders()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "common.cuh", "#define SCALE 2.0f\n");
        test::writeFile(dir, "a.cu", "#include \"common.cuh\"\n__global__ void a(float* p) { p[0] *= SCALE; }\n");
        test::writeFile(dir, "b.cu", "__global__ void b(float* p) { p[0] += 1.0f; }\n");
        test::writeFile(dir, "c.cu", "#include \"common.cuh\"\n__global__ void c(float* p) { p[1] *= SCALE; }\n");
        const ProjectSources sources = loadProject({dir.path()}, LoadOptions{});
        const ProjectIndex before = indexProject(sources, test::parserOptions());
        QCOMPARE(before.kernels.size(), 3);

        auto paths = [](const QVector<SourceFile>& files) {
            QStringList list;
            for (const SourceFile& f : files)
                list << QFileInfo(f.path).fileName();
            list.sort();
            return list;
        };
        QCOMPARE(paths(filesAffectedBy(before, sources, {dir.filePath("common.cuh")})), (QStringList{"a.cu", "c.cu"}));
        QCOMPARE(paths(filesAffectedBy(before, sources, {dir.filePath("b.cu")})), QStringList{"b.cu"});
        QVERIFY(filesAffectedBy(before, sources, {dir.filePath("unrelated.txt")}).isEmpty());

        // b.cu gains a kernel; the others are taken over unchanged.
        test::writeFile(
            dir, "b.cu", "__global__ void b(float* p) { p[0] += 1.0f; }\n__global__ void b2(float* p) { p[2] = 0; }\n");
        const ProjectIndex after = reindexFiles(
            before, sources, filesAffectedBy(before, sources, {dir.filePath("b.cu")}), test::parserOptions());
        QCOMPARE(after.kernels.size(), 4);
        QCOMPARE(after.units.size(), before.units.size());
        for (int i = 0; i < after.units.size(); ++i) {
            if (!after.units[i].path.endsWith(QLatin1String("b.cu")))
                QCOMPARE(after.units[i].parseSeconds, before.units[i].parseSeconds); // not parsed again
        }
    }

    void watcherReportsRealChangesOnce()
    {
        QTemporaryDir dir;
        const QString a = test::writeFile(dir, "a.cu", "__global__ void a() {}\n");
        const QString b = test::writeFile(dir, "b.cu", "__global__ void b() {}\n");
        ProjectWatcher watcher;
        watcher.setQuietPeriodMs(50);
        watcher.watch({a, b});
        QSignalSpy changed(&watcher, &ProjectWatcher::filesChanged);
        test::writeFile(dir, "a.cu", "__global__ void a() { }\n");
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.first().first().toStringList(), QStringList{a});
        // Saved with the same contents (an editor's "save" without edits): nothing to do.
        test::writeFile(dir, "b.cu", "__global__ void b() {}\n");
        QVERIFY(!changed.wait(500));
        // Replaced by rename, as many editors save: still watched.
        test::writeFile(dir, "b.tmp", "__global__ void b(int) {}\n");
        QFile::remove(b);
        QVERIFY(QFile::rename(dir.filePath("b.tmp"), b));
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.last().first().toStringList(), QStringList{b});
        QVERIFY(watcher.watchedFiles().contains(b));
    }

    void editorCommandSubstitutesFileAndLine()
    {
        QCOMPARE(editorCommandLine(QStringLiteral("code --goto %f:%l"), QStringLiteral("/p/a b.cu"), 12),
            (QStringList{"code", "--goto", "/p/a b.cu:12"}));
        QCOMPARE(editorCommandLine(QStringLiteral("emacsclient -n +%l \"%f\""), QStringLiteral("/x.cu"), 3),
            (QStringList{"emacsclient", "-n", "+3", "/x.cu"}));
        QCOMPARE(
            editorCommandLine(QStringLiteral("echo 100%%"), QStringLiteral("/x.cu"), 3), (QStringList{"echo", "100%"}));
        QVERIFY(editorCommandLine(QString(), QStringLiteral("/x.cu"), 3).isEmpty());
    }

    // The default editor: $VISUAL, then $EDITOR, each told the line its own way; neither: the
    // desktop's opener (empty). A command that cannot start says how to set one.
    void defaultEditorFollowsVisualThenEditor()
    {
        const auto with = [](const QString& visual, const QString& editor) {
            QProcessEnvironment environment;
            if (!visual.isNull())
                environment.insert(QStringLiteral("VISUAL"), visual);
            if (!editor.isNull())
                environment.insert(QStringLiteral("EDITOR"), editor);
            return defaultEditorCommand(environment);
        };
        QCOMPARE(with(QStringLiteral("code"), QStringLiteral("nano")), QStringLiteral("code --goto %f:%l"));
        QCOMPARE(with(QString(), QStringLiteral("vim")), QStringLiteral("x-terminal-emulator -e vim +%l %f"));
        QCOMPARE(
            with(QStringLiteral(""), QStringLiteral("/usr/bin/kate")), QStringLiteral("/usr/bin/kate --line %l %f"));
        QCOMPARE(with(QStringLiteral("gedit"), QString()), QStringLiteral("gedit +%l %f"));
        QCOMPARE(with(QStringLiteral("emacsclient -c"), QString()), QStringLiteral("emacsclient -c -n +%l %f"));
        QCOMPARE(with(QStringLiteral("myeditor"), QString()), QStringLiteral("myeditor %f"));
        QCOMPARE(with(QString(), QString()), QString());
        QCOMPARE(editorCommandLine(with(QStringLiteral("subl"), QString()), QStringLiteral("/p/k.cu"), 7),
            (QStringList{"subl", "/p/k.cu:7"}));
        QString error;
        QVERIFY(
            !openInEditor(QStringLiteral("/nonexistent/slicewatt-editor %f"), QStringLiteral("/p/k.cu"), 7, &error));
        QVERIFY2(error.contains(QStringLiteral("Edit › Preferences")) && error.contains(QStringLiteral("%l the line")),
            qPrintable(error));
    }
};

QTEST_MAIN(SessionTest)
#include "test_session.moc"

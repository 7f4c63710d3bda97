// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel tree and hot-spot ranking over a ProjectSession: sound under every update the
// session makes (QAbstractItemModelTester), numbers equal to the estimates, slider moves
// repaint rows instead of resetting the model.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/DisplayNumbers.h"
#include "models/HotspotModel.h"
#include "models/KernelTreeModel.h"
#include "project/ProjectLoader.h"
#include "session/ProjectSession.h"
#include "views/ColumnFitter.h"
#include "views/FileRowOpener.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace slicewatt;

namespace {

int kind(const QModelIndex& index)
{
    return index.data(ModelRoles::NodeKindRole).toInt();
}

// A kernel with an estimate and at least two slices, so shares have something to add up.
QString kernelWithSlices(const ProjectSession& session, int minimumSlices = 2)
{
    for (const KernelEstimateReport& report : session.run().kernels) {
        if (report.estimate.slices.size() >= minimumSlices)
            return report.analysis.kernel->info.key;
    }
    return {};
}

QModelIndexList allKernelRows(const QAbstractItemModel& model)
{
    QModelIndexList rows;
    for (int f = 0; f < model.rowCount(); ++f) {
        const QModelIndex file = model.index(f, 0);
        for (int k = 0; k < model.rowCount(file); ++k)
            rows << model.index(k, 0, file);
    }
    return rows;
}

} // namespace

class ItemModelsTest : public QObject {
    Q_OBJECT
private:
    ProjectIndex m_example; // parsed once: libclang is the slow part

    void openExample(ProjectSession& session) const { session.setIndex(m_example); }

private Q_SLOTS:
    // A what-if tick changes values in every row: the columns are not re-measured per tick
    // (ResizeToContents did, most of a step's time), but fitted when rows arrive and once
    // the values settle; a stretching column keeps stretching and users may resize.
    void columnsFitWhenRowsArriveAndOnceValuesSettle()
    {
        QStandardItemModel model(3, 3);
        QTableView view;
        const QAbstractItemView& asView = view; // where sizeHintForColumn is public
        view.setModel(&model);
        QHeaderView* header = view.horizontalHeader();
        header->setSectionResizeMode(QHeaderView::ResizeToContents);
        header->setSectionResizeMode(2, QHeaderView::Stretch);
        ColumnFitter::attach(&view, header, 50);
        QCOMPARE(header->sectionResizeMode(0), QHeaderView::Interactive);
        QCOMPARE(header->sectionResizeMode(2), QHeaderView::Stretch);
        view.show();

        model.insertRow(3, QList<QStandardItem*>{new QStandardItem(QStringLiteral("a rather long first cell"))});
        QVERIFY(header->sectionSize(0) >= asView.sizeHintForColumn(0)); // fitted at once
        const int fitted = header->sectionSize(0);
        model.setData(model.index(0, 0), QStringLiteral("a value that is very much longer than any before it"));
        QCOMPARE(header->sectionSize(0), fitted); // not per change
        QTRY_VERIFY(header->sectionSize(0) > fitted); // once the values settle
        QVERIFY(header->sectionSize(0) >= asView.sizeHintForColumn(0));
    }

    void initTestCase()
    {
        m_example = indexProject(loadProject({test::exampleDir()}, LoadOptions{}), test::parserOptions());
        QVERIFY(m_example.kernels.size() >= 10);
    }

    void testersFollowEverySessionUpdate()
    {
        ProjectSession session;
        KernelTreeModel tree(session);
        HotspotModel hotspots(session);
        QAbstractItemModelTester treeTester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester hotspotTester(&hotspots, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(tree.rowCount(), 0);
        QCOMPARE(hotspots.rowCount(), 0);

        openExample(session);
        QVERIFY(tree.rowCount() > 0);
        QCOMPARE(allKernelRows(tree).size(), session.index().kernels.size());
        const QString key = kernelWithSlices(session);
        QVERIFY(!key.isEmpty());

        session.setGpu(QStringLiteral("gtx480"));
        QVERIFY(session.hasEstimates());
        QVERIFY(hotspots.rowCount() > 0);

        // JSW12 has no GTX 480 parameters: no estimates, every kernel still listed, no numbers.
        session.setModel(QStringLiteral("jsw12"));
        QVERIFY(!session.hasEstimates());
        QCOMPARE(allKernelRows(tree).size(), session.index().kernels.size());
        for (const QModelIndex& kernel : allKernelRows(tree)) {
            QCOMPARE(tree.rowCount(kernel), 0);
            QVERIFY(kernel.siblingAtColumn(KernelTreeModel::PowerColumn).data().toString().isEmpty());
            QVERIFY(!kernel.siblingAtColumn(KernelTreeModel::PowerColumn).data(ModelRoles::SortRole).isValid());
            QVERIFY(kernel.data(Qt::ToolTipRole).toString().contains(QStringLiteral("No estimate")));
        }
        QCOMPARE(hotspots.rowCount(), 0);

        KernelWhatIf whatIf;
        whatIf.saturation = 0.25;
        session.setKernelWhatIf(key, whatIf);
        session.resetKernel(key);

        session.setModel(QStringLiteral("jos13"));
        QVERIFY(session.hasEstimates());
        QVERIFY(tree.rowCount(tree.kernelIndex(key)) >= 2);
        session.setKernelWhatIf(key, whatIf);
        session.resetKernel(key);

        session.setIndex(ProjectIndex{});
        QCOMPARE(tree.rowCount(), 0);
        QCOMPARE(hotspots.rowCount(), 0);

        openExample(session);
        QVERIFY(tree.kernelIndex(key).isValid());
        QVERIFY(hotspots.rowCount() > 0);
    }

    void kernelRowsShowTheEstimates()
    {
        ProjectSession session;
        openExample(session);
        KernelTreeModel tree(session);
        int checked = 0;
        int launchRows = 0;
        for (const QModelIndex& kernel : allKernelRows(tree)) {
            QCOMPARE(kind(kernel), int(NodeKind::Kernel));
            const QString key = kernel.data(ModelRoles::KernelKeyRole).toString();
            const CatalogFunction* function = session.index().functionByKey(key);
            QVERIFY(function);
            QCOMPARE(kernel.data(ModelRoles::FilePathRole).toString(), function->info.location.file);
            QCOMPARE(kernel.data(ModelRoles::LineRole).toInt(), function->info.location.line);
            QCOMPARE(kernel.data(ModelRoles::MemorySpaceRole).toInt(), -1);
            QVERIFY(kernel.data().toString().startsWith(function->info.name + QStringLiteral(" (line ")));
            QVERIFY(kernel.data().toString().contains(QStringLiteral("line %1").arg(function->info.location.line)));
            const KernelEstimateReport* report = session.kernelReport(key);
            if (!report)
                continue;
            const KernelEstimate& estimate = report->estimate;
            const QModelIndex power = kernel.siblingAtColumn(KernelTreeModel::PowerColumn);
            QCOMPARE(power.data().toString(), formatWatts(estimate.watts));
            QVERIFY(power.data(ModelRoles::SortRole).toDouble() == estimate.watts); // exactly
            QCOMPARE(kernel.siblingAtColumn(KernelTreeModel::ClassColumn).data().toString(),
                estimate.dense ? QStringLiteral("dense (BDPM)") : QStringLiteral("sparse (BSPM)"));
            QVERIFY(kernel.siblingAtColumn(KernelTreeModel::SaturationColumn).data(ModelRoles::SortRole).toDouble()
                == estimate.saturation);
            QVERIFY(kernel.siblingAtColumn(KernelTreeModel::IntensityColumn).data(ModelRoles::SortRole).toDouble()
                == estimate.averageIntensity);

            // Slices: one row per estimated slice, weights |C_i| / L summing to 100 %; then, for a
            // kernel launched at several sites (issue 47), one row per site with its own numbers.
            const qsizetype sites = report->launches.size() > 1 ? report->launches.size() : 0;
            QCOMPARE(tree.rowCount(kernel), estimate.slices.size() + sites);
            for (qsizetype site = 0; site < sites; ++site) {
                const QModelIndex launch = tree.index(int(estimate.slices.size() + site), 0, kernel);
                const LaunchSiteEstimate& expected = report->launches[site];
                QCOMPARE(kind(launch), int(NodeKind::Launch));
                QCOMPARE(launch.data(ModelRoles::LineRole).toInt(), expected.site->location.line);
                QCOMPARE(launch.data().toString().startsWith(QStringLiteral("▸ ")), expected.chosen);
                if (expected.watts)
                    QVERIFY(launch.siblingAtColumn(KernelTreeModel::PowerColumn).data(ModelRoles::SortRole).toDouble()
                        == *expected.watts);
                if (expected.chosen && expected.watts)
                    QCOMPARE(*expected.watts, estimate.watts);
                ++launchRows;
            }
            double share = 0;
            for (int row = 0; row < estimate.slices.size(); ++row) {
                const QModelIndex slice = tree.index(row, KernelTreeModel::NameColumn, kernel);
                const SliceEstimate& expected = estimate.slices[row];
                QCOMPARE(kind(slice), int(NodeKind::Slice));
                QCOMPARE(slice.data().toString(), memorySpaceName(expected.space));
                QCOMPARE(slice.data(ModelRoles::MemorySpaceRole).toInt(), int(expected.space));
                QCOMPARE(slice.data(ModelRoles::KernelKeyRole).toString(), key);
                QVERIFY(QFileInfo(slice.data(ModelRoles::FilePathRole).toString()).isAbsolute());
                QVERIFY(slice.data(ModelRoles::LineRole).toInt() > 0);
                QVERIFY(slice.siblingAtColumn(KernelTreeModel::PowerColumn).data(ModelRoles::SortRole).toDouble()
                    == expected.watts);
                QCOMPARE(
                    slice.siblingAtColumn(KernelTreeModel::PowerColumn).data().toString(), formatWatts(expected.watts));
                QCOMPARE(slice.siblingAtColumn(KernelTreeModel::IntensityColumn).data().toString(),
                    formatIntensity(expected.intensityRatio, false)); // jos13: the ratio
                share += slice.siblingAtColumn(KernelTreeModel::ShareColumn).data(ModelRoles::SortRole).toDouble();
                QVERIFY(slice.siblingAtColumn(KernelTreeModel::ShareColumn)
                            .data()
                            .toString()
                            .endsWith(QStringLiteral(" %")));
                QCOMPARE(slice, tree.sliceIndex(key, expected.space));
            }
            QVERIFY(qAbs(share - 100.0) < 1e-9);
            QCOMPARE(kernel, tree.kernelIndex(key));
            ++checked;
        }
        QCOMPARE(checked, session.run().kernels.size());
        QVERIFY2(launchRows >= 2, "the example launches a kernel at two sites at least");

        // Files: absolute path, no kernel, no space; the name is relative to the project.
        for (int f = 0; f < tree.rowCount(); ++f) {
            const QModelIndex file = tree.index(f, 0);
            QCOMPARE(kind(file), int(NodeKind::File));
            QVERIFY(!file.data(ModelRoles::KernelKeyRole).isValid());
            QCOMPARE(file.data(ModelRoles::MemorySpaceRole).toInt(), -1);
            const QString path = file.data(ModelRoles::FilePathRole).toString();
            QVERIFY(path.startsWith(test::exampleDir()));
            QVERIFY(path.endsWith(file.data().toString()));
            QVERIFY(!file.data().toString().startsWith(QLatin1Char('/')));
            // The hottest kernel of a file has a share of 100 %.
            double best = 0;
            for (int k = 0; k < tree.rowCount(file); ++k)
                best = qMax(
                    best, tree.index(k, KernelTreeModel::ShareColumn, file).data(ModelRoles::SortRole).toDouble());
            QVERIFY(qAbs(best - 100.0) < 1e-9);
        }
    }

    // A what-if on one kernel signals cell by cell (a wider range repaints the tree's whole
    // viewport), and its siblings' shares only when the file's hottest kernel moved.
    void whatIfSignalsSiblingSharesOnlyWhenTheHottestMoves()
    {
        ProjectSession session;
        openExample(session);
        KernelTreeModel tree(session);
        // A file with several kernels: its hottest, and one that is not.
        QModelIndex hottest;
        QModelIndex cooler;
        for (int f = 0; f < tree.rowCount() && !cooler.isValid(); ++f) {
            const QModelIndex file = tree.index(f, 0);
            QModelIndexList kernels;
            for (int k = 0; k < tree.rowCount(file); ++k)
                kernels << tree.index(k, KernelTreeModel::PowerColumn, file);
            std::sort(kernels.begin(), kernels.end(), [](const QModelIndex& a, const QModelIndex& b) {
                return a.data(ModelRoles::SortRole).toDouble() > b.data(ModelRoles::SortRole).toDouble();
            });
            if (kernels.size() >= 2
                && kernels[0].data(ModelRoles::SortRole).toDouble()
                    > kernels[1].data(ModelRoles::SortRole).toDouble()) {
                hottest = kernels[0];
                cooler = kernels[1];
            }
        }
        QVERIFY(cooler.isValid());
        // Ranges wider than one cell; -1 when one is not the share column alone.
        const auto wideRanges = [](const QSignalSpy& spy) {
            int wide = 0;
            for (const QList<QVariant>& signal : spy) {
                const QModelIndex topLeft = signal.at(0).value<QModelIndex>();
                const QModelIndex bottomRight = signal.at(1).value<QModelIndex>();
                if (topLeft == bottomRight)
                    continue;
                if (topLeft.column() != KernelTreeModel::ShareColumn
                    || bottomRight.column() != KernelTreeModel::ShareColumn)
                    return -1;
                ++wide;
            }
            return wide;
        };
        const QString hottestKey = hottest.data(ModelRoles::KernelKeyRole).toString();
        const QString coolerKey = cooler.data(ModelRoles::KernelKeyRole).toString();
        KernelWhatIf lower;
        lower.saturation = 0.1; // JoS13 on the GTX 280 (the session's default): less power
        {
            // The first step signals the shares once (nothing was signalled before).
            QSignalSpy changed(&tree, &QAbstractItemModel::dataChanged);
            session.setKernelWhatIf(coolerKey, lower);
            QCOMPARE(wideRanges(changed), 1);
        }
        {
            QSignalSpy changed(&tree, &QAbstractItemModel::dataChanged);
            KernelWhatIf lowerStill;
            lowerStill.saturation = 0.05;
            session.setKernelWhatIf(coolerKey, lowerStill);
            QVERIFY(changed.count() > 0);
            QCOMPARE(wideRanges(changed), 0); // the hottest is where it was
        }
        {
            QSignalSpy changed(&tree, &QAbstractItemModel::dataChanged);
            session.setKernelWhatIf(hottestKey, lower);
            QCOMPARE(wideRanges(changed), 1); // the file's hottest moved: every share is new
        }
    }

    void whatIfOnOneKernelRepaintsWithoutReset()
    {
        ProjectSession session;
        openExample(session);
        KernelTreeModel tree(session);
        QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString key = kernelWithSlices(session);
        QVERIFY(!key.isEmpty());
        QSignalSpy changed(&tree, &QAbstractItemModel::dataChanged);
        QSignalSpy aboutToReset(&tree, &QAbstractItemModel::modelAboutToBeReset);
        QSignalSpy reset(&tree, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&tree, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&tree, &QAbstractItemModel::rowsInserted);

        KernelWhatIf whatIf;
        whatIf.saturation = 0.25;
        session.setKernelWhatIf(key, whatIf);
        QVERIFY(changed.count() > 0);
        QCOMPARE(aboutToReset.count(), 0);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count() + inserted.count(), 0);

        // Only this kernel's rows, its file and its siblings' shares were touched.
        const QModelIndex kernel = tree.kernelIndex(key);
        bool touchedKernel = false;
        for (const QList<QVariant>& signal : changed) {
            const QModelIndex topLeft = signal.at(0).value<QModelIndex>();
            const QModelIndex bottomRight = signal.at(1).value<QModelIndex>();
            QCOMPARE(topLeft.parent(), bottomRight.parent());
            const bool thisKernel = topLeft.parent() == kernel.parent() && topLeft.row() <= kernel.row()
                && bottomRight.row() >= kernel.row();
            const bool itsSlices = topLeft.parent() == kernel;
            const bool itsFile = !topLeft.parent().isValid() && topLeft.row() == kernel.parent().row()
                && bottomRight.row() == kernel.parent().row();
            QVERIFY(thisKernel || itsSlices || itsFile);
            if (thisKernel && topLeft.row() != bottomRight.row()) // a sibling range: the share column only
                QVERIFY(topLeft.column() == KernelTreeModel::ShareColumn
                    && bottomRight.column() == KernelTreeModel::ShareColumn);
            touchedKernel = touchedKernel || (thisKernel && topLeft.column() <= KernelTreeModel::PowerColumn);
        }
        QVERIFY(touchedKernel);
        const KernelEstimateReport* report = session.kernelReport(key);
        QCOMPARE(kernel.siblingAtColumn(KernelTreeModel::SaturationColumn).data().toString(), QStringLiteral("0.25"));
        QVERIFY(kernel.siblingAtColumn(KernelTreeModel::PowerColumn).data(ModelRoles::SortRole).toDouble()
            == report->estimate.watts);

        // A new GPU moves every number but no row: still no reset.
        changed.clear();
        session.setGpu(QStringLiteral("gtx480"));
        QVERIFY(changed.count() > 0);
        QCOMPARE(reset.count(), 0);
        QVERIFY(kernel.siblingAtColumn(KernelTreeModel::PowerColumn).data(ModelRoles::SortRole).toDouble()
            == session.kernelReport(key)->estimate.watts);

        // A new index (batches of results, a re-analysis) is a layout change, never a reset: a
        // row a view holds follows its kernel, and an expanded kernel stays expanded.
        const QPersistentModelIndex held = tree.kernelIndex(key);
        QSignalSpy layout(&tree, &QAbstractItemModel::layoutChanged);
        session.setIndex(m_example);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(layout.count(), 1);
        QVERIFY(held.isValid());
        QCOMPARE(held.data(ModelRoles::KernelKeyRole).toString(), key);
    }

    // Results arriving in batches: the tree grows under the rows a view holds.
    void batchesOfResultsGrowTheTreeUnderHeldRows()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu",
            "__global__ void a(float* p, const float* q) {\n"
            "    __shared__ float s[64];\n"
            "    s[threadIdx.x] = q[threadIdx.x];\n"
            "    p[threadIdx.x] = s[threadIdx.x] * 2.0f;\n"
            "}\n");
        ProjectSession session;
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        KernelTreeModel tree(session);
        QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(tree.rowCount(), 1);
        const QString key = session.run().kernels.first().analysis.kernel->info.key;
        const QPersistentModelIndex held = tree.kernelIndex(key);
        const QPersistentModelIndex slice = tree.index(0, 0, tree.kernelIndex(key));
        QVERIFY(held.isValid() && slice.isValid());
        QSignalSpy reset(&tree, &QAbstractItemModel::modelReset);

        test::writeFile(dir, "b.cu", "__global__ void b(float* p) { p[threadIdx.x] += 1.0f; }\n");
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(tree.rowCount(), 2);
        QVERIFY(held.isValid());
        QCOMPARE(held.data(ModelRoles::KernelKeyRole).toString(), key);
        QVERIFY(slice.isValid());
        QCOMPARE(slice.parent(), QModelIndex(held));
        QCOMPARE(tree.kernelIndex(key), QModelIndex(held));
    }

    // Batches of results in the window's tree: each file is opened when it arrives, and a
    // file the reader closed stays closed when the next batch rebuilds the rows.
    void aClosedFileStaysClosedWhileBatchesArrive()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu", "__global__ void a(float* p) { p[threadIdx.x] *= 2.0f; }\n");
        ProjectSession session;
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        KernelTreeModel tree(session);
        QTreeView view;
        view.setModel(&tree);
        FileRowOpener::attach(&view);
        const QPersistentModelIndex fileA = tree.index(0, 0);
        QVERIFY(view.isExpanded(fileA));
        view.collapse(fileA);

        test::writeFile(dir, "b.cu", "__global__ void b(float* p) { p[threadIdx.x] += 1.0f; }\n");
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        QCOMPARE(tree.rowCount(), 2);
        QVERIFY(fileA.isValid());
        QVERIFY(!view.isExpanded(fileA));
        const QModelIndex fileB = tree.index(fileA.row() == 0 ? 1 : 0, 0);
        QVERIFY(fileB.data(ModelRoles::FilePathRole).toString().endsWith(QLatin1String("b.cu")));
        QVERIFY(view.isExpanded(fileB));
    }

    // Hot Spots under arriving batches: lines are added to the list, never a reset.
    void batchesOfResultsAddHotLinesWithoutReset()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu", "__global__ void a(float* p) { p[threadIdx.x] *= 2.0f; }\n");
        ProjectSession session;
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        HotspotModel hotspots(session, 50);
        QAbstractItemModelTester tester(&hotspots, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int before = hotspots.rowCount();
        QVERIFY(before > 0);
        QSignalSpy reset(&hotspots, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&hotspots, &QAbstractItemModel::rowsInserted);
        test::writeFile(dir, "b.cu",
            "__global__ void b(float* p, const float* q) {\n"
            "    float v = q[threadIdx.x];\n"
            "    p[threadIdx.x] = v * v + 1.0f;\n"
            "}\n");
        session.setIndex(indexProject(loadProject({dir.path()}), test::parserOptions()));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QVERIFY(hotspots.rowCount() > before);
        QCOMPARE(hotspots.rowCount(), int(session.hottestLines(50).size()));
    }

    void hotspotsRankTheHottestLines()
    {
        ProjectSession session;
        openExample(session);
        HotspotModel hotspots(session, 50);
        QAbstractItemModelTester tester(&hotspots, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QVector<ProjectSession::HotLine> expected = session.hottestLines(50);
        QCOMPARE(hotspots.rowCount(), expected.size());
        QVERIFY(hotspots.rowCount() > 1);
        double previous = qInf();
        for (int row = 0; row < hotspots.rowCount(); ++row) {
            const double watts = hotspots.index(row, HotspotModel::PowerColumn).data(ModelRoles::SortRole).toDouble();
            QVERIFY(watts <= previous);
            previous = watts;
            QCOMPARE(hotspots.index(row, HotspotModel::RankColumn).data().toInt(), row + 1);
        }
        const ProjectSession::HotLine first = session.hottestLines(1).value(0);
        const QModelIndex top = hotspots.index(0, HotspotModel::PowerColumn);
        QVERIFY(top.data(ModelRoles::SortRole).toDouble() == first.value);
        QCOMPARE(top.data().toString(), formatLineWatts(first.value));
        QCOMPARE(top.data(ModelRoles::FilePathRole).toString(), first.file);
        QCOMPARE(top.data(ModelRoles::LineRole).toInt(), first.line);
        QCOMPARE(top.data(ModelRoles::KernelKeyRole).toString(), first.kernelKey);
        QVERIFY(
            hotspots.index(0, HotspotModel::ShareColumn).data(ModelRoles::SortRole).toDouble() == 100.0 * first.share);
        const QString location = hotspots.index(0, HotspotModel::LocationColumn).data().toString();
        QVERIFY(location.endsWith(QStringLiteral(":%1").arg(first.line)));
        QVERIFY(first.file.endsWith(location.section(QLatin1Char(':'), 0, 0)));
        // The kernel by its own name, qualified in the tooltip; the line's code beside its place.
        const FunctionInfo& kernel = session.index().functionByKey(first.kernelKey)->info;
        QCOMPARE(hotspots.index(0, HotspotModel::KernelColumn).data().toString(), kernel.name);
        QCOMPARE(hotspots.index(0, HotspotModel::KernelColumn).data(Qt::ToolTipRole).toString(), kernel.qualifiedName);
        QFile source(first.file);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QString text
            = QString::fromUtf8(source.readAll()).split(QLatin1Char('\n')).value(first.line - 1).trimmed();
        QVERIFY(!text.isEmpty());
        QCOMPARE(hotspots.index(0, HotspotModel::CodeColumn).data().toString(), text);
        QVERIFY(HotspotModel::LocationColumn < HotspotModel::PowerColumn); // where and what first

        // A what-if on the hottest kernel re-ranks, in place: rows change, the model is not reset
        // (a view keeps its selection and scroll position through a slider drag).
        QSignalSpy resets(&hotspots, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&hotspots, &QAbstractItemModel::dataChanged);
        KernelWhatIf whatIf;
        whatIf.saturation = 0.1;
        session.setKernelWhatIf(first.kernelKey, whatIf);
        QCOMPARE(hotspots.index(0, HotspotModel::PowerColumn).data(ModelRoles::SortRole).toDouble(),
            session.hottestLines(1).value(0).value);
        QCOMPARE(resets.count(), 0);
        QVERIFY(changes.count() >= 1);
        const QVector<ProjectSession::HotLine> reranked = session.hottestLines(50);
        for (int row = 0; row < reranked.size(); ++row)
            QCOMPARE(hotspots.index(row, HotspotModel::PowerColumn).data(ModelRoles::SortRole).toDouble(),
                reranked[row].value);

        hotspots.setLimit(3);
        QCOMPARE(hotspots.rowCount(), 3);
    }
};

QTEST_MAIN(ItemModelsTest)
#include "test_item_models.moc"

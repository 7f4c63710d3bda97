// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Issue 18: compare a baseline with a change. Kernel pairing, deltas and line pairing on
// analyses written by hand; then the command on two versions of a realistic file (a loop made
// longer, global loads moved to shared memory, a kernel renamed, one added, one removed).
#include "TestSupport.h"

#include "analysis/ProjectIndexer.h"
#include "compare/AnalysisComparison.h"
#include "compare/ChangeExplanation.h"
#include "compare/ComparisonWriter.h"
#include "compare/ReportChanges.h"
#include "compare/RunSnapshot.h"
#include "export/EstimateWriter.h"
#include "project/ProjectLoader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

using namespace slicewatt;

namespace {

SliceSnapshot slice(const QString& space, double watts, int length, double arith, double mem)
{
    SliceSnapshot s;
    s.space = space;
    s.powerW = watts;
    s.intensity = mem > 0 ? arith / mem : 0;
    s.length = length;
    s.arithmetic = arith;
    s.accesses = mem;
    return s;
}

KernelSnapshot kernel(const QString& name, const QString& signature, double watts, QVector<SliceSnapshot> slices,
    const QString& file = QStringLiteral("/p/k.cu"), int line = 10)
{
    KernelSnapshot k;
    k.name = name;
    k.signature = signature;
    k.file = file;
    k.line = line;
    k.powerW = watts;
    k.slices = std::move(slices);
    return k;
}

LineSnapshot hot(int line, const QString& code, double watts)
{
    LineSnapshot l;
    l.line = line;
    l.code = code;
    l.heatW = watts;
    return l;
}

// Two versions of one file, as a pull request would change them (tests/compare/: a loop made
// longer, global loads moved to a shared tile, a kernel renamed, one added, one removed).
QByteArray version(const char* which)
{
    QFile file(test::sourceDir() + QStringLiteral("/tests/compare/%1/kernels.cu").arg(QLatin1String(which)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("tests/compare/%s/kernels.cu is missing", which);
    return file.readAll();
}

const QJsonObject* kernelNamed(const QJsonArray& kernels, const QString& name, QJsonObject* out)
{
    for (const QJsonValue& v : kernels) {
        if (v.toObject().value(QStringLiteral("name")).toString() == name) {
            *out = v.toObject();
            return out;
        }
    }
    return nullptr;
}

// A kernel snapshot in words, every field: two that print alike are alike.
QString describe(const KernelSnapshot& k)
{
    const auto n
        = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 17) : QStringLiteral("-"); };
    QString text = QStringLiteral("%1|%2|%3:%4|P %5|%6|E %7|A %8|Sa %9\n")
                       .arg(k.name, k.signature, k.file)
                       .arg(k.line)
                       .arg(n(k.powerW), k.noEstimate, n(k.energyJ), n(k.intensity))
                       .arg(k.saturation, 0, 'g', 17);
    for (const SliceSnapshot& s : k.slices)
        text += QStringLiteral("  %1 P %2 A %3 w %4 |C| %5 #A %6 mem %7\n")
                    .arg(s.space, n(s.powerW), n(s.intensity))
                    .arg(s.share, 0, 'g', 17)
                    .arg(s.length)
                    .arg(s.arithmetic, 0, 'g', 17)
                    .arg(s.accesses, 0, 'g', 17);
    for (const LineSnapshot& l : k.lines)
        text += QStringLiteral("  %1:%2 %3 W %4 J %5\n").arg(l.file).arg(l.line).arg(l.code, n(l.heatW), n(l.energyJ));
    return text;
}

struct EstimatedFolder {
    ProjectIndex index;
    ModelLibrary library;
    EstimateRun run;
};

std::unique_ptr<EstimatedFolder> estimateFolder(const QString& folder, const WhatIfSettings& settings)
{
    auto project = std::make_unique<EstimatedFolder>();
    project->index = indexProject(loadProject({folder}, LoadOptions{}), test::parserOptions());
    QStringList errors;
    project->library = ModelLibrary::load({}, errors);
    const ModelChoice choice = chooseModel(project->library, settings);
    if (!errors.isEmpty() || !choice.error.isEmpty())
        qFatal("no model: %s %s", qPrintable(errors.join(QLatin1Char(' '))), qPrintable(choice.error));
    project->run = estimateProjectWhatIf(project->index, *choice.model, *choice.gpu, choice.energy, settings);
    return project;
}

} // namespace

class CompareTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsAnAnalysis()
    {
        QString error;
        QVERIFY(!readAnalysisSnapshot("{ nope", &error));
        QVERIFY2(error.startsWith(QStringLiteral("not JSON")), qPrintable(error));
        QVERIFY(!readAnalysisSnapshot(R"({"kernels": 3})", &error));
        QVERIFY2(error.contains(QStringLiteral("not an analysis")), qPrintable(error));
        QVERIFY(!readAnalysisSnapshot(R"({"gpu": "v100", "kernels": [{"power_w": 3}]})", &error));
        QVERIFY2(error.contains(QStringLiteral("kernel 1 has no name")), qPrintable(error));

        const auto snapshot = readAnalysisSnapshot(R"({"gpu": "v100", "model": "jos13", "kernels": [
            {"name": "ns::k", "signature": "c:@N@ns@F@k#*f#", "file": "/p/k.cu", "line": 3, "power_w": 120.5,
             "saturation": 0.5, "intensity": 2.0,
             "energy_model": {"total_j": null, "dynamic_j": 2e-6}, "energy_j": 9,
             "slices": [{"space": "global", "power_w": 120.5, "intensity": 2.0, "share": 1, "length": 4,
                         "arith": 6, "mem": {"global": 3, "shared": 0}}],
             "hot_lines": [{"line": 5, "code": "p[i] = 2 * q[i];", "heat_w": 100.0, "energy_j": 1e-6}]},
            {"name": "k2", "power_w": null, "no_estimate": "no slices"}]})",
            &error);
        QVERIFY2(snapshot, qPrintable(error));
        QCOMPARE(snapshot->gpu, QStringLiteral("v100"));
        QCOMPARE(snapshot->kernels.size(), 2);
        const KernelSnapshot& k = snapshot->kernels[0];
        QCOMPARE(k.signature, QStringLiteral("c:@N@ns@F@k#*f#"));
        QCOMPARE(*k.energyJ, 2e-6); // the energy model's dynamic energy before the timed estimate's
        QCOMPARE(k.slices[0].accesses, 3.0);
        QCOMPARE(k.slices[0].arithmetic, 6.0);
        QCOMPARE(k.lines[0].code, QStringLiteral("p[i] = 2 * q[i];"));
        QVERIFY(!snapshot->kernels[1].powerW);
        QCOMPARE(snapshot->kernels[1].noEstimate, QStringLiteral("no slices"));
    }

    // 1 − Bray–Curtis by hand: profiles {global: 4, 6, 3} and {global: 4, 8, 3}: the sums of
    // |differences| 2 and of everything 28: 1 − 2/28.
    void similarityByHand()
    {
        const KernelSnapshot a = kernel("a", "", 100, {slice("global", 100, 4, 6, 3)});
        const KernelSnapshot b = kernel("b", "", 100, {slice("global", 100, 4, 8, 3)});
        QCOMPARE(kernelSimilarity(a, b), 1 - 2.0 / 28);
        QCOMPARE(kernelSimilarity(a, a), 1.0);
        // Another space altogether shares nothing.
        const KernelSnapshot c = kernel("c", "", 100, {slice("shared", 100, 4, 6, 3)});
        QCOMPARE(kernelSimilarity(a, c), 0.0);
        QCOMPARE(kernelSimilarity(a, kernel("empty", "", 0, {})), 0.0);
    }

    void pairsKernelsByNameSignatureThenWork()
    {
        AnalysisSnapshot base, now;
        base.kernels = {kernel("reduce", "sig-float", 100, {slice("shared", 100, 6, 10, 4)}),
            kernel("scale", "sig-a", 90, {slice("global", 90, 3, 2, 2)}),
            kernel("copyOld", "sig-c", 80, {slice("global", 80, 2, 1, 2)}),
            kernel("gone", "sig-g", 70, {slice("global", 70, 5, 40, 2)}),
            kernel("twice", "sig-t", 60, {slice("global", 60, 2, 1, 2)}, "/p/one.cu"),
            kernel("twice", "sig-t", 61, {slice("global", 61, 2, 1, 2)}, "/p/two.cu")};
        now.kernels = {kernel("twice", "sig-t", 62, {slice("global", 62, 2, 1, 2)}, "/p/two.cu"),
            kernel("reduce", "sig-float", 110, {slice("shared", 110, 6, 12, 4)}),
            kernel("scale", "sig-b", 90, {slice("global", 90, 3, 2, 2)}),
            kernel("copyNew", "sig-d", 80, {slice("global", 80, 2, 1, 2)}, "/p/moved.cu"),
            kernel("fresh", "sig-f", 50, {slice("texture", 50, 9, 3, 9)}),
            kernel("twice", "sig-t", 63, {slice("global", 63, 2, 1, 2)}, "/p/one.cu")};
        const KernelPairing pairing = pairKernels(base, now);
        QCOMPARE(pairing.pairs.size(), 5);
        const auto pairOf = [&](int n) {
            for (const KernelPair& p : pairing.pairs) {
                if (p.now == n)
                    return p;
            }
            return KernelPair{};
        };
        QCOMPARE(pairOf(0).base, 5); // same name and signature: by file first
        QCOMPARE(pairOf(5).base, 4);
        QCOMPARE(pairOf(1).base, 0);
        QCOMPARE(pairOf(1).match, KernelMatch::Same);
        QCOMPARE(pairOf(2).base, 1);
        QCOMPARE(pairOf(2).match, KernelMatch::SignatureChanged);
        QCOMPARE(pairOf(3).base, 2);
        QCOMPARE(pairOf(3).match, KernelMatch::Renamed); // renamed and moved, the same work
        QCOMPARE(pairOf(3).similarity, 1.0);
        QCOMPARE(pairing.added, QVector<int>{4});
        QCOMPARE(pairing.removed, QVector<int>{3});
        QCOMPARE(kernelMatchName(KernelMatch::Renamed), QStringLiteral("renamed or moved"));
    }

    // A kernel with no signature (an analysis saved before it was written) pairs by name.
    void aSavedAnalysisWithoutSignaturesPairsByName()
    {
        AnalysisSnapshot base, now;
        base.kernels = {kernel("k", "", 100, {slice("global", 100, 2, 1, 1)})};
        now.kernels = {kernel("k", "sig", 100, {slice("global", 100, 2, 1, 1)})};
        const KernelPairing pairing = pairKernels(base, now);
        QCOMPARE(pairing.pairs.size(), 1);
        QCOMPARE(pairing.pairs[0].match, KernelMatch::Same);
    }

    void deltasAndTheGateByHand()
    {
        AnalysisSnapshot base, now;
        base.gpu = now.gpu = QStringLiteral("v100");
        base.model = QStringLiteral("jos13");
        now.model = QStringLiteral("launch-activity");
        base.kernels = {kernel("a", "s", 150, {slice("global", 150, 4, 6, 3)})};
        base.kernels[0].energyJ = 2e-3;
        now.kernels = {kernel("a", "s", 165, {slice("global", 140, 4, 6, 3), slice("shared", 165, 3, 4, 2)})};
        now.kernels[0].energyJ = 2.1e-3;
        const AnalysisComparison comparison = compareAnalyses(base, now);
        QCOMPARE(comparison.notes.size(), 1);
        QVERIFY(comparison.notes[0].contains(QStringLiteral("launch-activity")));
        const KernelChange& k = comparison.kernels[0];
        QCOMPARE(*k.powerW.delta(), 15.0);
        QCOMPARE(*k.powerW.relative(), 0.1);
        QVERIFY(std::abs(*k.energyJ.relative() - 0.05) < 1e-12);
        QCOMPARE(k.slices.size(), 2);
        QCOMPARE(*k.slices[0].powerW.delta(), -10.0);
        QVERIFY(!k.slices[1].powerW.before); // a space the baseline did not have
        // Power rose 10 %, energy 5 %: a 7 % gate fails on power alone, 12 % on neither.
        const QStringList over = increasesOver(comparison, 7);
        QCOMPARE(over.size(), 1);
        QVERIFY2(over[0].startsWith(QStringLiteral("a: power +10.0 %")), qPrintable(over[0]));
        QVERIFY(increasesOver(comparison, 12).isEmpty());
        QCOMPARE(increasesOver(comparison, 4).first().count(QStringLiteral("+")), 2); // both
        QCOMPARE(*ValueChange({0.0, 3.0}).delta(), 3.0);
        QVERIFY(!ValueChange({0.0, 3.0}).relative()); // no share of nothing
        QVERIFY(!ValueChange({std::nullopt, 3.0}).delta());
    }

    // Lines pair by their code: a line inserted above moves the rest down, and an edited line
    // keeps its place among unchanged neighbours; a line whose heat went is listed where it was.
    void linesPairByTextThenPlace()
    {
        KernelSnapshot base = kernel("k", "s", 100, {}, "/p/k.cu", 10);
        base.lines = {hot(12, "int i = threadIdx.x;", 1), hot(13, "for (int j = 0; j < 8; ++j)", 5),
            hot(14, "acc += p[i + j];", 80), hot(15, "q[i] = acc;", 14)};
        KernelSnapshot now = kernel("k", "s", 120, {}, "/p/k.cu", 10);
        now.lines = {hot(12, "__shared__ float t[256];", 0.5), hot(13, "int i = threadIdx.x;", 1),
            hot(14, "for (int j = 0; j < 64; ++j)", 6), hot(15, "acc += p[i + j];", 100)};
        AnalysisSnapshot b, n;
        b.kernels = {base};
        n.kernels = {now};
        const QVector<LineChange> lines = compareAnalyses(b, n).kernels[0].lines;
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0].line, 15); // the inner loop's line, +20 W
        QCOMPARE(lines[0].baseLine, 14);
        QCOMPARE(*lines[0].heatW.delta(), 20.0);
        QCOMPARE(lines[1].line, 0); // q[i] = acc; is gone
        QCOMPARE(lines[1].baseLine, 15);
        QCOMPARE(*lines[1].heatW.delta(), -14.0);
        QCOMPARE(lines[2].line, 14); // the loop header, edited, paired by place
        QCOMPARE(lines[2].baseLine, 13);
        QCOMPARE(lines[3].line, 12); // new: nothing there before
        QCOMPARE(lines[3].baseLine, 0);
        QCOMPARE(lines[4].baseLine, 12); // unchanged
        QCOMPARE(lines[4].magnitude(), 0.0);
    }

    // ΔP̂ split by slice into w·ΔP and Δw·P′ sums to the kernel's change exactly (P̂ = Σ w_i·P_i),
    // and Ē's change splits into power × duration; worked by hand.
    void explainsAChangeTermByTerm()
    {
        AnalysisSnapshot base, now;
        base.gpu = now.gpu = QStringLiteral("gtx480");
        base.model = now.model = QStringLiteral("jos13");
        // Before: 0.6·100 + 0.4·80 = 92 W; after: 0.5·120 + 0.5·90 = 105 W.
        base.kernels = {kernel("k", "s", 92, {slice("global", 100, 6, 6, 3), slice("shared", 80, 4, 4, 2)})};
        now.kernels = {kernel("k", "s", 105, {slice("global", 120, 5, 6, 3), slice("shared", 90, 5, 4, 2)})};
        base.kernels[0].slices[0].share = 0.6;
        base.kernels[0].slices[1].share = 0.4;
        now.kernels[0].slices[0].share = 0.5;
        now.kernels[0].slices[1].share = 0.5;
        base.kernels[0].energyJ = 9.2; // τ = 0.1 s
        now.kernels[0].energyJ = 21.0; // τ = 0.2 s
        const AnalysisComparison comparison = compareAnalyses(base, now);
        const KernelChange& change = comparison.kernels[0];
        const std::optional<PowerChangeTerms> terms = powerChangeTerms(change);
        QVERIFY(terms);
        QCOMPARE(terms->deltaW, 13.0);
        QCOMPARE(terms->slices.size(), 2);
        // shared: 0.4·(90 − 80) = 4 and (0.5 − 0.4)·90 = 9: 13 W, the largest, first.
        QCOMPARE(terms->slices[0].space, QStringLiteral("shared"));
        QVERIFY(std::abs(terms->slices[0].fromPowerW - 4) < 1e-9);
        QVERIFY(std::abs(terms->slices[0].fromShareW - 9) < 1e-9);
        // global: 0.6·(120 − 100) = 12 and (0.5 − 0.6)·120 = −12: nothing in all.
        QVERIFY(std::abs(terms->slices[1].fromPowerW - 12) < 1e-9);
        QVERIFY(std::abs(terms->slices[1].fromShareW + 12) < 1e-9);
        QVERIFY(std::abs(terms->restW) < 1e-9);
        const std::optional<EnergyChangeTerms> energy = energyChangeTerms(change);
        QVERIFY(energy);
        QVERIFY(std::abs(energy->durationFactor - 2) < 1e-9);
        QVERIFY(std::abs(energy->powerFactor - 105.0 / 92) < 1e-9);
        QVERIFY(std::abs(energy->fromPowerJ - 1.3) < 1e-9); // 13 W · 0.1 s
        QVERIFY(std::abs(energy->fromDurationJ - 10.5) < 1e-9); // 105 W · 0.1 s
        const QString html = changeExplanationHtml(change, QStringLiteral("git main"), comparison.notes);
        QVERIFY2(html.contains(QStringLiteral("Change since git main")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("ΔP̂ = +13.00 W")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("0.400 × (90.00 W − 80.00 W) = +4.00 W")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("= 1.141 × 2 = 2.283")), qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("Not like for like")));

        // A slice the model does not sum (a launch-level model's P̂): the rest is said, not spread.
        now.kernels[0].powerW = 110;
        const std::optional<PowerChangeTerms> rest = powerChangeTerms(compareAnalyses(base, now).kernels[0]);
        QVERIFY(std::abs(rest->restW - 5) < 1e-9);
        // A slice gone: its whole part is its share's.
        now.kernels[0].slices.removeLast();
        now.kernels[0].slices[0].share = 1;
        now.kernels[0].powerW = 120;
        const std::optional<PowerChangeTerms> gone = powerChangeTerms(compareAnalyses(base, now).kernels[0]);
        double sum = gone->restW;
        for (const SliceChangeTerm& t : gone->slices)
            sum += t.totalW();
        QVERIFY(std::abs(sum - 28) < 1e-9);
        QVERIFY(std::abs(gone->slices.last().totalW() + 32) < 1e-9); // −0.4·80
        // No power on one side: no terms; another model: said first.
        now.kernels[0].powerW.reset();
        now.kernels[0].noEstimate = QStringLiteral("empty body");
        now.model = QStringLiteral("launch-activity");
        const AnalysisComparison other = compareAnalyses(base, now);
        QVERIFY(!powerChangeTerms(other.kernels[0]));
        QVERIFY(!energyChangeTerms(other.kernels[0]));
        const QString warned = changeExplanationHtml(other.kernels[0], QStringLiteral("b.json"), other.notes);
        QVERIFY(warned.contains(QStringLiteral("Not like for like: the baseline used model jos13")));
        QVERIFY(warned.contains(QStringLiteral("There is no estimate now: empty body")));
        QVERIFY(addedKernelExplanationHtml(QStringLiteral("histogram"), QStringLiteral("b.json"))
                    .contains(QStringLiteral("histogram is new")));
    }

    // The app takes the current estimates' snapshot directly (every what-if step); it must hold
    // exactly what the analysis JSON holds, read back as a saved baseline is. On the bundled
    // example (loops, shared memory, device functions in a header) and tests/compare, with and
    // without a time, with the energy model.
    void snapshotOfARunEqualsItsJson()
    {
        for (const QString& folder : {test::exampleDir(), test::sourceDir() + QStringLiteral("/tests/compare/new")}) {
            for (const bool timed : {false, true}) {
                WhatIfSettings settings;
                settings.gpuId = QStringLiteral("gtx480");
                if (timed)
                    settings.seconds = 0.002;
                const auto project = estimateFolder(folder, settings);
                QVERIFY(project->run.kernels.size() >= 3);
                const AnalysisSnapshot direct = analysisSnapshotOf(project->run, folder);
                QString error;
                const std::optional<AnalysisSnapshot> json
                    = readAnalysisSnapshot(estimateJson(project->run, folder), &error);
                QVERIFY2(json, qPrintable(error));
                QCOMPARE(direct.gpu, json->gpu);
                QCOMPARE(direct.model, json->model);
                QCOMPARE(direct.energyModel, json->energyModel);
                QCOMPARE(direct.root, json->root);
                QCOMPARE(direct.kernels.size(), json->kernels.size());
                int withLines = 0;
                for (int i = 0; i < direct.kernels.size(); ++i) {
                    QCOMPARE(describe(direct.kernels[i]), describe(json->kernels[i]));
                    withLines += !direct.kernels[i].lines.isEmpty() && direct.kernels[i].energyJ.has_value();
                }
                QVERIFY(withLines >= 3);
                // Without a root, the folder every kernel's file is in, as the reader takes it.
                QCOMPARE(analysisSnapshotOf(project->run, QString()).root,
                    readAnalysisSnapshot(estimateJson(project->run, QString()), &error)->root);
            }
        }
    }

    // A what-if step compares again reusing every pair whose kernel did not change: the result
    // is the full comparison's, including a kernel that changed enough to be paired otherwise.
    void comparingAgainEqualsComparingAfresh()
    {
        WhatIfSettings settings;
        settings.gpuId = QStringLiteral("gtx480");
        const auto base = estimateFolder(test::sourceDir() + QStringLiteral("/tests/compare/base"), settings);
        const auto now = estimateFolder(test::sourceDir() + QStringLiteral("/tests/compare/new"), settings);
        const AnalysisSnapshot b = analysisSnapshotOf(base->run, QString());
        AnalysisSnapshot n = analysisSnapshotOf(now->run, QString());
        const AnalysisComparison before = compareAnalyses(b, n);
        // One kernel changes: its power and its hottest line.
        int smooth = -1;
        for (int i = 0; i < n.kernels.size(); ++i)
            smooth = n.kernels[i].name == QStringLiteral("smooth") ? i : smooth;
        QVERIFY(smooth >= 0);
        *n.kernels[smooth].powerW += 25;
        n.kernels[smooth].lines.first().heatW += 25;
        const AnalysisComparison again = compareAnalysesAgain(b, n, before, {smooth});
        QCOMPARE(comparisonJson(again), comparisonJson(compareAnalyses(b, n)));
        QVERIFY(comparisonJson(again) != comparisonJson(before));
        // Told nothing changed, it takes nothing again: the previous differences are reused (the
        // caller's promise is what makes a step cheap).
        QCOMPARE(comparisonJson(compareAnalysesAgain(b, n, before, {})), comparisonJson(before));
        // The renamed kernel's work changed: it is no longer paired as renamed, as afresh.
        int scale = -1;
        for (int i = 0; i < n.kernels.size(); ++i)
            scale = n.kernels[i].name == QStringLiteral("scaleVectorBy") ? i : scale;
        for (SliceSnapshot& s : n.kernels[scale].slices)
            s.arithmetic *= 10;
        const AnalysisComparison fresh = compareAnalyses(b, n);
        QCOMPARE(comparisonJson(compareAnalysesAgain(b, n, again, {scale})), comparisonJson(fresh));
        QCOMPARE(fresh.added.size(), 2);
    }

    // The report's section from the two versions of tests/compare, each saved as the CLI saves it.
    void reportChangesOfTwoVersions()
    {
        QTemporaryDir base, now, out;
        test::writeFile(base, "kernels.cu", version("base"));
        test::writeFile(now, "kernels.cu", version("new"));
        const QStringList model{"--gpu", "gtx480", "--model", "jos13", "-f", "json", "-o"};
        QCOMPARE(
            test::runCli(QStringList{"analyze", base.path()} + model + QStringList{out.filePath("b.json")}).exitCode,
            0);
        QCOMPARE(
            test::runCli(QStringList{"analyze", now.path()} + model + QStringList{out.filePath("n.json")}).exitCode, 0);
        QString error;
        const std::optional<AnalysisSnapshot> b = readAnalysisSnapshotFile(out.filePath("b.json"), &error);
        const std::optional<AnalysisSnapshot> n = readAnalysisSnapshotFile(out.filePath("n.json"), &error);
        QVERIFY2(b && n, qPrintable(error));
        QVERIFY(!readAnalysisSnapshotFile(out.filePath("missing.json"), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.json")), qPrintable(error));
        const ReportChanges changes = reportChangesOf(compareAnalyses(*b, *n), QStringLiteral("b.json"), now.path());
        QCOMPARE(changes.baseline, QStringLiteral("b.json"));
        QVERIFY(changes.notes.isEmpty());
        QMap<QString, ReportKernelChange> byName;
        for (const ReportKernelChange& k : changes.kernels)
            byName.insert(k.name, k);
        QCOMPARE(byName.size(), 5);
        QCOMPARE(byName["histogram"].status, QStringLiteral("added"));
        QVERIFY(!byName["histogram"].beforeW && byName["histogram"].afterW);
        QCOMPARE(byName["legacyCopy"].status, QStringLiteral("removed"));
        QVERIFY(byName["legacyCopy"].location.startsWith(QStringLiteral("kernels.cu:")));
        QCOMPARE(byName["scaleVectorBy"].status, QStringLiteral("unchanged"));
        QVERIFY2(byName["scaleVectorBy"].pairing.startsWith(QStringLiteral("renamed or moved from scaleVector")),
            qPrintable(byName["scaleVectorBy"].pairing));
        QCOMPARE(byName["blur"].status, QStringLiteral("changed"));
        QVERIFY(*byName["blur"].afterW < *byName["blur"].beforeW);
        QCOMPARE(byName["smooth"].location, QStringLiteral("kernels.cu:2"));
        QVERIFY(!changes.lines.isEmpty() && changes.lines.size() <= 15);
        for (int i = 1; i < changes.lines.size(); ++i)
            QVERIFY(std::abs(changes.lines[i].afterW - changes.lines[i].beforeW)
                <= std::abs(changes.lines[i - 1].afterW - changes.lines[i - 1].beforeW));
        bool loopBody = false;
        for (const ReportLineChange& l : changes.lines)
            loopBody = loopBody
                || (l.location == QStringLiteral("kernels.cu:7") && l.code.startsWith(QStringLiteral("acc +="))
                    && l.afterW > l.beforeW);
        QVERIFY(loopBody);
    }

    // The command on two versions of a realistic file, each a folder analysed now, then with the
    // baseline saved as JSON: the signs and sizes of the changes, the pairing, the gate's exit
    // code, and nothing written into either folder.
    void compareCommandOnTwoVersions()
    {
        QTemporaryDir base, now, out;
        test::writeFile(base, "kernels.cu", version("base"));
        test::writeFile(now, "kernels.cu", version("new"));
        const QStringList model{"--gpu", "gtx480", "--energy-model", "aalto2013"};
        const test::CliResult run = test::runCli(QStringList{"compare", base.path(), now.path(), "-f", "json"} + model);
        QCOMPARE(run.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        const QJsonArray kernels = root.value("kernels").toArray();
        QCOMPARE(kernels.size(), 3);
        QJsonObject smooth, scale, blur;
        QVERIFY(kernelNamed(kernels, "smooth", &smooth));
        QVERIFY(kernelNamed(kernels, "scaleVectorBy", &scale));
        QVERIFY(kernelNamed(kernels, "blur", &blur));
        // The loop runs 64 times instead of 8: its energy per launch grows several times over.
        const double smoothEnergy = smooth.value("energy_j").toObject().value("relative").toDouble();
        QVERIFY2(smoothEnergy > 4 && smoothEnergy < 9, qPrintable(QString::number(smoothEnergy)));
        QCOMPARE(smooth.value("match").toString(), QStringLiteral("same"));
        QJsonObject hottest = smooth.value("lines").toArray().first().toObject();
        QCOMPARE(hottest.value("line").toInt(), 7); // the loop body, located in the new version
        QVERIFY(hottest.value("heat_w").toObject().value("delta").toDouble() > 0);
        // Renamed, same body: every number unchanged.
        QCOMPARE(scale.value("match").toString(), QStringLiteral("renamed or moved"));
        QCOMPARE(scale.value("base_name").toString(), QStringLiteral("scaleVector"));
        QCOMPARE(scale.value("power_w").toObject().value("delta").toDouble(), 0.0);
        // Global loads moved to shared memory: a shared slice appears, power and energy fall.
        QVERIFY(blur.value("power_w").toObject().value("delta").toDouble() < 0);
        QVERIFY(blur.value("energy_j").toObject().value("delta").toDouble() < 0);
        bool sharedAppears = false;
        for (const QJsonValue& s : blur.value("slices").toArray())
            sharedAppears = sharedAppears
                || (s.toObject().value("space").toString() == "shared"
                    && s.toObject().value("power_w").toObject().value("before").isNull());
        QVERIFY(sharedAppears);
        QCOMPARE(root.value("added").toArray().size(), 1);
        QCOMPARE(root.value("added").toArray()[0].toObject().value("name").toString(), QStringLiteral("histogram"));
        QCOMPARE(root.value("removed").toArray()[0].toObject().value("name").toString(), QStringLiteral("legacyCopy"));

        // A baseline kept as JSON compares the same.
        const QString saved = out.filePath("base.json");
        QCOMPARE(test::runCli(QStringList{"analyze", base.path(), "-f", "json", "-o", saved} + model).exitCode, 0);
        const test::CliResult fromSaved = test::runCli(QStringList{"compare", saved, now.path(), "-f", "json"} + model);
        QCOMPARE(fromSaved.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(fromSaved.out).object().value("kernels"), root.value("kernels"));

        // The gate: smooth's energy rose far more than 50 %; nothing rose 1000 %.
        const test::CliResult gate
            = test::runCli(QStringList{"compare", saved, now.path(), "--fail-on-increase", "50"} + model);
        QCOMPARE(gate.exitCode, 3);
        QVERIFY2(gate.err.contains("smooth: energy per launch +"), gate.err.constData());
        QVERIFY(!gate.err.contains("blur"));
        QCOMPARE(
            test::runCli(QStringList{"compare", saved, now.path(), "--fail-on-increase", "1000"} + model).exitCode, 0);
        QCOMPARE(test::runCli({"compare", saved, now.path(), "--fail-on-increase", "much"}).exitCode, 2);
        QCOMPARE(test::runCli({"compare", saved}).exitCode, 2);
        const QString broken = test::writeFile(out, "broken.json", "{ not json");
        const test::CliResult bad = test::runCli({"compare", broken, now.path()});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("broken.json: not JSON"), bad.err.constData());

        const test::CliResult table = test::runCli(QStringList{"compare", saved, now.path()} + model);
        QVERIFY2(table.out.contains("[renamed or moved from scaleVector, similarity 1.00]"), table.out.constData());
        QVERIFY(table.out.contains("added    histogram"));
        // SARIF: per kernel and changed line its baselineState, located in the new version.
        const test::CliResult sarif = test::runCli(
            QStringList{"compare", saved, now.path(), "-f", "sarif", "--fail-on-increase", "50"} + model);
        QCOMPARE(sarif.exitCode, 3);
        QMap<QString, QString> kernelStates;
        QStringList lineStates;
        int smoothRegressions = 0;
        for (const QJsonValue& v : QJsonDocument::fromJson(sarif.out)
                                       .object()
                                       .value("runs")
                                       .toArray()[0]
                                       .toObject()
                                       .value("results")
                                       .toArray()) {
            const QJsonObject r = v.toObject();
            const QString uri = r.value("locations")
                                    .toArray()[0]
                                    .toObject()
                                    .value("physicalLocation")
                                    .toObject()
                                    .value("artifactLocation")
                                    .toObject()
                                    .value("uri")
                                    .toString();
            QCOMPARE(uri, QStringLiteral("kernels.cu"));
            const QString kernelName = r.value("properties").toObject().value("kernel").toString();
            if (r.value("ruleId").toString() == "SW101")
                kernelStates.insert(kernelName, r.value("baselineState").toString());
            else
                lineStates << r.value("baselineState").toString();
            if (kernelName == "smooth" && r.value("ruleId").toString() == "SW101") {
                QCOMPARE(r.value("level").toString(), QStringLiteral("warning")); // energy +632 % > 50 %
                ++smoothRegressions;
            }
        }
        QCOMPARE(smoothRegressions, 1); // the check above ran: the rule's row is there
        QCOMPARE(kernelStates.value("smooth"), QStringLiteral("updated"));
        QCOMPARE(kernelStates.value("scaleVectorBy"), QStringLiteral("unchanged"));
        QCOMPARE(kernelStates.value("histogram"), QStringLiteral("new"));
        QCOMPARE(kernelStates.value("legacyCopy"), QStringLiteral("absent"));
        QVERIFY(lineStates.contains("new") && lineStates.contains("updated"));

        const test::CliResult csv = test::runCli(QStringList{"compare", saved, now.path(), "-f", "csv"} + model);
        QVERIFY2(csv.out.startsWith("kernel,file,line,match,") && csv.out.contains(",removed,legacyCopy,"),
            csv.out.constData());
        const test::CliResult markdown
            = test::runCli(QStringList{"compare", saved, now.path(), "-f", "markdown"} + model);
        QVERIFY2(markdown.out.contains("| `smooth` |") && markdown.out.contains("~~`legacyCopy`~~ (removed)"),
            markdown.out.constData());

        QCOMPARE(QDir(base.path()).entryList(QDir::Files | QDir::Hidden | QDir::AllDirs | QDir::NoDotAndDotDot),
            QStringList{"kernels.cu"});
        QCOMPARE(QDir(now.path()).entryList(QDir::Files | QDir::Hidden | QDir::AllDirs | QDir::NoDotAndDotDot),
            QStringList{"kernels.cu"});
    }
};

QTEST_GUILESS_MAIN(CompareTest)
#include "test_compare.moc"

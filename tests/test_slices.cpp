// SPDX-License-Identifier: GPL-3.0-or-later
// Slices, counts, weights and branch classes against the hand computations beside each
// tests/corpus/slices/X.cu in X.slices.json (rules: resources/help/analysis-rules.md).
#include "ExpectComments.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/SliceReportWriter.h"
#include "project/ProjectLoader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace slicewatt;

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

QString countsText(const QJsonObject& mem)
{
    return QStringLiteral("G%1 S%2 C%3 T%4")
        .arg(number(mem.value("global").toDouble()), number(mem.value("shared").toDouble()),
            number(mem.value("constant").toDouble()), number(mem.value("texture").toDouble()));
}

QStringList sortedStrings(const QJsonArray& array)
{
    QStringList list;
    for (const QJsonValue& v : array)
        list << v.toString();
    list.sort();
    return list;
}

QStringList statementTexts(const QJsonArray& statements)
{
    QStringList texts;
    for (const QJsonValue& v : statements) {
        const QJsonObject s = v.toObject();
        texts << QStringLiteral("line %1 w=%2 A=%3 %4 slices=%5")
                     .arg(s.value("line").toInt())
                     .arg(number(s.value("weight").toDouble()), QString::number(s.value("arith").toInt()),
                         countsText(s.value("mem").toObject()), sortedStrings(s.value("slices").toArray()).join(','));
    }
    return texts;
}

QStringList sliceTexts(const QJsonObject& slices)
{
    QStringList texts;
    for (const QString& space :
        {QStringLiteral("global"), QStringLiteral("shared"), QStringLiteral("constant"), QStringLiteral("texture")}) {
        const QJsonObject s = slices.value(space).toObject();
        texts << QStringLiteral("%1 |C|=%2 A=%3 %4")
                     .arg(space)
                     .arg(s.value("length").toInt())
                     .arg(number(s.value("arith").toDouble()), countsText(s.value("mem").toObject()));
    }
    return texts;
}

QStringList assumptionLines(const QJsonArray& assumptions)
{
    QStringList lines;
    for (const QJsonValue& v : assumptions)
        if (v.toObject().value("kind").toString() == "loop")
            lines << QStringLiteral("%1 %2")
                         .arg(v.toObject().value("kind").toString())
                         .arg(v.toObject().value("line").toInt());
    return lines;
}

// What the analysis says about one source line of a rule file, over every kernel of the file
// (an inlined helper's lines add up over its call sites).
QHash<QString, QString> lineFacts(const QVector<KernelSliceReport>& reports, const QString& path, int line)
{
    int statements = 0;
    double arithmetic = 0;
    SpaceCounts accesses;
    std::array<bool, kMemorySpaceCount> slices{};
    QStringList weights;
    for (const KernelSliceReport& report : reports) {
        for (int i = 0; i < report.ir->statements.size(); ++i) {
            const Statement& statement = report.ir->statements[i];
            if (statement.location.line != line || QFileInfo(statement.location.file) != QFileInfo(path))
                continue;
            ++statements;
            arithmetic += statement.arithmetic;
            for (MemorySpace space : kAllMemorySpaces) {
                accesses[space] += statement.accesses[space];
                slices[size_t(space)] = slices[size_t(space)] || report.slices.membership[i][size_t(space)];
            }
            const QString weight = number(report.slices.weights[i]);
            if (!weights.contains(weight))
                weights << weight;
        }
    }
    static const char* const sliceNames[] = {"GM", "SHM", "CM", "TM"};
    QStringList sliceList;
    for (MemorySpace space : kAllMemorySpaces) {
        if (slices[size_t(space)])
            sliceList << QString::fromLatin1(sliceNames[size_t(space)]);
    }
    return {{"statements", QString::number(statements)}, {"A", number(arithmetic)},
        {"global", number(accesses[MemorySpace::Global])}, {"shared", number(accesses[MemorySpace::Shared])},
        {"constant", number(accesses[MemorySpace::Constant])}, {"texture", number(accesses[MemorySpace::Texture])},
        {"slices", sliceList.isEmpty() ? QStringLiteral("none") : sliceList.join(',')}, {"w", weights.join('|')}};
}

QHash<QString, QString> kernelFacts(const KernelSliceReport& report)
{
    return {{"decision_points", QString::number(report.slices.decisionPoints)},
        {"effective", QString::number(report.slices.effectiveStatements)},
        {"class", report.slices.dense ? QStringLiteral("dense") : QStringLiteral("sparse")}};
}

} // namespace

class SlicesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void corpusIsLargeEnough()
    {
        const QStringList files = QDir(test::corpusDir() + "/slices").entryList({"*.slices.json"});
        QVERIFY2(files.size() >= 17, qPrintable(QString::number(files.size())));
    }

    // tests/corpus/rules: each idiom's kernels with the hand-computed facts on the lines
    // they check (tests/corpus/rules/README.md).
    void rulesMatchTheExpectationsBesideTheCode_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = test::corpusDir() + "/rules";
        const QStringList files = QDir(dir).entryList({"*.cu"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir + '/' + file;
    }

    void rulesMatchTheExpectationsBesideTheCode()
    {
        QFETCH(QString, path);
        const QVector<test::ExpectComment> expectations = test::readExpectComments(path);
        QVERIFY2(!expectations.isEmpty(), "no EXPECT comments");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QVERIFY(!reports.isEmpty());
        QStringList mismatches;
        for (const test::ExpectComment& expectation : expectations) {
            QHash<QString, QString> actual;
            if (expectation.kernel) {
                for (const KernelSliceReport& report : reports) {
                    if (report.kernel->info.location.line == expectation.line)
                        actual = kernelFacts(report);
                }
                if (actual.isEmpty()) {
                    mismatches << QStringLiteral("line %1: no kernel named there").arg(expectation.line);
                    continue;
                }
            } else {
                actual = lineFacts(reports, path, expectation.line);
            }
            // `xfail=REASON`: a rule the analysis does not follow yet (README's known limits);
            // the line must still differ, so a fix makes the mark go.
            const QString knownFailure = expectation.values.value(QStringLiteral("xfail"));
            QStringList lineMismatches;
            for (auto it = expectation.values.constBegin(); it != expectation.values.constEnd(); ++it) {
                if (it.key() == QLatin1String("xfail"))
                    continue;
                if (!actual.contains(it.key()))
                    lineMismatches << QStringLiteral("line %1: unknown key %2").arg(expectation.line).arg(it.key());
                else if (actual.value(it.key()) != it.value())
                    lineMismatches << QStringLiteral("line %1: %2 expected %3, got %4")
                                          .arg(expectation.line)
                                          .arg(it.key(), it.value(), actual.value(it.key()));
            }
            if (knownFailure.isEmpty())
                mismatches += lineMismatches;
            else if (lineMismatches.isEmpty())
                mismatches
                    << QStringLiteral("line %1: passes now; remove xfail=%2").arg(expectation.line).arg(knownFailure);
            else
                qInfo("known failure (%s): %s", qPrintable(knownFailure), qPrintable(lineMismatches.join("; ")));
        }
        mismatches.sort();
        QVERIFY2(mismatches.isEmpty(), qPrintable("\n" + mismatches.join('\n')));
    }

    // Unknown loops nested in unknown loops compound their defaults: the assumption says
    // by how much, and the assumptions are ranked by the share of the work they govern.
    void nestedUnknownLoopsShowTheirCompoundFactorAndRank()
    {
        const QString path = test::corpusDir() + "/rules/nested_unknown_loops.cu";
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QCOMPARE(reports.size(), 1);
        const QJsonArray assumptions = kernelSliceJson(reports.first()).value("assumptions").toArray();
        QHash<int, QJsonObject> loops;
        QList<int> ranks;
        for (const QJsonValue& value : assumptions) {
            const QJsonObject a = value.toObject();
            ranks << a.value("rank").toInt();
            if (a.value("kind").toString() == "loop")
                loops.insert(a.value("line").toInt(), a);
        }
        QCOMPARE(loops.value(40).value("compound_factor").toDouble(), 10.0);
        QCOMPARE(loops.value(42).value("compound_factor").toDouble(), 100.0);
        // The outer while holds the inner one: more of the work, ranked before it.
        QVERIFY(loops.value(40).value("rank").toInt() < loops.value(42).value("rank").toInt());
        QVERIFY(loops.value(40).value("work_share").toDouble() > loops.value(42).value("work_share").toDouble());
        std::sort(ranks.begin(), ranks.end());
        for (int i = 0; i < ranks.size(); ++i)
            QCOMPARE(ranks[i], i + 1); // every assumption has its own rank
    }

    void matchesHandComputation_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = test::corpusDir() + "/slices";
        for (const QString& file : QDir(dir).entryList({"*.cu"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(file)) << dir + '/' + file;
    }

    void matchesHandComputation()
    {
        QFETCH(QString, path);
        QFile expectFile(QString(path).replace(".cu", ".slices.json"));
        QVERIFY2(expectFile.open(QIODevice::ReadOnly), "no .slices.json beside the .cu");
        const QJsonObject expect = QJsonDocument::fromJson(expectFile.readAll()).object();

        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        const KernelSliceReport* report = nullptr;
        for (const KernelSliceReport& r : reports) {
            if (r.kernel->info.name == expect.value("kernel").toString())
                report = &r;
        }
        QVERIFY2(report, "kernel not found");
        const QJsonObject actual = kernelSliceJson(*report);

        QCOMPARE(actual.value("launch").toObject().value("block").toArray(),
            expect.value("launch").toObject().value("block").toArray());
        QCOMPARE(actual.value("launch").toObject().value("grid").toArray(),
            expect.value("launch").toObject().value("grid").toArray());
        QCOMPARE(
            statementTexts(actual.value("statements").toArray()), statementTexts(expect.value("statements").toArray()));
        QCOMPARE(sliceTexts(actual.value("slices").toObject()), sliceTexts(expect.value("slices").toObject()));
        QCOMPARE(actual.value("decision_points").toInt(), expect.value("decision_points").toInt());
        QCOMPARE(actual.value("effective_statements").toInt(), expect.value("effective_statements").toInt());
        QCOMPARE(actual.value("class").toString(), expect.value("class").toString());
        QCOMPARE(assumptionLines(actual.value("assumptions").toArray()),
            assumptionLines(expect.value("assumptions").toArray()));
    }
};

QTEST_GUILESS_MAIN(SlicesTest)
#include "test_slices.moc"

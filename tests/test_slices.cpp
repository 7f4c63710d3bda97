// SPDX-License-Identifier: GPL-3.0-or-later
// Slices, counts, weights and branch classes against the hand computations beside each
// tests/corpus/slices/X.cu in X.slices.json (rules: resources/help/analysis-rules.md).
#include "TestSupport.h"
#include "export/SliceReportWriter.h"
#include "analysis/ProjectIndexer.h"
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

} // namespace

class SlicesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void corpusIsLargeEnough()
    {
        const QStringList files = QDir(test::corpusDir() + "/slices").entryList({"*.slices.json"});
        QVERIFY2(files.size() >= 17, qPrintable(QString::number(files.size())));
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

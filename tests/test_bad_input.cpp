// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input never stops the run: each broken file gets diagnostics, the rest is analysed.
#include "TestSupport.h"
#include "frontend/ProjectIndexer.h"
#include "project/ProjectLoader.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace slicewatt;

namespace {

Diagnostics diagnosticsFor(const ProjectIndex& index, const QString& path)
{
    Diagnostics result;
    for (const Diagnostic& d : index.allDiagnostics()) {
        if (d.file == path)
            result << d;
    }
    return result;
}

bool hasKernel(const ProjectIndex& index, const QString& name)
{
    return std::any_of(
        index.kernels.begin(), index.kernels.end(), [&](const CatalogFunction& k) { return k.info.name == name; });
}

// 5 MB of plausible-looking but broken CUDA: tokens in random order, as a corrupted or
// mis-generated file would be. Seeded, so every run sees the same file.
QByteArray generatedJunk(qsizetype bytes)
{
    static const char* const tokens[] = {"__global__", "void", "float", "*", "(", ")", "{", "}", "[", "]", ";", "=",
        "+", "threadIdx.x", "if", "for", "int", "i", "<", "x", "1.0f", ",", "__shared__", "return", "\n"};
    QRandomGenerator random(20261121);
    QByteArray text;
    text.reserve(bytes + 64);
    while (text.size() < bytes) {
        text += tokens[random.bounded(int(std::size(tokens)))];
        text += ' ';
    }
    return text;
}

} // namespace

class BadInputTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyBadFileIsReportedAndTheRestIsAnalysed()
    {
        QTemporaryDir dir;
        const QString good = test::writeFile(dir, "good.cu",
            "__global__ void goodKernel(float* p) { p[threadIdx.x] = 1.0f; }\n"
            "void run(float* p) { goodKernel<<<1, 32>>>(p); }\n");
        const QString empty = test::writeFile(dir, "empty.cu", "");
        QByteArray binaryBytes("\x7f"
                               "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0",
            16);
        for (int i = 0; i < 4096; ++i)
            binaryBytes += char(i % 256);
        const QString binary = test::writeFile(dir, "object.cu", binaryBytes);
        const QString latin1 = test::writeFile(dir, "latin1.cu",
            "// Gr\xfc\xdf"
            "e aus K\xf6ln: not UTF-8\n"
            "__global__ void latinKernel(float* p) { p[0] = 2.0f; }\n");
        const QString unbalanced = test::writeFile(dir, "unbalanced.cu",
            "__global__ void intactKernel(float* p) { p[0] = 1; }\n"
            "__global__ void brokenKernel(float* p) {\n"
            "  if (p) { p[0] = 1;\n");
        const QString missing = test::writeFile(dir, "missing_include.cu",
            "#include \"no_such_header.cuh\"\n"
            "#include <thrust/device_vector.h>\n"
            "__global__ void survivesMissingInclude(float* p) { p[0] = 3.0f; }\n");
        const QString junk = test::writeFile(dir, "generated_5mb.cu", generatedJunk(5 * 1024 * 1024));

        const ProjectSources sources = loadProject({dir.path()});
        QCOMPARE(sources.units.size(), 7);
        const ProjectIndex index = indexProject(sources, test::parserOptions());

        QVERIFY(hasKernel(index, "goodKernel"));
        QVERIFY(diagnosticsFor(index, good).isEmpty());

        QVERIFY(!diagnosticsFor(index, empty).isEmpty());

        const Diagnostics binaryDiagnostics = diagnosticsFor(index, binary);
        QCOMPARE(binaryDiagnostics.size(), 1);
        QVERIFY(binaryDiagnostics[0].message.contains("binary"));

        QVERIFY(hasKernel(index, "latinKernel"));
        QVERIFY(diagnosticsFor(index, latin1).value(0).message.contains("UTF-8"));

        QVERIFY(hasKernel(index, "intactKernel"));
        QVERIFY(errorCount(diagnosticsFor(index, unbalanced)) > 0);

        QVERIFY(hasKernel(index, "survivesMissingInclude"));
        const Diagnostics missingDiagnostics = diagnosticsFor(index, missing);
        QVERIFY(std::any_of(missingDiagnostics.begin(), missingDiagnostics.end(),
            [](const Diagnostic& d) { return d.message.contains("not found") && d.line == 1; }));

        QVERIFY(errorCount(diagnosticsFor(index, junk)) > 0);
    }

    void oversizedFilesAreSkippedWithAMessage()
    {
        QTemporaryDir dir;
        const QString big = test::writeFile(dir, "big.cu", generatedJunk(5 * 1024 * 1024));
        ParserOptions options = test::parserOptions();
        options.maxFileBytes = 4 * 1024 * 1024;
        const UnitIndex unit = indexFile(SourceFile{big, {}, false}, options);
        QVERIFY(!unit.parsed);
        QCOMPARE(unit.diagnostics.size(), 1);
        QVERIFY(unit.diagnostics[0].message.contains("limit"));
    }

    void unreadableFileIsReported()
    {
        QTemporaryDir dir;
        const UnitIndex unit = indexFile(SourceFile{dir.filePath("vanished.cu"), {}, false}, test::parserOptions());
        QVERIFY(!unit.parsed);
        QVERIFY(unit.diagnostics.value(0).message.contains("cannot read"));
    }

    void cancelStopsBeforeAllFilesAreParsed()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 12; ++i)
            test::writeFile(
                dir, QStringLiteral("k%1.cu").arg(i), "#include <vector>\n__global__ void k(float* p) { p[0] = 1; }\n");
        std::atomic<bool> cancel{false};
        int seen = 0;
        const ProjectIndex index = indexProject(
            loadProject({dir.path()}), test::parserOptions(),
            [&](const IndexProgress&, const UnitIndex&) {
                ++seen;
                cancel = true;
            },
            &cancel);
        QVERIFY(index.cancelled);
        QVERIFY2(index.units.size() < 12, qPrintable(QString::number(index.units.size())));
        QCOMPARE(int(index.units.size()), seen);
    }
};

QTEST_GUILESS_MAIN(BadInputTest)
#include "test_bad_input.moc"

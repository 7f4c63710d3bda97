// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Bad input never stops the run: each broken file gets diagnostics, the rest is analysed.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "analysis/TripCount.h"
#include "estimate/WhatIf.h"
#include "export/SliceReportWriter.h"
#include "frontend/ConstantEvaluator.h"
#include "frontend/SourceHazards.h"
#include "project/ProjectLoader.h"

#include <QMutex>
#include <QRandomGenerator>
#include <QtTest>

#include <atomic>
#include <limits>

#include <sys/stat.h>

using namespace slicewatt;

Q_DECLARE_METATYPE(slicewatt::LoopHeader)

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

const CatalogFunction* kernelNamed(const ProjectIndex& index, const QString& name)
{
    for (const CatalogFunction& kernel : index.kernels) {
        if (kernel.info.name == name)
            return &kernel;
    }
    return nullptr;
}

const UnitIndex* unitFor(const ProjectIndex& index, const QString& path)
{
    for (const UnitIndex& unit : index.units) {
        if (unit.path == path)
            return &unit;
    }
    return nullptr;
}

bool anyMessage(const Diagnostics& diagnostics, const QString& part)
{
    return std::any_of(
        diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.message.contains(part); });
}

// A kernel with `statements` simple statements (plus the declaration of `a`).
QByteArray longKernel(const QByteArray& name, int statements)
{
    QByteArray text = "__global__ void " + name + "(float* p) {\n  float a = p[0];\n";
    for (int i = 0; i < statements; ++i)
        text += "  a += p[" + QByteArray::number(i + 1) + "] * 2.0f;\n";
    return text + "  p[0] = a;\n}\n";
}

constexpr qint64 kMax = std::numeric_limits<qint64>::max();
constexpr qint64 kMin = std::numeric_limits<qint64>::min();

LoopHeader constantLoop(qint64 start, const char* comparison, qint64 bound, const char* stepOperator, qint64 step)
{
    LoopHeader loop;
    loop.canonical = true;
    loop.start = SymbolicExpr::constant(start);
    loop.comparison = test::binaryOperator(QString::fromLatin1(comparison));
    loop.bound = SymbolicExpr::constant(bound);
    loop.stepOperator = test::binaryOperator(QString::fromLatin1(stepOperator));
    loop.step = SymbolicExpr::constant(step);
    return loop;
}

// The one diagnostic about `part` in `unit`: a warning on the kernel's file.
bool warnsOnce(const UnitIndex& unit, const QString& part)
{
    const auto count = std::count_if(unit.diagnostics.begin(), unit.diagnostics.end(), [&](const Diagnostic& d) {
        return d.message.contains(part) && d.severity == Diagnostic::Severity::Warning && d.file == unit.path;
    });
    return count == 1;
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

    // The per-file time budget: a clock injected through ParserOptions advances one second per
    // reading for one file only, so that file runs out of time part way through its analysis
    // and the other never does, without timing anything.
    void fileTimeBudgetStopsOneFileAndTheRestIsAnalysed()
    {
        QTemporaryDir dir;
        const QString slow
            = test::writeFile(dir, "slow.cu", longKernel("slowKernel", 60) + longKernel("laterKernel", 3));
        const QString quick = test::writeFile(dir, "quick.cu", longKernel("quickKernel", 60));
        auto readings = std::make_shared<QHash<QString, qint64>>();
        auto mutex = std::make_shared<QMutex>();
        ParserOptions options = test::parserOptions();
        options.fileTimeBudgetSeconds = 20;
        options.clock = [=](const QString& path) -> qint64 {
            if (path != slow)
                return 0;
            QMutexLocker lock(mutex.get());
            return (*readings)[path]++ * qint64(1000000000);
        };
        const ProjectIndex index = indexProject(loadProject({dir.path()}), options);

        const UnitIndex* slowUnit = unitFor(index, slow);
        QVERIFY(slowUnit);
        QVERIFY(slowUnit->stoppedByBudget);
        const Diagnostics slowDiagnostics = diagnosticsFor(index, slow);
        QVERIFY(std::any_of(slowDiagnostics.begin(), slowDiagnostics.end(), [&](const Diagnostic& d) {
            return d.isError() && d.message.contains(QStringLiteral("analysis of %1 stopped after").arg(slow))
                && d.message.contains("per-file time budget of 20 s") && d.message.contains("incomplete");
        }));
        // A half-built kernel is not passed off as a whole one, and nothing after it is read.
        const CatalogFunction* slowKernel = kernelNamed(index, "slowKernel");
        QVERIFY(!slowKernel || !index.kernelIR(slowKernel->info.key));
        QVERIFY(!hasKernel(index, "laterKernel"));

        const UnitIndex* quickUnit = unitFor(index, quick);
        QVERIFY(quickUnit);
        QVERIFY(!quickUnit->stoppedByBudget);
        QVERIFY(diagnosticsFor(index, quick).isEmpty());
        const CatalogFunction* quickKernel = kernelNamed(index, "quickKernel");
        QVERIFY(quickKernel);
        const KernelIR* quickIR = index.kernelIR(quickKernel->info.key);
        QVERIFY(quickIR);
        QCOMPARE(int(quickIR->statements.size()), 62); // the declaration, 60 updates, the store
    }

    // A file that tests __CUDA_ARCH__ is parsed twice (host and device), but has one budget:
    // when the host side spends it, the device side is not parsed with a fresh one (a slow
    // file once took twice its budget that way), and the user is told what was not read.
    void bothCompileSidesShareTheFileBudget()
    {
        QTemporaryDir dir;
        const QString file = test::writeFile(dir, "arch.cu",
            "#if __CUDA_ARCH__ >= 700\n#define SCALE 2.0f\n#else\n#define SCALE 1.0f\n#endif\n"
                + longKernel("archKernel", 60));
        ParserOptions options = test::parserOptions();
        auto readings = std::make_shared<std::atomic<qint64>>(0);
        options.clock = [=](const QString&) -> qint64 { return (*readings)++ * qint64(1000000000); };

        options.fileTimeBudgetSeconds = 0; // no limit: both sides are read
        const UnitIndex whole = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(!whole.stoppedByBudget);
        QCOMPARE(whole.deviceArch, options.deviceArch.name());

        options.fileTimeBudgetSeconds = 20; // the host side's walk of 62 statements spends it
        const UnitIndex unit = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(unit.stoppedByBudget);
        QVERIFY2(unit.deviceArch.isEmpty(), qPrintable(unit.deviceArch));
        QVERIFY(std::any_of(unit.diagnostics.begin(), unit.diagnostics.end(), [&](const Diagnostic& d) {
            return d.isError() && d.message.contains("tests __CUDA_ARCH__")
                && d.message.contains(
                    QStringLiteral("code compiled for %1 was not read").arg(options.deviceArch.name()))
                && d.message.contains("per-file time budget of 20 s");
        }));
    }

    // The screen's limits come from ParserOptions (the fuzz target lowers the macro limit):
    // 1,024 copies of a 16-token list are about 16,000 tokens, parsed by default and refused
    // under a limit of 10,000.
    void hazardLimitsComeFromTheParserOptions()
    {
        QTemporaryDir dir;
        const QString file = test::writeFile(dir, "copies.cu",
            "#define TWICE(...) __VA_ARGS__ __VA_ARGS__\n"
            "int table[] = { TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1, 2, 3, 4, 5, 6, 7, 8,)"
            "))))))))) 0 };\n"
            "__global__ void k(float* p) { p[0] = table[1023]; }\n");
        ParserOptions options = test::parserOptions();
        const UnitIndex parsed = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(parsed.parsed);
        QCOMPARE(parsed.kernelIRs.size(), 1);

        options.hazards.maxMacroTokens = 1e4;
        const UnitIndex refused = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(!refused.parsed);
        QVERIFY(std::any_of(refused.diagnostics.begin(), refused.diagnostics.end(), [](const Diagnostic& d) {
            return d.isError() && d.message.contains("a macro bomb") && d.message.contains("limit 1e+04");
        }));
    }

    // A budget shorter than any parse: libclang's parse (which cannot be interrupted) uses it
    // up, and the analysis is skipped with a message; what the file includes is still known.
    void parseLongerThanTheBudgetSkipsTheAnalysis()
    {
        QTemporaryDir dir;
        const QString header
            = test::writeFile(dir, "helpers.cuh", "__device__ inline float twice(float v) { return 2 * v; }\n");
        const QString file = test::writeFile(
            dir, "kernel.cu", "#include \"helpers.cuh\"\n__global__ void k(float* p) { p[0] = twice(p[0]); }\n");
        ParserOptions options = test::parserOptions();
        options.fileTimeBudgetSeconds = 1e-9;
        const UnitIndex unit = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(unit.parsed);
        QVERIFY(unit.stoppedByBudget);
        QVERIFY(unit.functions.isEmpty());
        QVERIFY(unit.kernelIRs.isEmpty());
        QVERIFY(unit.includedFiles.contains(header));
        QVERIFY(std::any_of(unit.diagnostics.begin(), unit.diagnostics.end(), [&](const Diagnostic& d) {
            return d.isError() && d.file == file && d.message.contains("libclang's parse of")
                && d.message.contains("analysis of this file was skipped");
        }));

        options.fileTimeBudgetSeconds = 0; // no limit
        const UnitIndex unlimited = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(!unlimited.stoppedByBudget);
        QCOMPARE(unlimited.kernelIRs.size(), 1);
    }

    // Each cap on our own analysis (AnalysisLimits) is hit by generated input and says so,
    // once, as a warning on the file and in the kernel's notes; the kernel is still analysed
    // up to the cap. Inputs stay small: the statement cap is lowered for the test.
    void analysisCapsAreReported_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("maxStatements");
        QTest::addColumn<QString>("message");

        QTest::newRow("statements") << longKernel("k", 150) << 100 << "more than 100 statements";

        QByteArray nested = "__global__ void k(float* p) {\n  int i = threadIdx.x;\n  ";
        for (int i = 0; i < 300; ++i)
            nested += "if (i) ";
        nested += "p[0] = 1;\n}\n";
        QTest::newRow("nesting") << nested << 20000 << "statements nest deeper than 256 levels";

        QByteArray elseIf = "__global__ void k(float* p) {\n  int i = threadIdx.x;\n  if (i == 0) p[0] = 0;";
        for (int i = 1; i < 300; ++i)
            elseIf += " else if (i == " + QByteArray::number(i) + ") p[1] = 1;";
        elseIf += "\n}\n";
        QTest::newRow("else-if chain") << elseIf << 20000 << "statements nest deeper than 256 levels";

        QByteArray sum = "__global__ void k(float* p) {\n  float a = p[1];\n  p[0] = a";
        for (int i = 0; i < 2100; ++i)
            sum += " + a";
        sum += ";\n}\n";
        QTest::newRow("expression") << sum << 20000 << "an expression nests deeper than 2000 levels";

        // Each conditional return controls every later statement: context grows quadratically.
        QByteArray returns = "__global__ void k(float* p) {\n";
        for (int i = 0; i < 800; ++i)
            returns += "  if (p[" + QByteArray::number(i) + "] < 0) return;\n";
        returns += "}\n";
        QTest::newRow("statement context") << returns << 20000 << "branch arms add up to more than 250000";

        QByteArray chain = "__device__ float f20(float* p) { return p[0]; }\n";
        for (int i = 19; i >= 0; --i)
            chain += "__device__ float f" + QByteArray::number(i) + "(float* p) { return f" + QByteArray::number(i + 1)
                + "(p + 1) * 2; }\n";
        chain += "__global__ void k(float* p) { p[0] = f0(p); }\n";
        QTest::newRow("inline depth") << chain << 20000 << "device function calls nest deeper than 16 levels";

        // Every level calls the next twice: 2^14 calls if all were inlined.
        QByteArray tree = "__device__ float f14(float* p) { return p[0]; }\n";
        for (int i = 13; i >= 0; --i)
            tree += "__device__ float f" + QByteArray::number(i) + "(float* p) { return f" + QByteArray::number(i + 1)
                + "(p) + f" + QByteArray::number(i + 1) + "(p + 1); }\n";
        tree += "__global__ void k(float* p) { p[0] = f0(p); }\n";
        QTest::newRow("inlined calls") << tree << 20000 << "inlines more than 5000 device function calls";
    }

    void analysisCapsAreReported()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, maxStatements);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString file = test::writeFile(dir, "capped.cu", source);
        ParserOptions options = test::parserOptions();
        options.limits.maxStatements = maxStatements;
        const UnitIndex unit = indexFile(SourceFile{file, {}, false}, options);
        QVERIFY(!unit.stoppedByBudget);
        QVERIFY2(warnsOnce(unit, message), qPrintable(message));
        QCOMPARE(unit.kernelIRs.size(), 1);
        const KernelIR& ir = unit.kernelIRs.first();
        QVERIFY(std::any_of(ir.notes.begin(), ir.notes.end(), [&](const QString& n) { return n.contains(message); }));
        QVERIFY(!ir.statements.isEmpty());
        QVERIFY(ir.statements.size() <= maxStatements + 1);
    }

    // Text that would overflow libclang's stack, expand without end or read a device is not
    // parsed at all: the file gets the reason, and the project's other files are analysed.
    void parseHazardsSkipTheFileAndTheRestIsAnalysed()
    {
        QTemporaryDir dir;
        const QString good = test::writeFile(dir, "good.cu", "__global__ void goodKernel(float* p) { p[0] = 1.0f; }\n");
        QByteArray deep = "__global__ void deepKernel(int* p) { p[0] = ";
        for (int i = 0; i < 60000; ++i)
            deep += "- ";
        deep += "p[1]; }\n";
        const QString unary = test::writeFile(dir, "unary.cu", deep);
        QByteArray bomb = "#define L0 1,\n";
        for (int i = 1; i <= 9; ++i) {
            bomb += "#define L" + QByteArray::number(i);
            for (int j = 0; j < 10; ++j)
                bomb += " L" + QByteArray::number(i - 1);
            bomb += '\n';
        }
        bomb += "int table[] = { L9 0 };\n__global__ void bombKernel(float* p) { p[0] = 1; }\n";
        const QString macros = test::writeFile(dir, "bomb.cu", bomb);
        const QString device = test::writeFile(
            dir, "device.cu", "#include \"/dev/zero\"\n__global__ void deviceKernel(float* p) { p[0] = 1; }\n");
        const QString indirect = test::writeFile(dir, "indirect.cu",
            "#include \"sub/reads_stdin.cuh\"\n__global__ void indirectKernel(float* p) { p[0] = 1; }\n");
        test::writeFile(dir, "sub/reads_stdin.cuh", "#pragma once\n#include \"/dev/stdin\"\n");
        const QString fifo = dir.filePath("pipe.cu");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);

        // A folder's listing leaves FIFOs out; given by name, one is read like any file.
        const ProjectIndex index = indexProject(loadProject({dir.path(), fifo}), test::parserOptions());
        QVERIFY(hasKernel(index, "goodKernel"));
        QVERIFY(diagnosticsFor(index, good).isEmpty());
        const struct {
            QString file;
            QString kernel;
            QString reason;
        } skipped[] = {
            {unary, "deepKernel", "without `;`, `,`, `{` or `}`"},
            {macros, "bombKernel", "macro bomb"},
            {device, "deviceKernel", "#include \"/dev/zero\" names a device"},
            {indirect, "indirectKernel", "#include \"/dev/stdin\" names a device"},
            {fifo, QString(), "not a regular file"},
        };
        for (const auto& expected : skipped) {
            const Diagnostics diagnostics = diagnosticsFor(index, expected.file);
            QVERIFY2(
                diagnostics.size() == 1 && diagnostics[0].isError() && diagnostics[0].message.contains(expected.reason),
                qPrintable(expected.file + QStringLiteral(": ") + diagnostics.value(0).message));
            QVERIFY(expected.kernel.isEmpty() || !hasKernel(index, expected.kernel));
        }
    }

    // Nesting that overflowed an 8 MiB stack (libclang's parse thread, or our worker thread
    // in the AST walk) and ended the whole process: thousands of casts, a long sum, a
    // nested-name chain. Parsed and analysed now on the large stack, below the screening.
    void deepNestingIsParsedOnALargeStack()
    {
        QTemporaryDir dir;
        QByteArray casts = "__global__ void casts(int* p) { p[0] = ";
        for (int i = 0; i < 9000; ++i)
            casts += "(int)";
        casts += "p[1]; }\n";
        QByteArray sum = "__global__ void sum(float* p) { float a = p[0]; p[1] = a";
        for (int i = 0; i < 10000; ++i)
            sum += " + a";
        sum += "; }\n";
        QByteArray names = "namespace n0";
        for (int i = 1; i < 15000; ++i)
            names += "::n" + QByteArray::number(i);
        names += " { __global__ void named(float* p) { p[0] = 1; } }\n";
        test::writeFile(dir, "casts.cu", casts);
        test::writeFile(dir, "sum.cu", sum);
        test::writeFile(dir, "names.cu", names);
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        for (const char* kernel : {"casts", "sum", "named"}) {
            const CatalogFunction* found = kernelNamed(index, QString::fromLatin1(kernel));
            QVERIFY2(found && index.kernelIR(found->info.key), kernel);
        }
        QVERIFY(anyMessage(index.allDiagnostics(), "an expression nests deeper than 2000 levels in kernel sum"));
    }

    // The screening lets ordinary large files through: a long constant table, long else-if
    // chains, macros used many times.
    void parseHazardScreeningLetsRealCodeThrough()
    {
        QByteArray table = "__constant__ float table[] = {";
        for (int i = 0; i < 100000; ++i)
            table += QByteArray::number(-i) + ", ";
        table += "0};\n";
        QVERIFY(!findParseHazard(QStringLiteral("table.cu"), table));

        QByteArray macros = "#define AXPY(a, x, y) ((a) * (x) + (y))\n#define TWICE(v) AXPY(2, v, 0)\n";
        for (int i = 0; i < 20000; ++i)
            macros += "float v" + QByteArray::number(i) + " = TWICE(TWICE(" + QByteArray::number(i) + "));\n";
        QVERIFY(!findParseHazard(QStringLiteral("macros.cu"), macros));

        HazardLimits limits;
        limits.maxUnbrokenTokens = 100;
        QByteArray chain = "void f(int i, int* p) { if (i == 0) { p[0] = 0; }";
        for (int i = 1; i < 10; ++i)
            chain += " else if (i == " + QByteArray::number(i) + ") { p[0] = " + QByteArray::number(i) + "; }";
        chain += " }\n";
        QVERIFY(!findParseHazard(QStringLiteral("chain.cu"), chain, limits));
        // The same chain grown past the limit counts as one long run, as it nests.
        for (int i = 0; i < 30; ++i)
            chain.replace("}\n", "else if (i) { p[0] = 1; } }\n");
        QVERIFY(findParseHazard(QStringLiteral("chain.cu"), chain, limits));

        // A bomb through arguments: each call doubles its argument, 2^30 tokens in the end.
        QByteArray twice = "#define TWICE(x) x x\nint t[] = { ";
        for (int i = 0; i < 30; ++i)
            twice += "TWICE(";
        twice += "1,";
        for (int i = 0; i < 30; ++i)
            twice += ")";
        twice += " 0 };\n";
        const auto bomb = findParseHazard(QStringLiteral("twice.cu"), twice);
        QVERIFY(bomb && bomb->message.contains("macro bomb"));

        // Found by fuzzing (tests/fuzz/seeds/nasty_macro_bomb_invalid_utf8_name.cu): clang
        // ends the name `L5` at bytes that are no UTF-8 character and defines L5 as them
        // plus seven L4, so L9 is 7·10^8 tokens; read as one long name, L5 stayed undefined.
        QByteArray utf8 = "#define L0 1,\n";
        for (int i = 1; i < 10; ++i) {
            const QByteArray name = "#define L" + QByteArray::number(i);
            const QByteArray use = " L" + QByteArray::number(i - 1);
            utf8 += (i == 5 ? name
                                + "\xE1\xB3\xCB\xDF\xB3\xCB\xDF\xB3"
                                  "4"
                                + use.repeated(7)
                            : name + use.repeated(10))
                + "\n";
        }
        utf8 += "int table[] = { L9 0 };\n";
        const auto misnamed = findParseHazard(QStringLiteral("utf8.cu"), utf8);
        QVERIFY(misnamed && misnamed->message.contains("macro bomb"));
    }

    // Found by fuzzing (tests/fuzz/seeds/nasty_macro_bomb_invalid_redefinition.cu): a
    // redefinition clang rejects (`##` at the end of its body) leaves the earlier definition
    // in force, so L9 is still 10^8 tokens; costed as the rejected one, L9 looked harmless.
    void definitionsClangRejectsLeaveTheEarlierOneInForce_data()
    {
        QTest::addColumn<QByteArray>("redefinition");
        QTest::addColumn<bool>("bomb");
        QTest::newRow("## at the end") << QByteArray("#define L9 L8 L8 ##") << true;
        QTest::newRow("## at the start") << QByteArray("#define L9 ## L8 L8") << true;
        QTest::newRow("# before no parameter") << QByteArray("#define L9(x) # y x") << true;
        QTest::newRow("no closing parenthesis") << QByteArray("#define L9(x, y") << true;
        QTest::newRow("a valid redefinition replaces it") << QByteArray("#define L9 1,") << false;
        QTest::newRow("# before a parameter is valid") << QByteArray("#define L9(x) #x") << false;
    }
    void definitionsClangRejectsLeaveTheEarlierOneInForce()
    {
        QFETCH(QByteArray, redefinition);
        QFETCH(bool, bomb);
        QByteArray text = "#define L0 1,\n";
        for (int i = 1; i < 9; ++i)
            text += "#define L" + QByteArray::number(i) + (" L" + QByteArray::number(i - 1)).repeated(10) + "\n";
        text += "#define L9" + QByteArray(" L7").repeated(10) + "\n" + redefinition + "\nint table[] = { L9 0 };\n";
        const auto hazard = findParseHazard(QStringLiteral("redefined.cu"), text);
        QCOMPARE(bool(hazard), bomb);
        if (hazard)
            QVERIFY(hazard->message.contains("macro bomb"));
    }

    // Found by fuzzing (tests/fuzz/seeds/nasty_huge_loop_bounds.cu): loop bounds at the ends
    // of 64-bit integers overflowed the trip count arithmetic (undefined behaviour, caught by
    // UBSan). A count or distance that does not fit is unknown now; what fits is exact.
    void tripCountsAtTheEdgesOf64BitIntegers_data()
    {
        QTest::addColumn<LoopHeader>("loop");
        QTest::addColumn<qint64>("trips"); // -1: unknown
        QTest::newRow("min to max") << constantLoop(kMin, "<", kMax, "+", 1) << qint64(-1);
        QTest::newRow("0 to max") << constantLoop(0, "<", kMax, "+", 1) << kMax;
        QTest::newRow("0 through max") << constantLoop(0, "<=", kMax, "+", 1) << qint64(-1);
        QTest::newRow("1 through max") << constantLoop(1, "<=", kMax, "+", 1) << kMax;
        QTest::newRow("max down past min") << constantLoop(kMax, ">", kMin, "-", 1) << qint64(-1);
        QTest::newRow("step of min") << constantLoop(0, ">", -10, "-", kMin) << qint64(-1);
        QTest::newRow("huge step") << constantLoop(0, "<", kMax, "+", kMax) << qint64(1);
        QTest::newRow("!= never met") << constantLoop(0, "!=", kMax, "+", 3) << qint64(-1);
        QTest::newRow("!= from min") << constantLoop(kMin, "!=", 0, "-", -1) << qint64(-1);
        QTest::newRow("doubling overflows") << constantLoop(1, "<", kMax, "*", 2) << qint64(-1);
        QTest::newRow("doubling fits") << constantLoop(1, "<", qint64(1) << 62, "*", 2) << qint64(62);
        QTest::newRow("shifting a negative") << constantLoop(-1, ">", -100, "<<", 1) << qint64(7);
        QTest::newRow("min divided by -1") << constantLoop(kMin, "<", 0, "/", -1) << qint64(-1);
    }

    void tripCountsAtTheEdgesOf64BitIntegers()
    {
        QFETCH(LoopHeader, loop);
        QFETCH(qint64, trips);
        const std::optional<qint64> count = tripCount(loop, LaunchShape());
        QCOMPARE(count.value_or(-1), trips);
    }

    void constantArithmeticNeverOverflows()
    {
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("+")), kMax, 1));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("-")), kMin, 1));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("*")), kMax, 2));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("/")), kMin, -1));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("%")), kMin, -1));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("<<")), 3, 62));
        QCOMPARE(applyBinaryOperator(test::binaryOperator(QStringLiteral("<<")), -1, 62).value_or(0), kMin / 2);
        QCOMPARE(applyBinaryOperator(test::binaryOperator(QStringLiteral("*")), kMax, 1).value_or(0), kMax);
        QCOMPARE(applyBinaryOperator(test::binaryOperator(QStringLiteral("/")), kMin, 1).value_or(0), kMin);
    }

    // The fuzzer's input itself, end to end: loops at the edges are assumed, none is wrong.
    void extremeLoopBoundsAreAnalysed()
    {
        const QString seed = test::sourceDir() + QStringLiteral("/tests/fuzz/seeds/nasty_huge_loop_bounds.cu");
        const ProjectIndex index = indexProject(loadProject({seed}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        const auto bounds = std::find_if(
            reports.begin(), reports.end(), [](const KernelSliceReport& r) { return r.kernel->info.name == "bounds"; });
        QVERIFY(bounds != reports.end());
        QVERIFY(bounds->slices.loops.size() >= 15);
        for (const LoopResolution& loop : bounds->slices.loops) {
            QVERIFY2(std::isfinite(loop.trips) && loop.trips >= 0, qPrintable(QString::number(loop.line)));
            // The first three loops overflow 64 bits or never meet their bound.
            if (loop.line >= 4 && loop.line <= 6)
                QVERIFY2(loop.assumed, qPrintable(QString::number(loop.line)));
        }
    }

    // Found by a probe while fuzzing (tests/fuzz/seeds/regression_grid_product_overflow.cu):
    // the blocks of a dim3 grid were multiplied without a check. Any grid that large fills
    // every SM.
    void hugeGridsSaturateWithoutOverflow()
    {
        const QString seed
            = test::sourceDir() + QStringLiteral("/tests/fuzz/seeds/regression_grid_product_overflow.cu");
        const ProjectIndex index = indexProject(loadProject({seed}), test::parserOptions());
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const WhatIfSettings settings;
        const ModelChoice choice = chooseModel(library, settings);
        QVERIFY2(choice.error.isEmpty(), qPrintable(choice.error));
        const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
        QCOMPARE(run.kernels.size(), 1);
        const KernelEstimate& estimate = run.kernels.first().estimate;
        QCOMPARE(estimate.saturation, 1.0);
        QCOMPARE(estimate.activeSms, choice.gpu->sms);
        QVERIFY(std::isfinite(estimate.watts) && estimate.watts > 0);
    }

    // clang's debug pragmas crash the parser on purpose (overflow_stack would overflow the
    // stack, which no recovery survives); they are disabled for users. Runs before the test
    // below crashes libclang on purpose: that crash leaves the crash pragma's timer behind.
    void clangDebugPragmasAreOff()
    {
        QTemporaryDir dir;
        const QString pragmas = test::writeFile(dir, "pragmas.cu",
            "#pragma clang __debug overflow_stack\n#pragma clang __debug llvm_fatal_error\n"
            "__global__ void survivor(float* p) { p[0] = 1; }\n");
        const UnitIndex unit = indexFile(SourceFile{pragmas, {}, false}, test::parserOptions());
        QVERIFY2(unit.parsed, qPrintable(unit.diagnostics.value(0).toString()));
        QCOMPARE(unit.kernelIRs.size(), 1);
    }

    // libclang's crash recovery turns a crash inside clang into a diagnostic for that file,
    // and the project's other files are analysed.
    void libclangCrashIsContained()
    {
        QTemporaryDir dir;
        const QString crash = test::writeFile(
            dir, "crash.cu", "#pragma clang __debug crash\n__global__ void crashKernel(float* p) { p[0] = 1; }\n");
        const QString good = test::writeFile(dir, "good.cu", "__global__ void goodKernel(float* p) { p[0] = 1.0f; }\n");
        ParserOptions options = test::parserOptions();
        options.allowCrashPragmas = true;
        const ProjectIndex index = indexProject(loadProject({dir.path()}), options);
        QVERIFY(hasKernel(index, "goodKernel"));
        QVERIFY(!hasKernel(index, "crashKernel"));
        QVERIFY(anyMessage(diagnosticsFor(index, crash), "libclang crashed while parsing this file"));
        QVERIFY(diagnosticsFor(index, good).isEmpty());
    }
};

QTEST_GUILESS_MAIN(BadInputTest)
#include "test_bad_input.moc"

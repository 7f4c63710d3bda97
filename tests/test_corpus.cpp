// SPDX-License-Identifier: GPL-3.0-or-later
// Every corpus file's kernels, device functions (with callers) and launch configurations
// against the hand-derived expectations in X.expect.json beside X.cu.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "analysis/ProjectSlices.h"
#include "export/KernelListWriter.h"
#include "export/SliceReportWriter.h"
#include "frontend/PreludePch.h"
#include "project/ProjectLoader.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace slicewatt;

namespace {

QString valueText(const QJsonValue& v)
{
    return v.isNull() ? QStringLiteral("null") : QString::number(v.toInteger());
}

QString optionalText(const std::optional<qint64>& v)
{
    return v ? QString::number(*v) : QStringLiteral("null");
}

QString tripleText(const QJsonValue& v)
{
    if (v.isNull())
        return QStringLiteral("null");
    const QJsonArray a = v.toArray();
    return QStringLiteral("[%1,%2,%3]").arg(valueText(a.at(0)), valueText(a.at(1)), valueText(a.at(2)));
}

QString dimText(const LaunchDim& d)
{
    return QStringLiteral("[%1,%2,%3]").arg(optionalText(d.x), optionalText(d.y), optionalText(d.z));
}

QStringList callerNames(const ProjectIndex& index, const CatalogFunction& function)
{
    QStringList names;
    for (const QString& key : function.callerKeys) {
        if (const CatalogFunction* caller = index.functionByKey(key))
            names << caller->info.name;
    }
    names.sort();
    names.removeDuplicates();
    return names;
}

} // namespace

class CorpusTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void corpusIsLargeEnough()
    {
        const QStringList files = QDir(test::corpusDir()).entryList({QStringLiteral("*.cu")});
        QVERIFY2(files.size() >= 25, qPrintable(QStringLiteral("only %1 corpus files").arg(files.size())));
        for (const QString& file : files) {
            const QString expect = QString(file).replace(QLatin1String(".cu"), QLatin1String(".expect.json"));
            QVERIFY2(QFile::exists(test::corpusDir() + QLatin1Char('/') + expect),
                qPrintable(file + QStringLiteral(" has no expectation file")));
        }
    }

    // The precompiled prelude (PreludePch) is an optimisation only: the whole corpus, its
    // multi-file projects included, reads the same with it as with the prelude included as
    // a header, to the last kernel, launch, diagnostic and slice.
    void precompiledPreludeReadsAsTheHeaderDoes()
    {
        const ProjectSources sources = loadProject({test::corpusDir()});
        QVERIFY(sources.units.size() >= 25);
        ParserOptions withHeader = test::parserOptions();
        withHeader.precompilePrelude = false;
        const int builtBefore = PreludePch::instance().built();
        const ProjectIndex precompiled = indexProject(sources, test::parserOptions());
        QVERIFY2(PreludePch::instance().built() > builtBefore || builtBefore > 0, "no precompiled prelude was built");
        const ProjectIndex included = indexProject(sources, withHeader);
        QVERIFY(precompiled.kernels.size() >= 40);
        QCOMPARE(kernelListJsonText(precompiled), kernelListJsonText(included));
        QCOMPARE(sliceReportJsonText(precompiled, sliceProject(precompiled)),
            sliceReportJsonText(included, sliceProject(included)));
    }

    // A precompiled prelude libclang rejects (here: damaged on disk) costs that file a
    // second parse, never a result: the file is read with the prelude as a header, no
    // complaint about the header reaches the user, and later files skip it.
    void rejectedPrecompiledPreludeFallsBackToTheHeader()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "k.cu",
            "__global__ void scale(float* p) { p[threadIdx.x] *= 2; }\n"
            "void run(float* p) { scale<<<4, 64>>>(p); }\n");
        const ParserOptions options = test::parserOptions();
        const QStringList arguments = PreludePch::withoutPreludeInclude(clangArguments({}, options));
        QVERIFY(arguments.size() < clangArguments({}, options).size());
        const QString pch = PreludePch::instance().pathFor(arguments);
        QVERIFY2(!pch.isEmpty(), "the prelude could not be precompiled");
        QFile damaged(pch);
        QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
        damaged.write(QByteArray(4096, 'x'));
        damaged.close();

        const UnitIndex unit = indexFile(SourceFile{path, {}, false}, options);
        QVERIFY(unit.parsed);
        QCOMPARE(unit.kernelIRs.size(), 1);
        for (const Diagnostic& d : unit.diagnostics)
            QVERIFY2(!isPrecompiledHeaderComplaint(d.message), qPrintable(d.message));
        QVERIFY(PreludePch::instance().pathFor(arguments).isEmpty());
    }

    // Errors in the code that name something like a PCH (`tpipch`, `loadPCH`, a comment
    // about a "precompiled header" in a string) are the code's: the precompiled prelude stays
    // in use for the files after it. A fuzzed input once turned it off for the rest of the
    // run, and every later parse read the whole prelude again.
    void errorsNamingAPchKeepThePrecompiledPrelude()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "k.cu",
            "__global__ void scale(float* p) { p[threadIdx.x] *= tpipch; }\n"
            "void run(float* p) { loadPCH(\"precompiled header, AST file\"); scale<<<4, 64>>>(p); }\n");
        // Arguments of its own: the header of the test above is damaged on purpose.
        const QStringList flags = {QStringLiteral("-DSLICEWATT_TEST_OWN_PCH=1")};
        const ParserOptions options = test::parserOptions();
        const QStringList arguments = PreludePch::withoutPreludeInclude(clangArguments(flags, options));
        const QString pch = PreludePch::instance().pathFor(arguments);
        QVERIFY2(!pch.isEmpty(), "the prelude could not be precompiled");

        const UnitIndex unit = indexFile(SourceFile{path, flags, false}, options);
        QVERIFY(unit.parsed);
        QStringList errors;
        for (const Diagnostic& d : unit.diagnostics) {
            if (d.isError())
                errors << d.message;
        }
        QVERIFY2(errors.join('\n').contains(QLatin1String("tpipch")), qPrintable(errors.join('\n')));
        QVERIFY2(errors.join('\n').contains(QLatin1String("loadPCH")), qPrintable(errors.join('\n')));
        QCOMPARE(PreludePch::instance().pathFor(arguments), pch);
    }

    // A project's -D that breaks the prelude: the header is not precompiled with the error
    // hidden inside, and the file reports the error as it would without precompiling.
    void preludeErrorsUnderProjectDefinesStillReachTheUser()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "k.cu", "__global__ void scale(float* p) { p[0] *= 2; }\n");
        const QStringList flags = {QStringLiteral("-DcudaError_t=int")};
        ParserOptions withHeader = test::parserOptions();
        withHeader.precompilePrelude = false;
        const UnitIndex precompiled = indexFile(SourceFile{path, flags, false}, test::parserOptions());
        const UnitIndex included = indexFile(SourceFile{path, flags, false}, withHeader);
        const auto errors = [](const UnitIndex& unit) {
            QStringList messages;
            for (const Diagnostic& d : unit.diagnostics) {
                if (d.isError())
                    messages << QStringLiteral("%1:%2 %3").arg(QFileInfo(d.file).fileName()).arg(d.line).arg(d.message);
            }
            return messages;
        };
        QVERIFY(!errors(included).isEmpty());
        QCOMPARE(errors(precompiled), errors(included));
        QVERIFY(PreludePch::instance()
                    .pathFor(PreludePch::withoutPreludeInclude(clangArguments(flags, test::parserOptions())))
                    .isEmpty());
    }

    // Two programs in one folder may both define `scale`: same USR, different kernels. A
    // kernel in a header shared by both units is still one kernel.
    void kernelsAreIdentifiedByDefinitionNotJustName()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "common.cuh",
            "#pragma once\n__device__ inline float twice(float v) { return 2 * v; }\n"
            "__global__ void shared(float* p) { p[0] = twice(p[0]); }\n");
        const QString a = test::writeFile(dir, "a/prog.cu",
            "#include \"../common.cuh\"\n"
            "__global__ void scale(float* p) { p[0] *= twice(1); }\n"
            "void run(float* p) { scale<<<1, 32>>>(p); shared<<<2, 32>>>(p); }\n");
        const QString b = test::writeFile(dir, "b/prog.cu",
            "#include \"../common.cuh\"\n\n"
            "__global__ void scale(float* p) { p[1] *= 3; }\n"
            "void run(float* p) { scale<<<4, 64>>>(p); }\n");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 3);
        QMap<QString, QString> launchesByKernel;
        for (const CatalogFunction& k : index.kernels) {
            QStringList grids;
            for (const LaunchSite& l : k.launches)
                grids << QString::number(*l.grid.x);
            launchesByKernel[QFileInfo(k.info.location.file).dir().dirName() + "/" + k.info.name] = grids.join(',');
        }
        QCOMPARE(launchesByKernel.value("a/scale"), QStringLiteral("1"));
        QCOMPARE(launchesByKernel.value("b/scale"), QStringLiteral("4"));
        QCOMPARE(launchesByKernel.value(QFileInfo(dir.path()).fileName() + "/shared"), QStringLiteral("2"));
        QCOMPARE(index.deviceFunctions.size(), 1);
        QCOMPARE(callerNames(index, index.deviceFunctions[0]), (QStringList{"scale", "shared"}));
        QVERIFY(a != b);
    }

    // A launch of k<double> runs the explicit specialisation's body, not the template's;
    // the template is read once however many types instantiate it (its instantiations are
    // among the unit's own declarations).
    void explicitSpecialisationRunsItsOwnBody()
    {
        const ProjectIndex index = indexProject(
            loadProject({test::corpusDir() + QStringLiteral("/explicit_specialization.cu")}), test::parserOptions());
        QMap<int, QString> launchLinesByKernelLine;
        for (const CatalogFunction& k : index.kernels) {
            QStringList lines;
            for (const LaunchSite& l : k.launches)
                lines << QString::number(l.location.line);
            launchLinesByKernelLine.insert(k.info.location.line, lines.join(','));
        }
        QCOMPARE(launchLinesByKernelLine.value(7), QStringLiteral("58,60"));
        QCOMPARE(launchLinesByKernelLine.value(16), QStringLiteral("59"));
        QCOMPARE(launchLinesByKernelLine.value(40), QStringLiteral("61,62"));
        QCOMPARE(index.kernels.size(), 3);
    }

    // tests/corpus/projects: multi-file projects in the style of Rodinia (main.cu includes
    // kernel.cu), the CUDA samples (helper_cuda.h, launches in macros, template launchers,
    // the runtime launch API, `register`) and llm.c (cuBLASLt, thrust, cub, bf16). Loaded
    // as a user loads a folder: no parse error, every kernel once, every launch with the
    // values its EXPECTED.json gives.
    void realProjectsParseCleanlyWithEachKernelOnce_data()
    {
        QTest::addColumn<QString>("folder");
        const QString root = test::corpusDir() + QStringLiteral("/projects");
        const QStringList projects = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(projects.size() >= 3);
        for (const QString& project : projects)
            QTest::newRow(qPrintable(project)) << root + QLatin1Char('/') + project;
    }

    void realProjectsParseCleanlyWithEachKernelOnce()
    {
        QFETCH(QString, folder);
        QFile expectFile(folder + QStringLiteral("/EXPECTED.json"));
        QVERIFY(expectFile.open(QIODevice::ReadOnly));
        const QJsonObject expect = QJsonDocument::fromJson(expectFile.readAll()).object();
        const ProjectIndex index = indexProject(loadProject({folder}), test::parserOptions());
        QStringList errors;
        for (const Diagnostic& d : index.allDiagnostics()) {
            if (d.isError())
                errors << d.toString();
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        auto relative = [&](const QString& path) { return QDir(folder).relativeFilePath(path); };
        QStringList expectedKernels;
        for (const QJsonValue& v : expect.value(QLatin1String("kernels")).toArray()) {
            const QJsonObject k = v.toObject();
            expectedKernels << QStringLiteral("%1 %2:%3")
                                   .arg(k.value(QLatin1String("name")).toString(),
                                       k.value(QLatin1String("file")).toString())
                                   .arg(k.value(QLatin1String("line")).toInt());
        }
        QStringList actualKernels;
        for (const CatalogFunction& k : index.kernels)
            actualKernels << QStringLiteral("%1 %2:%3")
                                 .arg(k.info.name, relative(k.info.location.file))
                                 .arg(k.info.location.line);
        expectedKernels.sort();
        actualKernels.sort();
        QCOMPARE(actualKernels, expectedKernels); // each exactly once

        auto dimText = [](const QJsonValue& value) {
            QStringList parts;
            for (const QJsonValue& v : value.toArray())
                parts << (v.isNull() ? QStringLiteral("?") : QString::number(v.toInteger()));
            return parts.join(QLatin1Char(','));
        };
        auto launchDimText = [](const LaunchDim& dim) {
            QStringList parts;
            for (const auto& v : {dim.x, dim.y, dim.z})
                parts << (v ? QString::number(*v) : QStringLiteral("?"));
            return parts.join(QLatin1Char(','));
        };
        QStringList expectedLaunches;
        QStringList knownFailures;
        for (const QJsonValue& v : expect.value(QLatin1String("launches")).toArray()) {
            const QJsonObject l = v.toObject();
            const QString text
                = QStringLiteral("%1 %2:%3 grid=%4 block=%5 via %6")
                      .arg(l.value(QLatin1String("kernel")).toString(), l.value(QLatin1String("file")).toString())
                      .arg(l.value(QLatin1String("line")).toInt())
                      .arg(dimText(l.value(QLatin1String("grid"))), dimText(l.value(QLatin1String("block"))),
                          l.value(QLatin1String("api")).toString(QStringLiteral("<<<>>>")));
            expectedLaunches << text;
            if (l.contains(QLatin1String("xfail")))
                knownFailures << text;
        }
        QStringList actualLaunches;
        for (const CatalogFunction& k : index.kernels) {
            for (const LaunchSite& l : k.launches)
                actualLaunches << QStringLiteral("%1 %2:%3 grid=%4 block=%5 via %6")
                                      .arg(l.kernelName, relative(l.location.file))
                                      .arg(l.location.line)
                                      .arg(launchDimText(l.grid), launchDimText(l.block), l.api);
        }
        // A launch marked "xfail" is one the analysis does not read right yet (README,
        // known limits): it must still differ, so a fix makes the mark go.
        for (const QString& known : knownFailures) {
            QVERIFY2(!actualLaunches.contains(known), qPrintable("passes now, remove its xfail: " + known));
            expectedLaunches.removeAll(known);
            const QString prefix = known.left(known.indexOf(QStringLiteral(" grid=")));
            for (int i = actualLaunches.size() - 1; i >= 0; --i) {
                if (actualLaunches[i].startsWith(prefix + QLatin1Char(' ')))
                    actualLaunches.removeAt(i);
            }
        }
        expectedLaunches.sort();
        actualLaunches.sort();
        QCOMPARE(actualLaunches, expectedLaunches);
    }

    void matchesExpectations_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& file : QDir(test::corpusDir()).entryList({QStringLiteral("*.cu")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(file)) << test::corpusDir() + QLatin1Char('/') + file;
    }

    void matchesExpectations()
    {
        QFETCH(QString, path);
        QFile expectFile(QString(path).replace(QLatin1String(".cu"), QLatin1String(".expect.json")));
        QVERIFY(expectFile.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject expect = QJsonDocument::fromJson(expectFile.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);

        const UnitIndex unit
            = indexFile(SourceFile{path, {QStringLiteral("-std=c++17")}, false}, test::parserOptions());
        QVERIFY(unit.parsed);
        // The prelude must cover what real CUDA code uses: no errors at all.
        QStringList errors;
        for (const Diagnostic& d : unit.diagnostics) {
            if (d.isError())
                errors << d.toString();
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        const ProjectIndex index = mergeUnits({unit});

        QStringList expectedKernels;
        for (const QJsonValue& v : expect.value(QLatin1String("kernels")).toArray()) {
            const QJsonObject k = v.toObject();
            expectedKernels << QStringLiteral("%1 %2 line %3 template=%4")
                                   .arg(k.value(QLatin1String("name")).toString(),
                                       k.value(QLatin1String("qualified")).toString())
                                   .arg(k.value(QLatin1String("line")).toInt())
                                   .arg(k.value(QLatin1String("template")).toBool());
        }
        QStringList actualKernels;
        for (const CatalogFunction& k : index.kernels) {
            if (k.info.location.file == path)
                actualKernels << QStringLiteral("%1 %2 line %3 template=%4")
                                     .arg(k.info.name, k.info.qualifiedName)
                                     .arg(k.info.location.line)
                                     .arg(k.info.isTemplate);
        }
        QCOMPARE(actualKernels, expectedKernels);

        QStringList expectedDevice;
        for (const QJsonValue& v : expect.value(QLatin1String("device_functions")).toArray()) {
            const QJsonObject f = v.toObject();
            QStringList callers;
            for (const QJsonValue& c : f.value(QLatin1String("callers")).toArray())
                callers << c.toString();
            callers.sort();
            expectedDevice << QStringLiteral("%1 line %2 callers=%3")
                                  .arg(f.value(QLatin1String("name")).toString())
                                  .arg(f.value(QLatin1String("line")).toInt())
                                  .arg(callers.join(QLatin1Char(',')));
        }
        QStringList actualDevice;
        for (const CatalogFunction& f : index.deviceFunctions) {
            if (f.info.location.file == path)
                actualDevice << QStringLiteral("%1 line %2 callers=%3")
                                    .arg(f.info.name)
                                    .arg(f.info.location.line)
                                    .arg(callerNames(index, f).join(QLatin1Char(',')));
        }
        QCOMPARE(actualDevice, expectedDevice);

        QStringList expectedLaunches;
        for (const QJsonValue& v : expect.value(QLatin1String("launches")).toArray()) {
            const QJsonObject l = v.toObject();
            expectedLaunches << QStringLiteral("%1 line %2 grid=%3 block=%4 shmem=%5")
                                    .arg(l.value(QLatin1String("kernel")).toString())
                                    .arg(l.value(QLatin1String("line")).toInt())
                                    .arg(tripleText(l.value(QLatin1String("grid"))),
                                        tripleText(l.value(QLatin1String("block"))),
                                        valueText(l.value(QLatin1String("shmem"))));
        }
        QVector<LaunchSite> launches = index.unresolvedLaunches;
        for (const CatalogFunction& k : index.kernels)
            launches += k.launches;
        std::sort(launches.begin(), launches.end(), [](const LaunchSite& a, const LaunchSite& b) {
            return std::tie(a.location.line, a.location.column) < std::tie(b.location.line, b.location.column);
        });
        QStringList actualLaunches;
        for (const LaunchSite& l : launches) {
            actualLaunches << QStringLiteral("%1 line %2 grid=%3 block=%4 shmem=%5")
                                  .arg(l.kernelName)
                                  .arg(l.location.line)
                                  .arg(dimText(l.grid), dimText(l.block), optionalText(l.sharedBytes));
        }
        QCOMPARE(actualLaunches, expectedLaunches);
    }
};

QTEST_GUILESS_MAIN(CorpusTest)
#include "test_corpus.moc"

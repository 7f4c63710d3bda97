// SPDX-License-Identifier: GPL-3.0-or-later
// The unit cache (issue 7): a re-analysis parses only what changed, the cached results give
// byte-identical output, and a damaged cache on disk is detected and rebuilt.
#include "TestSupport.h"

#include "analysis/IncrementalIndexer.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "frontend/UnitCache.h"
#include "frontend/UnitSerialization.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QDirIterator>
#include <QtTest>

#include <algorithm>

using namespace slicewatt;

namespace {

// A kernel whose loop bound comes from a shared header, launched from the same file.
QByteArray kernelSource(const QString& name, int trips)
{
    return QStringLiteral("#include \"common.cuh\"\n"
                          "__global__ void %1(float* out, const float* in) {\n"
                          "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                          "    float acc = 0;\n"
                          "    for (int k = 0; k < %2; ++k)\n"
                          "        acc += in[i + k] * SCALE;\n"
                          "    out[i] = acc;\n"
                          "}\n"
                          "void launch_%1(float* o, const float* i) { %1<<<64, 256>>>(o, i); }\n")
        .arg(name)
        .arg(trips)
        .toUtf8();
}

int fromCache(const ProjectIndex& index)
{
    return int(
        std::count_if(index.units.cbegin(), index.units.cend(), [](const UnitIndex& unit) { return unit.fromCache; }));
}

QStringList parsedPaths(const ProjectIndex& index)
{
    QStringList paths;
    for (const UnitIndex& unit : index.units) {
        if (!unit.fromCache)
            paths << QFileInfo(unit.path).fileName();
    }
    paths.sort();
    return paths;
}

QStringList entryFiles(const QString& folder)
{
    QStringList files;
    QDirIterator it(folder, {QStringLiteral("*.unit")}, QDir::Files);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

class TestUnitCache : public QObject {
    Q_OBJECT

    ModelLibrary m_library;

    QByteArray json(const ProjectIndex& index) const
    {
        const WhatIfSettings settings;
        const ModelChoice choice = chooseModel(m_library, settings);
        return estimateJson(estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings));
    }

    // Five kernels in five files sharing one header, in a fresh folder.
    static void writeProject(const QTemporaryDir& dir)
    {
        test::writeFile(dir, QStringLiteral("common.cuh"), "#pragma once\n#define SCALE 2.0f\n");
        for (int i = 0; i < 5; ++i)
            test::writeFile(dir, QStringLiteral("k%1.cu").arg(i), kernelSource(QStringLiteral("k%1").arg(i), 10 + i));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStringList errors;
        m_library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    }

    // Every unit of the example and the corpus survives a trip through bytes unchanged:
    // written again it gives the same bytes, and the estimates from it are the same.
    void serializationRoundTripsEveryUnit()
    {
        for (const QString& folder : {test::exampleDir(), test::corpusDir()}) {
            const ProjectSources sources = loadProject({folder});
            const ProjectIndex index = indexProject(sources, test::parserOptions());
            QVERIFY(index.units.size() > 3);
            QVector<UnitIndex> copies;
            int statements = 0;
            for (const UnitIndex& unit : index.units) {
                const QByteArray bytes = serializeUnit(unit);
                const std::optional<UnitIndex> copy = deserializeUnit(bytes);
                QVERIFY2(copy, qPrintable(unit.path));
                QCOMPARE(serializeUnit(*copy), bytes);
                QCOMPARE(copy->kernelIRs.size(), unit.kernelIRs.size());
                for (const KernelIR& ir : copy->kernelIRs)
                    statements += int(ir.statements.size());
                copies << *copy;
            }
            QVERIFY(statements > 20);
            ProjectIndex rebuilt = mergeUnits(copies);
            rebuilt.loaderDiagnostics = sources.diagnostics;
            rebuilt.refreshDiagnostics();
            QCOMPARE(json(rebuilt), json(index));
        }
    }

    void damagedBytesAreRefused()
    {
        const ProjectIndex index = indexProject(loadProject({test::exampleDir()}), test::parserOptions());
        const QByteArray bytes = serializeUnit(index.units.first());
        QVERIFY(!deserializeUnit(bytes.left(bytes.size() / 2)));
        QVERIFY(!deserializeUnit(bytes + "x"));
        QVERIFY(!deserializeUnit(QByteArray()));
        QByteArray otherVersion = bytes;
        otherVersion[3] = char(otherVersion[3] + 1); // the format version leads the bytes
        QVERIFY(!deserializeUnit(otherVersion));
    }

    // The second analysis of an unchanged project parses nothing; an edit of one file
    // parses that file; an edit of the shared header parses everything that includes it.
    void reanalysisParsesOnlyWhatChanged()
    {
        QTemporaryDir dir;
        writeProject(dir);
        UnitCache cache;
        const ProjectSources sources = loadProject({dir.path()});
        const ProjectIndex cold = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(cold), 0);
        QCOMPARE(cold.kernels.size(), 5);
        QCOMPARE(cache.stats().stored, 5);

        const ProjectIndex warm = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(warm), 5);
        QCOMPARE(json(warm), json(cold));

        test::writeFile(dir, QStringLiteral("k3.cu"), kernelSource(QStringLiteral("k3"), 777));
        const ProjectIndex edited = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(parsedPaths(edited), QStringList{QStringLiteral("k3.cu")});
        QVERIFY(json(edited) != json(cold));
        QCOMPARE(json(edited), json(indexProject(sources, test::parserOptions())));

        test::writeFile(dir, QStringLiteral("common.cuh"), "#pragma once\n#define SCALE 3.0f   \n");
        const ProjectIndex headerEdited = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(headerEdited), 0);

        // Different flags are a different key: a define changes what the code means.
        LoadOptions withDefine;
        withDefine.extraDefines << QStringLiteral("EXTRA=1");
        const ProjectIndex otherFlags
            = indexProject(loadProject({dir.path()}, withDefine), test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(otherFlags), 0);
    }

    // Changing the device architecture re-reads only the files whose code tests
    // __CUDA_ARCH__; the others are the same program on every GPU and come from the cache.
    void architectureChangeReparsesOnlyArchDependentFiles()
    {
        QTemporaryDir dir;
        writeProject(dir);
        test::writeFile(dir, QStringLiteral("tc.cu"),
            "__global__ void tc(float* out, const float* in) {\n"
            "    int i = threadIdx.x;\n"
            "#if __CUDA_ARCH__ >= 800\n"
            "    out[i] = in[i] * in[i + 1];\n"
            "#else\n"
            "    out[i] = 0;\n"
            "#endif\n"
            "}\n");
        UnitCache cache;
        const ProjectSources sources = loadProject({dir.path()});
        ParserOptions hopper = test::parserOptions();
        hopper.deviceArch = *CudaArch::fromText(QStringLiteral("sm_90"));
        const ProjectIndex cold = indexProject(sources, hopper, {}, nullptr, &cache);
        QCOMPARE(fromCache(cold), 0);
        QCOMPARE(fromCache(indexProject(sources, hopper, {}, nullptr, &cache)), 6);

        ParserOptions turing = hopper;
        turing.deviceArch = *CudaArch::fromText(QStringLiteral("sm_75"));
        const ProjectIndex older = indexProject(sources, turing, {}, nullptr, &cache);
        QCOMPARE(parsedPaths(older), QStringList{QStringLiteral("tc.cu")});
        QVERIFY(json(older) != json(cold));
        QCOMPARE(json(older), json(indexProject(sources, turing)));
        QCOMPARE(older.deviceArch.name(), QStringLiteral("sm_75"));
    }

    // A saved file goes through reindexFiles (the app's watcher): that file is parsed and
    // remembered, and saving it back gives the first results again.
    void incrementalReindexUsesTheCache()
    {
        QTemporaryDir dir;
        writeProject(dir);
        UnitCache cache;
        const ProjectSources sources = loadProject({dir.path()});
        const ProjectIndex first = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        const QString k1 = QDir::cleanPath(dir.filePath(QStringLiteral("k1.cu")));

        test::writeFile(dir, QStringLiteral("k1.cu"), kernelSource(QStringLiteral("k1"), 500));
        const int missesBefore = cache.stats().misses;
        const int storedBefore = cache.stats().stored;
        const ProjectIndex changed
            = reindexFiles(first, sources, filesAffectedBy(first, sources, {k1}), test::parserOptions(), &cache);
        QCOMPARE(cache.stats().misses, missesBefore + 1);
        QCOMPARE(cache.stats().stored, storedBefore + 1);
        QCOMPARE(json(changed), json(indexProject(sources, test::parserOptions())));
        QVERIFY(json(changed) != json(first));

        // The next full analysis takes the saved file's new parse from the cache.
        const ProjectIndex reopened = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(reopened), 5);
        QCOMPARE(json(reopened), json(changed));

        test::writeFile(dir, QStringLiteral("k1.cu"), kernelSource(QStringLiteral("k1"), 11));
        const ProjectIndex reverted
            = reindexFiles(changed, sources, filesAffectedBy(changed, sources, {k1}), test::parserOptions(), &cache);
        QCOMPARE(json(reverted), json(first));
    }

    // A new cache object on the same folder (a new process) starts warm; the output is the
    // same bytes as without any cache; the analysed project is not written to.
    void diskCacheServesANewProcess()
    {
        QTemporaryDir dir;
        QTemporaryDir cacheDir;
        writeProject(dir);
        const QStringList projectFilesBefore = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden);
        const ProjectSources sources = loadProject({dir.path()});
        const QByteArray uncached = json(indexProject(sources, test::parserOptions()));
        {
            UnitCache cache(cacheDir.path());
            QCOMPARE(json(indexProject(sources, test::parserOptions(), {}, nullptr, &cache)), uncached);
        }
        QCOMPARE(entryFiles(cacheDir.path()).size(), 5);
        UnitCache fresh(cacheDir.path());
        const ProjectIndex warm = indexProject(sources, test::parserOptions(), {}, nullptr, &fresh);
        QCOMPARE(fresh.stats().diskHits, 5);
        QCOMPARE(fromCache(warm), 5);
        QCOMPARE(json(warm), uncached);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden), projectFilesBefore);
    }

    // Flipped bytes, a cut-off file, garbage and an empty file are each detected, deleted
    // and rebuilt by the parse; the results equal the uncached ones.
    void corruptDiskEntriesAreRebuilt()
    {
        QTemporaryDir dir;
        QTemporaryDir cacheDir;
        writeProject(dir);
        const ProjectSources sources = loadProject({dir.path()});
        const QByteArray uncached = json(indexProject(sources, test::parserOptions()));
        {
            UnitCache cache(cacheDir.path());
            indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        }
        const QStringList entries = entryFiles(cacheDir.path());
        QCOMPARE(entries.size(), 5);
        const auto rewrite = [](const QString& path, const std::function<QByteArray(QByteArray)>& damage) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = damage(file.readAll());
            file.close();
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(bytes);
        };
        rewrite(entries[0], [](QByteArray b) {
            b[b.size() - 100] = char(b[b.size() - 100] ^ 0x5a); // inside the payload
            return b;
        });
        rewrite(entries[1], [](QByteArray b) { return b.left(b.size() / 3); });
        rewrite(entries[2], [](QByteArray) { return QByteArray("not a cache entry at all"); });
        rewrite(entries[3], [](QByteArray) { return QByteArray(); });

        UnitCache damaged(cacheDir.path());
        const ProjectIndex rebuilt = indexProject(sources, test::parserOptions(), {}, nullptr, &damaged);
        QCOMPARE(damaged.stats().corrupt, 4);
        QCOMPARE(damaged.stats().diskHits, 1);
        QCOMPARE(fromCache(rebuilt), 1);
        QCOMPARE(json(rebuilt), uncached);

        // Rebuilt on disk: a third process is served everything.
        UnitCache again(cacheDir.path());
        QCOMPARE(json(indexProject(sources, test::parserOptions(), {}, nullptr, &again)), uncached);
        QCOMPARE(again.stats().diskHits, 5);
        QCOMPARE(again.stats().corrupt, 0);
    }

    // What must not be remembered: unreadable and skipped files.
    void skippedFilesAreNotCached()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("binary.cu"),
            QByteArray("\x7f"
                       "ELF\0\0\0\x01\x02",
                9));
        test::writeFile(dir, QStringLiteral("ok.cu"), kernelSource(QStringLiteral("ok"), 4));
        test::writeFile(dir, QStringLiteral("common.cuh"), "#define SCALE 1.0f\n");
        UnitCache cache;
        const ProjectSources sources = loadProject({dir.path()});
        indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        const ProjectIndex again = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(parsedPaths(again), QStringList{QStringLiteral("binary.cu")});
        QVERIFY(!cache.lookup(QDir::cleanPath(dir.filePath(QStringLiteral("gone.cu"))),
            UnitCache::keyFor(SourceFile{dir.filePath(QStringLiteral("gone.cu")), {}, false}, test::parserOptions())));
    }

    void clearAndTrimEmptyTheFolder()
    {
        QTemporaryDir dir;
        QTemporaryDir cacheDir;
        writeProject(dir);
        UnitCache cache(cacheDir.path());
        const ProjectSources sources = loadProject({dir.path()});
        indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(entryFiles(cacheDir.path()).size(), 5);
        const qint64 oneEntry = QFileInfo(entryFiles(cacheDir.path()).first()).size();
        cache.trimDisk(oneEntry * 2 + oneEntry / 2);
        const int kept = int(entryFiles(cacheDir.path()).size());
        QVERIFY2(kept >= 1 && kept <= 3, qPrintable(QString::number(kept)));
        cache.clear();
        QVERIFY(entryFiles(cacheDir.path()).isEmpty());
        const ProjectIndex after = indexProject(sources, test::parserOptions(), {}, nullptr, &cache);
        QCOMPARE(fromCache(after), 0);
    }
};

QTEST_GUILESS_MAIN(TestUnitCache)
#include "test_unit_cache.moc"

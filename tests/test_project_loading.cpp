// SPDX-License-Identifier: GPL-3.0-or-later
// Finding sources: folders, explicit files, compile databases and their flags.
#include "TestSupport.h"
#include "project/CommandLineSplitter.h"
#include "project/CompileDatabase.h"
#include "project/CompilerFlagFilter.h"
#include "project/ProjectLoader.h"

#include <QtTest>

using namespace slicewatt;

class ProjectLoadingTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void splitsShellQuoting_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("plain") << "nvcc -c a.cu" << QStringList{"nvcc", "-c", "a.cu"};
        QTest::newRow("double quotes") << "nvcc \"-DNAME=\\\"x y\\\"\" a.cu"
                                       << QStringList{"nvcc", "-DNAME=\"x y\"", "a.cu"};
        QTest::newRow("single quotes") << "nvcc '-I/path with space' a.cu"
                                       << QStringList{"nvcc", "-I/path with space", "a.cu"};
        QTest::newRow("escaped space") << "nvcc -I/a\\ b x.cu" << QStringList{"nvcc", "-I/a b", "x.cu"};
        QTest::newRow("extra spaces") << "  nvcc   -c  " << QStringList{"nvcc", "-c"};
        QTest::newRow("empty quotes") << "nvcc \"\" x" << QStringList{"nvcc", "", "x"};
    }
    void splitsShellQuoting()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, expected);
        QCOMPARE(splitCommandLine(command), expected);
    }

    void keepsIncludesDefinesAndStandard()
    {
        const QStringList args = {"/usr/local/cuda/bin/nvcc", "-Iinclude", "-I", "/abs/inc", "-isystem", "third",
            "-DBLOCK=256", "-D", "USE_TEX", "-UOLD", "--std=c++14", "-include", "pre.h", "-c", "src/a.cu", "-o", "a.o"};
        const FilteredFlags flags = filterCompilerFlags(args, "/proj/build", "src/a.cu");
        QCOMPARE(flags.kept,
            (QStringList{"-I/proj/build/include", "-I/abs/inc", "-isystem", "/proj/build/third", "-DBLOCK=256",
                "-DUSE_TEX", "-UOLD", "-std=c++14", "-include", "/proj/build/pre.h"}));
        QVERIFY2(flags.dropped.isEmpty(), qPrintable(flags.dropped.join(' ')));
    }

    void dropsNvccOnlyFlagsAndReportsThem()
    {
        const QStringList args = {"nvcc", "-gencode", "arch=compute_80,code=sm_80",
            "--generate-code=arch=compute_70,code=sm_70", "-arch", "sm_86", "-rdc=true", "-ccbin", "g++-12",
            "-Xcompiler", "-fopenmp", "--expt-relaxed-constexpr", "--expt-extended-lambda",
            "-forward-unknown-to-host-compiler", "-O3", "-lineinfo", "-x", "cu", "-c", "k.cu"};
        const FilteredFlags flags = filterCompilerFlags(args, "/p", "k.cu");
        QVERIFY(flags.kept.isEmpty());
        for (const QString& expected : {QStringLiteral("-gencode arch=compute_80,code=sm_80"),
                 QStringLiteral("--generate-code=arch=compute_70,code=sm_70"), QStringLiteral("-arch sm_86"),
                 QStringLiteral("-rdc=true"), QStringLiteral("-ccbin g++-12"), QStringLiteral("-Xcompiler -fopenmp"),
                 QStringLiteral("--expt-relaxed-constexpr"), QStringLiteral("--expt-extended-lambda"),
                 QStringLiteral("-forward-unknown-to-host-compiler"), QStringLiteral("-lineinfo")})
            QVERIFY2(flags.dropped.contains(expected),
                qPrintable(expected + " not reported; got " + flags.dropped.join(" | ")));
        // Code generation and output flags are dropped silently: nothing to tell the user.
        QVERIFY(!flags.dropped.contains("-O3"));
        QVERIFY(!flags.dropped.contains("-c"));
        QVERIFY(!flags.dropped.contains("k.cu"));
    }

    void readsCompileDatabaseBothForms()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "src/a.cu", "__global__ void a() {}\n");
        test::writeFile(dir, "src/b.cu", "__global__ void b() {}\n");
        test::writeFile(dir, "src/host.cpp", "int main() { return 0; }\n");
        const QString root = dir.path();
        const QByteArray json = QStringLiteral(R"([
  {"directory": "%1", "file": "src/a.cu", "arguments": ["nvcc", "-I%1/inc", "-arch=sm_80", "-c", "src/a.cu"]},
  {"directory": "%1", "file": "%1/src/b.cu", "command": "nvcc -DX=1 --expt-relaxed-constexpr -c %1/src/b.cu"},
  {"directory": "%1", "file": "src/host.cpp", "command": "g++ -c src/host.cpp"},
  {"directory": "%1", "file": "src/gone.cu", "command": "nvcc -c src/gone.cu"}
])")
                                    .arg(root)
                                    .toUtf8();
        const QString dbPath = test::writeFile(dir, "build/compile_commands.json", json);
        const ProjectSources sources = loadProject({dbPath});
        QCOMPARE(sources.units.size(), 2); // host-only .cpp ignored, missing file reported
        QCOMPARE(sources.units[0].path, QDir::cleanPath(root + "/src/a.cu"));
        QVERIFY(sources.units[0].flags.contains("-I" + QDir::cleanPath(root + "/inc")));
        QVERIFY(sources.units[1].flags.contains("-DX=1"));
        QCOMPARE(sources.droppedFlags, (QStringList{"--expt-relaxed-constexpr", "-arch=sm_80"}));
        bool missingReported = false;
        bool droppedReported = false;
        for (const Diagnostic& d : sources.diagnostics) {
            missingReported |= d.file.endsWith("gone.cu") && d.message.contains("missing");
            droppedReported |= d.message.contains("--expt-relaxed-constexpr");
        }
        QVERIFY(missingReported);
        QVERIFY(droppedReported);
    }

    // Rodinia's main.cu includes kernel.cu: kernel.cu belongs to main.cu's translation unit
    // (it uses main.cu's types), so it is a header the indexer reads inside its includer.
    void includedSourcesBelongToTheirIncluder()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "bfs/main.cu",
            "#define MAX_THREADS 512\nstruct Node { int start; };\n#include \"kernel.cu\"\n"
            "  #  include <more/kernel2.cu>\nint main() { return 0; }\n");
        test::writeFile(dir, "bfs/kernel.cu", "__global__ void expand(Node* g) { g[0].start = MAX_THREADS; }\n");
        test::writeFile(dir, "include/more/kernel2.cu", "__global__ void commit(int* c) { c[0] = 1; }\n");
        test::writeFile(dir, "bfs/alone.cu", "__global__ void alone(int* c) { c[0] = 2; }\n");
        test::writeFile(dir, "bfs/notes.cu", "// #include \"alone.cu\" is only mentioned here\n");
        // Rodinia's mummergpu: `#include <mummergpu_kernel.cu>` beside the includer (built with
        // -I.; clang reads it from there too): one translation unit, not the kernel twice.
        test::writeFile(dir, "mummer/mummergpu.cu", "#include <mummergpu_kernel.cu>\nint main() { return 0; }\n");
        test::writeFile(dir, "mummer/mummergpu_kernel.cu", "__global__ void match(int* m) { m[0] = 1; }\n");
        const ProjectSources sources = loadProject({dir.path()});
        QStringList units;
        for (const SourceFile& file : sources.units)
            units << QFileInfo(file.path).fileName();
        QStringList headers;
        for (const SourceFile& file : sources.headers) {
            headers << QFileInfo(file.path).fileName();
            QVERIFY(file.isHeader);
        }
        QCOMPARE(units, (QStringList{"alone.cu", "main.cu", "notes.cu", "mummergpu.cu"}));
        // the second through -I…/include, the third beside its includer
        QCOMPARE(headers, (QStringList{"kernel.cu", "kernel2.cu", "mummergpu_kernel.cu"}));
    }

    // A compile database decides translation units itself: a file it names stays one even
    // when another file includes it.
    void compileDatabaseKeepsIncludedUnits()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "main.cu", "#include \"kernel.cu\"\n");
        test::writeFile(dir, "kernel.cu", "__global__ void k() {}\n");
        const QByteArray json = QStringLiteral(R"([
  {"directory": "%1", "file": "main.cu", "command": "nvcc -c main.cu"},
  {"directory": "%1", "file": "kernel.cu", "command": "nvcc -c kernel.cu"}
])")
                                    .arg(dir.path())
                                    .toUtf8();
        const ProjectSources sources = loadProject({test::writeFile(dir, "compile_commands.json", json)});
        QCOMPARE(sources.units.size(), 2);
        QVERIFY(sources.headers.isEmpty());
    }

    void malformedCompileDatabaseNamesTheLine()
    {
        QTemporaryDir dir;
        const QString path
            = test::writeFile(dir, "compile_commands.json", "[\n  {\"file\": \"a.cu\",\n   \"command\": }\n]\n");
        const CompileDatabase db = readCompileDatabase(path);
        QVERIFY(db.commands.isEmpty());
        QCOMPARE(db.diagnostics.size(), 1);
        QCOMPARE(db.diagnostics[0].file, path);
        QCOMPARE(db.diagnostics[0].line, 3);
        QVERIFY(db.diagnostics[0].message.contains("malformed"));

        const QString notArray = test::writeFile(dir, "other.json", "{\"file\": \"a.cu\"}");
        QVERIFY(readCompileDatabase(notArray).diagnostics.value(0).message.contains("array"));
    }

    void scansFoldersRecursively()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "src/kernels.cu", "__global__ void k() {}\n");
        test::writeFile(dir, "src/common.cuh", "__device__ int f();\n");
        test::writeFile(dir, "src/device_in_cpp.cpp", "__global__ void c() {}\n");
        test::writeFile(dir, "src/host_only.cpp", "int main() {}\n");
        test::writeFile(dir, "src/device.hpp", "__device__ inline int g() { return 1; }\n");
        test::writeFile(dir, "src/plain.h", "int h();\n");
        test::writeFile(dir, "include/lib/api.cuh", "__device__ int api();\n");
        test::writeFile(dir, ".git/hidden.cu", "__global__ void hidden() {}\n");
        test::writeFile(dir, "README.md", "# not code\n");
        const ProjectSources sources = loadProject({dir.path()});
        QStringList units;
        for (const SourceFile& f : sources.units)
            units << QDir(dir.path()).relativeFilePath(f.path);
        QStringList headers;
        for (const SourceFile& f : sources.headers)
            headers << QDir(dir.path()).relativeFilePath(f.path);
        QCOMPARE(units, (QStringList{"src/device_in_cpp.cpp", "src/kernels.cu"}));
        QCOMPARE(headers, (QStringList{"include/lib/api.cuh", "src/common.cuh", "src/device.hpp"}));
        // Folders named include are offered to every file, as most CUDA projects expect.
        QVERIFY(sources.units[0].flags.contains("-I" + QDir::cleanPath(dir.path() + "/include")));
        QVERIFY(sources.diagnostics.isEmpty());
    }

    void explicitFilesAndMissingInputs()
    {
        QTemporaryDir dir;
        const QString odd = test::writeFile(dir, "kernel.cuda", "__global__ void k() {}\n");
        const ProjectSources sources = loadProject({odd, dir.filePath("nope.cu")}, LoadOptions{{"/extra"}, {"FOO=2"}});
        QCOMPARE(sources.units.size(), 1);
        QVERIFY(sources.units[0].flags.contains("-I/extra"));
        QVERIFY(sources.units[0].flags.contains("-DFOO=2"));
        QCOMPARE(sources.diagnostics.size(), 1);
        QVERIFY(sources.diagnostics[0].isError());
        QVERIFY(sources.diagnostics[0].file.endsWith("nope.cu"));
    }
};

QTEST_GUILESS_MAIN(ProjectLoadingTest)
#include "test_project_loading.moc"

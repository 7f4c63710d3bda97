// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Issue 17: the PTX reader on committed PTX (nvcc 13, sm_75, -lineinfo, of
// tests/ptx/saxpy_reduce.cu) with blocks, edges, loops and classes counted by hand, and on
// hand-written PTX for what nvcc did not produce here.
#include "TestSupport.h"

#include "frontend/CudaPrelude.h"
#include "ptx/PtxCache.h"
#include "ptx/PtxCompiler.h"
#include "ptx/PtxEnergyClass.h"
#include "ptx/PtxLaunchFeatures.h"
#include "ptx/PtxNames.h"
#include "ptx/PtxReader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace slicewatt;

namespace {

PtxModule committed()
{
    QFile file(test::sourceDir() + QStringLiteral("/tests/ptx/saxpy_reduce.sm75.ptx"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("tests/ptx/saxpy_reduce.sm75.ptx is missing");
    return readPtx(file.readAll(), QStringLiteral("saxpy_reduce.sm75.ptx"));
}

const PtxFunction* function(const PtxModule& module, const QString& name)
{
    for (const PtxFunction& f : module.functions) {
        if (f.name == name)
            return &f;
    }
    return nullptr;
}

int count(const PtxFunction& f, PtxClass c)
{
    return f.counts()[size_t(c)];
}

// SliceWatt's prelude on disk, for clang.
QString writePrelude(const QTemporaryDir& dir)
{
    if (!CudaPrelude::instance().writeTo(dir.path()))
        qFatal("cannot write the prelude");
    return dir.path();
}

} // namespace

class PtxTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void moduleHeader()
    {
        const PtxModule module = committed();
        QVERIFY2(module.problems.isEmpty(), qPrintable(module.problems.join('\n')));
        QCOMPARE(module.version, QStringLiteral("9.0"));
        QCOMPARE(module.target, QStringLiteral("sm_75"));
        QCOMPARE(module.files.value(1), QStringLiteral("saxpy_reduce.cu"));
        QCOMPARE(module.functions.size(), 2); // the debug section is not a function
    }

    // saxpyLoop: the loop over k unrolled by 4 with a remainder loop, counted by hand from
    // the PTX: 10 blocks, two self loops, 50 instructions.
    void saxpyByHand()
    {
        const PtxModule module = committed();
        const PtxFunction* f = function(module, "_Z9saxpyLoopPfPKffi");
        QVERIFY(f);
        QVERIFY(f->isEntry);
        QCOMPARE(f->blocks.size(), 10);
        QVector<int> sizes;
        for (const PtxBlock& b : f->blocks)
            sizes << int(b.instructions.size());
        QCOMPARE(sizes, (QVector<int>{11, 6, 5, 3, 13, 2, 2, 6, 1, 1}));
        QCOMPARE(f->blocks[4].label, QStringLiteral("$L__BB0_4"));
        QCOMPARE(f->blocks[0].successors, (QVector<int>{9, 1})); // @%p1 bra $L__BB0_9, fall through
        QCOMPARE(f->blocks[3].successors, (QVector<int>{4}));
        QCOMPARE(f->blocks[4].successors, (QVector<int>{4, 5}));
        QCOMPARE(f->blocks[9].successors, (QVector<int>{})); // ret
        QCOMPARE(f->backEdges, (QVector<std::pair<int, int>>{{4, 4}, {7, 7}}));
        QVector<int> depth;
        for (const PtxBlock& b : f->blocks)
            depth << b.loopDepth;
        QCOMPARE(depth, (QVector<int>{0, 0, 0, 0, 1, 0, 0, 1, 0, 0}));
        QCOMPARE(count(*f, PtxClass::Param), 4);
        QCOMPARE(count(*f, PtxClass::Global), 7);
        QCOMPARE(count(*f, PtxClass::Compute), 24);
        QCOMPARE(count(*f, PtxClass::Other), 8);
        QCOMPARE(count(*f, PtxClass::Branch), 7);
        QCOMPARE(count(*f, PtxClass::Shared), 0);
        // The unrolled body's loads are on source line 7, its induction update on line 6.
        const PtxBlock& body = f->blocks[4];
        QCOMPARE(body.instructions.first().opcode, QStringLiteral("ld.global.f32"));
        QCOMPARE(body.instructions.first().line, 7);
        QCOMPARE(body.instructions[8].line, 6);
        QCOMPARE(body.instructions.last().target, QStringLiteral("$L__BB0_4"));
        QVERIFY(body.instructions.last().predicated);
    }

    // reduceShared: the tree loop with a guarded body, __syncthreads, the atomicAdd inlined
    // from CUDA's header (its line is the call site, 24).
    void reduceByHand()
    {
        const PtxModule module = committed();
        const PtxFunction* f = function(module, "_Z12reduceSharedPKfPfi");
        QVERIFY(f);
        QCOMPARE(f->blocks.size(), 9);
        QCOMPARE(f->backEdges, (QVector<std::pair<int, int>>{{5, 3}}));
        QVector<int> depth;
        for (const PtxBlock& b : f->blocks)
            depth << b.loopDepth;
        QCOMPARE(depth, (QVector<int>{0, 0, 0, 1, 1, 1, 0, 0, 0}));
        QCOMPARE(count(*f, PtxClass::Param), 3);
        QCOMPARE(count(*f, PtxClass::Global), 2); // ld.global, atom.global
        QCOMPARE(count(*f, PtxClass::Shared), 5);
        QCOMPARE(count(*f, PtxClass::Sync), 2);
        QCOMPARE(count(*f, PtxClass::Branch), 6);
        QCOMPARE(count(*f, PtxClass::Compute), 15);
        QCOMPARE(count(*f, PtxClass::Other), 7);
        QCOMPARE(f->sharedBytes, 1024);
        const PtxInstruction& atomic = f->blocks[7].instructions.last();
        QCOMPARE(atomic.opcode, QStringLiteral("atom.global.add.f32"));
        QCOMPARE(atomic.file, 1);
        QCOMPARE(atomic.line, 24);
    }

    void opcodeClasses_data()
    {
        QTest::addColumn<QString>("opcode");
        QTest::addColumn<int>("cls");
        QTest::newRow("generic load") << "ld.f32" << int(PtxClass::Global);
        QTest::newRow("non-coherent") << "ld.global.nc.v4.f32" << int(PtxClass::Global);
        QTest::newRow("async copy") << "cp.async.ca.shared.global" << int(PtxClass::Global);
        QTest::newRow("constant") << "ld.const.u32" << int(PtxClass::Constant);
        QTest::newRow("local spill") << "st.local.u64" << int(PtxClass::Local);
        QTest::newRow("texture") << "tex.2d.v4.f32.f32" << int(PtxClass::Texture);
        QTest::newRow("shared atomic") << "atom.shared.add.u32" << int(PtxClass::Shared);
        QTest::newRow("sfu") << "ex2.approx.ftz.f32" << int(PtxClass::Compute);
        QTest::newRow("convert") << "cvt.rn.f32.s32" << int(PtxClass::Compute);
        QTest::newRow("move") << "mov.u32" << int(PtxClass::Other);
        QTest::newRow("shuffle") << "shfl.sync.down.b32" << int(PtxClass::Other);
        QTest::newRow("barrier") << "bar.sync" << int(PtxClass::Sync);
        QTest::newRow("fence") << "membar.gl" << int(PtxClass::Sync);
        QTest::newRow("call") << "call.uni" << int(PtxClass::Branch);
    }
    void opcodeClasses()
    {
        QFETCH(QString, opcode);
        QFETCH(int, cls);
        QCOMPARE(int(classifyPtxOpcode(opcode)), cls);
    }

    // What nvcc did not write here: a .func with return parameters, a nested call block, a
    // while loop inside a loop (depth 2), an unconditional back jump, an extern prototype,
    // and an instruction the reader cannot read (named, the rest still read).
    void handWrittenShapes()
    {
        const QByteArray ptx = R"(
.version 8.0
.target sm_70
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);
.visible .func  (.param .b32 func_retval0) _Z6squarei(
	.param .b32 _Z6squarei_param_0
)
{
	.reg .b32 %r<3>;
	ld.param.u32 %r1, [_Z6squarei_param_0];
	mul.lo.s32 %r2, %r1, %r1;
	st.param.b32 [func_retval0+0], %r2;
	ret;
}
.visible .entry nested(.param .u64 p)
{
	.reg .pred %p<3>;
	.reg .b32 %r<9>;
	mov.u32 %r1, 0;
$outer:
	mov.u32 %r2, 0;
$inner:
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p1, %r2, 8;
	@%p1 bra $inner;
	{
	.reg .b32 temp;
	call.uni (retval0), _Z6squarei, (param0);
	}
	add.s32 %r1, %r1,
		1;
	setp.lt.s32 %p2, %r1, 4;
	@!%p2 bra $done;
	bra.uni $outer;
$done:
	?? %r1;
	ret;
}
)";
        const PtxModule module = readPtx(ptx, "hand.ptx");
        QCOMPARE(module.functions.size(), 2); // the prototype is no function
        const PtxFunction* square = function(module, "_Z6squarei");
        QVERIFY(square);
        QVERIFY(!square->isEntry);
        QCOMPARE(count(*square, PtxClass::Param), 2);
        QCOMPARE(count(*square, PtxClass::Compute), 1);
        const PtxFunction* nested = function(module, "nested");
        QVERIFY(nested);
        QCOMPARE(nested->backEdges.size(), 2);
        int deepest = 0;
        for (const PtxBlock& b : nested->blocks)
            deepest = std::max(deepest, b.loopDepth);
        QCOMPARE(deepest, 2); // $inner inside $outer
        QCOMPARE(count(*nested, PtxClass::Branch), 5); // bra, call, bra, bra.uni, ret
        QCOMPARE(module.problems.size(), 1);
        QVERIFY2(module.problems.first().startsWith("hand.ptx:"), qPrintable(module.problems.first()));
        QVERIFY(module.problems.first().contains("??"));
    }

    // Whatever producer this machine has (nvcc where CUDA is installed, Debian's clang with
    // the prelude in CI) compiles the committed source to PTX the reader reads: both
    // kernels, the loops, the loads on their source lines; a broken file is an error in words.
    void producersCompileTheCommittedSource()
    {
        const QVector<PtxProducer> producers = findPtxProducers();
        if (producers.isEmpty())
            QFAIL("neither nvcc nor clang is installed: scripts/install-deps.sh installs clang");
        QTemporaryDir prelude;
        QTemporaryDir broken;
        const QString bad = test::writeFile(broken, "broken.cu", "__global__ void k(float* p) { p[0] = ; }\n");
        for (const PtxProducer& producer : producers) {
            PtxRequest request;
            request.sourceFile = test::sourceDir() + "/tests/ptx/saxpy_reduce.cu";
            request.preludeFolder = writePrelude(prelude);
            const PtxCompilation compiled = compilePtx(producer, request);
            QVERIFY2(compiled.ok(), qPrintable(compiled.command + "\n" + compiled.error));
            const PtxModule module = readPtx(compiled.ptx, producer.name());
            QVERIFY2(module.problems.isEmpty(), qPrintable(module.problems.join('\n')));
            QCOMPARE(module.target, compiled.arch);
            const PtxFunction* saxpy = function(module, "_Z9saxpyLoopPfPKffi");
            const PtxFunction* reduce = function(module, "_Z12reduceSharedPKfPfi");
            QVERIFY2(saxpy && reduce, qPrintable(producer.name()));
            QVERIFY(!saxpy->backEdges.isEmpty());
            QVERIFY(!reduce->backEdges.isEmpty());
            QVERIFY(count(*reduce, PtxClass::Shared) >= 4);
            QVERIFY(count(*reduce, PtxClass::Sync) == 2);
            bool loadOnLine7 = false;
            for (const PtxBlock& block : saxpy->blocks) {
                for (const PtxInstruction& i : block.instructions)
                    loadOnLine7 = loadOnLine7 || (i.cls == PtxClass::Global && i.line == 7 && block.loopDepth > 0);
            }
            QVERIFY2(loadOnLine7, qPrintable(producer.name()));

            request.sourceFile = bad;
            const PtxCompilation failed = compilePtx(producer, request);
            QVERIFY(!failed.ok());
            QVERIFY2(failed.error.contains("broken.cu"), qPrintable(failed.error));
            QVERIFY(QDir(broken.path()).entryList(QDir::Files) == QStringList{"broken.cu"}); // nothing beside it
        }
        // nvcc 13 takes sm_75 and newer: the V100's sm_70 maps, and the note says so.
        QString note;
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Nvcc, "nvcc", "13.0"}, "sm_70", &note), QStringLiteral("sm_75"));
        QVERIFY(note.contains("sm_70"));
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Nvcc, "nvcc", "12.4"}, "sm_70", &note), QStringLiteral("sm_70"));
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Clang, "clang++", "14.0.6"}, "sm_35", &note), QStringLiteral("sm_35"));
        // clang 14 knows sm_86 at most: an H100's sm_90 is compiled for sm_86, and said.
        note.clear();
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Clang, "clang++", "14.0.6"}, "sm_90", &note), QStringLiteral("sm_86"));
        QVERIFY2(note.contains("clang 14.0.6 does not compile for sm_90: PTX for sm_86"), qPrintable(note));
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Clang, "clang++", "17.0.1"}, "sm_90", &note), QStringLiteral("sm_90"));
        QCOMPARE(ptxArchFor({PtxProducer::Kind::Clang, "clang++", "17.0.1"}, "sm_120", &note), QStringLiteral("sm_90"));
        // And the compile itself: with clang, PTX for the H100 comes back for sm_86.
        for (const PtxProducer& producer : producers) {
            if (producer.kind != PtxProducer::Kind::Clang || !producer.version.startsWith(QLatin1String("14.")))
                continue;
            PtxRequest request;
            request.sourceFile = test::sourceDir() + "/tests/ptx/saxpy_reduce.cu";
            request.preludeFolder = writePrelude(prelude);
            request.arch = QStringLiteral("sm_90");
            const PtxCompilation compiled = compilePtx(producer, request);
            QVERIFY2(compiled.ok(), qPrintable(compiled.command + "\n" + compiled.error));
            QCOMPARE(compiled.arch, QStringLiteral("sm_86"));
            QVERIFY2(compiled.notes.join(' ').contains("PTX for sm_86"), qPrintable(compiled.notes.join(' ')));
        }
    }

    // What -MD writes, as nvcc and clang write it: the first rule's prerequisites, continued
    // lines joined, escaped spaces kept, -MP's phony targets after it ignored.
    void makeDependencies()
    {
        QCOMPARE(readMakeDependencies("out.ptx : /p/a.cu \\\n    /usr/include/x.h \\\n    /p/b.cuh\n"),
            (QStringList{"/p/a.cu", "/usr/include/x.h", "/p/b.cuh"}));
        QCOMPARE(readMakeDependencies("device.ptx: /my\\ project/a.cu /my\\ project/h.h\n\n/my\\ project/h.h:\n"),
            (QStringList{"/my project/a.cu", "/my project/h.h"}));
        QCOMPARE(readMakeDependencies("C:/x.ptx: C:/a.cu\r\n"), (QStringList{"C:/a.cu"}));
        QVERIFY(readMakeDependencies("no rule here").isEmpty());
        QVERIFY(readMakeDependencies("").isEmpty());
    }

    // The PTX cache, with every producer on the machine: a second compile of the same file,
    // even with the prelude in another temporary folder (every run writes a new one), starts
    // no compiler; editing a header the file includes compiles it again; a damaged entry is
    // deleted and compiled over; a failed compile is not remembered; nothing is written beside
    // the project.
    void cacheRemembersPtxUntilAFileItReadChanges()
    {
        const QVector<PtxProducer> producers = findPtxProducers();
        if (producers.isEmpty())
            QFAIL("neither nvcc nor clang is installed: scripts/install-deps.sh installs clang");
        for (const PtxProducer& producer : producers) {
            cacheRemembersPtxOf(producer);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void energyClasses_data()
    {
        QTest::addColumn<QString>("opcode");
        QTest::addColumn<QString>("energyClass");
        QTest::newRow("float fma") << "fma.rn.f32"
                                   << "float_arithmetic";
        QTest::newRow("double add") << "add.f64"
                                    << "double_arithmetic";
        QTest::newRow("integer mad") << "mad.lo.s32"
                                     << "integer_arithmetic";
        QTest::newRow("float division") << "div.rn.f32"
                                        << "float_division";
        QTest::newRow("reciprocal") << "rcp.approx.ftz.f64"
                                    << "double_division";
        QTest::newRow("integer remainder") << "rem.s32"
                                           << "integer_division";
        QTest::newRow("exp") << "ex2.approx.ftz.f32"
                             << "float_sfu";
        QTest::newRow("float compare") << "setp.lt.f32"
                                       << "float_other";
        QTest::newRow("convert widest") << "cvt.rn.f64.s32"
                                        << "double_other";
        QTest::newRow("shift") << "shl.b32"
                               << "integer_other";
        QTest::newRow("global load") << "ld.global.nc.f32"
                                     << "global_memory";
        QTest::newRow("spill") << "st.local.u32"
                               << "global_memory";
        QTest::newRow("shared store") << "st.shared.f32"
                                      << "local_memory";
        QTest::newRow("constant") << "ld.const.f32"
                                  << "local_memory";
        QTest::newRow("param") << "ld.param.u64"
                               << "";
        QTest::newRow("move") << "mov.u32"
                              << "";
        QTest::newRow("barrier") << "bar.sync"
                                 << "";
    }
    void energyClasses()
    {
        QFETCH(QString, opcode);
        QFETCH(QString, energyClass);
        const int c = ptxEnergyClass(opcode);
        QCOMPARE(c >= 0 ? energyClassName(c) : QString(), energyClass);
    }

    // saxpyLoop's line 7 in the committed PTX: the unrolled and the remainder body, 5 global
    // loads and 5 float fmas.
    void lineEnergyClassesByHand()
    {
        const PtxModule module = committed();
        const InstructionCounts line7 = ptxLineEnergyClasses(*function(module, "_Z9saxpyLoopPfPKffi"), 1, 7);
        QCOMPARE(line7[kGlobalMemoryClass], 5.0);
        QCOMPARE(line7[energyClassFromName("float_arithmetic")], 5.0);
        QCOMPARE(line7.total(), 10.0);
    }

    // METHOD §10's launch features for reduceShared (committed PTX), loop iterations 8,
    // 160 blocks of 256 threads, on test constants (not any GPU's): counts and equations
    // (1)–(4) worked out by hand from the blocks counted in reduceByHand.
    void launchFeaturesByHand()
    {
        const PtxModule module = committed();
        const PtxFunction& reduce = *function(module, "_Z12reduceSharedPKfPfi");
        const PtxClassCounts perThread = ptxThreadCounts(reduce, ptxLoopRuns(reduce, 8));
        QCOMPARE(perThread[size_t(PtxClass::Compute)], 9 + 6 * 8.0);
        QCOMPARE(perThread[size_t(PtxClass::Shared)], 2 + 3 * 8.0);
        QCOMPARE(perThread[size_t(PtxClass::Global)], 2.0);
        QCOMPARE(perThread[size_t(PtxClass::Sync)], 1 + 8.0);
        QCOMPARE(perThread[size_t(PtxClass::Branch)], 4 + 2 * 8.0);

        PtxArchitecture gpu;
        gpu.sms = 80;
        gpu.maxThreadsPerSm = 2048;
        gpu.warpSchedulers = 4;
        gpu.dispatchUnits = 4;
        gpu.loadStoreUnits = 32;
        gpu.l2Bytes = 6 * 1024 * 1024;
        gpu.globalLatencyCycles = 400;
        gpu.globalThroughput = 64;
        gpu.sharedThroughput = 128;
        const QHash<QString, double> f = ptxLaunchFeatures(perThread, 160, 256, gpu);
        QCOMPARE(f.value("total threads"), 40960.0);
        QCOMPARE(f.value("waves"), 1.0); // 512 threads per SM
        QCOMPARE(f.value("sm_active"), 80.0);
        QCOMPARE(f.value("total_inst"), 124.0);
        QCOMPARE(f.value("misc_inst_kernel"), 124.0 - 57 - 2 - 26);
        QCOMPARE(f.value("glob_inst_sm"), 2 * 512.0);
        QCOMPARE(f.value("shar_inst_sm"), 26 * 512.0);
        QCOMPARE(f.value("inst_issue_cycles"), 40960.0 / (4 * 32) * 124 / 4); // (1) 9920
        QVERIFY(qFuzzyCompare(f.value("cache_penalty"), 40960.0 * 1024 / (6291456.0 / 128) * 400)); // (2)
        QCOMPARE(f.value("glb_penalty"), 40960.0 / 32 * 128 / 64 * 1024); // (3) 2621440
        QCOMPARE(f.value("sh_penalty"), 40960.0 / (32 * 80) * 4 / 128 * 13312); // (4) 6656
        // More threads than an SM holds: waves.
        QCOMPARE(ptxLaunchFeatures(perThread, 80 * 12, 256, gpu).value("waves"), 2.0);
    }

    void sourceNames_data()
    {
        QTest::addColumn<QString>("mangled");
        QTest::addColumn<QString>("name");
        QTest::newRow("plain") << "_Z9saxpyLoopPfPKffi"
                               << "saxpyLoop";
        QTest::newRow("namespace") << "_ZN9imagepipe7tonemapEPKfPf10ToneParams"
                                   << "imagepipe::tonemap";
        QTest::newRow("template") << "_Z6reduceILi256EEvPKfPf"
                                  << "reduce";
        QTest::newRow("nvcc anonymous namespace") << "_ZN35_GLOBAL__N__2015a954_7_main_cu_main15synthesizeImageEPfiij"
                                                  << "synthesizeImage";
        QTest::newRow("clang anonymous namespace") << "_ZN12_GLOBAL__N_16kernelEv"
                                                   << "kernel";
        QTest::newRow("extern C") << "vecAdd"
                                  << "vecAdd";
        QTest::newRow("not a mangling") << "_Zzz"
                                        << "_Zzz";
    }
    void sourceNames()
    {
        QFETCH(QString, mangled);
        QFETCH(QString, name);
        QCOMPARE(ptxSourceName(mangled), name);
    }

    // `slicewatt-cli ptx` on the committed source: per kernel the classes and per line the
    // counts with loop depth; with no compiler installed it says so and exits 1.
    void ptxCommand()
    {
        const test::CliResult run = test::runCli({"ptx", test::sourceDir() + "/tests/ptx", "-f", "json"});
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        if (findPtxProducers().isEmpty()) {
            QCOMPARE(run.exitCode, 1);
            QVERIFY(root.value("producer").isNull());
            return;
        }
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(root.value("producer").toString(), findPtxProducers().first().name());
        const QJsonArray kernels = root.value("kernels").toArray();
        QCOMPARE(kernels.size(), 2);
        const QJsonObject saxpy = kernels.first().toObject();
        QCOMPARE(saxpy.value("name").toString(), QStringLiteral("saxpyLoop"));
        QVERIFY(saxpy.value("loops").toInt() >= 1);
        bool line7 = false;
        for (const QJsonValue& line : saxpy.value("lines").toArray()) {
            const QJsonObject l = line.toObject();
            if (l.value("line").toInt() == 7) {
                line7 = l.value("loop_depth").toInt() >= 1
                    && l.value("instructions").toObject().value("global").toInt() >= 1;
                QVERIFY(l.value("file").toString().endsWith("saxpy_reduce.cu"));
            }
        }
        QVERIFY(line7);
        const test::CliResult table = test::runCli({"ptx", test::sourceDir() + "/tests/ptx"});
        QVERIFY2(table.out.contains("saxpyLoop") && table.out.contains("loop depth"), table.out.constData());
        QVERIFY(!table.err.contains('\r')); // no terminal, no progress line

        // --cache-dir: the second run takes every file's PTX from the cache and says so.
        QTemporaryDir cacheDir;
        const QStringList cached{"ptx", test::sourceDir() + "/tests/ptx", "-f", "json", "--cache-dir", cacheDir.path()};
        QCOMPARE(QJsonDocument::fromJson(test::runCli(cached).out).object().value("files_from_cache").toInt(), 0);
        const QJsonObject again = QJsonDocument::fromJson(test::runCli(cached).out).object();
        QCOMPARE(again.value("files_from_cache").toInt(), again.value("files").toArray().size());
        QCOMPARE(again.value("kernels"), root.value("kernels"));
        QVERIFY(!QDir(cacheDir.filePath("ptx")).entryList({"*.ptxentry"}, QDir::Files).isEmpty());
    }

    // Not PTX at all: no functions and no crash.
    void notPtx()
    {
        const PtxModule binary = readPtx(QByteArray("\x7f"
                                                    "ELF\x02\x01\x01\0\0\0",
                                             10),
            "a.out");
        QVERIFY(binary.functions.isEmpty());
        const PtxModule cut = readPtx(".version 8.0\n.visible .entry k()\n{\n\tret;\n", "cut.ptx");
        QCOMPARE(cut.functions.size(), 1);
        QVERIFY(cut.problems.join('\n').contains("not closed"));
    }

private:
    static void cacheRemembersPtxOf(const PtxProducer& producer)
    {
        QTemporaryDir project;
        QTemporaryDir cacheDir;
        test::writeFile(project, "scale.cuh", "#pragma once\n#define SCALE 2.0f\n");
        const QString kernel = test::writeFile(project, "scale.cu",
            "#include \"scale.cuh\"\n__global__ void scale(float* p, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) p[i] *= SCALE;\n}\n");
        PtxCache cache(cacheDir.path() + "/ptx");
        const auto compile = [&](bool* cached) {
            QTemporaryDir prelude;
            PtxRequest request;
            request.sourceFile = kernel;
            request.arch = QStringLiteral("sm_75");
            request.preludeFolder = writePrelude(prelude);
            return compilePtxCached(producer, request, &cache, cached);
        };
        bool cached = true;
        const PtxCompilation first = compile(&cached);
        QVERIFY2(first.ok(), qPrintable(first.error));
        QVERIFY(!cached);
        QVERIFY2(first.dependencies.contains(QFileInfo(project.filePath("scale.cuh")).absoluteFilePath())
                || first.dependencies.contains(project.filePath("scale.cuh")),
            qPrintable(first.dependencies.join(' ')));
        QCOMPARE(cache.stats().stored, 1);

        const PtxCompilation second = compile(&cached);
        QVERIFY(cached);
        QCOMPARE(second.ptx, first.ptx);
        QCOMPARE(second.arch, first.arch);
        QCOMPARE(cache.stats().hits, 1);

        test::writeFile(project, "scale.cuh", "#pragma once\n#define SCALE 3.0f\n");
        const PtxCompilation edited = compile(&cached);
        QVERIFY(!cached);
        QVERIFY(edited.ok());
        QVERIFY(edited.ptx != first.ptx); // 2.0f became 3.0f: 0f40000000 became 0f40400000
        QVERIFY(compile(&cached).ok() && cached); // the edit is what is remembered now

        const QStringList entries = QDir(cache.diskFolder()).entryList({"*.ptxentry"}, QDir::Files);
        QCOMPARE(entries.size(), 1);
        QFile entry(QDir(cache.diskFolder()).filePath(entries.first()));
        QVERIFY(entry.open(QIODevice::ReadWrite));
        QByteArray bytes = entry.readAll();
        bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x55);
        entry.seek(0);
        entry.write(bytes);
        entry.close();
        const int corruptBefore = cache.stats().corrupt;
        const PtxCompilation repaired = compile(&cached);
        QVERIFY(!cached);
        QCOMPARE(repaired.ptx, edited.ptx);
        QCOMPARE(cache.stats().corrupt, corruptBefore + 1);
        QVERIFY(compile(&cached).ok() && cached);
        cache.clear();
        QVERIFY(QDir(cache.diskFolder()).entryList({"*.ptxentry"}, QDir::Files).isEmpty());
        QVERIFY(compile(&cached).ok() && !cached);

        const int storedBefore = cache.stats().stored;
        test::writeFile(project, "scale.cu", "__global__ void scale(float* p) { p[0] = ; }\n");
        QVERIFY(!compile(&cached).ok());
        QVERIFY(!compile(&cached).ok());
        QVERIFY(!cached);
        QCOMPARE(cache.stats().stored, storedBefore);
        QCOMPARE(QDir(project.path()).entryList(QDir::Files | QDir::Hidden | QDir::AllDirs | QDir::NoDotAndDotDot),
            (QStringList{"scale.cu", "scale.cuh"}));

        // No folder: no cache, every compile runs.
        PtxCache none{QString()};
        QTemporaryDir prelude;
        PtxRequest request;
        request.sourceFile = test::sourceDir() + "/tests/ptx/saxpy_reduce.cu";
        request.preludeFolder = writePrelude(prelude);
        QVERIFY(compilePtxCached(producer, request, &none, &cached).ok());
        QVERIFY(compilePtxCached(producer, request, &none, &cached).ok());
        QVERIFY(!cached);
        QCOMPARE(none.stats().stored, 0);
    }
};

QTEST_GUILESS_MAIN(PtxTest)
#include "test_ptx.moc"

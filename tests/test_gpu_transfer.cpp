// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 46: power that transfers. The architectures' physics (models/architectures.json), every
// catalogue GPU's data-sheet constants, a GPU described by a spec file (--gpu-spec), the clock
// dropping under the board's power limit, the bounded corrections measurements put on the
// data sheet, and the leave-one-GPU-out validation the committed model file carries.
#include "Near.h"
#include "ShippedFiles.h"
#include "TestSupport.h"
#include "calibration/LocalGpu.h"
#include "calibration/NvmlGpuSpec.h"
#include "calibration/PhysicalCorrectionFit.h"
#include "calibration/PhysicalModelFile.h"
#include "calibration/PhysicalTransfer.h"
#include "model/ArchitecturePhysics.h"
#include "model/DataSheetPhysics.h"
#include "model/GpuSpecFile.h"
#include "model/ModelLibrary.h"

#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

using test::near;

using test::shippedModelBytes;

// A T4's data-sheet figures as a user would write them, under another id.
QByteArray t4Spec(const QString& id = QStringLiteral("my-t4"))
{
    return QStringLiteral(R"({
  "format": "slicewatt-gpu-spec/1",
  "id": "%1",
  "name": "My T4",
  "compute_capability": "7.5",
  "sms": 40,
  "clocks": {"base_mhz": 585, "boost_mhz": 1590},
  "memory_bandwidth_gb_s": 320,
  "memory": {"technology": "GDDR6", "bus_width_bits": 256},
  "board_power_w": 70
})")
        .arg(id)
        .toUtf8();
}

// Work that a launch does over 1 ms at the boost clock: compute-bound (or memory-bound).
LaunchWork workOf(double computeS, double memoryS, double fp32PerS, double dramBytesPerS)
{
    LaunchWork w;
    w.overheadSeconds = 2e-6;
    w.computeSeconds = computeS;
    w.memorySeconds = memoryS;
    w.seconds = w.overheadSeconds + std::max(computeS, memoryS);
    w.activeSmShare = 1;
    w.fp32 = fp32PerS * w.seconds;
    w.dramBytes = dramBytesPerS * w.seconds;
    w.l2Bytes = w.dramBytes;
    return w;
}

// Rows of two GPUs whose power follows their data sheets with known corrections.
QVector<PhysicalFitRow> rowsFollowing(const QHash<QString, double>& multipliers, const QStringList& gpuIds)
{
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    QVector<PhysicalFitRow> rows;
    for (const QString& id : gpuIds) {
        const GpuSpec* gpu = library.gpus().find(id);
        const std::optional<DataSheetPhysics> physics = dataSheetPhysics(*gpu, ArchitectureTable::standard());
        QVector<PhysicalFitRow> mine;
        for (int k = 0; k < 12; ++k) {
            const auto v = [&](int j) { return 0.1 + ((k * 7 + j * 5 + k * j) % 11) / 10.0; };
            PhysicalFitRow row;
            row.kernel = QStringLiteral("%1|k%2").arg(id).arg(k);
            row.caseName = row.kernel;
            row.work.seconds = 1e-3;
            row.work.computeSeconds = 1e-3;
            row.work.activeSmShare = v(0) / 1.2;
            // Over 1 ms: each group draws a tenth to a half of the board's power.
            row.work.fp32 = 2e9 * v(1);
            row.work.int32 = 1e9 * v(2);
            row.work.loadStore = 2e8 * v(3);
            row.work.l2Bytes = 2e8 * v(4);
            row.work.dramBytes = 1e8 * v(5);
            setPhysicalPrior(row, *gpu, &*physics);
            row.boardW = 0; // no limit: the power the corrected constants give, never held down
            row.measuredW = physicalPower(correctedParameters(row.prior, multipliers), row.work, 0)->watts;
            mine << row;
        }
        for (PhysicalFitRow& row : mine)
            row.fitWeight = 1.0 / mine.size();
        rows += mine;
    }
    return rows;
}

} // namespace

class TestGpuTransfer : public QObject {
    Q_OBJECT

private slots:
    // The shipped table: every architecture from Kepler to Blackwell has every energy, positive,
    // each with a source; a scaled one is its neighbour's by the stated rule.
    void architecturesHaveSourcedPhysics()
    {
        const ArchitectureTable& table = ArchitectureTable::standard();
        for (const char* cc : {"3.5", "5.2", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6", "8.9", "9.0", "10.0", "12.0"}) {
            const ArchitecturePhysics* a = table.forComputeCapability(QLatin1String(cc));
            QVERIFY2(a, cc);
            for (const QString& key : architectureEnergyKeys()) {
                QVERIFY2(a->energiesPj.value(key) > 0, qPrintable(a->id + key));
                QVERIFY2(!a->sources.value(key).isEmpty(), qPrintable(a->id + key));
            }
            QVERIFY(a->smWattsPerGhz > 0 && a->idleShareOfLimit > 0 && a->voltageFloorShare > 0);
        }
        const ArchitecturePhysics* volta = table.find(QStringLiteral("volta"));
        const ArchitecturePhysics* ampere = table.find(QStringLiteral(u"ampere-ga100"));
        QCOMPARE(volta->scaledFrom, ampere->id);
        const double rule = 12.0 / 7.0 * std::pow(volta->nominalVoltageV / ampere->nominalVoltageV, 2);
        QVERIFY(near(volta->energiesPj.value(QStringLiteral("pj_fp32")),
            ampere->energiesPj.value(QStringLiteral("pj_fp32")) * rule));
        QVERIFY(volta->sources.value(QStringLiteral("pj_fp32")).startsWith(QStringLiteral("scaled from Ampere GA100")));
        for (const char* memory : {"GDDR5", "GDDR5X", "GDDR6", "GDDR6X", "GDDR7", "HBM2", "HBM2e", "HBM3", "HBM3e"})
            QVERIFY2(table.memory(QLatin1String(memory)) && table.memory(QLatin1String(memory))->pjPerBit > 0, memory);
    }

    // A table with an energy at 0, one without its source, or a scaled architecture whose
    // neighbour is unknown is refused, each problem at its line.
    void malformedArchitecturesAreRefused()
    {
        const QByteArray text = R"({
  "format": "slicewatt-architectures/1",
  "architectures": [
    {"id": "a", "compute_capabilities": ["1.0"], "process_nm": 7, "nominal_voltage_v": 1,
     "energies_pj": {"fp32": 0, "fp64": 2, "int32": 1, "sfu": 2, "load_store": 3, "l2_byte": 4},
     "sm_w_per_ghz": 0.1, "idle_share_of_limit": 0.2, "voltage_floor_share": 0.5,
     "sources": {"pj_fp64": "x", "pj_int32": "x", "pj_sfu": "x", "pj_load_store": "x",
                 "sm_w_per_ghz": "x", "idle_share_of_limit": "x", "voltage_floor_share": "x"}},
    {"id": "b", "compute_capabilities": ["2.0"], "process_nm": 7, "nominal_voltage_v": 1, "scaled_from": "nowhere",
     "sm_w_per_ghz": 0.1, "idle_share_of_limit": 0.2, "voltage_floor_share": 0.5,
     "sources": {"sm_w_per_ghz": "x", "idle_share_of_limit": "x", "voltage_floor_share": "x"}}
  ]
})";
        QStringList errors;
        QVERIFY(!ArchitectureTable::parse(text, QStringLiteral("arch.json"), errors));
        const QString all = errors.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("arch.json:5: architecture a: energy \"fp32\" must be a positive")),
            qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("energy \"l2_byte\" has no source")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("\"scaled_from\" 'nowhere'")), qPrintable(all));
    }

    // Every GPU of the catalogue from Kepler on gets data-sheet constants, each sourced; the
    // rule's arithmetic holds for one of them.
    void everyCatalogueGpuHasDataSheetConstants()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        const PowerModel* physical = library.model(QStringLiteral("physical"));
        QVERIFY(physical);
        int described = 0;
        for (const GpuSpec& gpu : library.gpus().gpus()) {
            if (gpu.computeCapability.toDouble() < 3)
                continue; // the papers' GT200 to Fermi boards: no architecture physics
            QString why;
            const std::optional<DataSheetPhysics> physics = dataSheetPhysics(gpu, ArchitectureTable::standard(), &why);
            QVERIFY2(physics, qPrintable(gpu.id + QStringLiteral(": ") + why));
            for (const QString& name : physicalParameterNames()) {
                QVERIFY2(physics->parameters.value(name) > 0, qPrintable(gpu.id + name));
                QVERIFY2(!physics->sources.value(name).isEmpty(), qPrintable(gpu.id + name));
            }
            QVERIFY2(physical->supports(gpu.id), qPrintable(gpu.id));
            if (gpu.measuredPower.isEmpty()) {
                QVERIFY2(physical->isDataSheetOnly(gpu.id), qPrintable(gpu.id));
                QCOMPARE(library.defaultModelFor(gpu.id), physical);
            }
            ++described;
        }
        QVERIFY(described >= 30);
        const GpuSpec* t4 = library.gpus().find(QStringLiteral("Tesla T4"));
        QVERIFY(t4);
        const DataSheetPhysics physics = *dataSheetPhysics(*t4, ArchitectureTable::standard());
        const ArchitecturePhysics* turing = ArchitectureTable::standard().find(QStringLiteral("turing"));
        QVERIFY(near(physics.parameters.value(QStringLiteral("active_w")), turing->smWattsPerGhz * 40 * 1.59));
        // An SM twice as wide as the busy-SM figure's (Ada's 128 FP32 lanes against Volta's 64)
        // draws twice its power per GHz.
        const GpuSpec* l40s = library.gpus().find(QStringLiteral("l40s"));
        const ArchitecturePhysics* ada = ArchitectureTable::standard().find(QStringLiteral("ada"));
        QVERIFY(l40s && ada && l40s->fp32LanesPerSm == 128);
        const DataSheetPhysics wide = *dataSheetPhysics(*l40s, ArchitectureTable::standard());
        QVERIFY(near(wide.parameters.value(QStringLiteral("active_w")),
            ada->smWattsPerGhz * 2 * l40s->sms * *l40s->boostClockMhz / 1000));
        QVERIFY(wide.sources.value(QStringLiteral("active_w")).contains(QStringLiteral("128 FP32 lanes per SM")));
        QVERIFY(near(physics.parameters.value(QStringLiteral("idle_w")), turing->idleShareOfLimit * 70));
        QVERIFY(near(physics.parameters.value(QStringLiteral("pj_dram_byte")),
            ArchitectureTable::standard().memory(QStringLiteral("GDDR6"))->pjPerBit * 8));
        // The library's constants are these with the corrections the measured GPUs agree on.
        const QHash<QString, double> corrected
            = correctedParameters(physics.parameters, physical->transferCorrections());
        for (const QString& name : physicalParameterNames())
            QVERIFY2(near(physical->parameters(t4->id).value(name), corrected.value(name)), qPrintable(name));
    }

    // A spec file with the T4's figures gives the same prediction as the catalogue's T4, through
    // the CLI a user runs; a broken spec is refused with file:line and nothing is predicted.
    void specFileMatchesTheCatalogueEntry()
    {
        QTemporaryDir folder;
        test::writeFile(folder, QStringLiteral("k.cu"),
            "__global__ void saxpy(float a, const float* x, float* y, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) y[i] = a * x[i] + y[i];\n"
            "}\n"
            "void run(const float* x, float* y) { saxpy<<<65536, 256>>>(2.0f, x, y, 65536 * 256); }\n");
        const QString spec = test::writeFile(folder, QStringLiteral("t4.json"), t4Spec());
        const auto analyse = [&](const QStringList& gpu) {
            const test::CliResult r
                = test::runCli(QStringList{QStringLiteral("analyze"), folder.filePath(QStringLiteral("k.cu")),
                                   QStringLiteral("-f"), QStringLiteral("json")}
                    + gpu);
            return std::pair{r, QJsonDocument::fromJson(r.out).object()};
        };
        const auto [catalogueRun, catalogue] = analyse({QStringLiteral("--gpu"), QStringLiteral("t4")});
        const auto [specRun, fromSpec] = analyse({QStringLiteral("--gpu-spec"), spec});
        QVERIFY2(catalogueRun.exitCode == 0, catalogueRun.err.constData());
        QVERIFY2(specRun.exitCode == 0, specRun.err.constData());
        QCOMPARE(fromSpec.value("model").toString(), QStringLiteral("physical"));
        const QJsonObject a = catalogue.value("kernels").toArray().first().toObject();
        const QJsonObject b = fromSpec.value("kernels").toArray().first().toObject();
        for (const char* key : {"power_w", "time_per_launch_s", "energy_per_launch_j"}) {
            QVERIFY2(a.value(key).toDouble() > 0, key);
            QVERIFY2(near(b.value(key).toDouble(), a.value(key).toDouble()), key);
        }
        // With a band, said to come from the data sheet.
        QCOMPARE(b.value("power_band_w").toArray().size(), 2);
        QVERIFY2(specRun.out.contains("data sheet"), specRun.out.left(3000).constData());

        const QString broken = test::writeFile(folder, QStringLiteral("broken.json"),
            "{\n  \"format\": \"slicewatt-gpu-spec/1\",\n  \"id\": \"x\",\n  \"name\": \"X\",\n"
            "  \"compute_capability\": \"7.5\",\n  \"sms\": -4,\n  \"clocks\": {\"boost_mhz\": 1590}\n}\n");
        const auto [brokenRun, nothing] = analyse({QStringLiteral("--gpu-spec"), broken});
        QCOMPARE(brokenRun.exitCode, 2);
        QVERIFY(brokenRun.out.isEmpty());
        const QString said = QString::fromUtf8(brokenRun.err);
        QVERIFY2(
            said.contains(broken + QStringLiteral(":6: GPU x: \"sms\" must be a positive integer")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("needs the memory bandwidth")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("board's power limit")), qPrintable(said));
    }

    // NVML's properties of a catalogue GPU (an A10, as its driver reports them) describe it as
    // its data sheet does; the memory technology inferred from NVML's figures is the
    // catalogue's for every GPU of it; a driver without a figure the spec needs is named.
    void nvmlPropertiesDescribeAGpu()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const GpuSpec* a10 = library.gpus().find(QStringLiteral("a10"));
        QVERIFY(a10);
        NvmlDeviceInfo info;
        info.name = QStringLiteral("NVIDIA A10 (as NVML)");
        info.computeCapability = QStringLiteral("8.6");
        info.cudaCores = 9216;
        info.maxSmClockMhz = 1695;
        info.maxMemoryClockMhz = 6251;
        info.memoryBusWidthBits = 384;
        info.memoryTotalBytes = 24.0 * (1 << 30);
        info.defaultPowerLimitW = 150;
        QString why;
        const QByteArray text = nvmlGpuSpecText(info, library.gpus(), &why);
        QVERIFY2(!text.isEmpty(), qPrintable(why));
        const std::optional<GpuSpec> spec = parseGpuSpecFile(text, QStringLiteral("NVML"), library.gpus(), errors);
        QVERIFY2(spec, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(spec->id, QStringLiteral("nvml-a10-as-nvml"));
        QCOMPARE(spec->sms, a10->sms);
        QCOMPARE(*spec->boostClockMhz, *a10->boostClockMhz);
        QVERIFY(near(*spec->memoryBandwidthGBs, *a10->memoryBandwidthGBs, 0.01));
        QCOMPARE(spec->memoryTechnology, a10->memoryTechnology);
        QCOMPARE(*spec->boardPowerW, *a10->boardPowerW);
        QVERIFY(spec->sources.value(QStringLiteral("sms")).contains(QStringLiteral("9216 CUDA cores")));
        QVERIFY(spec->notes.contains(QStringLiteral("NVML")));
        for (const GpuSpec& gpu : library.gpus().gpus()) {
            if (!gpu.memoryBusWidthBits || !gpu.memoryBandwidthGBs || gpu.memoryTechnology.isEmpty())
                continue;
            const double pinGbps = *gpu.memoryBandwidthGBs * 8 / *gpu.memoryBusWidthBits;
            QCOMPARE(inferredMemoryTechnology(gpu.computeCapability, *gpu.memoryBusWidthBits, pinGbps)
                    + QLatin1Char(' ') + gpu.id,
                gpu.memoryTechnology + QLatin1Char(' ') + gpu.id);
        }
        NvmlDeviceInfo old = info;
        old.cudaCores.reset();
        QVERIFY(nvmlGpuSpecText(old, library.gpus(), &why).isEmpty());
        QVERIFY2(why.contains(QStringLiteral("CUDA cores")), qPrintable(why));
        NvmlDeviceInfo future = info;
        future.computeCapability = QStringLiteral("42.0");
        QVERIFY(nvmlGpuSpecText(future, library.gpus(), &why).isEmpty());
        QVERIFY2(why.contains(QStringLiteral("compute capability 42.0")), qPrintable(why));
    }

    // On a machine whose GPU the catalogue lacks (a stand-in NVML answering as an RTX A6000),
    // the library describes it from NVML, and the CLI without --gpu predicts power, time and
    // energy for it with a band, saying where its figures come from.
    void nvmlSeesAGpuTheCatalogueLacks()
    {
        QVERIFY(qputenv("SLICEWATT_NVML_LIBRARY", SLICEWATT_FAKE_NVML));
        QStringList errors;
        ModelLibrary library = ModelLibrary::load({}, errors);
        QString why;
        const QString id = addNvmlDescribedGpu(library, &why);
        const QString local = localGpuId(library.gpus());
        qunsetenv("SLICEWATT_NVML_LIBRARY");
        QCOMPARE(id, QStringLiteral("nvml-rtx-a6000"));
        QCOMPARE(local, id);
        const GpuSpec* gpu = library.gpus().find(QStringLiteral("NVIDIA RTX A6000"));
        QVERIFY(gpu);
        QCOMPARE(gpu->sms, 84);
        QVERIFY(near(*gpu->memoryBandwidthGBs, 768.1, 1e-3));
        QCOMPARE(gpu->memoryTechnology, QStringLiteral("GDDR6"));
        QVERIFY(library.model(QStringLiteral("physical"))->isDataSheetOnly(id));

        QTemporaryDir folder;
        test::writeFile(folder, QStringLiteral("k.cu"),
            "__global__ void scale(float* y, float a, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) y[i] = a * y[i];\n"
            "}\n"
            "void run(float* y) { scale<<<4096, 256>>>(y, 3.0f, 4096 * 256); }\n");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SLICEWATT_NVML_LIBRARY"), QStringLiteral(SLICEWATT_FAKE_NVML));
        const test::CliResult run = test::runCli({QStringLiteral("analyze"), folder.filePath(QStringLiteral("k.cu")),
                                                     QStringLiteral("-f"), QStringLiteral("json")},
            environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("described from NVML"), run.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(out.value("gpu").toString(), id);
        QCOMPARE(out.value("model").toString(), QStringLiteral("physical"));
        const QJsonObject kernel = out.value("kernels").toArray().first().toObject();
        for (const char* key : {"power_w", "time_per_launch_s", "energy_per_launch_j"})
            QVERIFY2(kernel.value(key).toDouble() > 0, key);
        QCOMPARE(kernel.value("power_band_w").toArray().size(), 2);
        QVERIFY2(run.out.contains("data sheet"), run.out.left(3000).constData());
    }

    // The spec reader alone: what a spec leaves out is taken from the catalogue GPU of its
    // compute capability, and said; a compute capability the catalogue lacks needs its own.
    void specBorrowsPerSmFiguresAndSaysSo()
    {
        QStringList errors;
        ModelLibrary library = ModelLibrary::load({}, errors);
        const std::optional<GpuSpec> spec
            = parseGpuSpecFile(t4Spec(), QStringLiteral("t4.json"), library.gpus(), errors);
        QVERIFY2(spec, qPrintable(errors.join(QLatin1Char('\n'))));
        const GpuSpec* t4 = library.gpus().find(QStringLiteral("t4"));
        QCOMPARE(spec->maxThreadsPerSm, t4->maxThreadsPerSm);
        QCOMPARE(spec->throughput->int32Lanes, t4->throughput->int32Lanes);
        QVERIFY(spec->sources.value(QStringLiteral("limits_per_sm")).contains(t4->name));
        QVERIFY(library.addGpu(*spec).isEmpty());
        QVERIFY(library.model(QStringLiteral("physical"))->isDataSheetOnly(QStringLiteral("my-t4")));
        // The spec text "Describe a GPU…" writes reads back as the same GPU.
        const std::optional<GpuSpec> again
            = parseGpuSpecFile(gpuSpecFileText(*spec), QStringLiteral("again.json"), library.gpus(), errors);
        QVERIFY(again);
        QCOMPARE(again->sms, spec->sms);
        QCOMPARE(*again->boostClockMhz, *spec->boostClockMhz);
        QCOMPARE(again->memoryTechnology, spec->memoryTechnology);
        // A spec in a model folder (Preferences › model folders, --models-dir) is a GPU like the
        // catalogue's, predicted from its data sheet.
        QTemporaryDir folder;
        test::writeFile(folder, QStringLiteral("mine.json"), t4Spec(QStringLiteral("folder-t4")));
        errors.clear();
        const ModelLibrary withFolder = ModelLibrary::load({folder.path()}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(withFolder.gpus().find(QStringLiteral("folder-t4")));
        QCOMPARE(withFolder.defaultModelFor(QStringLiteral("folder-t4")), withFolder.model(QStringLiteral("physical")));
        QByteArray unknown = t4Spec();
        unknown.replace("\"7.5\"", "\"4.2\"");
        errors.clear();
        QVERIFY(!parseGpuSpecFile(unknown, QStringLiteral("u.json"), library.gpus(), errors));
        QVERIFY2(errors.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("u.json:5: no catalogue GPU has compute "
                                              "capability 4.2")),
            qPrintable(errors.join(QLatin1Char('\n'))));
    }

    // Past the board's limit the clock drops until the power fits: power at the limit, a
    // compute-bound launch slower by about the clock's drop, a memory-bound one barely.
    void powerLimitDropsTheClock()
    {
        const QHash<QString, double> parameters{{QStringLiteral("idle_w"), 100}, {QStringLiteral("active_w"), 200},
            {QStringLiteral("pj_fp32"), 20}, {QStringLiteral("pj_dram_byte"), 100}};
        ClockScaling clocks;
        clocks.voltageFloorShare = 0.6;
        const LaunchWork compute = workOf(1e-3, 1e-4, 30e12, 1e11); // 100 + ~200 + 600 + 10 W at boost
        const PhysicalPower boost = *physicalPower(parameters, compute, 1000, &clocks);
        QVERIFY(!boost.capped && !boost.throttled);
        const double boostW = 100 + 200 * 1e-3 / compute.seconds + 600 + 10; // busy SMs: not the overhead
        QVERIFY(near(boost.watts, boostW, 1e-9));
        const PhysicalPower limited = *physicalPower(parameters, compute, 500, &clocks);
        QVERIFY(limited.throttled);
        QVERIFY(near(limited.watts, 500));
        QVERIFY(near(limited.uncappedW, boostW, 1e-9));
        QVERIFY(limited.clockShare < 1 && limited.clockShare > 0.2);
        QVERIFY(near(limited.seconds, compute.overheadSeconds + compute.computeSeconds / limited.clockShare, 1e-9));
        // Its terms at that clock add up to the limit.
        double sum = limited.idleW;
        for (const PhysicalTerm& t : limited.terms)
            sum += t.watts;
        QVERIFY(near(sum, 500, 1e-6));
        // Memory-bound: DRAM time does not scale with the SM clock.
        const LaunchWork memory = workOf(2e-4, 1e-3, 5e12, 3e12); // 100 + 200 + 100 + 300 W
        const PhysicalPower m = *physicalPower(parameters, memory, 650, &clocks);
        QVERIFY(m.throttled);
        QVERIFY(m.clockShare < 1);
        QVERIFY(near(m.seconds, memory.seconds, 1e-9) || m.seconds < memory.seconds * 1.05);
        // Without clock scaling (no architecture), shown at the limit, time kept.
        const PhysicalPower flat = *physicalPower(parameters, compute, 500);
        QVERIFY(flat.capped && !flat.throttled);
        QVERIFY(near(flat.seconds, compute.seconds));
        // Even the lowest clock draws more than the limit: at the limit, said capped.
        const PhysicalPower floor = *physicalPower(parameters, compute, 150, &clocks);
        QVERIFY(floor.capped && !floor.throttled);
        QCOMPARE(floor.watts, 150.0);
    }

    // Corrections inside their bounds are found again; one beyond its bound stops there and
    // is reported; a correction no launch exercises stays 1.
    void correctionsAreRecoveredWithinBounds()
    {
        const QHash<QString, double> truth{{QStringLiteral("idle"), 1.2}, {QStringLiteral("active"), 2.5},
            {QStringLiteral("compute"), 0.7}, {QStringLiteral("memory"), 1.4}};
        const QVector<PhysicalFitRow> rows = rowsFollowing(truth, {QStringLiteral("t4"), QStringLiteral("a10")});
        QVector<int> all(rows.size());
        std::iota(all.begin(), all.end(), 0);
        const CorrectionFit fit = fitCorrections(rows, all, std::nullopt);
        for (auto it = truth.begin(); it != truth.end(); ++it)
            QVERIFY2(near(fit.multipliers.value(it.key()), it.value(), 1e-6),
                qPrintable(QStringLiteral("%1: %2").arg(it.key()).arg(fit.multipliers.value(it.key()))));
        QVERIFY(fit.atBound.isEmpty() && fit.unsupported.isEmpty());

        QHash<QString, double> beyond = truth;
        beyond.insert(QStringLiteral("memory"), 3.0); // bound 2
        const QVector<PhysicalFitRow> far = rowsFollowing(beyond, {QStringLiteral("t4")});
        QVector<int> every(far.size());
        std::iota(every.begin(), every.end(), 0);
        const CorrectionFit limited = fitCorrections(far, every, std::nullopt);
        QCOMPARE(limited.multipliers.value(QStringLiteral("memory")), 2.0);
        QVERIFY2(limited.atBound.join(QLatin1Char(' ')).contains(QStringLiteral("memory at its upper bound 2")),
            qPrintable(limited.atBound.join(QLatin1Char(' '))));

        QVector<PhysicalFitRow> noBytes = rowsFollowing(truth, {QStringLiteral("t4")});
        for (PhysicalFitRow& row : noBytes) {
            row.work.l2Bytes = row.work.dramBytes = 0;
            row.measuredW = physicalPower(correctedParameters(row.prior, truth), row.work, 0)->watts;
        }
        const CorrectionFit partial = fitCorrections(noBytes, every, std::nullopt);
        QVERIFY(partial.unsupported.contains(QStringLiteral("memory")));
        QCOMPARE(partial.multipliers.value(QStringLiteral("memory")), 1.0);
        QVERIFY(near(partial.multipliers.value(QStringLiteral("active")), 2.5, 1e-6));
    }

    // Leave-one-GPU-out: GPUs that share their corrections predict each other exactly; the
    // figures, the band and the corrections land in the model file's "transfer".
    void transferValidatesAcrossGpus()
    {
        const QHash<QString, double> truth{{QStringLiteral("idle"), 0.9}, {QStringLiteral("active"), 1.8},
            {QStringLiteral("compute"), 0.8}, {QStringLiteral("memory"), 1.1}};
        const QVector<PhysicalFitRow> rows
            = rowsFollowing(truth, {QStringLiteral("t4"), QStringLiteral("a10"), QStringLiteral("l40s")});
        const TransferValidation t = validateTransfer(rows);
        QCOMPARE(t.gpus.size(), 3);
        for (const TransferGpuFigures& f : t.gpus) {
            QVERIFY2(f.heldOut.mapePct < 1e-6,
                qPrintable(QStringLiteral("%1: %2 %, corrections %3 %4 %5 %6")
                               .arg(f.gpuId)
                               .arg(f.heldOut.mapePct)
                               .arg(f.corrections.value(QStringLiteral("idle")))
                               .arg(f.corrections.value(QStringLiteral("active")))
                               .arg(f.corrections.value(QStringLiteral("compute")))
                               .arg(f.corrections.value(QStringLiteral("memory")))));
            QVERIFY(f.dataSheetOnly.mapePct > 1); // the data sheet alone misses the corrections
            QCOMPARE(f.worst.size(), 5);
        }
        QString error;
        const QByteArray file = physicalFileWithTransfer(shippedModelBytes(QStringLiteral("physical.json")), t, &error);
        QVERIFY2(!file.isEmpty(), qPrintable(error));
        QStringList errors;
        const std::optional<PowerModel> model = PowerModel::parse(file, QStringLiteral("p.json"), errors);
        QVERIFY2(model, qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(model->transferAccuracy());
        QCOMPARE(model->transferAccuracy()->split, QStringLiteral("leave-one-gpu-out"));
        QVERIFY(near(model->transferCorrections().value(QStringLiteral("active")), 1.8, 1e-6));
        QVERIFY(physicalFileWithTransfer("{\"form\": \"jos13\"}", t, &error).isEmpty());
    }

    // Only launches measured back to back correct another GPU's data sheet: power averaged over
    // a program (here GPU l40s, its launches following other multipliers) validates but does
    // not pull the corrections; a GPU held out whose others are all power only uses them.
    void transferCorrectsFromBackToBackLaunches()
    {
        const QHash<QString, double> truth{{QStringLiteral("idle"), 0.9}, {QStringLiteral("active"), 1.8},
            {QStringLiteral("compute"), 0.8}, {QStringLiteral("memory"), 1.1}};
        QHash<QString, double> skewed = truth;
        skewed.insert(QStringLiteral("active"), 0.5);
        skewed.insert(QStringLiteral("memory"), 0.4);
        QVector<PhysicalFitRow> rows = rowsFollowing(truth, {QStringLiteral("t4"), QStringLiteral("a10")});
        for (PhysicalFitRow& row : rows)
            row.measuredBackToBack = true;
        rows += rowsFollowing(skewed, {QStringLiteral("l40s")});
        const TransferValidation t = validateTransfer(rows);
        QCOMPARE(t.correctedOn, QStringLiteral("t4, a10"));
        for (auto it = truth.begin(); it != truth.end(); ++it)
            QVERIFY2(near(t.corrections.multipliers.value(it.key()), it.value(), 1e-6), qPrintable(it.key()));
        for (const TransferGpuFigures& f : t.gpus) {
            if (f.gpuId == QLatin1String("l40s")) {
                QCOMPARE(f.correctedOn, QStringLiteral("t4, a10"));
                QVERIFY(f.heldOut.mapePct > 5); // its own multipliers differ
            } else {
                QCOMPARE(f.correctedOn, f.gpuId == QLatin1String("t4") ? QStringLiteral("a10") : QStringLiteral("t4"));
                QVERIFY2(f.heldOut.mapePct < 1e-6, qPrintable(f.gpuId));
            }
        }
        // No GPU measured back to back: every launch corrects.
        QVector<PhysicalFitRow> powerOnly = rows;
        for (PhysicalFitRow& row : powerOnly)
            row.measuredBackToBack = false;
        QCOMPARE(validateTransfer(powerOnly).correctedOn, QStringLiteral("t4, a10, l40s"));
        QString error;
        const QJsonObject written = QJsonDocument::fromJson(
            physicalFileWithTransfer(shippedModelBytes(QStringLiteral("physical.json")), t, &error))
                                        .object()
                                        .value("transfer")
                                        .toObject();
        QCOMPARE(written.value("corrections_fitted_on").toString(), QStringLiteral("t4, a10"));
    }

    // The committed model file's transfer is what `fit-physical --transfer` writes from the
    // file's own launches, and every measured GPU is in it.
    void committedTransferReproduces()
    {
        QTemporaryDir folder;
        const QString copy = folder.filePath(QStringLiteral("physical.json"));
        QVERIFY(QFile::copy(test::sourceDir() + QStringLiteral("/models/physical.json"), copy));
        const test::CliResult result = test::runCli(
            {QStringLiteral("fit-physical"), QStringLiteral("--transfer"), QStringLiteral("--model-file"), copy});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile made(copy);
        QVERIFY(made.open(QIODevice::ReadOnly));
        const QJsonObject mine = QJsonDocument::fromJson(made.readAll()).object().value("transfer").toObject();
        const QJsonObject theirs = QJsonDocument::fromJson(shippedModelBytes(QStringLiteral("physical.json")))
                                       .object()
                                       .value("transfer")
                                       .toObject();
        QVERIFY(!theirs.isEmpty());
        QVERIFY(near(mine.value("band_pct").toDouble(), theirs.value("band_pct").toDouble(), 1e-6));
        const QJsonObject gpus = mine.value("validation").toObject().value("gpus").toObject();
        // Absolute ceilings beside the file's own figures: each GPU's held-out error plus half a
        // point, so a regenerated file that transfers worse fails. 2026-12-02, atomics waiting on
        // their L2 lines: h100 19.0 -> 14.0 %, h200 20.6 -> 16.4 %, k20 24.1, m60 19.9 -> 20.3 %,
        // v100 36.2 -> 37.9 % (its corrections now come from Hopper fits that price atomics).
        const std::pair<const char*, double> ceilingsPct[]
            = {{"h100", 14.5}, {"h200", 16.9}, {"k20", 24.6}, {"m60", 20.8}, {"v100", 38.4}};
        for (const auto& [id, ceilingPct] : ceilingsPct) {
            const QJsonObject held = gpus.value(QLatin1String(id)).toObject().value("held_out").toObject();
            QVERIFY2(held.value("rows").toInt() > 20, id);
            QVERIFY2(
                near(held.value("mape_pct").toDouble(),
                    theirs.value("validation")["gpus"][QLatin1String(id)]["held_out"]["mape_pct"].toDouble(), 1e-6),
                id);
            QVERIFY2(held.value("mape_pct").toDouble() <= ceilingPct, id);
        }
        QVERIFY(mine.value("band_pct").toDouble() <= 39); // 38.5 % on 2026-12-01, 37.3 % on 2026-12-02
        QVERIFY(result.out.contains("GPU held out"));
        // The H100 and H200 runs were measured back to back and give the corrections; the public
        // data sets' averages do not.
        QCOMPARE(mine.value("corrections_fitted_on").toString(), QStringLiteral("h100, h200"));
        const QJsonObject entries
            = QJsonDocument::fromJson(shippedModelBytes(QStringLiteral("physical.json"))).object()["gpus"].toObject();
        for (const char* id : {"h100", "h200"})
            QVERIFY2(entries[QLatin1String(id)]["validation"]["measured_back_to_back"].toBool(), id);
        for (const char* id : {"k20", "m60", "v100"})
            QVERIFY2(!entries[QLatin1String(id)]["validation"]["measured_back_to_back"].toBool(), id);
        // The Model Accuracy window's figures: each measured GPU held out beside its own folds.
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const ModelAccuracy* h100 = library.model(QStringLiteral("physical"))->accuracy(QStringLiteral("h100"));
        QVERIFY(h100 && h100->gpuHeldOut);
        QVERIFY(near(h100->gpuHeldOut->mapePct,
            theirs.value("validation")["gpus"]["h100"]["held_out"]["mape_pct"].toDouble(), 1e-9));
    }
};

QTEST_GUILESS_MAIN(TestGpuTransfer)
#include "test_gpu_transfer.moc"

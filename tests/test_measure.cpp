// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Measured power traces (core/measure, issue 8): nvidia-smi and plain CSV import with
// file:line errors, and the SC16 sensor correction of METHOD §6 on synthetic traces whose
// true power and sensor lag are known: the learnt t_p against the one that follows from the
// sensor, corrected against raw power and energy, the idle tail, the short-run and the
// long-run paths; then `slicewatt-cli trace` against the library.
#include "TestNoise.h"
#include "TestSupport.h"
#include "measure/MeasuredLaunches.h"
#include "measure/SensorCorrection.h"
#include "measure/SensorLag.h"
#include "measure/TraceEnergy.h"
#include "measure/TraceFit.h"
#include "measure/TraceImport.h"
#include "measure/TraceMeasurement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <random>

using namespace slicewatt;

namespace {

using test::Noise;

// The true power of a GPU: idle, except while its runs execute at their own power.
struct Workload {
    double idleW = 55;
    struct Run {
        RunWindow window;
        double powerW = 0;
    };
    QVector<Run> runs;

    double powerAtW(double t) const
    {
        for (const Run& run : runs) {
            if (t >= run.window.startS && t < run.window.endS)
                return run.powerW;
        }
        return idleW;
    }
    double energyJ(double from, double to) const
    {
        double energy = idleW * (to - from);
        for (const Run& run : runs) {
            const double overlap = std::min(to, run.window.endS) - std::max(from, run.window.startS);
            if (overlap > 0)
                energy += overlap * (run.powerW - idleW);
        }
        return energy;
    }
    QVector<RunWindow> windows() const
    {
        QVector<RunWindow> result;
        for (const Run& run : runs)
            result.append(run.window);
        return result;
    }
};

// A built-in sensor as METHOD §6 describes it: its reading follows the true power after a
// delay and approaches it gradually (first order, time constant tau), read every intervalS
// with Gaussian noise. The energy counter integrates the true power (NVML's counter is kept
// by the board at a high rate) in mJ steps.
struct Sensor {
    double delayS = 0.1;
    double tauS = 0.1;
    double intervalS = 0.02;
    double noiseW = 0.8;
    quint64 seed = 1;

    // The t_p this sensor has for a step from `fromW` to `toW`: the delay, then the time the
    // exponential approach needs to come within 3 % of toW.
    double lagS(double fromW, double toW) const
    {
        const double gap = std::abs(toW - fromW);
        const double band = kSensorSettleFraction * toW;
        return delayS + (gap > band ? tauS * std::log(gap / band) : 0);
    }
    // How far a learnt t_p may honestly be off: the reading is known only at the samples (one
    // interval), and noise moves the band crossing by σ/slope, where the averaged reading has
    // σ = noise/√3 and approaches at band/tau W/s there (allowing two σ).
    double lagToleranceS(double toW) const
    {
        const double slope = tauS > 0 ? kSensorSettleFraction * toW / tauS : INFINITY;
        return intervalS + 2 * noiseW / std::sqrt(3.0) / slope;
    }
};

QVector<PowerSample> simulate(const Workload& workload, const Sensor& sensor, double durationS)
{
    Noise noise(sensor.seed);
    constexpr double kStepS = 1e-4; // the sensor's state is integrated exactly over each step
    const double decay = sensor.tauS > 0 ? -std::expm1(-kStepS / sensor.tauS) : 1;
    double reading = workload.powerAtW(-1e9);
    double energy = 0;
    qint64 step = 0;
    QVector<PowerSample> samples;
    const int count = int(std::floor(durationS / sensor.intervalS + 1e-9)) + 1;
    for (int k = 0; k < count; ++k) {
        const double t = k * sensor.intervalS;
        for (; (double(step) + 0.5) * kStepS < t; ++step) {
            const double mid = (double(step) + 0.5) * kStepS;
            reading += (workload.powerAtW(mid - sensor.delayS) - reading) * decay;
            energy += workload.powerAtW(mid) * kStepS;
        }
        PowerSample sample;
        sample.timeS = t;
        sample.powerW = std::max(0.0, reading + sensor.noiseW * noise.gaussian());
        sample.energyJ = std::round(energy * 1000) / 1000;
        samples.append(sample);
    }
    return samples;
}

// Root-mean-square difference from the true power over the samples in [from, to], W.
double rmsErrorW(const QVector<PowerSample>& samples, const Workload& truth, double from, double to)
{
    double sum = 0;
    int count = 0;
    for (const PowerSample& s : samples) {
        if (s.timeS < from || s.timeS > to)
            continue;
        const double error = s.powerW - truth.powerAtW(s.timeS);
        sum += error * error;
        ++count;
    }
    return count > 0 ? std::sqrt(sum / count) : 0;
}

PowerTrace traceOf(const QVector<PowerSample>& samples)
{
    PowerTrace trace;
    trace.file = QStringLiteral("synthetic");
    trace.source = QStringLiteral("csv");
    trace.powerField = QStringLiteral("power_w");
    trace.samples = samples;
    trace.hasEnergy = true;
    return trace;
}

double relativeError(double value, double truth)
{
    return (value - truth) / truth;
}

// SliceWatt's plain trace text of `samples`.
QByteArray plainTraceCsv(const QVector<PowerSample>& samples, const QVector<RunWindow>& runs = {})
{
    QByteArray text = "# synthetic sensor\n# gpu: Test GPU\n";
    for (const RunWindow& run : runs)
        text
            += "# run: " + QByteArray::number(run.startS, 'g', 17) + ' ' + QByteArray::number(run.endS, 'g', 17) + '\n';
    text += "time_s,power_w,energy_j\n";
    for (const PowerSample& s : samples)
        text += QByteArray::number(s.timeS, 'g', 17) + ',' + QByteArray::number(s.powerW, 'g', 17) + ','
            + QByteArray::number(*s.energyJ, 'g', 17) + '\n';
    return text;
}

using test::CliResult;
using test::runCli;

// The realistic nvidia-smi text of two H100s sampled every 10 ms on a recent driver:
// power.draw is a 1 s average there, power.draw.instant the sensor's reading; GPU 1 has no
// instant value in one row.
const QByteArray kTwoGpus = "timestamp, index, name, pci.bus_id, power.draw [W], power.draw.instant [W], "
                            "clocks.sm [MHz], temperature.gpu\n"
                            "2026/11/21 10:41:01.123, 0, NVIDIA H100 80GB HBM3, 00000000:19:00.0, 71.02 W, 70.96 W, "
                            "345 MHz, 31\n"
                            "2026/11/21 10:41:01.124, 1, NVIDIA H100 80GB HBM3, 00000000:3B:00.0, 69.87 W, 69.80 W, "
                            "345 MHz, 29\n"
                            "2026/11/21 10:41:01.133, 0, NVIDIA H100 80GB HBM3, 00000000:19:00.0, 71.10 W, 152.40 W, "
                            "1980 MHz, 31\n"
                            "2026/11/21 10:41:01.134, 1, NVIDIA H100 80GB HBM3, 00000000:3B:00.0, 69.90 W, [N/A], "
                            "345 MHz, 29\n"
                            "2026/11/21 10:41:01.143, 0, NVIDIA H100 80GB HBM3, 00000000:19:00.0, 74.55 W, 310.25 W, "
                            "1980 MHz, 32\n"
                            "2026/11/21 10:41:01.144, 1, NVIDIA H100 80GB HBM3, 00000000:3B:00.0, 69.91 W, 69.85 W, "
                            "345 MHz, 29\n";

} // namespace

class MeasureTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- measured launches (issue 16): the public data set and the minimal form ----

    void alavaniFilesReadAndMap_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("lines"); // data lines in the file
        QTest::addColumn<int>("mapped"); // rows the map gives a source (counted independently)
        QTest::newRow("K20") << "K20" << 1955 << 574;
        QTest::newRow("M60") << "M60" << 752 << 121;
        QTest::newRow("V100") << "V100" << 613 << 85;
    }

    void alavaniFilesReadAndMap()
    {
        QFETCH(QString, gpu);
        QFETCH(int, lines);
        QFETCH(int, mapped);
        const QString folder = test::sharedDir() + "/data/alavani";
        QFile csv(folder + "/" + gpu + ".csv");
        QFile mapFile(folder + "/kernels.csv");
        if (!csv.open(QIODevice::ReadOnly) || !mapFile.open(QIODevice::ReadOnly))
            QSKIP("../shared/data/alavani is not beside this checkout");
        MeasuredLaunchTable table = readMeasuredLaunches(csv.readAll(), gpu + ".csv");
        // Every data line is a row or a problem that names it.
        QCOMPARE(int(table.rows.size() + table.problems.size()), lines);
        for (const QString& problem : table.problems)
            QVERIFY2(problem.startsWith(gpu + ".csv:") && problem.contains("row left out"), qPrintable(problem));
        for (const MeasuredLaunch& row : table.rows)
            QVERIFY(row.gridBlocks > 0 && row.blockThreads > 0 && row.watts > 30 && row.watts < 300);
        QStringList problems;
        const QVector<KernelMapEntry> map = readKernelMap(mapFile.readAll(), "kernels.csv", &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        QCOMPARE(map.size(), 54);
        const int unmapped = mapMeasuredLaunches(table, map);
        int withSource = 0;
        for (const MeasuredLaunch& row : table.rows)
            withSource += row.isMapped() ? 1 : 0;
        QCOMPARE(withSource + unmapped, int(table.rows.size()));
        QCOMPARE(withSource, mapped);
        // Every mapped row names a source the upstream export has.
        if (!QFileInfo::exists(test::measuredCorpusDir()))
            QSKIP(test::upstreamMissing().constData());
        for (const MeasuredLaunch& row : table.rows) {
            if (row.isMapped())
                QVERIFY2(QFileInfo::exists(test::measuredCorpusDir() + "/" + row.source), qPrintable(row.source));
        }
    }

    void minimalMeasuredFormAndBadInput()
    {
        const QByteArray text = "# measured on a lab V100\n"
                                "source,kernel,grid,block,watts,trips\n"
                                "mykernels/stencil,stencil2d,1024,256,187.5,100\n"
                                "mykernels/stencil,stencil2d,0,256,90\n"
                                "mykernels/reduce,\"reduce\",64,128,61.2\n"
                                "mykernels/reduce,reduce,64,128,watts?\n"
                                // Found by fuzzing: a grid that fits no integer, infinite power.
                                "mykernels/reduce,reduce,9e53,128,61.2\n"
                                "mykernels/reduce,reduce,64,128,inf\n"
                                "mykernels/reduce,reduce,64,128,61.2,1e300\n";
        const MeasuredLaunchTable table = readMeasuredLaunches(text, "lab.csv");
        QCOMPARE(table.rows.size(), 3);
        QCOMPARE(table.rows[0].line, 3);
        QCOMPARE(table.rows[0].source, QStringLiteral("mykernels/stencil"));
        QCOMPARE(table.rows[0].kernel, QStringLiteral("stencil2d"));
        QCOMPARE(table.rows[0].gridBlocks, qint64(1024));
        QCOMPARE(table.rows[0].watts, 187.5);
        QCOMPARE(table.rows[0].trips.value_or(0), qint64(100));
        QVERIFY(!table.rows[1].trips);
        QVERIFY(table.rows[1].isMapped());
        QCOMPARE(table.problems.size(), 4);
        QVERIFY2(table.problems[0].startsWith("lab.csv:4: row left out"), qPrintable(table.problems[0]));
        QVERIFY2(table.problems[1].startsWith("lab.csv:6: row left out"), qPrintable(table.problems[1]));
        QVERIFY2(table.problems[2].startsWith("lab.csv:7: row left out"), qPrintable(table.problems[2]));
        QVERIFY2(table.problems[3].startsWith("lab.csv:8: row left out"), qPrintable(table.problems[3]));
        QVERIFY(!table.rows[2].trips); // 10^300 loop runs are no count

        const MeasuredLaunchTable wrong = readMeasuredLaunches("time,watts\n0.1,50\n", "trace.csv");
        QVERIFY(wrong.rows.isEmpty());
        QCOMPARE(wrong.problems.size(), 1);
        QVERIFY2(wrong.problems.first().contains("trace.csv:1: not a measured-launch CSV"),
            qPrintable(wrong.problems.first()));

        QStringList problems;
        const QVector<KernelMapEntry> map = readKernelMap(
            "key_regex,source,kernel\n^(unclosed,src,k\nok$,src,k\nonly-two,fields\n", "map.csv", &problems);
        QCOMPARE(map.size(), 1);
        QCOMPARE(problems.size(), 2);
        QVERIFY2(problems[0].startsWith("map.csv:2: invalid regular expression"), qPrintable(problems[0]));
        QVERIFY2(problems[1].startsWith("map.csv:4: expected key_regex,source,kernel"), qPrintable(problems[1]));
    }

    // ---- import: nvidia-smi ----

    void nvidiaSmiPicksTheInstantReadingOfOneGpu()
    {
        TraceImportOptions options;
        options.gpuIndex = 0;
        const PowerTrace trace = parsePowerTrace(kTwoGpus, QStringLiteral("smi.csv"), options);
        QVERIFY2(trace.ok(), qPrintable(trace.errors.join(QLatin1Char('\n'))));
        QCOMPARE(trace.source, QStringLiteral("nvidia-smi"));
        QCOMPARE(trace.gpuName, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(trace.gpuIndex, 0);
        QCOMPARE(trace.powerField, QStringLiteral("power.draw.instant [W]"));
        QCOMPARE(trace.timeOrigin, QStringLiteral("2026/11/21 10:41:01.123"));
        QCOMPARE(trace.samples.size(), 3);
        QCOMPARE(trace.samples[0].timeS, 0.0);
        QCOMPARE(trace.samples[1].timeS, 0.010);
        QCOMPARE(trace.samples[2].timeS, 0.020);
        QCOMPARE(trace.samples[0].powerW, 70.96);
        QCOMPARE(trace.samples[1].powerW, 152.40);
        QCOMPARE(trace.samples[2].powerW, 310.25);
        QCOMPARE(trace.samples[2].line, 6);
        QVERIFY(!trace.hasEnergy);
        QCOMPARE(trace.skippedSamples, 0);

        // GPU 1: its [N/A] row is left out and counted, times start at its own first row.
        options.gpuIndex = 1;
        const PowerTrace second = parsePowerTrace(kTwoGpus, QStringLiteral("smi.csv"), options);
        QVERIFY(second.ok());
        QCOMPARE(second.samples.size(), 2);
        QCOMPARE(second.samples[0].powerW, 69.80);
        QCOMPARE(second.samples[1].powerW, 69.85);
        QCOMPARE(second.samples[1].timeS, 0.020);
        QCOMPARE(second.skippedSamples, 1);
        QCOMPARE(second.notes.size(), 1);
        QVERIFY2(second.notes[0].contains(QStringLiteral("1 rows without a value in power.draw.instant")),
            qPrintable(second.notes[0]));

        // Asked for power.draw by name: the 1 s average.
        options.gpuIndex = 0;
        options.powerField = QStringLiteral("power.draw");
        const PowerTrace average = parsePowerTrace(kTwoGpus, QStringLiteral("smi.csv"), options);
        QVERIFY(average.ok());
        QCOMPARE(average.powerField, QStringLiteral("power.draw [W]"));
        QCOMPARE(average.samples[2].powerW, 74.55);
    }

    void nvidiaSmiOfSeveralGpusNeedsAnIndex()
    {
        const PowerTrace trace = parsePowerTrace(kTwoGpus, QStringLiteral("smi.csv"));
        QVERIFY(!trace.ok());
        QCOMPARE(
            trace.errors, QStringList{QStringLiteral("smi.csv: the trace holds GPUs 0, 1: choose one by its index")});
        QVERIFY(trace.samples.isEmpty());

        TraceImportOptions options;
        options.gpuIndex = 3;
        const PowerTrace missing = parsePowerTrace(kTwoGpus, QStringLiteral("smi.csv"), options);
        QCOMPARE(missing.errors, QStringList{QStringLiteral("smi.csv: no rows for GPU index 3 (the trace has 0, 1)")});

        // Without an index column, two bus ids are two GPUs that cannot be told apart by index.
        QByteArray noIndex = "timestamp, pci.bus_id, power.draw [W]\n"
                             "2026/11/21 10:41:01.123, 00000000:19:00.0, 71.02 W\n"
                             "2026/11/21 10:41:01.124, 00000000:3B:00.0, 69.87 W\n";
        const PowerTrace ambiguous = parsePowerTrace(noIndex, QStringLiteral("two.csv"));
        QCOMPARE(ambiguous.errors.size(), 1);
        QVERIFY2(ambiguous.errors[0].startsWith(QStringLiteral("two.csv: the trace holds 2 GPUs (by pci.bus_id)")),
            qPrintable(ambiguous.errors[0]));
    }

    void nvidiaSmiOlderDriversAndNounits()
    {
        // The driver lists power.draw.instant but fills in nothing: power.draw is used. With
        // nounits the values carry no " W"; a repeated header (two recordings appended) is
        // skipped; the name and the GPU's own index come along; midnight passes.
        const QByteArray text = "timestamp, index, name, power.draw [W], power.draw.instant [W]\n"
                                "2026/11/21 23:59:59.990, 2, Tesla K20c, 54.20, [N/A]\n"
                                "2026/11/22 00:00:00.005, 2, Tesla K20c, 54.31, [N/A]\n"
                                "timestamp, index, name, power.draw [W], power.draw.instant [W]\n"
                                "2026/11/22 00:00:00.020, 2, Tesla K20c, 120.5, [Not Supported]\n";
        const PowerTrace trace = parsePowerTrace(text, QStringLiteral("k20.csv"));
        QVERIFY2(trace.ok(), qPrintable(trace.errors.join(QLatin1Char('\n'))));
        QCOMPARE(trace.powerField, QStringLiteral("power.draw [W]"));
        QCOMPARE(trace.gpuIndex, 2);
        QCOMPARE(trace.gpuName, QStringLiteral("Tesla K20c"));
        QCOMPARE(trace.samples.size(), 3);
        QCOMPARE(trace.samples[1].timeS, 0.015);
        QCOMPARE(trace.samples[2].timeS, 0.030);
        QCOMPARE(trace.samples[2].powerW, 120.5);
        QCOMPARE(trace.skippedSamples, 0);

        // A cumulative energy column in mJ becomes joules; a last line cut mid-write is a note.
        const QByteArray energy = "timestamp, power.draw.instant [W], total_energy_consumption [mJ]\n"
                                  "2026/11/21 10:00:00.000, 60.00 W, 1000000 mJ\n"
                                  "2026/11/21 10:00:00.500, 62.00 W, 1030500 mJ\n"
                                  "2026/11/21 10:00:01.000, 61.00 W";
        const PowerTrace withEnergy = parsePowerTrace(energy, QStringLiteral("e.csv"));
        QVERIFY2(withEnergy.ok(), qPrintable(withEnergy.errors.join(QLatin1Char('\n'))));
        QCOMPARE(withEnergy.samples.size(), 2);
        QVERIFY(withEnergy.hasEnergy);
        QCOMPARE(*withEnergy.samples[1].energyJ, 1030.5);
        QCOMPARE(withEnergy.notes,
            QStringList{QStringLiteral("e.csv:4: last line is incomplete (the trace was cut while "
                                       "written); ignored")});
        QCOMPARE(*counterEnergyJ(withEnergy.samples, 0, 0.5), 30.5);
    }

    // ---- import: plain CSV ----

    void plainTraceWithCommentsRunsAndEnergy()
    {
        const QByteArray text = "\xEF\xBB\xBF# measured with an external meter\n"
                                "# gpu: GeForce GTX 1080\n"
                                "# run: 0.25 0.75\n"
                                "\n"
                                "Time_s, note, Power_W, energy_j\n"
                                "0.0, idle, 40, 0\n"
                                "0.5, \"busy, hot\", 180, 55\n"
                                "1.0, idle, 41, 145\n";
        const PowerTrace trace = parsePowerTrace(text, QStringLiteral("meter.csv"));
        QVERIFY2(trace.ok(), qPrintable(trace.errors.join(QLatin1Char('\n'))));
        QCOMPARE(trace.source, QStringLiteral("csv"));
        QCOMPARE(trace.gpuName, QStringLiteral("GeForce GTX 1080"));
        QCOMPARE(trace.powerField, QStringLiteral("Power_W"));
        QCOMPARE(trace.runs.size(), 1);
        QCOMPARE(trace.runs[0].startS, 0.25);
        QCOMPARE(trace.runs[0].endS, 0.75);
        QCOMPARE(trace.runs[0].line, 3);
        QCOMPARE(trace.samples.size(), 3);
        QCOMPARE(trace.samples[1].powerW, 180.0);
        QCOMPARE(trace.samples[1].line, 7);
        QVERIFY(trace.hasEnergy);
        QCOMPARE(trace.medianIntervalS(), 0.5);

        // An empty energy cell is "not read": the counter is not used, and a note says so.
        const PowerTrace gaps = parsePowerTrace("time_s,power_w,energy_j\n0,40,0\n1,41,\n", QStringLiteral("g.csv"));
        QVERIFY(gaps.ok());
        QVERIFY(!gaps.hasEnergy);
        QCOMPARE(gaps.notes, QStringList{QStringLiteral("g.csv:1: energy column energy_j has gaps: not used")});
    }

    void malformedTracesGiveFileAndLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray() << "t.csv: empty file";
        QTest::newRow("blank lines") << QByteArray("\n\n  \n") << "t.csv: empty file";
        QTest::newRow("only comments") << QByteArray("# nothing\n") << "t.csv: no header line, only comments";
        QTest::newRow("not a trace") << QByteArray("saturation,intensity,watts\n0.5,10,100\n")
                                     << "t.csv:1: not a power trace header: expected nvidia-smi "
                                        "--query-gpu=timestamp,power.draw,... --format=csv output, or the columns "
                                        "time_s,power_w[,energy_j]";
        QTest::newRow("noheader") << QByteArray("2026/11/21 10:41:01.123, 85.31 W\n")
                                  << "t.csv:1: no header line: record with --format=csv, not csv,noheader (the "
                                     "columns are found by name)";
        QTest::newRow("smi without power") << QByteArray("timestamp, index, clocks.sm [MHz]\n")
                                           << "t.csv:1: missing column power.draw (or power.draw.instant, "
                                              "power.draw.average)";
        QTest::newRow("smi without timestamp")
            << QByteArray("index, power.draw [W]\n0, 50 W\n")
            << "t.csv:1: missing column timestamp (query it first: --query-gpu=timestamp,power.draw,...)";
        QTest::newRow("smi bad unit") << QByteArray("timestamp, power.draw [A]\n")
                                      << "t.csv:1: column power.draw [A]: unit A is not a power unit (W or mW)";
        QTest::newRow("smi bad timestamp") << QByteArray("timestamp, power.draw [W]\n21.11.2026 10:41, 50 W\n")
                                           << "t.csv:2: timestamp '21.11.2026 10:41' is not YYYY/MM/DD HH:MM:SS.mmm";
        QTest::newRow("smi impossible date") << QByteArray("timestamp, power.draw [W]\n2026/02/30 10:41:01.000, 50 W\n")
                                             << "t.csv:2: timestamp '2026/02/30 10:41:01.000' is not YYYY/MM/DD "
                                                "HH:MM:SS.mmm";
        QTest::newRow("smi time backwards") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, 50 W\n"
                                                          "2026/11/21 10:41:01.400, 51 W\n")
                                            << "t.csv:3: timestamp 2026/11/21 10:41:01.400 is earlier than the row "
                                               "before";
        QTest::newRow("smi garbage power") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, lots\n")
                                           << "t.csv:2: 'lots' is not a power in column power.draw [W]";
        QTest::newRow("smi wrong unit") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, 50 MHz\n")
                                        << "t.csv:2: '50 MHz' in column power.draw [W]: unit MHz is not W";
        QTest::newRow("smi negative") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, -5 W\n")
                                      << "t.csv:2: power -5 W is negative in column power.draw [W]";
        QTest::newRow("smi columns") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, 5 W, 3\n"
                                                   "2026/11/21 10:41:01.600, 5 W\n")
                                     << "t.csv:2: expected 2 columns, got 3";
        QTest::newRow("smi all N/A") << QByteArray("timestamp, power.draw [W]\n2026/11/21 10:41:01.500, [N/A]\n")
                                     << "t.csv: no power values: every row has [N/A] in power.draw [W]";
        QTest::newRow("plain no power") << QByteArray("time_s,energy_j\n0,1\n") << "t.csv:1: missing column power_w";
        QTest::newRow("plain twice") << QByteArray("time_s,power_w,watts\n0,1,1\n")
                                     << "t.csv:1: column watts appears twice";
        QTest::newRow("plain no rows") << QByteArray("time_s,power_w\n# later\n")
                                       << "t.csv: no samples after the header";
        QTest::newRow("plain bad time") << QByteArray("time_s,power_w\n0,50\nsoon,51\n")
                                        << "t.csv:3: 'soon' is not a time in seconds";
        QTest::newRow("plain backwards") << QByteArray("time_s,power_w\n1,50\n0.5,51\n")
                                         << "t.csv:3: time 0.5 s is earlier than the row before (1 s)";
        QTest::newRow("plain nan power") << QByteArray("time_s,power_w\n0,nan\n")
                                         << "t.csv:2: 'nan' is not a power in watts";
        QTest::newRow("plain negative") << QByteArray("time_s,power_w\n0,-1\n") << "t.csv:2: power -1 W is negative";
        QTest::newRow("plain bad energy")
            << QByteArray("time_s,power_w,energy_j\n0,1,x\n") << "t.csv:2: 'x' is not an energy in joules";
        QTest::newRow("plain quote") << QByteArray("time_s,power_w\n0,\"1\n") << "t.csv:2: unterminated quote";
        QTest::newRow("run reversed") << QByteArray("# run: 3 1\ntime_s,power_w\n0,1\n")
                                      << "t.csv:1: run ends (1 s) before it starts (3 s)";
        QTest::newRow("run malformed")
            << QByteArray("time_s,power_w\n# run: soon\n0,1\n")
            << "t.csv:2: '# run: soon': expected the start and end in seconds, as in '# run: "
               "1.0 3.5'";
        QTest::newRow("binary") << QByteArray("time_s,power_w\n0,1\n\x7f"
                                              "ELF\x02\x01\x01\0\0\0",
            30) << "t.csv:3: not a text file (NUL byte)";
        QTest::newRow("long line") << (QByteArray("time_s,power_w\n") + QByteArray(100 * 1024, 'x'))
                                   << "t.csv:2: line longer than 64 KiB: not a power trace";
    }
    void malformedTracesGiveFileAndLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const PowerTrace trace = parsePowerTrace(text, QStringLiteral("t.csv"));
        QVERIFY(!trace.ok());
        QVERIFY2(trace.errors.contains(error), qPrintable(trace.errors.join(QLatin1Char('\n'))));
        QVERIFY(trace.samples.isEmpty()); // no half-read numbers to use by mistake
        const TraceMeasurement measurement = measureTrace(trace);
        QVERIFY(!measurement.ok());
    }

    void manyProblemsAreCountedNotListed()
    {
        QByteArray text = "time_s,power_w\n";
        for (int i = 0; i < 30; ++i)
            text += "x,1\n";
        const PowerTrace trace = parsePowerTrace(text, QStringLiteral("t.csv"));
        QCOMPARE(trace.errors.size(), 21);
        QCOMPARE(trace.errors.first(), QStringLiteral("t.csv:2: 'x' is not a time in seconds"));
        QCOMPARE(trace.errors.last(), QStringLiteral("t.csv: 10 more problems not shown"));
    }

    void filesThatAreNoTraces()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.filePath(QStringLiteral("none.csv"));
        QVERIFY(readPowerTrace(missing).errors.value(0).startsWith(missing + QStringLiteral(": cannot read:")));
        QCOMPARE(readPowerTrace(dir.path()).errors,
            QStringList{dir.path() + QStringLiteral(": is a folder, not a trace file")});

        // Over the size limit: refused before reading.
        const QString big
            = test::writeFile(dir, QStringLiteral("big.csv"), "time_s,power_w\n" + QByteArray(4096, '\n'));
        TraceImportOptions small;
        small.maxBytes = 1024;
        QCOMPARE(readPowerTrace(big, small).errors,
            QStringList{big + QStringLiteral(": 4111 bytes is more than the 1024 bytes a trace may have")});

        // A device without a size: the line limits stop it after one bounded read.
        if (QFileInfo::exists(QStringLiteral("/dev/zero")))
            QCOMPARE(readPowerTrace(QStringLiteral("/dev/zero")).errors,
                QStringList{QStringLiteral("/dev/zero:1: not a text file (NUL byte)")});

        // Too many samples for memory: refused at the row that is one too many.
        TraceImportOptions few;
        few.maxSamples = 2;
        const PowerTrace many = parsePowerTrace("time_s,power_w\n0,1\n1,1\n2,1\n", QStringLiteral("m.csv"), few);
        QCOMPARE(many.errors, QStringList{QStringLiteral("m.csv:4: more than 2 samples: split the trace")});
    }

    // ---- energy and the fitted function ----

    void energyIsTheTrapezoidOverTheRun()
    {
        // 50 W, then a run at 150 W sampled at 1, 2, 3 s, then 50 W again.
        QVector<PowerSample> samples;
        for (const auto& [t, p] :
            std::initializer_list<std::pair<double, double>>{{0, 50}, {1, 150}, {2, 150}, {3, 130}, {4, 50}})
            samples.append(PowerSample{t, p, std::nullopt, 0});
        // Inside [0.5, 3.5]: trapezoids 1–2 (150), 2–3 (140), held 150 back to 0.5 and 130 on to 3.5.
        QCOMPARE(traceEnergyJ(samples, 0.5, 3.5), 0.5 * 150 + 150 + 140 + 0.5 * 130);
        // The whole span: the plain trapezoid rule.
        QCOMPARE(traceEnergyJ(samples, 0, 4), 100.0 + 150 + 140 + 90);
        // No sample inside: the power interpolated at the middle, times the duration.
        QCOMPARE(traceEnergyJ(samples, 3.25, 3.75), 0.5 * (130 - 80 * 0.5));
        QCOMPARE(traceEnergyJ(samples, 2, 2), 0.0);

        // The counter, interpolated at the edges; backwards is refused.
        for (int i = 0; i < samples.size(); ++i)
            samples[i].energyJ = 1000.0 + 100 * i;
        QCOMPARE(*counterEnergyJ(samples, 0.5, 3.5), 300.0);
        QString problem;
        QVERIFY(!counterEnergyJ(samples, -1, 3, &problem));
        QCOMPARE(problem, QStringLiteral("the trace (0–4 s) does not cover -1–3 s"));
        samples[3].energyJ = 0.0;
        samples[3].line = 9;
        QVERIFY(!counterEnergyJ(samples, 0.5, 3.5, &problem));
        QCOMPARE(problem, QStringLiteral("the energy counter goes backwards at line 9 (driver reloaded?)"));
    }

    void fitFollowsTheReadingWithoutOvershoot()
    {
        // On a line the local linear fit is exact, between samples too.
        QVector<PowerSample> ramp;
        for (int i = 0; i <= 50; ++i)
            ramp.append(PowerSample{i * 0.01, 60 + 400 * i * 0.01, std::nullopt, 0});
        const TraceFit line(ramp);
        QCOMPARE(line.halfWidthS(), 0.015);
        QVERIFY(std::abs(line.valueAtW(0.123) - (60 + 400 * 0.123)) < 1e-9);
        QVERIFY(std::abs(line.valueAtW(0.4) - 220) < 1e-9);
        // Past the end: the last sample's time, flat.
        QVERIFY(line.beyondEnd(0.6));
        QVERIFY(std::abs(line.valueAtW(0.6) - 260) < 1e-9);
        // At a step it stays between the two levels and passes the middle at the step.
        QVector<PowerSample> step;
        for (int i = 0; i <= 40; ++i)
            step.append(PowerSample{i * 0.01, i < 20 ? 50.0 : 150.0, std::nullopt, 0});
        const TraceFit fit(step);
        double lowest = INFINITY, highest = -INFINITY;
        for (double t = 0; t <= 0.4; t += 0.001) {
            lowest = std::min(lowest, fit.valueAtW(t));
            highest = std::max(highest, fit.valueAtW(t));
        }
        QCOMPARE(lowest, 50.0);
        QCOMPARE(highest, 150.0);
        QVERIFY(std::abs(fit.valueAtW(0.195) - 100) < 10);
    }

    // ---- the sensor correction on synthetic traces ----

    void lagIsLearntFromARunsRise_data()
    {
        QTest::addColumn<double>("delayS");
        QTest::addColumn<double>("tauS");
        QTest::addColumn<double>("intervalS");
        QTest::addColumn<double>("idleW");
        QTest::addColumn<double>("runW");
        QTest::newRow("delay and approach, 50 Hz") << 0.1 << 0.1 << 0.02 << 55.0 << 150.0;
        QTest::newRow("slow approach, 15 Hz") << 0.0 << 0.3 << 1.0 / 15 << 54.2 << 180.0;
        QTest::newRow("delay only, 100 Hz") << 0.3 << 0.003 << 0.01 << 55.0 << 150.0;
        QTest::newRow("falling step") << 0.05 << 0.15 << 0.02 << 120.0 << 60.0;
    }
    void lagIsLearntFromARunsRise()
    {
        QFETCH(double, delayS);
        QFETCH(double, tauS);
        QFETCH(double, intervalS);
        QFETCH(double, idleW);
        QFETCH(double, runW);
        Workload workload;
        workload.idleW = idleW;
        workload.runs = {{RunWindow{1.003, 5.003, 0}, runW}};
        Sensor sensor;
        sensor.delayS = delayS;
        sensor.tauS = tauS;
        sensor.intervalS = intervalS;
        sensor.noiseW = 0.5;
        const QVector<PowerSample> samples = simulate(workload, sensor, 7);
        const SensorLagEstimate lag = learnSensorLag(samples, workload.runs[0].window);
        QVERIFY2(lag.ok(), qPrintable(lag.problem));
        const double truth = sensor.lagS(idleW, runW);
        qInfo("t_p learnt %.4f s, true %.4f s (error %+.4f s, %.1f sample intervals; tolerance %.4f s)", *lag.lagS,
            truth, *lag.lagS - truth, (*lag.lagS - truth) / intervalS, sensor.lagToleranceS(runW));
        QVERIFY(std::abs(*lag.lagS - truth) <= sensor.lagToleranceS(runW));
        QVERIFY(std::abs(lag.baselineW - idleW) < 1);
        QVERIFY(std::abs(lag.plateauW - runW) < 1);
    }

    void lagCannotBeLearntWithoutASettledStep()
    {
        Workload workload;
        workload.runs = {{RunWindow{1.003, 1.203, 0}, 150}};
        Sensor sensor;
        const QVector<PowerSample> samples = simulate(workload, sensor, 3);
        // Too short to settle: t_p of this sensor is 0.41 s.
        const SensorLagEstimate shortRun = learnSensorLag(samples, workload.runs[0].window);
        QVERIFY(!shortRun.ok());
        QVERIFY2(shortRun.problem.contains(QStringLiteral("outside the 3 % band at the run's end")),
            qPrintable(shortRun.problem));
        // No step at all.
        const SensorLagEstimate flat = learnSensorLag(samples, RunWindow{2.5, 2.95, 0});
        QVERIFY(!flat.ok());
        QVERIFY2(flat.problem.contains(QStringLiteral("no step to time")), qPrintable(flat.problem));
        // Nothing before the run.
        QVERIFY(learnSensorLag(samples, RunWindow{0, 1, 0}).problem.contains(QStringLiteral("no samples before")));
        // measureTrace says so and asks for t_p.
        TraceMeasurementOptions options;
        options.runs = workload.windows();
        const TraceMeasurement measurement = measureTrace(traceOf(samples), options);
        QVERIFY(!measurement.ok());
        QVERIFY2(measurement.error.startsWith(
                     QStringLiteral("cannot learn the sensor lag t_p from synthetic (run 1.003–1.203 s:")),
            qPrintable(measurement.error));
    }

    // A run of 6 s, much longer than t_p (0.41 s): its first t_p is read t_p later from the
    // fit (the rise moves back to the run's start), the error-direction rule evens out the
    // noise after it, and the tail after the run is reset to idle.
    void longRunIsCorrectedByTheErrorDirectionRule()
    {
        Workload workload;
        workload.runs = {{RunWindow{1.003, 7.003, 0}, 150}};
        Sensor sensor; // delay 0.1 s, tau 0.1 s, 50 Hz, noise 0.8 W
        const QVector<PowerSample> samples = simulate(workload, sensor, 10);
        TraceMeasurementOptions options;
        options.runs = workload.windows();
        const TraceMeasurement m = measureTrace(traceOf(samples), options);
        QVERIFY2(m.ok(), qPrintable(m.error));
        QCOMPARE(m.lagSource, QStringLiteral("learnt"));
        QVERIFY(std::abs(*m.lagS - sensor.lagS(55, 150)) <= sensor.lagToleranceS(150));
        QCOMPARE(m.idleSource, QStringLiteral("before-first-run"));
        QVERIFY(std::abs(*m.idleW - 55) < 0.5);
        QCOMPARE(m.runs.size(), 1);
        const RunMeasurement& run = m.runs[0];
        QVERIFY(!run.shortRun);

        const QVector<PowerSample>& corrected = m.corrected.samples;
        const double rawTotal = rmsErrorW(samples, workload, 0, 10);
        const double correctedTotal = rmsErrorW(corrected, workload, 0, 10);
        const double rawTail = rmsErrorW(samples, workload, 7.003, 10);
        const double correctedTail = rmsErrorW(corrected, workload, 7.003, 10);
        const double rawPlateau = rmsErrorW(samples, workload, 2, 7);
        const double correctedPlateau = rmsErrorW(corrected, workload, 2, 7);
        double plateauBias = 0;
        int plateauCount = 0;
        for (const PowerSample& sample : corrected) {
            if (sample.timeS >= 2 && sample.timeS <= 7) {
                plateauBias += sample.powerW - 150;
                ++plateauCount;
            }
        }
        plateauBias /= plateauCount;
        qInfo("long run: rms error raw %.3f W, corrected %.3f W; after the end raw %.3f W, corrected %.3f W; "
              "on the plateau raw %.3f W, corrected %.3f W (mean %+.3f W, noise sigma %.1f W)",
            rawTotal, correctedTotal, rawTail, correctedTail, rawPlateau, correctedPlateau, plateauBias, sensor.noiseW);
        QVERIFY(correctedTotal < 0.75 * rawTotal);
        QVERIFY(correctedTail < 0.25 * rawTail);
        // On noise alone the rule is no great filter: it averages three samples half the time
        // and takes their minimum the other half, which lowers the level by ~0.4 sigma and
        // leaves an rms error of ~0.9 sigma (seeds 1–12: 0.83–1.01 of the raw one).
        QVERIFY(correctedPlateau < 1.05 * rawPlateau);
        QVERIFY(plateauBias < -0.2 * sensor.noiseW && plateauBias > -0.6 * sensor.noiseW);

        // The tail: idle from the run's end until the reading is back near idle, which for
        // this sensor is the delay plus tau·ln((150 − 55) / (0.03·55)).
        const double settle = sensor.delayS + sensor.tauS * std::log(95 / (0.03 * 55));
        QVERIFY2(run.tailEndS > 7.003 + settle - 0.1 && run.tailEndS < 7.003 + settle + 0.1,
            qPrintable(QString::number(run.tailEndS)));
        int tailSamples = 0;
        for (int i = 0; i < corrected.size(); ++i) {
            if (corrected[i].timeS > 7.003 && corrected[i].timeS < run.tailEndS) {
                QCOMPARE(m.corrected.rules[i], CorrectionRule::IdleTail);
                QCOMPARE(corrected[i].powerW, *m.idleW);
                ++tailSamples;
            }
        }
        QVERIFY(tailSamples >= int(settle / sensor.intervalS) - 2);
        QVERIFY(m.corrected.rules.contains(CorrectionRule::DirectionAverage));
        QVERIFY(m.corrected.rules.contains(CorrectionRule::DirectionMinimum));
        QVERIFY(!m.corrected.rules.contains(CorrectionRule::ShortRunFit));
        // The run's first t_p, and only that, is read from the fit.
        for (int i = 0; i < corrected.size(); ++i) {
            const bool inStart = corrected[i].timeS >= 1.003 && corrected[i].timeS <= 1.003 + *m.lagS;
            QCOMPARE(m.corrected.rules[i] == CorrectionRule::RunStartFit, inStart);
        }

        // Energy over the run: the lag shifts ΔP·(delay + tau) past the run's end, which the
        // raw readings miss (and the reset tail no longer counts); reading the run's first t_p
        // t_p later moves the rise back to the start, so the corrected energy gets it back
        // (before, with the error-direction rule alone, it missed the same 2 %). The counter is
        // exact.
        const double truth = workload.energyJ(1.003, 7.003);
        const double shiftedJ = (150 - 55) * (sensor.delayS + sensor.tauS);
        qInfo("long run energy: true %.2f J, raw %.2f J (%+.2f %%), corrected %.2f J (%+.2f %%), counter %.3f J; "
              "shifted past the end by the lag %.1f J",
            truth, run.rawEnergyJ, relativeError(run.rawEnergyJ, truth) * 100, run.correctedEnergyJ,
            relativeError(run.correctedEnergyJ, truth) * 100, *run.counterEnergyJ, shiftedJ);
        QVERIFY(std::abs(run.rawEnergyJ - (truth - shiftedJ)) < 0.002 * truth);
        QVERIFY2(std::abs(relativeError(run.correctedEnergyJ, truth)) < 0.01,
            qPrintable(QString::number(relativeError(run.correctedEnergyJ, truth))));
        QVERIFY(std::abs(run.correctedEnergyJ - truth) < 0.3 * std::abs(run.rawEnergyJ - truth));
        // The counter is read at the samples only: interpolating it linearly at an edge that
        // falls between two samples is off by at most ΔP·interval/4 (plus the mJ steps).
        QVERIFY(std::abs(*run.counterEnergyJ - truth) <= (150 - 55) * sensor.intervalS / 2 + 0.002);
    }

    // A long run first (to learn t_p from), then a run of 0.25 s, shorter than t_p, on a
    // sensor whose lag is mostly a delay: the short run's readings arrive after it has
    // ended. Read t_p later, the fitted reading puts the run's power back where it ran.
    void shortRunIsReadTpLaterFromTheFit()
    {
        Workload workload;
        workload.runs = {{RunWindow{1.003, 4.003, 0}, 150}, {RunWindow{6.004, 6.254, 0}, 140}};
        Sensor sensor;
        sensor.delayS = 0.3;
        sensor.tauS = 0.003;
        sensor.intervalS = 0.01;
        sensor.noiseW = 0.5;
        sensor.seed = 7;
        const QVector<PowerSample> samples = simulate(workload, sensor, 8);
        TraceMeasurementOptions options;
        options.runs = workload.windows();
        const TraceMeasurement m = measureTrace(traceOf(samples), options);
        QVERIFY2(m.ok(), qPrintable(m.error));
        // Learnt from the long run only; the short one says why not.
        QVERIFY(m.runs[0].lag && m.runs[0].lag->ok());
        QVERIFY(m.runs[1].lag && !m.runs[1].lag->ok());
        QCOMPARE(m.notes.size(), 1);
        const double trueLag = sensor.lagS(55, 150);
        qInfo("t_p learnt %.4f s, true %.4f s", *m.lagS, trueLag);
        QVERIFY(std::abs(*m.lagS - trueLag) <= sensor.lagToleranceS(150));
        QVERIFY(!m.runs[0].shortRun);
        QVERIFY(m.runs[1].shortRun);

        const RunWindow& window = workload.runs[1].window;
        const RunMeasurement& run = m.runs[1];
        for (int i = 0; i < samples.size(); ++i) {
            if (window.contains(samples[i].timeS))
                QCOMPARE(m.corrected.rules[i], CorrectionRule::ShortRunFit);
        }
        const double rawError = rmsErrorW(samples, workload, window.startS, window.endS);
        const double correctedError = rmsErrorW(m.corrected.samples, workload, window.startS, window.endS);
        const double truth = workload.energyJ(window.startS, window.endS);
        qInfo("short run: rms error raw %.2f W, corrected %.2f W; energy true %.3f J, raw %.3f J (%+.1f %%), corrected "
              "%.3f J (%+.2f %%), counter %.3f J",
            rawError, correctedError, truth, run.rawEnergyJ, relativeError(run.rawEnergyJ, truth) * 100,
            run.correctedEnergyJ, relativeError(run.correctedEnergyJ, truth) * 100, *run.counterEnergyJ);
        QVERIFY(correctedError < 0.25 * rawError);
        QVERIFY(std::abs(relativeError(run.rawEnergyJ, truth)) > 0.5); // the sensor still read idle
        // Reading t_p later overshoots the delay by t_p − delay (the approach to 3 %, and the
        // learnt t_p's sampling error): that much of the run's end reads the falling edge, so
        // the energy comes out low by about ΔP·(t_p − delay) of 35 J.
        const double overshootJ = (140 - 55) * (*m.lagS - sensor.delayS);
        qInfo("short run: expected loss from reading t_p later %.3f J (%.2f %%)", overshootJ, overshootJ / truth * 100);
        QVERIFY(run.correctedEnergyJ < truth);
        QVERIFY(std::abs(run.correctedEnergyJ - (truth - overshootJ)) < 0.01 * truth);
        QVERIFY(std::abs(relativeError(run.correctedEnergyJ, truth)) < 0.05);
        QVERIFY(std::abs(run.correctedMeanW - run.correctedEnergyJ / window.durationS()) < 1e-9);
        QVERIFY(std::abs(*run.counterEnergyJ - truth) <= (140 - 55) * sensor.intervalS / 2 + 0.002);
        // Its tail (the delayed reading arriving after the run) is idle in the corrected trace.
        QVERIFY(run.tailEndS > window.endS + sensor.delayS);
        QVERIFY(rmsErrorW(m.corrected.samples, workload, window.endS, run.tailEndS)
            < 0.1 * rmsErrorW(samples, workload, window.endS, run.tailEndS));
    }

    void runsAreCheckedAgainstTheTrace()
    {
        Workload workload;
        workload.runs = {{RunWindow{1.003, 3.003, 0}, 150}};
        const PowerTrace trace = traceOf(simulate(workload, Sensor{}, 4));
        TraceMeasurementOptions options;
        options.runs = {RunWindow{3.5, 4.5, 0}};
        QCOMPARE(measureTrace(trace, options).error, QStringLiteral("run 3.5–4.5 s is not inside the trace (0–4 s)"));
        options.runs = {RunWindow{1, 2, 0}, RunWindow{1.5, 3, 0}};
        QCOMPARE(measureTrace(trace, options).error, QStringLiteral("runs 1–2 s and 1.5–3 s overlap"));
        // No run: the whole trace by the error-direction rule, with no t_p and no tail.
        const TraceMeasurement whole = measureTrace(trace);
        QVERIFY(whole.ok());
        QCOMPARE(whole.lagSource, QStringLiteral("none"));
        QVERIFY(!whole.lagS);
        QCOMPARE(whole.runs.size(), 1);
        QVERIFY(whole.runs[0].wholeTrace);
        QCOMPARE(whole.runs[0].rawEnergyJ, traceEnergyJ(trace.samples, 0, 4));
        QVERIFY(!whole.corrected.rules.contains(CorrectionRule::IdleTail));
        // A given lag and idle are used as given.
        options.runs = workload.windows();
        options.lagS = 0.5;
        options.idleW = 50;
        const TraceMeasurement given = measureTrace(trace, options);
        QVERIFY(given.ok());
        QCOMPARE(*given.lagS, 0.5);
        QCOMPARE(given.lagSource, QStringLiteral("given"));
        QCOMPARE(*given.idleW, 50.0);
        QVERIFY(!given.runs[0].lag);
    }

    // ---- slicewatt-cli trace ----

    void cliPrintsWhatTheLibraryComputes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Workload workload;
        workload.runs = {{RunWindow{1.003, 5.003, 0}, 150}};
        const QVector<PowerSample> samples = simulate(workload, Sensor{}, 7);
        const QString file
            = test::writeFile(dir, QStringLiteral("trace.csv"), plainTraceCsv(samples, workload.windows()));

        const PowerTrace trace = readPowerTrace(file);
        QVERIFY(trace.ok());
        const TraceMeasurement expected = measureTrace(trace);
        QVERIFY(expected.ok());

        const CliResult json
            = runCli({QStringLiteral("trace"), file, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(root.value(QStringLiteral("source")).toString(), QStringLiteral("csv"));
        QCOMPARE(root.value(QStringLiteral("gpu_name")).toString(), QStringLiteral("Test GPU"));
        QCOMPARE(root.value(QStringLiteral("lag_s")).toDouble(), *expected.lagS);
        QCOMPARE(root.value(QStringLiteral("lag_source")).toString(), QStringLiteral("learnt"));
        QCOMPARE(root.value(QStringLiteral("idle_w")).toDouble(), *expected.idleW);
        const QJsonObject run = root.value(QStringLiteral("runs")).toArray().at(0).toObject();
        QCOMPARE(run.value(QStringLiteral("path")).toString(), QStringLiteral("error-direction"));
        QCOMPARE(run.value(QStringLiteral("raw_energy_j")).toDouble(), expected.runs[0].rawEnergyJ);
        QCOMPARE(run.value(QStringLiteral("corrected_energy_j")).toDouble(), expected.runs[0].correctedEnergyJ);
        QCOMPARE(run.value(QStringLiteral("counter_energy_j")).toDouble(), *expected.runs[0].counterEnergyJ);
        QCOMPARE(run.value(QStringLiteral("corrected_mean_w")).toDouble(), expected.runs[0].correctedMeanW);
        QCOMPARE(run.value(QStringLiteral("tail_end_s")).toDouble(), expected.runs[0].tailEndS);
        const QJsonObject columns = root.value(QStringLiteral("samples")).toObject();
        const QJsonArray corrected = columns.value(QStringLiteral("corrected_w")).toArray();
        QCOMPARE(corrected.size(), samples.size());
        for (int i = 0; i < corrected.size(); ++i)
            QCOMPARE(corrected.at(i).toDouble(), expected.corrected.samples[i].powerW);
        QCOMPARE(columns.value(QStringLiteral("rule")).toArray().at(1).toString(),
            correctionRuleName(expected.corrected.rules[1]));

        // The table says the same in words; --start/--end and --lag override the file's mark.
        const CliResult table = runCli({QStringLiteral("trace"), file, QStringLiteral("--start"),
            QStringLiteral("1.003"), QStringLiteral("--end"), QStringLiteral("5.003"), QStringLiteral("--lag"),
            QStringLiteral("0.4"), QStringLiteral("--idle"), QStringLiteral("55")});
        QVERIFY2(table.exitCode == 0, table.err.constData());
        QVERIFY2(table.out.contains("lag t_p    0.400 s (given)"), table.out.constData());
        QVERIFY2(table.out.contains("idle       55.00 W (given)"), table.out.constData());
        TraceMeasurementOptions same;
        same.runs = workload.windows();
        same.lagS = 0.4;
        same.idleW = 55;
        const TraceMeasurement givenLag = measureTrace(trace, same);
        QVERIFY2(table.out.contains(QStringLiteral("raw %1 J, corrected %2 J, energy counter %3 J")
                                        .arg(QString::number(givenLag.runs[0].rawEnergyJ, 'f', 3),
                                            QString::number(givenLag.runs[0].correctedEnergyJ, 'f', 3),
                                            QString::number(*givenLag.runs[0].counterEnergyJ, 'f', 3))
                                        .toUtf8()),
            table.out.constData());

        // The CSV is a plain trace of the corrected power: it reads back to the same numbers.
        const QString out = dir.filePath(QStringLiteral("corrected.csv"));
        const CliResult csv = runCli(
            {QStringLiteral("trace"), file, QStringLiteral("-f"), QStringLiteral("csv"), QStringLiteral("-o"), out});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        QVERIFY(csv.out.isEmpty());
        const PowerTrace back = readPowerTrace(out);
        QVERIFY2(back.ok(), qPrintable(back.errors.join(QLatin1Char('\n'))));
        QCOMPARE(back.samples.size(), samples.size());
        QCOMPARE(back.gpuName, QStringLiteral("Test GPU"));
        QCOMPARE(back.runs.size(), 1);
        QCOMPARE(back.runs[0].startS, 1.003);
        for (int i = 0; i < back.samples.size(); ++i) {
            QCOMPARE(back.samples[i].timeS, expected.corrected.samples[i].timeS);
            QCOMPARE(back.samples[i].powerW, expected.corrected.samples[i].powerW);
        }
    }

    void cliExitCodes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString smi = test::writeFile(dir, QStringLiteral("smi.csv"), kTwoGpus);
        // Several GPUs and none chosen: the trace's problem, exit 1.
        const CliResult several = runCli({QStringLiteral("trace"), smi});
        QCOMPARE(several.exitCode, 1);
        QCOMPARE(several.err, QByteArray(smi.toUtf8() + ": the trace holds GPUs 0, 1: choose one by its index\n"));
        const CliResult chosen
            = runCli({QStringLiteral("trace"), smi, QStringLiteral("--gpu-index"), QStringLiteral("0")});
        QVERIFY2(chosen.exitCode == 0, chosen.err.constData());
        QVERIFY2(chosen.out.contains("nvidia-smi, power.draw.instant [W], GPU 0 (NVIDIA H100 80GB HBM3)"),
            chosen.out.constData());
        // Malformed: file:line on stderr, exit 1, nothing on stdout.
        const QString bad = test::writeFile(dir, QStringLiteral("bad.csv"), "time_s,power_w\n0,50\n1,lots\n");
        const CliResult malformed = runCli({QStringLiteral("trace"), bad});
        QCOMPARE(malformed.exitCode, 1);
        QCOMPARE(malformed.err, QByteArray(bad.toUtf8() + ":3: 'lots' is not a power in watts\n"));
        QVERIFY(malformed.out.isEmpty());
        QCOMPARE(runCli({QStringLiteral("trace"), dir.filePath(QStringLiteral("none.csv"))}).exitCode, 1);
        // A run too short to learn t_p from, without --lag: exit 1 with the reason.
        const QString shortRun = test::writeFile(dir, QStringLiteral("short.csv"),
            plainTraceCsv(simulate(Workload{55, {{RunWindow{1.003, 1.103, 0}, 150}}}, Sensor{}, 2)));
        const CliResult noLag = runCli({QStringLiteral("trace"), shortRun, QStringLiteral("--start"),
            QStringLiteral("1.003"), QStringLiteral("--end"), QStringLiteral("1.103")});
        QCOMPARE(noLag.exitCode, 1);
        QVERIFY2(noLag.err.contains("cannot learn the sensor lag t_p"), noLag.err.constData());
        // Usage errors: exit 2.
        for (const QStringList& args :
            {QStringList{QStringLiteral("trace")}, QStringList{QStringLiteral("trace"), bad, bad},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--start"), QStringLiteral("1")},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--start"), QStringLiteral("2"),
                    QStringLiteral("--end"), QStringLiteral("1")},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--lag"), QStringLiteral("0")},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--idle"), QStringLiteral("-3")},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--gpu-index"), QStringLiteral("first")},
                QStringList{QStringLiteral("trace"), bad, QStringLiteral("--format"), QStringLiteral("sarif")}}) {
            const CliResult usage = runCli(args);
            QVERIFY2(usage.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + usage.err));
        }
        // The output file is replaced only by a complete one.
        const QString target = test::writeFile(dir, QStringLiteral("keep.json"), "old");
        QCOMPARE(runCli({QStringLiteral("trace"), bad, QStringLiteral("-o"), target}).exitCode, 1);
        QFile kept(target);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("old"));
    }
};

QTEST_GUILESS_MAIN(MeasureTest)
#include "test_measure.moc"

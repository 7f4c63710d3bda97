// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the readers of files users hand the app besides CUDA (issue 19):
// a saved analysis (compare's baseline), PTX, the measured launch CSV and its kernel map, a
// calibration CSV, a power trace, a validation CSV, a compiler's -MD dependency list, a GPU
// spec file (--gpu-spec) and an architectures file (issue 46). The
// first byte picks the reader, the rest is the file. Each reader must turn any bytes into
// its result or its problems in words, never crash, hang or leak; what it accepts goes on
// through the code that uses it (a baseline is compared with itself and written in every
// format; PTX functions get their loop runs and launch features). No libclang here, so a
// run covers thousands of inputs a second. Built and run by scripts/fuzz.sh.
#include "calibration/Validation.h"
#include "compare/AnalysisComparison.h"
#include "compare/ComparisonWriter.h"
#include "estimate/PtxExecution.h"
#include "measure/MeasuredLaunches.h"
#include "measure/TraceImport.h"
#include "model/ArchitecturePhysics.h"
#include "model/CalibrationCsv.h"
#include "model/DataSheetPhysics.h"
#include "model/GpuSpecFile.h"
#include "model/ModelLibrary.h"
#include "model/PhysicalPower.h"
#include "ptx/PtxCompiler.h"
#include "ptx/PtxControlFlow.h"
#include "ptx/PtxLaunchFeatures.h"
#include "ptx/PtxReader.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace slicewatt;

namespace {

// Never deleted, as in fuzz_analysis: libFuzzer exits with the argc the application refers to
// already gone, and deleting it then would read freed memory.
QCoreApplication* app = nullptr;
// The shipped catalogue a spec borrows from. Only the catalogue is kept: the library's models
// hold XGBoost boosters whose memory LeakSanitizer cannot trace from here, so the library itself
// lives only through the initialisation, as before.
std::optional<GpuCatalogue> catalogue;
std::optional<PtxArchitecture> architecture; // the V100's, as the PTX model reads it

[[noreturn]] void fail(const char* what)
{
    fprintf(stderr, "fuzz_readers: %s\n", what);
    abort();
}

void requireJson(const QByteArray& text, const char* what)
{
    QJsonParseError error{};
    QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        fail(what);
}

void savedAnalysis(const QByteArray& bytes)
{
    QString error;
    const std::optional<AnalysisSnapshot> snapshot = readAnalysisSnapshot(bytes, &error);
    if (!snapshot) {
        if (error.isEmpty())
            fail("a refused analysis has no reason");
        return;
    }
    // Compared with itself: every kernel pairs, every change is zero or unknown.
    const AnalysisComparison comparison = compareAnalyses(*snapshot, *snapshot);
    if (!comparison.added.isEmpty() || !comparison.removed.isEmpty())
        fail("an analysis compared with itself has added or removed kernels");
    for (const KernelChange& k : comparison.kernels) {
        const std::optional<double> d = k.powerW.delta();
        if (d && std::isfinite(*d) && *d != 0)
            fail("an analysis compared with itself changed a kernel's power");
    }
    requireJson(comparisonJson(comparison), "the comparison is not valid JSON");
    requireJson(comparisonSarif(comparison, QStringLiteral("/"), QStringLiteral("fuzz"), 5), "the SARIF is not JSON");
    comparisonTable(comparison, QStringLiteral("/"));
    comparisonMarkdown(comparison, QStringLiteral("/"));
    comparisonCsv(comparison);
    increasesOver(comparison, 0);
}

void ptx(const QByteArray& bytes)
{
    PtxModule module = readPtx(bytes, QStringLiteral("fuzz.ptx"));
    for (PtxFunction& function : module.functions) {
        linkBlocks(function);
        const QVector<double> runs = ptxLoopRuns(function, 10);
        const PtxClassCounts counts = ptxThreadCounts(function, runs);
        const QHash<QString, double> features = ptxLaunchFeatures(counts, 64, 256, *architecture);
        for (double value : features) {
            if (std::isnan(value))
                fail("a PTX launch feature is NaN");
        }
    }
}

// A spec the reader accepts predicts a launch from its data sheet (a finite power, at most the
// board's limit) and is written back to a spec the reader accepts again with the same figures.
void gpuSpec(const QByteArray& bytes)
{
    QStringList errors;
    const std::optional<GpuSpec> spec = parseGpuSpecFile(bytes, QStringLiteral("spec.json"), *catalogue, errors);
    if (!spec) {
        if (errors.isEmpty())
            fail("a refused GPU spec has no reason");
        return;
    }
    QStringList again;
    const std::optional<GpuSpec> reread
        = parseGpuSpecFile(gpuSpecFileText(*spec), QStringLiteral("again.json"), *catalogue, again);
    if (!reread || reread->sms != spec->sms || reread->memoryTechnology != spec->memoryTechnology)
        fail("a spec written back is not read as it was");
    const std::optional<DataSheetPhysics> physics = dataSheetPhysics(*spec, ArchitectureTable::standard());
    if (!physics)
        return;
    LaunchWork work;
    work.seconds = 1e-3;
    work.computeSeconds = 1e-3;
    work.activeSmShare = 1;
    work.fp32 = 1e10;
    work.l2Bytes = 1e8;
    work.dramBytes = 1e8;
    const double limitW = spec->boardPowerW.value_or(0);
    const std::optional<PhysicalPower> p = physicalPower(physics->parameters, work, limitW, &physics->clocks);
    if (!p || !std::isfinite(p->watts) || p->watts < 0 || (limitW > 0 && p->watts > limitW * (1 + 1e-9)))
        fail("a described GPU's power is not finite or passes its limit");
}

void architectures(const QByteArray& bytes)
{
    QStringList errors;
    const std::optional<ArchitectureTable> table
        = ArchitectureTable::parse(bytes, QStringLiteral("architectures.json"), errors);
    if (!table && errors.isEmpty())
        fail("a refused architectures file has no reason");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    app = new QCoreApplication(*argc, *argv);
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    catalogue = library.gpus();
    const GpuSpec* v100 = library.gpus().find(QStringLiteral("v100"));
    QString why;
    if (v100)
        architecture = ptxArchitectureFor(*v100, &why);
    if (!architecture)
        fail("no PTX architecture for the V100");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    switch (data[0] % 10) {
    case 0:
        savedAnalysis(bytes);
        break;
    case 1:
        ptx(bytes);
        break;
    case 2:
        readMeasuredLaunches(bytes, QStringLiteral("fuzz.csv"));
        break;
    case 3: {
        QStringList problems;
        readKernelMap(bytes, QStringLiteral("map.csv"), &problems);
        break;
    }
    case 4:
        parseCalibrationCsv(bytes, QStringLiteral("calibration.csv"));
        break;
    case 5:
        parsePowerTrace(bytes, QStringLiteral("trace.csv"));
        break;
    case 6:
        parseValidationCsv(bytes, QStringLiteral("validation.csv"));
        break;
    case 7:
        readMakeDependencies(bytes);
        break;
    case 8:
        gpuSpec(bytes);
        break;
    default:
        architectures(bytes);
        break;
    }
    return 0;
}

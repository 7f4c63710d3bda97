// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the readers of files users hand the app besides CUDA (issue 19):
// a saved analysis (compare's baseline), PTX, the measured launch CSV and its kernel map, a
// calibration CSV, a power trace, a validation CSV, a compiler's -MD dependency list. The
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
#include "model/CalibrationCsv.h"
#include "model/ModelLibrary.h"
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

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    app = new QCoreApplication(*argc, *argv);
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
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
    switch (data[0] % 8) {
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
    default:
        readMakeDependencies(bytes);
        break;
    }
    return 0;
}

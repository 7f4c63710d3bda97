// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCompiler.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace slicewatt {

namespace {

// The first line of `program --version` that holds a version, and the version itself.
QString versionOf(const QString& program, const QRegularExpression& pattern)
{
    QProcess process;
    process.start(program, {QStringLiteral("--version")});
    if (!process.waitForFinished(20000) || process.exitCode() != 0)
        return {};
    return pattern.match(QString::fromUtf8(process.readAllStandardOutput())).captured(1);
}

int sm(const QString& arch)
{
    return arch.startsWith(QLatin1String("sm_")) ? arch.mid(3).toInt() : 0;
}

} // namespace

QString PtxProducer::name() const
{
    return QStringLiteral("%1 %2").arg(kind == Kind::Nvcc ? QStringLiteral("nvcc") : QStringLiteral("clang"), version);
}

QVector<PtxProducer> findPtxProducers(const QProcessEnvironment& environment)
{
    QVector<PtxProducer> producers;
    QStringList nvccs;
    const QStringList path = environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("nvcc"), path);
    if (!onPath.isEmpty())
        nvccs << onPath;
    if (environment.contains(QStringLiteral("CUDA_PATH")))
        nvccs << QDir(environment.value(QStringLiteral("CUDA_PATH"))).filePath(QStringLiteral("bin/nvcc"));
    nvccs << QStringLiteral("/usr/local/cuda/bin/nvcc");
    static const QRegularExpression nvccVersion(QStringLiteral("release (\\d+\\.\\d+)"));
    for (const QString& nvcc : nvccs) {
        if (!QFileInfo(nvcc).isExecutable())
            continue;
        const QString version = versionOf(nvcc, nvccVersion);
        if (!version.isEmpty()) {
            producers << PtxProducer{PtxProducer::Kind::Nvcc, QFileInfo(nvcc).canonicalFilePath(), version};
            break;
        }
    }
    const QString clang = QStandardPaths::findExecutable(QStringLiteral("clang++"), path);
    static const QRegularExpression clangVersion(QStringLiteral("clang version (\\d+\\.\\d+(\\.\\d+)?)"));
    if (!clang.isEmpty()) {
        const QString version = versionOf(clang, clangVersion);
        if (!version.isEmpty())
            producers << PtxProducer{PtxProducer::Kind::Clang, clang, version};
    }
    return producers;
}

namespace {

// The newest architecture clang's NVPTX back end accepts for --cuda-gpu-arch: clang 14
// knows sm_86, 15 to 19 sm_90, 20 sm_120 (their CudaArch lists).
int newestClangSm(const QString& version)
{
    const int major = version.section(QLatin1Char('.'), 0, 0).toInt();
    return major >= 20 ? 120 : major >= 15 ? 90 : 86;
}

} // namespace

QString ptxArchFor(const PtxProducer& producer, const QString& requested, QString* note)
{
    if (producer.kind == PtxProducer::Kind::Clang) {
        const int newest = newestClangSm(producer.version);
        if (sm(requested) <= newest)
            return requested;
        const QString used = QStringLiteral("sm_%1").arg(newest);
        if (note)
            *note = QStringLiteral("%1 does not compile for %2: PTX for %3, the newest it accepts (instruction counts "
                                   "may differ from what the %2 runs)")
                        .arg(producer.name(), requested, used);
        return used;
    }
    const int major = producer.version.section(QLatin1Char('.'), 0, 0).toInt();
    const int oldest = major >= 13 ? 75 : major >= 12 ? 50 : 35;
    if (sm(requested) >= oldest)
        return requested;
    const QString used = QStringLiteral("sm_%1").arg(oldest);
    if (note)
        *note = QStringLiteral("%1 does not compile for %2: PTX for %3, the oldest it accepts (instruction counts "
                               "may differ from what the %2 runs)")
                    .arg(producer.name(), requested, used);
    return used;
}

QStringList readMakeDependencies(const QByteArray& text)
{
    // "target: a.cu b.h", continued over lines by a backslash at their end (nvcc writes
    // "target : …"); a space inside a path is written as a backslash and the space.
    QString rule = QString::fromUtf8(text);
    rule.replace(QStringLiteral("\\\r\n"), QStringLiteral(" ")).replace(QStringLiteral("\\\n"), QStringLiteral(" "));
    const qsizetype end = rule.indexOf(QLatin1Char('\n'));
    if (end >= 0)
        rule.truncate(end); // the first rule: -MP's phony targets follow it
    qsizetype colon = rule.indexOf(QLatin1Char(':'));
    while (colon >= 0 && colon + 1 < rule.size() && !rule[colon + 1].isSpace())
        colon = rule.indexOf(QLatin1Char(':'), colon + 1);
    if (colon < 0)
        return {};
    QStringList files;
    QString current;
    for (qsizetype i = colon + 1; i < rule.size(); ++i) {
        const QChar c = rule[i];
        if (c == QLatin1Char('\\') && i + 1 < rule.size() && rule[i + 1] == QLatin1Char(' ')) {
            current += QLatin1Char(' ');
            ++i;
        } else if (c.isSpace()) {
            if (!current.isEmpty())
                files << current;
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.isEmpty())
        files << current;
    return files;
}

QStringList ptxArguments(const PtxProducer& producer, const PtxRequest& request, const QString& arch)
{
    QStringList arguments;
    if (producer.kind == PtxProducer::Kind::Nvcc) {
        arguments << QStringLiteral("-ptx") << QStringLiteral("-lineinfo") << QStringLiteral("-O3")
                  << QStringLiteral("-std=") + request.standard << QStringLiteral("-arch=") + arch;
    } else {
        // No CUDA installation: SliceWatt's prelude stands in for its headers and runtime.
        arguments << QStringLiteral("-x") << QStringLiteral("cuda") << QStringLiteral("--cuda-device-only")
                  << QStringLiteral("-nocudainc") << QStringLiteral("-nocudalib") << QStringLiteral("-S")
                  << QStringLiteral("-O3") << QStringLiteral("-gline-tables-only")
                  << QStringLiteral("-w")
                  // `register` is an error in C++17 unless asked; nvcc takes it (older samples).
                  << QStringLiteral("-Wno-register")
                  // Loops stay rolled unless the source asks (#pragma unroll): a PTX loop's body
                  // then runs its source loop's trip count, what executed counts multiply by.
                  << QStringLiteral("-fno-unroll-loops") << QStringLiteral("-std=") + request.standard
                  << QStringLiteral("--cuda-gpu-arch=") + arch;
        if (!request.preludeFolder.isEmpty())
            arguments << QStringLiteral("-I") + request.preludeFolder << QStringLiteral("-include")
                      << QStringLiteral("__slicewatt_prelude.h")
                      // Bodies for atomics and math the prelude only declares: their instructions,
                      // not a call to a function no PTX defines.
                      << QStringLiteral("-include") << QStringLiteral("__slicewatt_ptx_bodies.h");
    }
    for (const QString& dir : request.includeDirs)
        arguments << QStringLiteral("-I") + dir;
    for (const QString& define : request.defines)
        arguments << QStringLiteral("-D") + define;
    if (producer.kind == PtxProducer::Kind::Nvcc && !request.helperFolder.isEmpty())
        arguments << QStringLiteral("-I") + request.helperFolder;
    return arguments;
}

PtxCompilation compilePtx(const PtxProducer& producer, const PtxRequest& request)
{
    PtxCompilation result;
    QString note;
    result.arch = ptxArchFor(producer, request.arch, &note);
    if (!note.isEmpty())
        result.notes << note;
    QTemporaryDir work;
    if (!work.isValid()) {
        result.error = QStringLiteral("no temporary folder for the PTX of %1: %2")
                           .arg(QFileInfo(request.sourceFile).fileName(), work.errorString());
        return result;
    }
    const QString output = work.filePath(QStringLiteral("device.ptx"));
    QStringList arguments = ptxArguments(producer, request, result.arch);
    // The files it reads, so a cached PTX is used only while none of them changed (PtxCache).
    const QString dependencies = work.filePath(QStringLiteral("device.d"));
    arguments << QStringLiteral("-MD") << QStringLiteral("-MF") << dependencies;
    arguments << QStringLiteral("-o") << output << request.sourceFile;
    result.command = producer.executable + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));

    QProcess process;
    process.setWorkingDirectory(work.path()); // whatever it writes besides, it writes there
    process.start(producer.executable, arguments);
    if (!process.waitForFinished(request.timeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        result.error = QStringLiteral("%1 did not finish %2 within %3 s")
                           .arg(producer.name(), QFileInfo(request.sourceFile).fileName())
                           .arg(request.timeoutMs / 1000);
        return result;
    }
    QFile ptx(output);
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0 || !ptx.open(QIODevice::ReadOnly)) {
        const QString errors = QString::fromUtf8(process.readAllStandardError()).trimmed();
        result.error
            = QStringLiteral("%1 could not compile %2: %3")
                  .arg(producer.name(), QFileInfo(request.sourceFile).fileName(),
                      errors.isEmpty() ? QStringLiteral("exit %1").arg(process.exitCode()) : errors.left(2000));
        return result;
    }
    result.ptx = ptx.readAll();
    QFile dependencyList(dependencies);
    if (dependencyList.open(QIODevice::ReadOnly))
        result.dependencies = readMakeDependencies(dependencyList.readAll());
    return result;
}

} // namespace slicewatt

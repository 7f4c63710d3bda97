// SPDX-License-Identifier: GPL-3.0-or-later
#include "TranslationUnitParser.h"

#include "ClangArgv.h"
#include "CudaPrelude.h"
#include "CursorQueries.h"
#include "PreludePch.h"
#include "SourceGuard.h"

#include <QDir>
#include <QElapsedTimer>
#include <QThread>

#include <memory>
#include <tuple>
#include <vector>

namespace slicewatt {
namespace {

// Virtual size of the parse and analysis threads' stacks: pages are committed only as deep
// recursion touches them. 32 times libclang's own 8 MiB, which (with SourceGuard's limit
// on unbroken statement length) keeps every nesting a file can express within reach.
constexpr uint kLargeStackBytes = 256u * 1024u * 1024u;

// libclang runs each parse on a thread of its own with an 8 MiB stack unless
// LIBCLANG_NOTHREADS is set; deeply nested code overflows that stack, and crash recovery
// cannot catch a stack overflow. We parse on our own large-stack thread instead, so libclang
// must not start another. Set before main() while the process has a single thread (setenv
// is not safe beside other threads), and never over a user's own setting.
[[maybe_unused]] const bool kLibclangParsesOnOurThread = [] {
    if (!qEnvironmentVariableIsSet("LIBCLANG_NOTHREADS"))
        qputenv("LIBCLANG_NOTHREADS", "1");
    return true;
}();

Diagnostic::Severity toSeverity(CXDiagnosticSeverity severity)
{
    switch (severity) {
    case CXDiagnostic_Ignored:
    case CXDiagnostic_Note:
        return Diagnostic::Severity::Note;
    case CXDiagnostic_Warning:
        return Diagnostic::Severity::Warning;
    case CXDiagnostic_Error:
        return Diagnostic::Severity::Error;
    case CXDiagnostic_Fatal:
        return Diagnostic::Severity::Fatal;
    }
    return Diagnostic::Severity::Error;
}

QString describeFailure(CXErrorCode code)
{
    switch (code) {
    case CXError_Crashed:
        return QStringLiteral(
            "libclang crashed while parsing this file; it is skipped and the rest of the project is analysed");
    case CXError_InvalidArguments:
        return QStringLiteral("libclang rejected the compiler arguments for this file");
    case CXError_ASTReadError:
        return QStringLiteral("libclang could not read the parsed AST");
    default:
        return QStringLiteral("libclang could not parse this file");
    }
}

// Whether libclang refused the precompiled prelude (it reports that as an error without a
// place in any file, and the parse went on without the prelude). Refusing wrongly costs
// every later file with the same arguments the precompiled prelude: an error in the code
// that merely names something "…PCH…" has a line and does not count.
bool rejectsPrecompiledHeader(CXTranslationUnit tu)
{
    const unsigned count = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < count; ++i) {
        CXDiagnostic diag = clang_getDiagnostic(tu, i);
        const bool error = clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error;
        CXFile file = nullptr;
        clang_getExpansionLocation(clang_getDiagnosticLocation(diag), &file, nullptr, nullptr, nullptr);
        const QString message = takeString(clang_getDiagnosticSpelling(diag));
        clang_disposeDiagnostic(diag);
        if (error && !file && isPrecompiledHeaderComplaint(message))
            return true;
    }
    return false;
}

} // namespace

void runWithLargeStack(const std::function<void()>& work)
{
    bool ran = false;
    const std::unique_ptr<QThread> thread(QThread::create([&] {
        ran = true;
        work();
    }));
    thread->setStackSize(kLargeStackBytes);
    thread->start();
    thread->wait();
    if (!ran)
        work();
}

Diagnostics collectDiagnostics(CXTranslationUnit tu)
{
    Diagnostics result;
    const unsigned count = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < count; ++i) {
        CXDiagnostic diag = clang_getDiagnostic(tu, i);
        Diagnostic d;
        d.origin = Diagnostic::Origin::Parser;
        d.severity = toSeverity(clang_getDiagnosticSeverity(diag));
        const SourceLocation location = expansionLocationOf(clang_getDiagnosticLocation(diag));
        d.file = location.file;
        d.line = location.line;
        d.column = location.column;
        d.message = takeString(clang_getDiagnosticSpelling(diag));
        clang_disposeDiagnostic(diag);
        if (d.severity == Diagnostic::Severity::Note)
            continue;
        if (CudaPrelude::isPreludePath(d.file) && !d.isError())
            continue;
        result << d;
    }
    return result;
}

ParsedUnit parseTranslationUnit(CXIndex index, const SourceFile& source, const ParserOptions& options, CompileSide side,
    const FileBudget* fileBudget)
{
    ParsedUnit unit;
    unit.path = source.path;
    unit.side = side;
    unit.budget = fileBudget ? *fileBudget : FileBudget(source.path, options.fileTimeBudgetSeconds, options.clock);
    unit.limits = options.limits;
    // The screening recurses with the nesting of macros: the large stack, as for the parse.
    SourceCheck check;
    runWithLargeStack([&] { check = checkSource(source.path, options.maxFileBytes, options.hazards); });
    unit.diagnostics = check.diagnostics;
    if (!check.parseable)
        return unit;

    const QStringList arguments = clangArguments(source.flags, options, side);
    // The prelude comes precompiled when it can (PreludePch): the same arguments with the
    // forced include replaced by the header built from it.
    const QStringList withoutPrelude = PreludePch::withoutPreludeInclude(arguments);
    const QString pch = options.precompilePrelude ? PreludePch::instance().pathFor(withoutPrelude) : QString();

    std::vector<CXUnsavedFile> unsaved = CudaPrelude::instance().unsavedFiles();

    const QByteArray path = source.path.toUtf8();
    // Launches written `k << < g, b >> > (…)`, as nvcc reads them: clang gets the file with
    // their chevrons closed up (checkSource did it).
    if (check.rewritten)
        unsaved.push_back(
            CXUnsavedFile{path.constData(), check.text.constData(), static_cast<unsigned long>(check.text.size())});
    const auto parse = [&](const QStringList& parseArguments) {
        // A header given on its own is still parsed as CUDA source.
        const ClangArgv argv(source.isHeader
                ? parseArguments + QStringList{QStringLiteral("-Wno-pragma-once-outside-header")}
                : parseArguments);
        const unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
        CXTranslationUnit tu = nullptr;
        CXErrorCode code = CXError_Failure;
        runWithLargeStack([&] {
            code = clang_parseTranslationUnit2(index, path.constData(), argv.data(), argv.size(), unsaved.data(),
                unsigned(unsaved.size()), flags, &tu);
        });
        return std::make_pair(code, tu);
    };

    QElapsedTimer timer;
    timer.start();
    auto [code, tu]
        = pch.isEmpty() ? parse(arguments) : parse(withoutPrelude + QStringList{QStringLiteral("-include-pch"), pch});
    if (!pch.isEmpty()
        && (code == CXError_ASTReadError || (code == CXError_Success && tu && rejectsPrecompiledHeader(tu)))) {
        // libclang found the header incompatible after all: never again for these
        // arguments, and this file is parsed the usual way.
        if (tu)
            clang_disposeTranslationUnit(tu);
        PreludePch::instance().markUnusable(withoutPrelude);
        std::tie(code, tu) = parse(arguments);
    }
    unit.parseSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (code != CXError_Success || !tu) {
        Diagnostic d;
        d.severity = Diagnostic::Severity::Fatal;
        d.origin = Diagnostic::Origin::Parser;
        d.file = source.path;
        d.message = describeFailure(code);
        unit.diagnostics << d;
        if (tu)
            clang_disposeTranslationUnit(tu);
        return unit;
    }
    unit.tu.reset(tu);
    unit.diagnostics += collectDiagnostics(tu);
    return unit;
}

} // namespace slicewatt

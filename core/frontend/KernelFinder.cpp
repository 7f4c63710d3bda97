// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelFinder.h"

#include "CopyRecorder.h"

#include "ConstantEvaluator.h"
#include "CudaPrelude.h"
#include "CursorQueries.h"
#include "LaunchRecorder.h"

#include <QDir>
#include <QSet>

#include <algorithm>
#include <string_view>
#include <vector>

namespace slicewatt {
namespace {

class UnitVisitor {
public:
    UnitVisitor(const ParsedUnit& unit, UnitIndex& index, const KernelReader& readKernel, FileBudget& budget)
        : m_tu(unit.tu.get())
        , m_index(index)
        , m_readKernel(readKernel)
        , m_budget(budget)
        , m_limits(unit.limits)
        , m_launches(m_tu)
    {
    }

    void run()
    {
        clang_visitChildren(clang_getTranslationUnitCursor(m_tu), &UnitVisitor::visitDeclaration, this);
        m_index.launches = m_launches.finish();
        readKernels();
        collectInclusions();
    }

private:
    static CXChildVisitResult visitDeclaration(CXCursor cursor, CXCursor, CXClientData data)
    {
        auto* self = static_cast<UnitVisitor*>(data);
        // The budget is asked where the project's own code is walked: the prelude's and
        // system headers' declarations are skipped at a constant cost each.
        switch (clang_getCursorKind(cursor)) {
        case CXCursor_Namespace:
        case CXCursor_LinkageSpec:
        case CXCursor_UnexposedDecl:
        case CXCursor_StructDecl:
        case CXCursor_ClassDecl:
        case CXCursor_ClassTemplate:
            if (!isProjectCode(cursor))
                return CXChildVisit_Continue;
            return self->m_budget.exhausted() ? CXChildVisit_Break : CXChildVisit_Recurse;
        case CXCursor_FunctionDecl:
        case CXCursor_FunctionTemplate:
        case CXCursor_CXXMethod:
        case CXCursor_Constructor:
        case CXCursor_Destructor:
            // The unit's own declarations (ProjectIndexer's index leaves the precompiled
            // prelude's out) include every function a template was instantiated into; the
            // template itself is read, as the code shows it.
            if (!clang_isCursorDefinition(cursor) || !isProjectCode(cursor) || isImplicitInstantiation(cursor))
                return CXChildVisit_Continue;
            if (self->m_budget.exhausted())
                return CXChildVisit_Break;
            self->visitFunction(cursor);
            return CXChildVisit_Continue;
        default:
            return CXChildVisit_Continue;
        }
    }

    void visitFunction(CXCursor cursor)
    {
        FunctionInfo function;
        function.usr = usrOf(cursor);
        function.name = spellingOf(cursor);
        function.qualifiedName = qualifiedNameOf(cursor);
        function.location = expansionLocationOf(cursor);
        function.key = functionKey(function.usr, function.location);
        function.kind = functionKindOf(cursor);
        function.isTemplate = clang_getCursorKind(cursor) == CXCursor_FunctionTemplate;
        function.isExternC = clang_getCursorKind(clang_getCursorLexicalParent(cursor)) == CXCursor_LinkageSpec;
        function.isStatic = clang_Cursor_getStorageClass(cursor) == CX_SC_Static;
        function.mentionsCudaArch = mentionsCudaArch(extentText(m_tu, cursor));

        BodyScan scan{this, cursor, ConstantEvaluator(m_tu, cursor), {}, {}};
        scan.evaluator.setBudget(&m_budget);
        scan.evaluator.shareMacroOperators(m_launches.macroOperators());
        clang_visitChildren(cursor, &UnitVisitor::visitBody, &scan);
        if (m_budget.wasExhausted())
            return; // its calls and launches are only partly known
        function.calleeRefs = scan.callees;
        // Member functions are scanned for launches and calls but are not catalogued as
        // device functions of their own (functors and methods inline into their callers).
        const CXCursorKind parentKind = clang_getCursorKind(clang_getCursorSemanticParent(cursor));
        const bool member = parentKind == CXCursor_StructDecl || parentKind == CXCursor_ClassDecl
            || parentKind == CXCursor_UnionDecl || parentKind == CXCursor_ClassTemplate
            || parentKind == CXCursor_ClassTemplatePartialSpecialization;
        if (member) {
            for (const QString& ref : std::as_const(scan.callees)) {
                if (!m_index.memberCalleeRefs.contains(ref))
                    m_index.memberCalleeRefs << ref;
            }
            return;
        }
        if (function.kind == FunctionKind::Kernel && m_readKernel)
            m_kernelsToRead.push_back({cursor, function.key, function.usr});
        m_index.functions << function;
    }

    struct KernelToRead {
        CXCursor cursor;
        QString key;
        QString usr;
    };

    // The statement IR of every kernel found, now that the unit's launches are known.
    void readKernels()
    {
        size_t read = 0;
        for (; read < m_kernelsToRead.size() && !m_budget.exhausted(); ++read) {
            const KernelToRead& kernel = m_kernelsToRead[read];
            QVector<LaunchSite> launches;
            for (const LaunchSite& launch : m_index.launches) {
                if (launch.kernelRef == kernel.key || launch.kernelRef == kernel.usr)
                    launches << launch;
            }
            std::sort(launches.begin(), launches.end(), inSourceOrder);
            KernelIR ir
                = m_readKernel(m_tu, kernel.cursor, kernel.key, launches, &m_budget, &m_index.diagnostics, m_limits);
            // Half a kernel would be estimated as if it were whole: when time ran out while
            // it was built, it is left out with the rest of the file.
            if (m_budget.wasExhausted())
                break;
            m_index.kernelIRs << ir;
        }
        // Kernels time did not allow reading are left out, as the walk leaves out what it
        // did not reach: a kernel without its body would be listed as one with nothing in it.
        QSet<QString> unread;
        for (size_t i = read; i < m_kernelsToRead.size(); ++i)
            unread.insert(m_kernelsToRead[i].key);
        if (!unread.isEmpty())
            m_index.functions.erase(std::remove_if(m_index.functions.begin(), m_index.functions.end(),
                                        [&](const FunctionInfo& f) { return unread.contains(f.key); }),
                m_index.functions.end());
    }

    struct BodyScan {
        UnitVisitor* self;
        CXCursor function;
        ConstantEvaluator evaluator;
        QStringList callees;
        QSet<QString> seenCallees;
    };

    static CXChildVisitResult visitBody(CXCursor cursor, CXCursor, CXClientData data)
    {
        auto* scan = static_cast<BodyScan*>(data);
        if (scan->self->m_budget.exhausted())
            return CXChildVisit_Break;
        if (clang_getCursorKind(cursor) == CXCursor_CallExpr
            && !scan->self->m_launches.recordLaunch(cursor, scan->function, scan->evaluator))
            scan->self->recordCall(*scan, cursor);
        return CXChildVisit_Recurse;
    }

    static void addCallee(BodyScan& scan, CXCursor callee)
    {
        if (isNull(callee))
            return;
        const CXCursorKind kind = clang_getCursorKind(callee);
        if (kind != CXCursor_FunctionDecl && kind != CXCursor_FunctionTemplate)
            return;
        const QString ref = functionReference(callee);
        if (!ref.isEmpty() && !scan.seenCallees.contains(ref)) {
            scan.seenCallees.insert(ref);
            scan.callees << ref;
        }
    }

    void recordCall(BodyScan& scan, CXCursor call)
    {
        if (std::optional<MemoryCopySite> copy = readMemoryCopy(m_tu, call, scan.function, scan.evaluator)) {
            m_index.copies << *copy;
            return;
        }
        const QVector<CXCursor> candidates = calleeCandidates(call);
        for (const CXCursor& callee : candidates)
            addCallee(scan, callee);
        m_launches.noteCall(call, scan.function, candidates);
    }

    struct InclusionScan {
        CXTranslationUnit tu;
        UnitIndex* index;
    };

    void collectInclusions()
    {
        InclusionScan inclusions{m_tu, &m_index};
        clang_getInclusions(
            m_tu,
            [](CXFile included, CXSourceLocation*, unsigned, CXClientData data) {
                auto* scan = static_cast<InclusionScan*>(data);
                // The real path: the spelled one can be relative to the toolchain's folders
                // ("…/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/cstddef").
                QString path = takeString(clang_File_tryGetRealPathName(included));
                if (path.isEmpty())
                    path = takeString(clang_getFileName(included));
                path = QDir::cleanPath(path);
                if (CudaPrelude::isPreludePath(path) || scan->index->includedFiles.contains(path))
                    return;
                scan->index->includedFiles.append(path);
                if (!scan->index->testsCudaArch && isProjectFile(scan->tu, included))
                    scan->index->testsCudaArch = mentionsCudaArch(fileText(scan->tu, included));
            },
            &inclusions);
    }

    // A file's or a definition's text as clang read it (the arms an #if skipped are in it
    // too). Any mention counts (`#if __CUDA_ARCH__ >= 800`, `#ifdef __CUDA_ARCH__`,
    // __CUDA_ARCH_LIST__): a false positive costs one more parse, a miss would read the
    // wrong kernel body.
    static bool mentionsCudaArch(std::string_view text) { return text.find("__CUDA_ARCH") != std::string_view::npos; }

    CXTranslationUnit m_tu;
    UnitIndex& m_index;
    const KernelReader& m_readKernel;
    FileBudget& m_budget;
    AnalysisLimits m_limits;
    LaunchRecorder m_launches;
    std::vector<KernelToRead> m_kernelsToRead;
};

} // namespace

UnitIndex findKernels(const ParsedUnit& unit, const KernelReader& readKernel)
{
    UnitIndex index;
    index.path = unit.path;
    index.diagnostics = unit.diagnostics;
    index.parseSeconds = unit.parseSeconds;
    index.parsed = bool(unit.tu);
    if (!unit.tu)
        return index;
    FileBudget budget = unit.budget;
    // When libclang's parse took all the time there was, the walk stops at once but still
    // records what the file includes (cheap), so its headers are not parsed again alone.
    const bool parseTookBudget = budget.exhausted();
    // The walk recurses with the code's nesting, as the parse did: the same large stack.
    runWithLargeStack([&] { UnitVisitor(unit, index, readKernel, budget).run(); });
    if (parseTookBudget)
        index.diagnostics << budget.parseTookBudgetDiagnostic();
    else if (budget.wasExhausted())
        index.diagnostics << budget.analysisStoppedDiagnostic();
    index.stoppedByBudget = budget.wasExhausted();
    return index;
}

} // namespace slicewatt

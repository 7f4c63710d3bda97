// SPDX-License-Identifier: GPL-3.0-or-later
#include "CursorQueries.h"

#include "ClangHandles.h"
#include "CudaPrelude.h"

#include <QDir>

namespace slicewatt {

QVector<CXCursor> childrenOf(CXCursor cursor)
{
    QVector<CXCursor> children;
    clang_visitChildren(
        cursor,
        [](CXCursor child, CXCursor, CXClientData data) {
            static_cast<QVector<CXCursor>*>(data)->append(child);
            return CXChildVisit_Continue;
        },
        &children);
    return children;
}

QVector<CXCursor> expressionChildren(CXCursor cursor)
{
    QVector<CXCursor> result;
    for (const CXCursor& child : childrenOf(cursor)) {
        if (clang_isExpression(clang_getCursorKind(child)))
            result << child;
    }
    return result;
}

bool isProjectCode(CXCursor cursor)
{
    const CXSourceLocation location = clang_getCursorLocation(cursor);
    if (clang_Location_isInSystemHeader(location))
        return false;
    CXFile file = nullptr;
    clang_getExpansionLocation(location, &file, nullptr, nullptr, nullptr);
    return file && !CudaPrelude::isPreludePath(takeString(clang_getFileName(file)));
}

QString spellingOf(CXCursor cursor)
{
    return takeString(clang_getCursorSpelling(cursor));
}

QString usrOf(CXCursor cursor)
{
    return takeString(clang_getCursorUSR(cursor));
}

bool isNull(CXCursor cursor)
{
    return clang_Cursor_isNull(cursor) || clang_isInvalid(clang_getCursorKind(cursor));
}

SourceLocation expansionLocationOf(CXSourceLocation source)
{
    SourceLocation location;
    CXFile file = nullptr;
    unsigned line = 0;
    unsigned column = 0;
    clang_getExpansionLocation(source, &file, &line, &column, nullptr);
    if (file)
        location.file = QDir::cleanPath(takeString(clang_getFileName(file)));
    location.line = int(line);
    location.column = int(column);
    return location;
}

SourceLocation expansionLocationOf(CXCursor cursor)
{
    return expansionLocationOf(clang_getCursorLocation(cursor));
}

bool hasAttribute(CXCursor cursor, CXCursorKind attributeKind)
{
    if (!clang_Cursor_hasAttrs(cursor))
        return false;
    for (const CXCursor& child : childrenOf(cursor)) {
        if (clang_getCursorKind(child) == attributeKind)
            return true;
    }
    return false;
}

QString qualifiedNameOf(CXCursor cursor)
{
    QString name = spellingOf(cursor);
    // Template specialisations spell as "name<args>"; the catalogue wants the plain name.
    const int angle = name.indexOf(QLatin1Char('<'));
    if (angle > 0 && !name.startsWith(QLatin1String("operator")))
        name.truncate(angle);
    for (CXCursor parent = clang_getCursorSemanticParent(cursor); !isNull(parent);
         parent = clang_getCursorSemanticParent(parent)) {
        const CXCursorKind kind = clang_getCursorKind(parent);
        if (kind == CXCursor_TranslationUnit)
            break;
        const QString parentName = spellingOf(parent);
        if (kind == CXCursor_Namespace && (parentName.isEmpty() || clang_Cursor_isAnonymous(parent)))
            continue;
        if (!parentName.isEmpty())
            name.prepend(parentName + QStringLiteral("::"));
    }
    return name;
}

std::string_view fileText(CXTranslationUnit tu, CXFile file)
{
    size_t size = 0;
    const char* buffer = file ? clang_getFileContents(tu, file, &size) : nullptr;
    return buffer ? std::string_view(buffer, size) : std::string_view();
}

bool isProjectFile(CXTranslationUnit tu, CXFile file)
{
    return !clang_Location_isInSystemHeader(clang_getLocation(tu, file, 1, 1))
        && !CudaPrelude::isPreludePath(takeString(clang_getFileName(file)));
}

std::string_view extentText(CXTranslationUnit tu, CXCursor cursor)
{
    const CXSourceRange range = clang_getCursorExtent(cursor);
    CXFile startFile = nullptr;
    CXFile endFile = nullptr;
    unsigned startOffset = 0;
    unsigned endOffset = 0;
    clang_getExpansionLocation(clang_getRangeStart(range), &startFile, nullptr, nullptr, &startOffset);
    clang_getExpansionLocation(clang_getRangeEnd(range), &endFile, nullptr, nullptr, &endOffset);
    if (!startFile || !clang_File_isEqual(startFile, endFile))
        return {};
    const std::string_view file = fileText(tu, startFile);
    const char* buffer = file.data();
    const size_t size = file.size();
    if (!buffer || startOffset > endOffset || endOffset > size)
        return {};
    // An expression that is one macro use expands to an empty range: its macro's name.
    if (startOffset == endOffset) {
        unsigned end = startOffset;
        while (end < size && (QChar::isLetterOrNumber(uchar(buffer[end])) || buffer[end] == '_'))
            ++end;
        endOffset = end;
    }
    return std::string_view(buffer + startOffset, endOffset - startOffset);
}

QString sourceTextOf(CXTranslationUnit tu, CXCursor cursor)
{
    const std::string_view text = extentText(tu, cursor);
    return QString::fromUtf8(text.data(), qsizetype(text.size())).simplified();
}

QString spelledTextOf(CXTranslationUnit tu, CXCursor cursor)
{
    // Inside a macro's argument (`CUDA_CHECK(cudaMemcpy(d, h, bytes, kind))`) the expansion
    // range is the whole macro use; the spelling range is the argument as written. Take the
    // spelling when it lies inside the expansion, else (tokens from a macro's definition,
    // `N * N`) the expansion's text.
    const CXSourceRange range = clang_getCursorExtent(cursor);
    CXFile expansionFile = nullptr;
    CXFile startFile = nullptr;
    CXFile endFile = nullptr;
    unsigned expansionStart = 0;
    unsigned expansionEnd = 0;
    unsigned start = 0;
    unsigned end = 0;
    clang_getExpansionLocation(clang_getRangeStart(range), &expansionFile, nullptr, nullptr, &expansionStart);
    clang_getExpansionLocation(clang_getRangeEnd(range), nullptr, nullptr, nullptr, &expansionEnd);
    clang_getSpellingLocation(clang_getRangeStart(range), &startFile, nullptr, nullptr, &start);
    clang_getSpellingLocation(clang_getRangeEnd(range), &endFile, nullptr, nullptr, &end);
    const std::string_view file = expansionFile ? fileText(tu, expansionFile) : std::string_view();
    const bool inside = startFile && endFile && clang_File_isEqual(startFile, expansionFile)
        && clang_File_isEqual(endFile, expansionFile) && expansionStart <= start && start < end && end <= file.size()
        && (expansionEnd == expansionStart || end <= expansionEnd);
    if (!inside || (start == expansionStart && end == expansionEnd))
        return sourceTextOf(tu, cursor);
    return QString::fromUtf8(file.data() + start, qsizetype(end - start)).simplified();
}

QVector<CXCursor> calleeCandidates(CXCursor call)
{
    const CXCursor callee = clang_getCursorReferenced(call);
    if (!isNull(callee))
        return {callee};
    // The name is an OverloadedDeclRef below the callee expression, through implicit casts
    // and a template-id DeclRefExpr.
    const QVector<CXCursor> children = childrenOf(call);
    if (children.isEmpty())
        return {};
    CXCursor name = children.first();
    for (int depth = 0; depth < 4; ++depth) {
        const CXCursorKind kind = clang_getCursorKind(name);
        if (kind == CXCursor_OverloadedDeclRef) {
            QVector<CXCursor> candidates;
            const unsigned count = clang_getNumOverloadedDecls(name);
            for (unsigned i = 0; i < count; ++i)
                candidates << clang_getOverloadedDecl(name, i);
            return candidates;
        }
        const CXCursor referenced = clang_getCursorReferenced(name);
        if (!isNull(referenced) && clang_getCursorKind(referenced) != CXCursor_OverloadedDeclRef)
            return {referenced};
        const QVector<CXCursor> inner = childrenOf(name);
        if (inner.isEmpty() || (kind != CXCursor_UnexposedExpr && kind != CXCursor_DeclRefExpr))
            return {};
        name = inner.first();
    }
    return {};
}

bool isDefaultedArgument(CXCursor argument)
{
    return clang_getCursorKind(argument) == CXCursor_UnexposedExpr && childrenOf(argument).isEmpty();
}

CXCursor primaryTemplateOf(CXCursor cursor)
{
    const CXCursor primary = clang_getSpecializedCursorTemplate(cursor);
    return isNull(primary) ? cursor : primary;
}

bool isImplicitInstantiation(CXCursor function)
{
    const CXCursor pattern = clang_getSpecializedCursorTemplate(function);
    return !isNull(pattern)
        && clang_equalLocations(clang_getCursorLocation(function), clang_getCursorLocation(pattern));
}

CXCursor functionRunBy(CXCursor function)
{
    return isImplicitInstantiation(function) ? primaryTemplateOf(function) : function;
}

bool isLambdaCallOperator(CXCursor function)
{
    const CXCursorKind kind = clang_getCursorKind(function);
    if ((kind != CXCursor_CXXMethod && kind != CXCursor_FunctionTemplate)
        || spellingOf(function) != QLatin1String("operator()"))
        return false;
    const CXCursor closure = clang_getCursorSemanticParent(function);
    return clang_getCursorKind(closure) == CXCursor_ClassDecl && spellingOf(closure).isEmpty()
        && clang_equalLocations(clang_getCursorLocation(closure), clang_getCursorLocation(function));
}

CXSourceRange functionExtent(CXCursor function)
{
    const CXSourceRange extent = clang_getCursorExtent(function);
    if (!clang_Range_isNull(extent))
        return extent;
    const QVector<CXCursor> parts = childrenOf(function);
    if (parts.isEmpty())
        return extent;
    return clang_getRange(clang_getRangeStart(clang_getCursorExtent(parts.first())),
        clang_getRangeEnd(clang_getCursorExtent(parts.last())));
}

std::optional<CXCursor> callOperatorOf(CXType type)
{
    const CXCursor record = clang_getTypeDeclaration(clang_getCanonicalType(type));
    const CXCursorKind recordKind = clang_getCursorKind(record);
    if (recordKind != CXCursor_ClassDecl && recordKind != CXCursor_StructDecl)
        return std::nullopt;
    std::optional<CXCursor> found;
    for (const CXCursor& member : childrenOf(record)) {
        const CXCursorKind kind = clang_getCursorKind(member);
        if ((kind == CXCursor_CXXMethod || kind == CXCursor_FunctionTemplate)
            && spellingOf(member) == QLatin1String("operator()")) {
            if (found)
                return std::nullopt; // overloaded: which one runs depends on the arguments
            found = member;
        }
    }
    return found;
}

CXCursor bodyDefinitionOf(CXCursor function)
{
    return clang_getCursorDefinition(functionRunBy(function));
}

bool isInTemplateContext(CXCursor function)
{
    for (CXCursor c = function; !isNull(c); c = clang_getCursorSemanticParent(c)) {
        const CXCursorKind kind = clang_getCursorKind(c);
        if (kind == CXCursor_FunctionTemplate || kind == CXCursor_ClassTemplate
            || kind == CXCursor_ClassTemplatePartialSpecialization)
            return true;
        if (kind == CXCursor_TranslationUnit)
            break;
    }
    return false;
}

// libclang does not expose a function template's attributes as children, but its terse
// pretty-printed declaration spells them: `template <int B> void k(float *p) __attribute__((global))`.
static QString templateDeclarationText(CXCursor functionTemplate)
{
    CXPrintingPolicy policy = clang_getCursorPrintingPolicy(functionTemplate);
    clang_PrintingPolicy_setProperty(policy, CXPrintingPolicy_TerseOutput, 1);
    const QString text = takeString(clang_getCursorPrettyPrinted(functionTemplate, policy));
    clang_PrintingPolicy_dispose(policy);
    return text;
}

FunctionKind functionKindOf(CXCursor function)
{
    bool global = false;
    bool device = false;
    bool host = false;
    if (clang_getCursorKind(function) == CXCursor_FunctionTemplate) {
        const QString text = templateDeclarationText(function);
        global = text.contains(QLatin1String("__attribute__((global))"));
        device = text.contains(QLatin1String("__attribute__((device))"));
        host = text.contains(QLatin1String("__attribute__((host))"));
    } else {
        global = hasAttribute(function, CXCursor_CUDAGlobalAttr);
        device = hasAttribute(function, CXCursor_CUDADeviceAttr);
        host = hasAttribute(function, CXCursor_CUDAHostAttr);
    }
    if (global)
        return FunctionKind::Kernel;
    if (device)
        return host ? FunctionKind::HostDevice : FunctionKind::Device;
    return FunctionKind::Host;
}

QVector<CXCursor> callArguments(CXCursor call)
{
    QVector<CXCursor> arguments = expressionChildren(call);
    if (arguments.isEmpty())
        return arguments;
    CXCursor first = arguments.first();
    for (int i = 0; i < 16; ++i) {
        const CXCursorKind kind = clang_getCursorKind(first);
        if (kind == CXCursor_DeclRefExpr || kind == CXCursor_OverloadedDeclRef || kind == CXCursor_MemberRefExpr) {
            arguments.removeFirst();
            break;
        }
        const QVector<CXCursor> operands = expressionChildren(first);
        if (kind != CXCursor_UnexposedExpr || operands.size() != 1)
            break;
        first = operands.first();
    }
    return arguments;
}

QVector<CXCursor> parametersOf(CXCursor function)
{
    QVector<CXCursor> parameters;
    for (const CXCursor& child : childrenOf(function)) {
        if (clang_getCursorKind(child) == CXCursor_ParmDecl)
            parameters << child;
    }
    return parameters;
}

bool isDim3Type(CXType type)
{
    const QString name = takeString(clang_getTypeSpelling(clang_getCanonicalType(type)));
    return name == QLatin1String("dim3") || name == QLatin1String("struct dim3") || name == QLatin1String("const dim3")
        || name == QLatin1String("const struct dim3");
}

} // namespace slicewatt

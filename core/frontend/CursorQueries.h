// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/CodeModel.h"

#include <clang-c/Index.h>

#include <QString>
#include <QVector>

#include <optional>
#include <string_view>

namespace slicewatt {

// Small questions asked of libclang cursors, shared by the AST visitors.
QVector<CXCursor> childrenOf(CXCursor cursor);
// The children that are expressions (operands, arguments, initialisers).
QVector<CXCursor> expressionChildren(CXCursor cursor);
// The arguments of a call: every operand after the callee (a function reference, an
// overloaded name, or the member of `object.method`).
QVector<CXCursor> callArguments(CXCursor call);
// Code the user wrote: not in a system header and not in SliceWatt's CUDA prelude.
bool isProjectCode(CXCursor cursor);
QString spellingOf(CXCursor cursor);
QString usrOf(CXCursor cursor);
bool isNull(CXCursor cursor);
// Where the user sees a location: macro uses resolve to the use site, not the definition.
SourceLocation expansionLocationOf(CXSourceLocation location);
SourceLocation expansionLocationOf(CXCursor cursor);
bool hasAttribute(CXCursor cursor, CXCursorKind attributeKind);
// "ns::Outer::name" from the semantic parents (anonymous namespaces are skipped).
QString qualifiedNameOf(CXCursor cursor);
// The exact source text of an expression as written, whitespace collapsed.
QString sourceTextOf(CXTranslationUnit tu, CXCursor cursor);
// The text as written: for an expression inside a macro's argument the argument's own text
// (sourceTextOf gives the macro's name there); elsewhere sourceTextOf.
QString spelledTextOf(CXTranslationUnit tu, CXCursor cursor);
// The same bytes as clang holds them (no copy); empty when the extent spans files.
std::string_view extentText(CXTranslationUnit tu, CXCursor cursor);
// The bytes clang read for one file of the unit (no second read); empty when it has none.
std::string_view fileText(CXTranslationUnit tu, CXFile file);
// A file of the project's own: not a system header, not SliceWatt's CUDA prelude.
bool isProjectFile(CXTranslationUnit tu, CXFile file);
// The functions a call may invoke: its resolved callee, or for a dependent call inside a
// template (`helper<T>(x)`, `helper<N, T>(x)`), every candidate its name can refer to.
QVector<CXCursor> calleeCandidates(CXCursor call);
// A defaulted call argument (CXXDefaultArgExpr), which libclang shows as an unexposed
// expression without children.
bool isDefaultedArgument(CXCursor argument);
// Kernel, device, host-device or host function, from its CUDA attributes (also for
// function templates, whose attributes libclang does not expose as children).
FunctionKind functionKindOf(CXCursor function);
// A template specialisation maps to its template; anything else to itself.
CXCursor primaryTemplateOf(CXCursor cursor);
// A function the compiler stamped out from a template for some arguments (not an explicit
// specialisation the user wrote): it sits at its template's location.
bool isImplicitInstantiation(CXCursor function);
// The function whose code a call runs: an implicit instantiation is its template, anything
// else (an explicit specialisation has a body of its own) itself.
CXCursor functionRunBy(CXCursor function);
// A lambda's call operator (a generic lambda's is a function template). clang marks it
// __host__ __device__ implicitly, and libclang does not show implicit attributes: its
// closure class has no name and shares the lambda's location with it.
bool isLambdaCallOperator(CXCursor function);
// A function's source range. libclang 14 gives a generic lambda's call operator (a function
// template) a null extent; its parameters and body span it then.
CXSourceRange functionExtent(CXCursor function);
// The call operator of a lambda's closure type or of a functor class: its one `operator()`,
// a method or a member template; nullopt for other types and for overloaded operators.
std::optional<CXCursor> callOperatorOf(CXType type);
// The definition whose body a function runs (functionRunBy's definition).
CXCursor bodyDefinitionOf(CXCursor function);
// A function's parameter declarations, in order.
QVector<CXCursor> parametersOf(CXCursor function);
// CUDA's dim3 (const or not): a launch's grid or block.
bool isDim3Type(CXType type);
// True inside a function template or a member of a class template, where expressions may
// be value-dependent (libclang 14's evaluator is not safe on those).
bool isInTemplateContext(CXCursor function);

} // namespace slicewatt

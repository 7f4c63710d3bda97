// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/CodeModel.h"

#include <clang-c/Index.h>

#include <QString>
#include <QVector>

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
// The definition whose body a function runs: an implicit instantiation runs its template's,
// anything else (an explicit specialisation has a body of its own) its own.
CXCursor bodyDefinitionOf(CXCursor function);
// True inside a function template or a member of a class template, where expressions may
// be value-dependent (libclang 14's evaluator is not safe on those).
bool isInTemplateContext(CXCursor function);

} // namespace slicewatt

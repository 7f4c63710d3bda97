// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxNames.h"

#include <QStringList>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace slicewatt {

namespace {

// Cuts "(…)" parameter lists and "<…>" template arguments at nesting depth 0 and keeps the
// rest; a return type before the name ("void reduce<256>(…)") is dropped at the last space
// outside brackets.
QString withoutArguments(const QString& demangled)
{
    QString name;
    int depth = 0;
    for (const QChar c : demangled) {
        if (c == QLatin1Char('(') || c == QLatin1Char('<')) {
            if (depth == 0 && c == QLatin1Char('('))
                break;
            ++depth;
            continue;
        }
        if (c == QLatin1Char(')') || c == QLatin1Char('>')) {
            --depth;
            continue;
        }
        if (depth == 0)
            name += c;
    }
    return name.section(QLatin1Char(' '), -1);
}

} // namespace

QString ptxSourceName(const QString& mangled)
{
    if (!mangled.startsWith(QLatin1String("_Z")))
        return mangled;
    int status = 0;
    const std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(mangled.toLatin1().constData(), nullptr, nullptr, &status), std::free);
    if (status != 0 || !demangled)
        return mangled;
    // Anonymous namespaces: nvcc names them _GLOBAL__N_<hash>_<file>, clang "(anonymous
    // namespace)"; the analysis's qualified names leave them out.
    const QString text = QString::fromLatin1(demangled.get())
                             .replace(QLatin1String("(anonymous namespace)"), QLatin1String("_GLOBAL__N"));
    QStringList parts = withoutArguments(text).split(QStringLiteral("::"));
    parts.removeIf([](const QString& part) { return part.startsWith(QLatin1String("_GLOBAL__N")); });
    return parts.join(QStringLiteral("::"));
}

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompilerFlagFilter.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace slicewatt {
namespace {

// Flags whose value is the next argument when written apart ("-arch sm_80").
const QSet<QString>& flagsTakingValue()
{
    static const QSet<QString> set = {
        QStringLiteral("-o"),
        QStringLiteral("-gencode"),
        QStringLiteral("--generate-code"),
        QStringLiteral("-arch"),
        QStringLiteral("--gpu-architecture"),
        QStringLiteral("-code"),
        QStringLiteral("--gpu-code"),
        QStringLiteral("-ccbin"),
        QStringLiteral("--compiler-bindir"),
        QStringLiteral("-Xcompiler"),
        QStringLiteral("--compiler-options"),
        QStringLiteral("-Xptxas"),
        QStringLiteral("--ptxas-options"),
        QStringLiteral("-Xlinker"),
        QStringLiteral("--linker-options"),
        QStringLiteral("-Xnvlink"),
        QStringLiteral("--nvlink-options"),
        QStringLiteral("-Xcudafe"),
        QStringLiteral("-maxrregcount"),
        QStringLiteral("--maxrregcount"),
        QStringLiteral("-t"),
        QStringLiteral("--threads"),
        QStringLiteral("-MF"),
        QStringLiteral("-MT"),
        QStringLiteral("-MQ"),
        QStringLiteral("--options-file"),
        QStringLiteral("-optf"),
        QStringLiteral("-x"),
        QStringLiteral("-rdc"),
        QStringLiteral("--relocatable-device-code"),
        QStringLiteral("-cudart"),
        QStringLiteral("--cudart"),
        QStringLiteral("--default-stream"),
        QStringLiteral("-default-stream"),
        QStringLiteral("--diag-suppress"),
        QStringLiteral("-diag-suppress"),
        QStringLiteral("-Xarch_device"),
        QStringLiteral("-Xclang"),
        QStringLiteral("--cuda-gpu-arch"),
        QStringLiteral("-target"),
    };
    return set;
}

// Flags we silently drop: they say nothing the user needs to know about.
bool isUninteresting(const QString& flag)
{
    return flag == QLatin1String("-c") || flag == QLatin1String("-o") || flag.startsWith(QLatin1String("-O"))
        || flag == QLatin1String("-g") || flag == QLatin1String("-DNDEBUG") || flag.startsWith(QLatin1String("-W"))
        || flag == QLatin1String("-fPIC") || flag == QLatin1String("-MD") || flag == QLatin1String("-MMD")
        || flag == QLatin1String("-MF") || flag == QLatin1String("-MT") || flag == QLatin1String("-MQ")
        || flag == QLatin1String("-x") || flag == QLatin1String("--");
}

QString absolutePath(const QString& path, const QString& directory)
{
    if (QDir::isAbsolutePath(path))
        return QDir::cleanPath(path);
    return QDir::cleanPath(QDir(directory).absoluteFilePath(path));
}

// Splits "-Ifoo" / "-I foo" / "--include-path=foo" style flags; returns true with the value
// when `arg` is one of `names` (the first name is the canonical short form).
bool matchValueFlag(const QStringList& args, int& i, const QStringList& names, QString& value)
{
    const QString& arg = args.at(i);
    for (const QString& name : names) {
        if (arg == name) {
            if (i + 1 >= args.size())
                return false;
            value = args.at(++i);
            return true;
        }
        if (name.startsWith(QLatin1String("--")) && arg.startsWith(name + QLatin1Char('='))) {
            value = arg.mid(name.size() + 1);
            return true;
        }
        if (!name.startsWith(QLatin1String("--")) && arg.startsWith(name)) {
            value = arg.mid(name.size());
            return true;
        }
    }
    return false;
}

} // namespace

FilteredFlags filterCompilerFlags(const QStringList& arguments, const QString& directory, const QString& sourceFile)
{
    FilteredFlags result;
    const QString sourceAbsolute = absolutePath(sourceFile, directory);
    // arguments[0] is the compiler itself.
    for (int i = 1; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        QString value;
        if (matchValueFlag(arguments, i, {QStringLiteral("-I"), QStringLiteral("--include-path")}, value)) {
            result.kept << QStringLiteral("-I") + absolutePath(value, directory);
        } else if (matchValueFlag(
                       arguments, i, {QStringLiteral("-isystem"), QStringLiteral("--system-include")}, value)) {
            result.kept << QStringLiteral("-isystem") << absolutePath(value, directory);
        } else if (matchValueFlag(arguments, i, {QStringLiteral("-iquote")}, value)) {
            result.kept << QStringLiteral("-iquote") << absolutePath(value, directory);
        } else if (matchValueFlag(arguments, i, {QStringLiteral("-D"), QStringLiteral("--define-macro")}, value)) {
            result.kept << QStringLiteral("-D") + value;
        } else if (matchValueFlag(arguments, i, {QStringLiteral("-U"), QStringLiteral("--undefine-macro")}, value)) {
            result.kept << QStringLiteral("-U") + value;
        } else if (arg.startsWith(QLatin1String("-std=")) || arg.startsWith(QLatin1String("--std="))) {
            result.kept << QStringLiteral("-std=") + arg.section(QLatin1Char('='), 1);
        } else if (arg == QLatin1String("-std") || arg == QLatin1String("--std")) {
            if (i + 1 < arguments.size())
                result.kept << QStringLiteral("-std=") + arguments.at(++i);
        } else if (arg == QLatin1String("-include") || arg == QLatin1String("--pre-include")) {
            if (i + 1 < arguments.size())
                result.kept << QStringLiteral("-include") << absolutePath(arguments.at(++i), directory);
        } else if (!arg.startsWith(QLatin1Char('-'))) {
            // A positional argument: the source itself, or a value we did not recognise.
            if (absolutePath(arg, directory) != sourceAbsolute)
                result.dropped << arg;
        } else if (flagsTakingValue().contains(arg)) {
            const QString flag = arg;
            const QString flagValue = i + 1 < arguments.size() ? arguments.at(++i) : QString();
            if (flag != QLatin1String("-o") && flag != QLatin1String("-x") && !flag.startsWith(QLatin1String("-M")))
                result.dropped << flag + QLatin1Char(' ') + flagValue;
        } else if (!isUninteresting(arg)) {
            result.dropped << arg;
        }
    }
    return result;
}

} // namespace slicewatt

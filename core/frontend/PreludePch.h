// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

namespace slicewatt {

// The prelude parsed once per distinct argument list and saved as a precompiled header,
// which every later parse with those arguments loads instead of parsing the prelude again:
// about 30 ms a file, most of a small file's parse (and nearly all of a fuzz input's).
//
// A precompiled header is only valid for the compiler options it was built with, so each
// is built with exactly the file's own arguments (its -D, -I, -std, the compile side);
// projects share few distinct argument lists. The headers live in a private temporary
// folder removed at exit: nothing is written near the analysed project.
//
// Thread-safe: the indexer's worker threads ask for the same lists at once, and the first
// builds while the others wait for it.
class PreludePch {
public:
    static PreludePch& instance();

    // The precompiled prelude for `arguments` (every argument of the parse except the
    // forced include of the prelude), built on first use; empty when it cannot be built
    // (the prelude has an error under these arguments, libclang failed, no temporary
    // folder), and the caller includes the prelude as a header instead.
    QString pathFor(const QStringList& arguments);

    // A parse rejected the header built for `arguments` (libclang found it incompatible):
    // later parses with them include the prelude as a header.
    void markUnusable(const QStringList& arguments);

    // A parse's arguments without the forced include of the prelude, which the header
    // replaces: the key of pathFor() and markUnusable().
    static QStringList withoutPreludeInclude(const QStringList& arguments);

    int built() const; // headers built so far in this process, for tests and benchmarks

private:
    PreludePch();
    ~PreludePch();
    QString build(const QStringList& arguments, int serial);

    mutable QMutex m_mutex;
    std::unique_ptr<QTemporaryDir> m_folder;
    QHash<QString, QString> m_paths; // joined arguments -> header path; empty: unusable
};

// Whether a diagnostic's text is in clang's wording for refusing a precompiled header (built
// with other options, modified files, a damaged file). The text alone is not enough: the
// caller (rejectsPrecompiledHeader) also requires that the error has no place in any file,
// since an error in the code quoting a name like `loadPCH` has its line.
bool isPrecompiledHeaderComplaint(const QString& message);

} // namespace slicewatt

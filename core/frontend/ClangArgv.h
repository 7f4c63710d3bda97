// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace slicewatt {

// Arguments in the form libclang's parse takes them (`const char* const*`, UTF-8), valid
// as long as this object lives.
class ClangArgv {
public:
    explicit ClangArgv(const QStringList& arguments)
    {
        m_bytes.reserve(size_t(arguments.size()));
        for (const QString& argument : arguments)
            m_bytes.push_back(argument.toUtf8());
        m_pointers.reserve(m_bytes.size());
        for (const QByteArray& argument : m_bytes)
            m_pointers.push_back(argument.constData());
    }
    ClangArgv(const ClangArgv&) = delete; // m_pointers point into m_bytes
    ClangArgv& operator=(const ClangArgv&) = delete;

    const char* const* data() const { return m_pointers.data(); }
    int size() const { return int(m_pointers.size()); }

private:
    std::vector<QByteArray> m_bytes;
    std::vector<const char*> m_pointers;
};

} // namespace slicewatt

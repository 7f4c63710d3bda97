// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace slicewatt {

// Collects "file:line: problem" messages about one input file ("file: problem" for line 0),
// keeping the first kMax and counting the rest, so a wholly wrong file costs one screenful.
// Shared by the readers of power traces, calibration and validation CSVs.
class FileErrorList {
public:
    static constexpr int kMax = 20;

    explicit FileErrorList(QString file)
        : m_file(std::move(file))
    {
    }
    void add(int line, const QString& problem);
    int count() const { return m_count; }
    // The kept messages, then "file: N more problems not shown" when some were dropped.
    QStringList finish() const;
    QString at(int line, const QString& text) const; // "file:line: text", for notes

private:
    QString m_file;
    QStringList m_messages;
    int m_count = 0;
};

} // namespace slicewatt

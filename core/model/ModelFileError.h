// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace slicewatt {

// Problems found in a model or catalogue file, each as "file:line: problem" so users can
// open the file at the right place. Files are JSON; a value's line is found by searching
// for its key, since QJsonDocument keeps no positions.
class ModelFileErrors {
public:
    ModelFileErrors(QString file, QByteArray text)
        : m_file(std::move(file))
        , m_text(std::move(text))
    {
    }

    void add(const QString& problem, const QString& nearKey = QString());
    void addAtOffset(const QString& problem, int offset);
    bool isEmpty() const { return m_errors.isEmpty(); }
    const QStringList& messages() const { return m_errors; }
    QString joined() const { return m_errors.join(QLatin1Char('\n')); }

private:
    int lineOf(const QString& key) const;

    QString m_file;
    QByteArray m_text;
    QStringList m_errors;
};

} // namespace slicewatt

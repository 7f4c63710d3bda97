// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

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
    // Keys are looked up from the entry whose "id" is `id` on (one GPU of a catalogue), so a
    // problem of its 20th GPU points into that GPU, not at the first GPU's key of the name;
    // an empty id looks from the file's start again.
    void lookFromEntry(const QString& id);
    void addAtOffset(const QString& problem, int offset);
    // The file's JSON object, or nullopt with a "not valid JSON" problem at its line.
    std::optional<QJsonObject> parseObject();
    bool isEmpty() const { return m_errors.isEmpty(); }
    const QStringList& messages() const { return m_errors; }
    QString joined() const { return m_errors.join(QLatin1Char('\n')); }

private:
    int lineOf(const QString& key) const;
    qsizetype entryOffset(const QString& id) const;

    QString m_file;
    QByteArray m_text;
    QStringList m_errors;
    qsizetype m_entryOffset = 0;
};

} // namespace slicewatt

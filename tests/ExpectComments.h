// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Expectations written beside the code they check, in the manner of clang-tidy's lit tests:
//
//   sdata[tid] = mySum;   // EXPECT: statements=1 shared=1 A=0 slices=SHM w=1
//   __global__ void k(…)  // EXPECT-KERNEL: decision_points=4 effective=15 class=dense
//
// The keys and their meaning are in tests/corpus/rules/README.md.

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QVector>

namespace slicewatt::test {

struct ExpectComment {
    int line = 0;
    bool kernel = false; // EXPECT-KERNEL: about the kernel named on this line
    QHash<QString, QString> values; // key → expected text
};

inline QVector<ExpectComment> readExpectComments(const QString& path)
{
    QVector<ExpectComment> expectations;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return expectations;
    static const QRegularExpression marker(QStringLiteral("//\\s*EXPECT(-KERNEL)?:(.*)$"));
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const QString text = QString::fromUtf8(file.readLine());
        const QRegularExpressionMatch match = marker.match(text);
        if (!match.hasMatch())
            continue;
        ExpectComment expectation;
        expectation.line = line;
        expectation.kernel = !match.captured(1).isEmpty();
        for (const QString& pair : match.captured(2).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const int equals = pair.indexOf(QLatin1Char('='));
            if (equals > 0)
                expectation.values.insert(pair.left(equals), pair.mid(equals + 1));
        }
        expectations << expectation;
    }
    return expectations;
}

} // namespace slicewatt::test

// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchExtent.h"

#include <QRegularExpression>
#include <QStringList>

namespace slicewatt {

std::optional<qint64> LaunchExtent::total() const
{
    qint64 xy = 0;
    qint64 xyz = 0;
    if (__builtin_mul_overflow(x, y, &xy) || __builtin_mul_overflow(xy, z, &xyz))
        return std::nullopt;
    return xyz;
}

QString LaunchExtent::toString() const
{
    if (z != 1)
        return QStringLiteral("%1x%2x%3").arg(x).arg(y).arg(z);
    if (y != 1)
        return QStringLiteral("%1x%2").arg(x).arg(y);
    return QString::number(x);
}

std::optional<LaunchExtent> parseLaunchExtent(const QString& text, QString* error)
{
    static const QRegularExpression separator(QStringLiteral("[xX\u00d7]"));
    const QStringList parts = text.trimmed().split(separator);
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("'%1': %2").arg(text, why);
        return std::nullopt;
    };
    if (parts.size() > 3)
        return fail(QStringLiteral("at most three sizes, x, y and z (16x16, 1x1000x2)"));
    qint64 values[3] = {1, 1, 1};
    for (int i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const qint64 value = parts[i].trimmed().toLongLong(&ok);
        if (!ok || value < 1)
            return fail(QStringLiteral("each size is a whole number of at least 1, like 256 or 16x16"));
        values[i] = value;
    }
    LaunchExtent extent{values[0], values[1], values[2]};
    if (!extent.total())
        return fail(QStringLiteral("more than 2^63 in all"));
    return extent;
}

} // namespace slicewatt

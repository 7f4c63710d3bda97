// SPDX-License-Identifier: GPL-3.0-or-later
#include "SaturationGroups.h"

#include "export/DisplayNumbers.h"

#include <QMap>

#include <cmath>

namespace slicewatt {

QVector<SaturationGroup> saturationGroups(const QVector<ModelSample>& samples, bool bySaturation)
{
    if (!bySaturation) {
        SaturationGroup all;
        all.label = QStringLiteral("all Sa");
        for (int i = 0; i < samples.size(); ++i)
            all.rows << i;
        return samples.isEmpty() ? QVector<SaturationGroup>{} : QVector<SaturationGroup>{all};
    }
    // Sa is written with a few decimals; 0.3 and 0.30000001 are one curve.
    QMap<qint64, SaturationGroup> groups;
    for (int i = 0; i < samples.size(); ++i) {
        const qint64 key = std::llround(samples[i].saturation * 1e4);
        SaturationGroup& group = groups[key];
        if (group.rows.isEmpty()) {
            group.saturation = samples[i].saturation;
            group.label = QStringLiteral("Sa %1").arg(formatSaturation(samples[i].saturation));
        }
        group.rows << i;
    }
    return QVector<SaturationGroup>(groups.cbegin(), groups.cend());
}

} // namespace slicewatt

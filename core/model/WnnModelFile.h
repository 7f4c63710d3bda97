// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WaveletNetwork.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace slicewatt {

// A model file (form "wnn") holding a trained wavelet network, the GPU type index each GPU
// id maps to, and the provenance of its training data.
QByteArray wnnModelFile(const QString& id, const QString& name, const WaveletNetwork& network,
    const QHash<QString, int>& typeIndexByGpu, const QJsonObject& provenance);

// The default network's training recipe (METHOD §4, [ours]): points sampled from the four
// published JoS13 surfaces with a fixed seed. `slicewatt-cli train-wnn` without a CSV
// reproduces models/wnn-default.json with these.
struct DefaultWnnRecipe {
    int pointsPerGpu = 100;
    unsigned sampleSeed = 2013;
    unsigned trainingSeed = 1;
    int epochs = 20000;
};

} // namespace slicewatt

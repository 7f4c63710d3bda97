// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelMatching.h"

#include <QHash>
#include <QMap>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace slicewatt {
namespace {

// Per space three numbers: length, arithmetic, accesses.
QMap<QString, double> profile(const KernelSnapshot& k)
{
    QMap<QString, double> p;
    for (const SliceSnapshot& s : k.slices) {
        p.insert(s.space + QStringLiteral("/length"), double(s.length));
        p.insert(s.space + QStringLiteral("/arith"), s.arithmetic);
        p.insert(s.space + QStringLiteral("/mem"), s.accesses);
    }
    return p;
}

// Paths below each side's root; one root may be a subfolder of the other's (a project saved
// from its top folder, compared with the same sources opened from src/): a path that ends
// with the other at a folder boundary is the same file.
bool sameFile(const QString& a, const QString& b)
{
    return a == b || a.endsWith(QLatin1Char('/') + b) || b.endsWith(QLatin1Char('/') + a);
}

bool sameSignature(const KernelSnapshot& a, const KernelSnapshot& b)
{
    return a.signature.isEmpty() || b.signature.isEmpty() || a.signature == b.signature;
}

} // namespace

QString kernelMatchName(KernelMatch match)
{
    switch (match) {
    case KernelMatch::Same:
        return QStringLiteral("same");
    case KernelMatch::SignatureChanged:
        return QStringLiteral("signature changed");
    case KernelMatch::Renamed:
        return QStringLiteral("renamed or moved");
    }
    return {};
}

double kernelSimilarity(const KernelSnapshot& a, const KernelSnapshot& b)
{
    // 1 − Bray–Curtis dissimilarity: every count that differs costs its share of the total,
    // so two small kernels alike only in shape (one global slice each) are not taken for one.
    QMap<QString, double> pa = profile(a);
    const QMap<QString, double> pb = profile(b);
    for (auto it = pb.cbegin(); it != pb.cend(); ++it)
        pa.insert(it.key(), pa.value(it.key())); // every key of both
    double difference = 0, total = 0;
    for (auto it = pa.cbegin(); it != pa.cend(); ++it) {
        const double x = it.value(), y = pb.value(it.key());
        difference += std::abs(x - y);
        total += x + y;
    }
    return total > 0 ? 1 - difference / total : 0;
}

KernelPairing pairKernels(const AnalysisSnapshot& base, const AnalysisSnapshot& now)
{
    KernelPairing pairing;
    QVector<bool> baseTaken(base.kernels.size(), false), nowTaken(now.kernels.size(), false);
    const auto take = [&](int b, int n, KernelMatch match, double similarity) {
        baseTaken[b] = nowTaken[n] = true;
        pairing.pairs.append(KernelPair{b, n, match, similarity});
    };
    // 1. Name and signature. Two kernels of one name and signature (two programs in one folder
    // each defining `k`) pair in order, by file first.
    for (int pass = 0; pass < 2; ++pass) {
        for (int n = 0; n < now.kernels.size(); ++n) {
            if (nowTaken[n])
                continue;
            for (int b = 0; b < base.kernels.size(); ++b) {
                const KernelSnapshot &kb = base.kernels[b], &kn = now.kernels[n];
                if (!baseTaken[b] && kb.name == kn.name && sameSignature(kb, kn)
                    && (pass == 1 || sameFile(base.relativeFile(kb.file), now.relativeFile(kn.file)))) {
                    take(b, n, KernelMatch::Same, 1);
                    break;
                }
            }
        }
    }
    // 2. A name left once on each side: its parameters changed.
    QHash<QString, int> baseNames, nowNames;
    for (int b = 0; b < base.kernels.size(); ++b)
        baseNames[base.kernels[b].name] += baseTaken[b] ? 0 : 1;
    for (int n = 0; n < now.kernels.size(); ++n)
        nowNames[now.kernels[n].name] += nowTaken[n] ? 0 : 1;
    for (int n = 0; n < now.kernels.size(); ++n) {
        if (nowTaken[n] || nowNames.value(now.kernels[n].name) != 1 || baseNames.value(now.kernels[n].name) != 1)
            continue;
        for (int b = 0; b < base.kernels.size(); ++b) {
            if (!baseTaken[b] && base.kernels[b].name == now.kernels[n].name) {
                take(b, n, KernelMatch::SignatureChanged, 1);
                break;
            }
        }
    }
    // 3. The rest by how alike their work is, the most alike pair first.
    QVector<std::tuple<double, int, int>> candidates;
    for (int n = 0; n < now.kernels.size(); ++n) {
        for (int b = 0; b < base.kernels.size(); ++b) {
            if (nowTaken[n] || baseTaken[b])
                continue;
            const double similarity = kernelSimilarity(base.kernels[b], now.kernels[n]);
            if (similarity >= kRenamedSimilarity)
                candidates.append({similarity, n, b});
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
        [](const auto& x, const auto& y) { return std::get<0>(x) > std::get<0>(y); });
    for (const auto& [similarity, n, b] : candidates) {
        if (!nowTaken[n] && !baseTaken[b])
            take(b, n, KernelMatch::Renamed, similarity);
    }
    std::sort(pairing.pairs.begin(), pairing.pairs.end(),
        [](const KernelPair& x, const KernelPair& y) { return x.now < y.now; });
    for (int n = 0; n < now.kernels.size(); ++n) {
        if (!nowTaken[n])
            pairing.added.append(n);
    }
    for (int b = 0; b < base.kernels.size(); ++b) {
        if (!baseTaken[b])
            pairing.removed.append(b);
    }
    return pairing;
}

} // namespace slicewatt

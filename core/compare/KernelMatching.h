// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisSnapshot.h"

#include <QString>
#include <QVector>

namespace slicewatt {

// How a kernel of the new version was found in the baseline.
enum class KernelMatch {
    Same, // qualified name and signature (or the name alone where a side has no signature)
    SignatureChanged, // the name, unique on both sides, with other parameter types
    Renamed, // another name (or file) with the same work: see kernelSimilarity
};
QString kernelMatchName(KernelMatch match); // "same", "signature changed", "renamed or moved"

struct KernelPair {
    int base = -1; // index into the baseline's kernels
    int now = -1; // into the new version's
    KernelMatch match = KernelMatch::Same;
    double similarity = 1; // of a renamed pair; 1 otherwise
};

struct KernelPairing {
    QVector<KernelPair> pairs; // in the new version's order
    QVector<int> added; // new kernels without a baseline
    QVector<int> removed; // baseline kernels without a new one
};

// How alike two kernels' work is, 0 to 1: one minus the Bray–Curtis dissimilarity of their
// slice profiles (per memory space the slice length, arithmetic and memory operations,
// loop-weighted). A kernel renamed or moved to another file with its body unchanged scores 1;
// an edited one less.
double kernelSimilarity(const KernelSnapshot& a, const KernelSnapshot& b);

// Kernels below this are not taken for a renamed one.
constexpr double kRenamedSimilarity = 0.95;

// Pairs the kernels of two versions: by qualified name and signature, then by a name unique on
// both sides, then the rest by similarity (each at most once, the most alike first, only where
// at least kRenamedSimilarity). What is left is added or removed.
KernelPairing pairKernels(const AnalysisSnapshot& base, const AnalysisSnapshot& now);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisComparison.h"

#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

// How a kernel's predicted power changed since the baseline, term by term. The slice models
// give P̂ = Σ w_i·P_i with w_i = |C_i| / L (METHOD §4), so the change splits exactly into each
// slice's part, and each part into what its own power did and what its share of the kernel did:
//   w′_i·P′_i − w_i·P_i = w_i·(P′_i − P_i) + (w′_i − w_i)·P′_i.
// A slice on one side only counts with w = 0 on the other. What the slices do not explain (a
// launch-level or PTX model, JSW12's PSM) is left in `restW`, never spread over the slices.
struct SliceChangeTerm {
    QString space;
    double shareBefore = 0; // w_i, 0 where the baseline has no such slice (or no power for it)
    double shareAfter = 0; // w′_i
    std::optional<double> powerBeforeW; // P_i
    std::optional<double> powerAfterW; // P′_i
    double fromPowerW = 0; // w_i·(P′_i − P_i): the slice's own power moved (its intensity, Sa)
    double fromShareW = 0; // (w′_i − w_i)·P′_i: its share of the kernel's statements moved
    double totalW() const { return fromPowerW + fromShareW; }
};

struct PowerChangeTerms {
    double deltaW = 0; // P̂′ − P̂
    QVector<SliceChangeTerm> slices; // largest |total| first
    double restW = 0; // ΔP̂ − Σ slice terms
};

// Null when either side has no power.
std::optional<PowerChangeTerms> powerChangeTerms(const KernelChange& change);

// The energy per launch as power times the launch's duration as its estimate implies,
// τ = Ē / P̂ (the execution time given, or the energy model's work over the kernel's power):
//   Ē′ / Ē = (P̂′ / P̂)·(τ′ / τ)   and   Ē′ − Ē = (P̂′ − P̂)·τ + P̂′·(τ′ − τ).
// A loop made longer shows in τ, a cheaper access in P̂.
struct EnergyChangeTerms {
    double powerFactor = 1; // P̂′ / P̂
    double durationFactor = 1; // τ′ / τ
    double fromPowerJ = 0; // (P̂′ − P̂)·τ
    double fromDurationJ = 0; // P̂′·(τ′ − τ)
};

// Null unless both sides have a positive power and energy.
std::optional<EnergyChangeTerms> energyChangeTerms(const KernelChange& change);

// The Why? panel's section for a kernel compared with the baseline `label`: the pairing, what
// is not like for like (`notes`), ΔP̂ term by term, Ē's change as power × duration, and the lines
// that changed most (up to `lines`). HTML with the explanation's classes (formula, note, warning).
QString changeExplanationHtml(
    const KernelChange& change, const QString& label, const QStringList& notes, int lines = 5);
// For a kernel the baseline does not have.
QString addedKernelExplanationHtml(const QString& kernelName, const QString& label);

} // namespace slicewatt

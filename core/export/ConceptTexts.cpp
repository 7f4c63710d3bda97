// SPDX-License-Identifier: GPL-3.0-or-later
#include "ConceptTexts.h"

namespace slicewatt {

ConceptText conceptText(Concept which)
{
    switch (which) {
    case Concept::ProgramSlice:
        return {which, QStringLiteral("Program slices"),
            QStringLiteral(
                "A kernel is cut into at most four program slices, one per GPU memory space: global, shared, "
                "constant and texture. The slice of a space holds every statement that reads or writes a variable "
                "of that space, the register-only statements that compute their indices and values, and the "
                "branch conditions and loop headers they depend on. A statement can belong to several slices. "
                "The slice length |C| counts its effective statements (those a compiler turns into "
                "instructions), and L = Σ|C_i| over the kernel's slices. The model predicts a power P_i for each "
                "slice on its own; the kernel's power combines them.")};
    case Concept::ComputationIntensity:
        return {which, QStringLiteral("Computation intensity"),
            QStringLiteral(
                "Computation intensity Ã says how much arithmetic a slice does per memory access. #A counts each "
                "arithmetic, bitwise or shift operator and each math-function call; the memory operations n_S "
                "are counted per space S and normalised, N_mem = Σ r_S·n_S, because accesses to different "
                "spaces draw different power (r_GM = 1, r_SHM = 1.67, r_CM = 0.91, r_TM = 0.95, measured on a "
                "GTX 280 in JSW12). Both counts are multiplied by loop trip counts. JoS13 uses the ratio "
                "Ã = #A / N_mem (unbounded); JSW12 uses the fraction #A / (#A + N_mem), between 0 and 1. In both "
                "papers' fitted models, power grows with intensity: the SMs compute more and wait less.")};
    case Concept::SmSaturation:
        return {which, QStringLiteral("SM saturation"),
            QStringLiteral(
                "SM saturation Sa is the fraction of the GPU's streaming multiprocessors (SMs) that have work: "
                "Sa = active SMs / SMs on the GPU, between 0 and 1. SliceWatt takes active SMs = min(blocks in "
                "the grid, SMs) from the kernel's launch; when the grid size is not known at compile time it "
                "assumes Sa = 1 and lists that as an assumption. Idle SMs draw less power, so the models grow "
                "with Sa (JoS13: the term β0·Sa; JSW12: a logarithm of the number of active SMs).")};
    case Concept::BranchDensity:
        return {which, QStringLiteral("Branch density: sparse and dense kernels"),
            QStringLiteral(
                "Branch density is the number of decision points (if, else if, switch case, ?:) divided by the "
                "kernel's effective statements. Below 0.1 a kernel is branch-sparse and the branch-sparse "
                "program model (BSPM) applies: P̂ = Σ (|C_i| / L)·P_i, each slice weighted by its share of the "
                "statements, which stands in for the unknown time the slice runs. At 0.1 or above the kernel is "
                "branch-dense and the branch-dense program model (BDPM) applies: each slice is split into "
                "sub-slices by branch path, paths whose probability p is at most δ are dropped, and the rest form "
                "the effective slice Ĉ_i, whose intensity is computed over the kept paths only; "
                "P̂ = Σ (|Ĉ_i| / L̂)·P_i. A rarely taken but arithmetic-heavy path then no longer dominates. The "
                "0.1 threshold and the default branch probabilities (0.5 per two-way if, 1/k for a k-way switch) "
                "are SliceWatt's choices: the papers profile real runs instead.")};
    case Concept::StaticEstimate:
        return {which, QStringLiteral("What the numbers mean"),
            QStringLiteral(
                "These are static estimates: nothing was run. They come from counting the source code, from "
                "assumed loop trip counts and branch probabilities, and from models fitted on a few dozen "
                "measured kernels on GPUs of around 2010 (GTX 260, GTX 280, Tesla C870, GTX 480). They are good "
                "for comparing kernels, or versions of one kernel, and for seeing which memory space drives the "
                "power. They are not a measurement of your GPU: on a modern GPU the absolute watts may be far "
                "off, and the published regression has no idle-power term. Inputs outside the range a model was "
                "fitted on are flagged as out of domain; numbers computed from them are extrapolations.")};
    case Concept::WaveletTraining:
        return {which, QStringLiteral("The wavelet network's training data"),
            QStringLiteral(
                "The default wavelet neural network has JoS13's structure (4 inputs: intensity, SM saturation, "
                "slice length, GPU type; one hidden layer of Morlet wavelons; one output), but the paper's "
                "measured training points are not published. It is therefore trained on points sampled from the "
                "four published regression surfaces, not on measurements. Retrain it on measured data of your "
                "own (CSV) for a GPU that matters to you.")};
    }
    return {};
}

QVector<ConceptText> allConceptTexts()
{
    return {conceptText(Concept::ProgramSlice), conceptText(Concept::ComputationIntensity),
        conceptText(Concept::SmSaturation), conceptText(Concept::BranchDensity), conceptText(Concept::StaticEstimate),
        conceptText(Concept::WaveletTraining)};
}

QString Citation::text() const
{
    QString result = authors + QStringLiteral(": ");
    if (!title.isEmpty())
        result += QStringLiteral("“%1”, ").arg(title);
    if (!venue.isEmpty())
        result += venue + QStringLiteral(", ");
    return result + QString::number(year) + QLatin1Char('.');
}

// Authors, titles, venues and years exactly as METHOD.md gives them.
Citation jos13Citation()
{
    return {QStringLiteral("JoS13"), QStringLiteral("Wang Haifeng, Chen Qingkui"),
        QStringLiteral("Power consumption prediction model of general-purpose computing GPU with static program "
                       "slicing"),
        QStringLiteral("Ruan Jian Xue Bao 24(8)"), 2013,
        QStringLiteral("slicing by memory space, the nonlinear regression and wavelet network slice models, the "
                       "BSPM and BDPM program models")};
}

Citation jsw12Citation()
{
    return {QStringLiteral("JSW12"), QStringLiteral("Wang Haifeng, Chen Qingkui"),
        QStringLiteral("Power Estimating Model and Analysis of General Programming on GPU"),
        QStringLiteral("Journal of Software 7(5)"), 2012,
        QStringLiteral("the memory factors r_S, the linear intensity and active-SM model, average computation "
                       "intensity, PSM")};
}

Citation sc16Citation()
{
    return {QStringLiteral("SC16"), QStringLiteral("Li Junke et al."),
        QStringLiteral("Research on power data correction approach of GPU built-in sensor"),
        QStringLiteral("J. UESTC 45(2)"), 2016, QStringLiteral("correcting built-in sensor power traces")};
}

Citation waveletNetworkCitation()
{
    return {QStringLiteral("Zhang & Benveniste"), QStringLiteral("Zhang & Benveniste"), QString(), QString(), 1992,
        QStringLiteral("training wavelet networks by gradient descent")};
}

} // namespace slicewatt

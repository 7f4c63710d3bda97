// SPDX-License-Identifier: GPL-3.0-or-later
#include "BoundedLeastSquares.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace slicewatt {

Eigen::VectorXd boundedLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, const Eigen::VectorXd& low,
    const Eigen::VectorXd& high, const Eigen::VectorXd& start)
{
    const int k = int(a.cols());
    const Eigen::MatrixXd gram = a.transpose() * a;
    const Eigen::VectorXd atb = a.transpose() * b;
    const double btb = b.squaredNorm();
    const Eigen::VectorXd clamped = start.cwiseMax(low).cwiseMin(high);
    // Each variable free, at its lower or at its upper bound: the least-squares solution of the
    // free ones with the others at their bounds, kept when it lies inside its box; the best kept
    // one is the minimum (the optimum's active set is one of these 3^k). A column of zeros does
    // not move the objective and keeps its start.
    Eigen::VectorXd best = clamped;
    double bestObjective = std::numeric_limits<double>::infinity();
    int patterns = 1;
    for (int j = 0; j < k; ++j)
        patterns *= 3;
    for (int pattern = 0; pattern < patterns; ++pattern) {
        Eigen::VectorXd x = clamped;
        std::vector<int> free;
        int code = pattern;
        bool skip = false;
        for (int j = 0; j < k; ++j, code /= 3) {
            const bool inert = !(gram(j, j) > 0);
            if (inert && code % 3 != 0) {
                skip = true; // an inert column is counted once, as free at its start
                break;
            }
            if (code % 3 == 1)
                x(j) = low(j);
            else if (code % 3 == 2)
                x(j) = high(j);
            else if (!inert)
                free.push_back(j);
        }
        if (skip)
            continue;
        if (!free.empty()) {
            const int f = int(free.size());
            Eigen::MatrixXd gff(f, f);
            Eigen::VectorXd rhs(f);
            for (int r = 0; r < f; ++r) {
                rhs(r) = atb(free[size_t(r)]);
                for (int j = 0; j < k; ++j) {
                    if (std::find(free.begin(), free.end(), j) == free.end())
                        rhs(r) -= gram(free[size_t(r)], j) * x(j);
                }
                for (int c = 0; c < f; ++c)
                    gff(r, c) = gram(free[size_t(r)], free[size_t(c)]);
            }
            const Eigen::VectorXd solved = gff.completeOrthogonalDecomposition().solve(rhs);
            bool inside = true;
            for (int r = 0; r < f; ++r) {
                const int j = free[size_t(r)];
                const double tolerance = 1e-12 * std::max(1.0, std::abs(high(j)));
                if (!std::isfinite(solved(r)) || solved(r) < low(j) - tolerance || solved(r) > high(j) + tolerance) {
                    inside = false;
                    break;
                }
                x(j) = std::min(std::max(solved(r), low(j)), high(j));
            }
            if (!inside)
                continue;
        }
        const double objective = x.dot(gram * x) - 2 * atb.dot(x) + btb;
        if (objective < bestObjective - 1e-15 * std::max(1.0, btb)) {
            bestObjective = objective;
            best = x;
        }
    }
    return best;
}

} // namespace slicewatt

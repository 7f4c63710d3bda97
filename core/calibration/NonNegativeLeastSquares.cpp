// SPDX-License-Identifier: GPL-3.0-or-later
#include "NonNegativeLeastSquares.h"

#include <algorithm>
#include <vector>

namespace slicewatt {

Eigen::VectorXd nonNegativeLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& b)
{
    const Eigen::Index n = a.cols();
    Eigen::VectorXd scale = a.colwise().norm().transpose();
    for (Eigen::Index j = 0; j < n; ++j)
        scale(j) = scale(j) > 0 ? scale(j) : 1;
    const Eigen::MatrixXd m = a * scale.cwiseInverse().asDiagonal();
    const double tolerance = 1e-10 * std::max(1.0, b.norm());
    // Bro and de Jong's cross-products (J. Chemometrics 11, 1997): every step of the method
    // needs only MᵀM and Mᵀb, so they are formed once and each passive solve is a k×k system,
    // instead of a QR of the whole n×k matrix; the physical fit's nested validation runs
    // thousands of these.
    const Eigen::MatrixXd gram = m.transpose() * m;
    const Eigen::VectorXd mtb = m.transpose() * b;

    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    std::vector<bool> passive(size_t(n), false); // the set P of weights free to move
    // The least-squares solution on the passive columns, the others at 0.
    const auto solvePassive = [&]() {
        std::vector<Eigen::Index> columns;
        for (Eigen::Index j = 0; j < n; ++j)
            if (passive[size_t(j)])
                columns.push_back(j);
        const auto p = Eigen::Index(columns.size());
        Eigen::MatrixXd g(p, p);
        Eigen::VectorXd h(p);
        for (Eigen::Index r = 0; r < p; ++r) {
            h(r) = mtb(columns[size_t(r)]);
            for (Eigen::Index c = 0; c < p; ++c)
                g(r, c) = gram(columns[size_t(r)], columns[size_t(c)]);
        }
        const Eigen::VectorXd s = g.colPivHouseholderQr().solve(h);
        Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
        for (Eigen::Index k = 0; k < p; ++k)
            z(columns[size_t(k)]) = s(k);
        return z;
    };
    for (int outer = 0; outer < 3 * n + 10; ++outer) {
        const Eigen::VectorXd w = mtb - gram * x;
        Eigen::Index best = -1;
        for (Eigen::Index j = 0; j < n; ++j)
            if (!passive[size_t(j)] && w(j) > tolerance && (best < 0 || w(j) > w(best)))
                best = j;
        if (best < 0)
            break;
        passive[size_t(best)] = true;
        for (int inner = 0; inner < 3 * n + 10; ++inner) {
            const Eigen::VectorXd z = solvePassive();
            bool feasible = true;
            double alpha = 1;
            for (Eigen::Index j = 0; j < n; ++j) {
                if (passive[size_t(j)] && z(j) <= 0) {
                    feasible = false;
                    alpha = std::min(alpha, x(j) / (x(j) - z(j)));
                }
            }
            if (feasible) {
                x = z;
                break;
            }
            // Step towards z until the first weight reaches 0, and hold the weights at 0 there.
            x += alpha * (z - x);
            for (Eigen::Index j = 0; j < n; ++j) {
                if (passive[size_t(j)] && x(j) <= 1e-15) {
                    passive[size_t(j)] = false;
                    x(j) = 0;
                }
            }
        }
    }
    return x.cwiseQuotient(scale);
}

} // namespace slicewatt

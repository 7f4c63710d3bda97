// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

namespace slicewatt {

// min ‖A·x − b‖ subject to x ≥ 0, by Lawson and Hanson's active-set method (Solving Least
// Squares Problems, 1974, ch. 23): a weight the data would make negative is held at 0, so a
// fitted energy per instruction or per byte is never below zero. Eigen 3.4 has no NNLS outside
// its unsupported tree's later releases. Columns are scaled to unit norm inside, so inputs of
// very different magnitudes (a share of SMs, 10^12 instructions per second) fit alike.
Eigen::VectorXd nonNegativeLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& b);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

namespace slicewatt {

// min ‖A·x − b‖ subject to low ≤ x ≤ high, exactly: every way of holding variables at a bound
// and solving the rest is tried (3^k of them), which is cheap for the physical model's four
// corrections and needs no iteration to converge (Stark and Parker's BVLS visits the same
// candidates, ordered). Meant for a handful of columns. A column of zeros keeps its start
// value `start`, clamped to its box.
Eigen::VectorXd boundedLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, const Eigen::VectorXd& low,
    const Eigen::VectorXd& high, const Eigen::VectorXd& start);

} // namespace slicewatt

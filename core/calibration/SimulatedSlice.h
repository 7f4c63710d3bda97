// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

namespace slicewatt {

// JoS13's "simulated slices": kernels built to have a chosen computation intensity, run by
// slicewatt-calibrate at a chosen SM saturation. Each thread makes kSimulatedSliceAccesses
// global accesses (one load and one store each, to addresses far apart so they stream from
// DRAM), and between load and store applies `arithPerAccess` dependent multiply-adds, which
// the compiler cannot fold.
//
// The kernels are generated (simulatedSliceSource) and the generated file is committed as
// app/calibrate/SimulatedSlices.cuh, so nvcc and SliceWatt's own analysis read the same
// text; test_calibration checks the file is current and that SliceWatt counts each kernel's
// intensity exactly as simulatedSliceIntensity says.
constexpr int kSimulatedSliceAccesses = 16;

// The arithmetic-per-access values the committed kernels are built for, chosen so their
// intensities span JoS13's training range 7.1 … 8200 roughly evenly on a log scale.
const QVector<int>& simulatedSliceArithValues();

// The JoS13 ratio intensity Ã = #A / N_mem SliceWatt counts for the kernel with
// `arithPerAccess`; test_calibration checks it against the analysis.
double simulatedSliceIntensity(int arithPerAccess);
// The slice's length in effective lines (a WNN input): the same for every simulated slice.
int simulatedSliceLines();
// The arithPerAccess, among simulatedSliceArithValues(), whose intensity is nearest to
// `intensity` on a log scale.
int nearestSimulatedSliceArith(double intensity);

QString simulatedSliceKernelName(int arithPerAccess);
// The CUDA text of the kernels for `arithPerAccess` values and a table the runner
// dispatches through.
QByteArray simulatedSliceSource(const QVector<int>& arithPerAccess);

} // namespace slicewatt

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CudaSliceRunner.h"
#include "calibration/CalibrationRunner.h"

namespace slicewatt::calibrate {

// The calibration runner's view of the CUDA launcher.
class CudaPointRunner final : public SliceRunner {
public:
    explicit CudaPointRunner(CudaSliceRunner& cuda)
        : m_cuda(cuda)
    {
    }
    bool run(const CalibrationPlanPoint& point, double seconds, QString* error) override
    {
        std::string message;
        if (m_cuda.run(point.arithPerAccess, point.blocks, point.threadsPerBlock, seconds, &message))
            return true;
        *error = QString::fromStdString(message);
        return false;
    }

private:
    CudaSliceRunner& m_cuda;
};

} // namespace slicewatt::calibrate

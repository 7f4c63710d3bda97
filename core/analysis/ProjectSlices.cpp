// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectSlices.h"

#include "LaunchChoice.h"

namespace slicewatt {

QVector<KernelSliceReport> sliceProject(const ProjectIndex& index, const AnalysisOptions& options)
{
    QVector<KernelSliceReport> reports;
    for (const CatalogFunction& kernel : index.kernels) {
        const KernelIR* ir = index.kernelIR(kernel.info.key);
        if (!ir)
            continue;
        KernelSliceReport report;
        report.kernel = &kernel;
        report.ir = ir;
        report.launch = defaultLaunchShape(kernel.launches);
        report.slices = analyseKernel(*ir, report.launch, options);
        reports << report;
    }
    return reports;
}

} // namespace slicewatt

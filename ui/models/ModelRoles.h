// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Qt>

namespace slicewatt {

// The item data roles every SliceWatt item model answers (kernel tree, hot-spot ranking)
// and the window reads (jump to code, select a kernel or slice). One definition, so a view
// can ask any of the models the same question. Scoped in a namespace: older table models
// have class-scoped roles of the same names.
namespace ModelRoles {
enum Role : int {
    // The cell's value for sorting: a double for numeric columns (W, %, intensity, Sa,
    // rank), a QString for text columns; invalid where the cell is empty.
    SortRole = Qt::UserRole + 1,
    KernelKeyRole, // QString: the function key of the row's kernel (empty for files)
    FilePathRole, // QString: absolute path of the file to show for the row
    LineRole, // int: 1-based line to show (0 when the row has none)
    MemorySpaceRole, // int: MemorySpace of a slice row, -1 for other rows
    NodeKindRole, // int: NodeKind
};
} // namespace ModelRoles

// What a row of the kernel tree stands for (NodeKindRole). Hot-spot rows are lines.
// Launch: one launch site of a kernel launched at several (issue 47), below its slices.
enum class NodeKind : int { File = 0, Kernel = 1, Slice = 2, Line = 3, Launch = 4 };

} // namespace slicewatt

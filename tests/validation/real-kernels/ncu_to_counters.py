#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns ncu.sh's raw per-case CSVs (ncu --csv --page raw --print-units base) into the columns
of tests/validation/<gpu>/real-kernels/ncu-counters.csv, which `slicewatt-cli validate-time
--counters` reads. Usage: ncu_to_counters.py DIR_OF_CASE_CSVS > ncu-counters.csv"""
import csv
import pathlib
import sys

# Output column -> ncu metric (a sum of metrics where a list).
COLUMNS = [
    ("duration_ns", ["gpu__time_duration.sum"]),
    ("registers_per_thread", ["launch__registers_per_thread"]),
    ("shared_bytes_per_block", ["launch__shared_mem_per_block_static", "launch__shared_mem_per_block_dynamic"]),
    ("waves_per_sm", ["launch__waves_per_multiprocessor"]),
    ("occupancy_limit_registers", ["launch__occupancy_limit_registers"]),
    ("occupancy_limit_shared", ["launch__occupancy_limit_shared_mem"]),
    ("occupancy_limit_warps", ["launch__occupancy_limit_warps"]),
    ("occupancy_limit_blocks", ["launch__occupancy_limit_blocks"]),
    ("achieved_warps_pct", ["sm__warps_active.avg.pct_of_peak_sustained_active"]),
    ("dram_read_bytes", ["dram__bytes_read.sum"]),
    ("dram_write_bytes", ["dram__bytes_write.sum"]),
    ("l2_bytes", ["lts__t_bytes.sum"]),
    ("warp_inst", ["smsp__inst_executed.sum"]),
    ("thread_inst", ["smsp__thread_inst_executed.sum"]),
    ("thread_fp32", ["smsp__sass_thread_inst_executed_op_fp32_pred_on.sum"]),
    ("thread_ffma", ["smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"]),
    ("thread_fadd", ["smsp__sass_thread_inst_executed_op_fadd_pred_on.sum"]),
    ("thread_fmul", ["smsp__sass_thread_inst_executed_op_fmul_pred_on.sum"]),
    ("thread_fp64", ["smsp__sass_thread_inst_executed_op_fp64_pred_on.sum"]),
    ("thread_integer", ["smsp__sass_thread_inst_executed_op_integer_pred_on.sum"]),
    ("thread_memory", ["smsp__sass_thread_inst_executed_op_memory_pred_on.sum"]),
    ("thread_control", ["smsp__sass_thread_inst_executed_op_control_pred_on.sum"]),
    ("thread_conversion", ["smsp__sass_thread_inst_executed_op_conversion_pred_on.sum"]),
    ("warp_pipe_fma", ["smsp__inst_executed_pipe_fma.sum"]),
    ("warp_pipe_alu", ["smsp__inst_executed_pipe_alu.sum"]),
    ("warp_pipe_xu", ["smsp__inst_executed_pipe_xu.sum"]),
    ("warp_pipe_lsu", ["smsp__inst_executed_pipe_lsu.sum"]),
    ("warp_pipe_fp64", ["smsp__inst_executed_pipe_fp64.sum"]),
    ("warp_global_ld", ["smsp__inst_executed_op_global_ld.sum"]),
    ("warp_global_st", ["smsp__inst_executed_op_global_st.sum"]),
    ("warp_global_atom", ["smsp__inst_executed_op_global_atom.sum"]),
    ("warp_global_red", ["smsp__inst_executed_op_global_red.sum"]),
    ("warp_shared_ld", ["smsp__inst_executed_op_shared_ld.sum"]),
    ("warp_shared_st", ["smsp__inst_executed_op_shared_st.sum"]),
    ("warp_shared_atom", ["smsp__inst_executed_op_shared_atom.sum"]),
    ("long_scoreboard_stall_per_issue", ["smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"]),
    ("sm_throughput_pct", ["sm__throughput.avg.pct_of_peak_sustained_elapsed"]),
    ("dram_throughput_pct", ["dram__throughput.avg.pct_of_peak_sustained_elapsed"]),
]


def number(text):
    text = text.replace(",", "").strip()
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if value.is_integer() else round(value, 2)


def read_case(path):
    """The first profiled kernel of one case's raw CSV: (kernel, grid, block, {metric: value})."""
    lines = [line for line in path.read_text(errors="replace").splitlines() if line.startswith('"')]
    rows = list(csv.reader(lines))
    if len(rows) < 3:  # header, units, one kernel
        return None
    header, data = rows[0], rows[2]
    record = dict(zip(header, data))
    kernel = record.get("Kernel Name", "").split("(")[0].split("<")[0].split()[-1:] or [""]
    shape = lambda text: text.strip("()").replace(", ", "x").replace(",", "x")
    return kernel[0], shape(record.get("Grid Size", "")), shape(record.get("Block Size", "")), record


def main():
    folder = pathlib.Path(sys.argv[1])
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["case", "kernel", "grid", "block"] + [name for name, _ in COLUMNS])
    for path in sorted(folder.glob("*.csv")):
        parsed = read_case(path)
        if parsed is None:
            print(f"ncu_to_counters: no kernel in {path.name}", file=sys.stderr)
            continue
        kernel, grid, block, record = parsed
        cells = []
        for _, metrics in COLUMNS:
            values = [number(record[m]) for m in metrics if m in record]
            values = [v for v in values if v is not None]
            cells.append(sum(values) if values else "")
        out.writerow([path.stem, kernel, grid, block] + cells)


if __name__ == "__main__":
    main()

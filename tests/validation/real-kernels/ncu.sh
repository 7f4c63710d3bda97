#!/usr/bin/env bash
# Device side, after run.sh (which builds bin/): Nsight Compute counters of one launch of every
# case (the first, checked launch; caches flushed before it as ncu does by default; clocks left
# alone), so the analysis's counts can be checked against what the compiled code did. Never an
# input of a prediction. Raw per-case CSVs go to logs/ncu/ and $OUT/ncu-raw.tar.gz;
# ncu_to_counters.py turns them into the ncu-counters.csv columns. A time limit in seconds
# (NCU_BUDGET_S, default 180) stops it early: the cases not reached are simply absent.
set -u
cd "$(dirname "$0")"
export PATH=/usr/local/cuda/bin:$PATH
out=${OUT:-/tmp/ncu-out}
budget=${NCU_BUDGET_S:-180}
mkdir -p "$out" logs/ncu
ncu_bin=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$ncu_bin" ] || { echo "ncu not found"; exit 0; }
full="gpu__time_duration.sum,launch__registers_per_thread,launch__shared_mem_per_block_static,\
launch__shared_mem_per_block_dynamic,launch__waves_per_multiprocessor,launch__occupancy_limit_registers,\
launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,launch__occupancy_limit_blocks,\
sm__warps_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,\
smsp__inst_executed.sum,smsp__thread_inst_executed.sum,smsp__sass_thread_inst_executed_op_fp32_pred_on.sum,\
smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,\
smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_fp64_pred_on.sum,\
smsp__sass_thread_inst_executed_op_integer_pred_on.sum,smsp__sass_thread_inst_executed_op_memory_pred_on.sum,\
smsp__sass_thread_inst_executed_op_control_pred_on.sum,smsp__sass_thread_inst_executed_op_conversion_pred_on.sum,\
smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_xu.sum,\
smsp__inst_executed_pipe_lsu.sum,smsp__inst_executed_pipe_fp64.sum,smsp__inst_executed_op_global_ld.sum,\
smsp__inst_executed_op_global_st.sum,smsp__inst_executed_op_global_atom.sum,smsp__inst_executed_op_global_red.sum,\
smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_shared_atom.sum,\
smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,\
sm__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed"
core="gpu__time_duration.sum,launch__registers_per_thread,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum"
metrics=$full
t0=$(date +%s)
# Cases in the order given (newest drivers first when the caller lists them so), else every driver's.
for b in ${NCU_DRIVERS:-$(cd bin && ls corpus_* 2>/dev/null)}; do
  [ -x "bin/$b" ] || continue
  for c in $(grep -o 'meas::run("[^"]*"' "drivers/$b.cu" | sed 's/meas::run("//; s/"$//'); do
    [ $(( $(date +%s) - t0 )) -lt "$budget" ] || { echo "ncu: budget of $budget s spent before $c"; break 2; }
    MEAS_WARM_S=0 MEAS_S=0 timeout 60 "$ncu_bin" --clock-control none --launch-count 1 --csv --page raw --print-units base \
      --metrics "$metrics" "bin/$b" "$c" > "logs/ncu/$c.csv" 2> "logs/ncu/$c.err"
    if ! grep -q '"gpu__time_duration.sum"' "logs/ncu/$c.csv" && [ "$metrics" = "$full" ]; then
      echo "ncu: the full metric list failed on $c; falling back to the core list"
      metrics=$core
      MEAS_WARM_S=0 MEAS_S=0 timeout 60 "$ncu_bin" --clock-control none --launch-count 1 --csv --page raw --print-units base \
        --metrics "$metrics" "bin/$b" "$c" > "logs/ncu/$c.csv" 2> "logs/ncu/$c.err"
    fi
  done
done
echo "ncu: $(ls logs/ncu/*.csv 2>/dev/null | wc -l) cases in $(( $(date +%s) - t0 )) s"
tar -czf "$out/ncu-raw.tar.gz" -C logs ncu

#!/usr/bin/env bash
# Issue 3's figure: Tilesmith's CPU interpreter against Triton's own (TRITON_INTERPRET=1) on the
# same machine, same programs (swish_2p20.py, softmax_1024.py). Run on the GPU machine from the
# repository root with a built tilesmith binary:
#   bench/interp_vs_triton/compare.sh TILESMITH_BINARY [RESULTS_FILE]
# Tilesmith's numbers are `tilesmith run FILE --backend interp`, whose do_bench reports the median
# CPU wall time per launch (warmup 50 ms, rep 1000 ms), with 1 thread and with all cores.
set -euo pipefail
bin="$1"
out="${2:-bench/results/$(date +%F)-interp-vs-triton-interpreter.txt}"
{
    echo "# Tilesmith's interpreter vs Triton's interpreter (TRITON_INTERPRET=1), same programs, same machine"
    echo "# date: $(date -u '+%F %T UTC')"
    echo "# machine: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || echo 'no GPU');" \
         "CPU: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
    echo "# versions: $(python3 -c 'import torch, triton, numpy; print("torch", torch.__version__, "triton", triton.__version__, "numpy", numpy.__version__)' 2>/dev/null); tilesmith $("$bin" --version)"
    echo "# ---- Tilesmith, 1 thread (TILESMITH_INTERP_THREADS=1) ----"
    for f in swish_2p20 softmax_1024; do
        for rep in 1 2 3; do
            TILESMITH_INTERP_THREADS=1 "$bin" run "bench/interp_vs_triton/$f.py" --backend interp 2>&1 | sed 's/$/ threads=1/'
        done
    done
    echo "# ---- Tilesmith, all cores (default) ----"
    for f in swish_2p20 softmax_1024; do
        for rep in 1 2 3; do
            "$bin" run "bench/interp_vs_triton/$f.py" --backend interp 2>&1 | sed "s/\$/ threads=$(nproc)/"
        done
    done
    echo "# ---- Triton's interpreter (TRITON_INTERPRET=1), 3 launches each ----"
    TRITON_INTERPRET=1 python3 bench/interp_vs_triton/time_triton_interpreter.py --repeats 3
} 2>&1 | tee "$out"

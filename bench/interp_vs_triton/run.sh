#!/usr/bin/env bash
# Measures Triton's own interpreter (TRITON_INTERPRET=1) on swish_2p20.py and softmax_1024.py
# on this machine's CPU and writes a results file with a header (date, machine, versions,
# command). Run from anywhere on the GPU machine (python3 with torch and triton installed):
#   bench/interp_vs_triton/run.sh [RESULTS_FILE] [REPEATS]
# Default results file: bench/results/<date>-triton-interpreter-baseline.txt.
# Tilesmith's side (`tilesmith run FILE --backend interp`, which prints the same RESULT lines)
# is added to the comparison by the lead once the interpreter backend runs these programs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/bench/results/$(date +%F)-triton-interpreter-baseline.txt}"
repeats="${2:-5}"
cmd="TRITON_INTERPRET=1 python3 bench/interp_vs_triton/time_triton_interpreter.py --repeats $repeats"
{
    echo "# Triton's interpreter (TRITON_INTERPRET=1) on bench/interp_vs_triton/*.py"
    echo "# date: $(date -u '+%F %T UTC')"
    echo "# machine: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || echo 'no GPU');" \
         "CPU: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
    echo "# versions: $(python3 -c 'import torch, triton, numpy; print("torch", torch.__version__, "triton", triton.__version__, "numpy", numpy.__version__)')"
    echo "# command: $cmd"
    cd "$root"
    TRITON_INTERPRET=1 python3 bench/interp_vs_triton/time_triton_interpreter.py --repeats "$repeats"
} 2>&1 | tee "$out"

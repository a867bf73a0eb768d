#!/usr/bin/env bash
# Linear+GELU against plain, matmul-then-GELU and torch.matmul at the steady power-capped state, Triton and
# Tilesmith (linear_gelu_steady.py through matmul_configs.sh), with nvidia-smi's SM clock and
# power every 200 ms in OUT_DIR/smi.csv:
#   bash scripts/gpu/linear_gelu_steady.sh TILESMITH_BINARY OUT_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$2"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
    --format=csv,noheader -lms 200 > "$2/smi.csv" 2>&1 &
smi=$!
bash "$here/matmul_configs.sh" "$1" "$2" "$here/linear_gelu_steady.py"
kill $smi

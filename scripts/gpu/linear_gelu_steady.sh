#!/usr/bin/env bash
# Linear+GELU against plain and matmul-then-GELU at the steady power-capped state, Triton and
# Tilesmith, with nvidia-smi's SM clock and power every 200 ms (see linear_gelu_steady.py):
#   bash scripts/gpu/linear_gelu_steady.sh TILESMITH_BINARY OUT_DIR
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tsm=$1 out=$2
mkdir -p "$out"
prog=$out/linear_gelu_steady_program.py
sed '/^if __name__ == "__main__":/,$d' "$root/bench/gpu/matmul.py" > "$prog"
cat "$root/scripts/gpu/linear_gelu_steady.py" >> "$prog"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
    --format=csv,noheader -lms 200 > "$out/smi.csv" 2>&1 &
smi=$!
python3 "$prog" > "$out/triton.txt" 2>&1
"$tsm" run "$prog" --backend cuda > "$out/tilesmith.txt" 2>&1
kill $smi
paste -d'|' "$out/triton.txt" "$out/tilesmith.txt" | sed 's/|/   ||   tilesmith: /' | tee "$out/summary.txt"

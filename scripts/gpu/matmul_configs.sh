#!/usr/bin/env bash
# Per-config matmul timings, Triton and Tilesmith, on the GPU machine (see matmul_configs.py):
#   bash scripts/gpu/matmul_configs.sh TILESMITH_BINARY OUT_DIR [TAIL.py]
# TAIL.py (default matmul_configs.py) is appended to bench/gpu/matmul.py less its __main__ block,
# and the one program runs under real Python + Triton and under `tilesmith run --backend cuda`.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tsm=$1 out=$2 tail=${3:-$root/scripts/gpu/matmul_configs.py}
mkdir -p "$out"
prog=$out/$(basename "$tail" .py)_program.py
sed '/^if __name__ == "__main__":/,$d' "$root/bench/gpu/matmul.py" > "$prog"
cat "$tail" >> "$prog"
python3 "$prog" > "$out/triton.txt" 2>&1
"$tsm" run "$prog" --backend cuda > "$out/tilesmith.txt" 2>&1
paste -d'|' "$out/triton.txt" "$out/tilesmith.txt" | sed 's/|/   ||   tilesmith: /' | tee "$out/summary.txt"

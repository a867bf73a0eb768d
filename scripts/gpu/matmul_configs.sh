#!/usr/bin/env bash
# Per-config matmul timings, Triton and Tilesmith, on the GPU machine (see matmul_configs.py):
#   bash scripts/gpu/matmul_configs.sh TILESMITH_BINARY OUT_DIR
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tsm=$1 out=$2
mkdir -p "$out"
prog=$out/matmul_configs_program.py
sed '/^if __name__ == "__main__":/,$d' "$root/bench/gpu/matmul.py" > "$prog"
cat "$root/scripts/gpu/matmul_configs.py" >> "$prog"
python3 "$prog" > "$out/triton.txt" 2>&1
"$tsm" run "$prog" --backend cuda > "$out/tilesmith.txt" 2>&1
paste -d'|' "$out/triton.txt" "$out/tilesmith.txt" | sed 's/|/   ||   tilesmith: /' | tee "$out/summary.txt"

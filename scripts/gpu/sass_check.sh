#!/usr/bin/env bash
# Which tensor-core instructions each tl.dot path became in SASS, on the GPU machine (issue 9:
# "`tilesmith emit --sass` shows HMMA / HGMMA where expected"): bench/gpu/matmul.py's kernel at
# the tutorial's winning tile (wgmma on sm_90a: HGMMA), the same at a 32-row tile (mma.sync:
# HMMA) and with fp32 inputs (tf32 on mma.sync: HMMA). Needs the CLI scripts/gpu-check built (or TSM_CLI)
# and nvdisasm / cuobjdump; writes sass-check.txt under $OUT (or the current folder).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${TSM_CLI:-${TSM_GPU_BUILD_DIR:-/tmp/tsm-gpu-build}/app/cli/tilesmith}
out=${OUT:-.}/sass-check.txt
sig() { # dtype BM BN BK warps
  echo "a_ptr=*$1:16, b_ptr=*$1:16, c_ptr=*$1:16, M=i32:16, N=i32:16, K=i32:16, stride_am=i32:16, stride_ak=1, stride_bk=i32:16, stride_bn=1, stride_cm=i32:16, stride_cn=1, BLOCK_SIZE_M=$2, BLOCK_SIZE_N=$3, BLOCK_SIZE_K=$4, GROUP_SIZE_M=8, ACTIVATION='', num_warps=$5"
}
{
  echo "# SASS of bench/gpu/matmul.py's matmul_kernel per tl.dot path ($(date -u +%FT%TZ))"
  for c in "fp16 128 256 64 8" "bf16 64 256 32 4" "fp16 32 64 32 2" "fp32 64 64 32 4"; do
    set -- $c
    s=$(sig "$@")
    path=$(TILESMITH_CACHE_DIR=- "$cli" emit --timings --cuda --kernel matmul_kernel --signature "$s" \
             "$root/bench/gpu/matmul.py" 2>&1 >/dev/null | grep "tl.dot" || true)
    sass=$("$cli" emit --sass --kernel matmul_kernel --signature "$s" "$root/bench/gpu/matmul.py" 2>&1 || true)
    echo
    echo "## $1 ${2}x${3}x${4}, $5 warps"
    echo "${path:-no tl.dot line}"
    echo "HGMMA instructions: $(grep -c 'HGMMA' <<<"$sass" || true)"
    echo "HMMA instructions:  $(grep -c 'HMMA' <<<"$sass" || true)"
    echo "FFMA instructions:  $(grep -c 'FFMA' <<<"$sass" || true)"
    grep -m2 -E 'HGMMA|HMMA' <<<"$sass" || true
  done
} > "$out"
cat "$out"

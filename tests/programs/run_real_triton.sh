#!/usr/bin/env bash
# Runs the programs of this folder under real Python + PyTorch + Triton (the compatibility
# contract: every program here also runs unchanged there). For the GPU machine:
#   tests/programs/run_real_triton.sh OUTDIR
# writes OUTDIR/compiled.txt (pytest of every non-fail program, compiled kernels on the GPU),
# OUTDIR/interpret.txt (the same with TRITON_INTERPRET=1, Triton's CPU interpreter, with the
# NumPy >= 2.5 workaround of real_triton/triton_interp_numpy_fix.py; without it every kernel whose
# loop bound is a runtime scalar fails inside Triton's interpreter) and
# OUTDIR/fail_programs.txt (the fail_ programs that are safe to run on a GPU, for reference:
# they are expected to fail, or to pass where Tilesmith's harness is stricter than Python).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
outdir="${1:?usage: run_real_triton.sh OUTDIR}"
mkdir -p "$outdir"
cd "$root"
programs=$(ls tests/programs/*.py | grep -v '/fail_')
pytest_args=(-q -rfE -p no:cacheprovider --import-mode=importlib)
header() {
    echo "# $1"
    echo "# date: $(date -u '+%F %T UTC')"
    echo "# machine: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
    echo "# versions: $(python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)')"
}
if ! python3 -c 'import pytest' 2>/dev/null; then
    echo "pytest is not installed" | tee "$outdir/compiled.txt"
    exit 1
fi
{
    header "compiled kernels on the GPU"
    echo "# command: python3 -m pytest ${pytest_args[*]} <every tests/programs/*.py but fail_*>"
    python3 -m pytest "${pytest_args[@]}" $programs
    echo "# exit status: $?"
} > "$outdir/compiled.txt" 2>&1 &
compiled=$!
{
    header "Triton's CPU interpreter"
    echo "# command: PYTHONPATH=tests/programs/real_triton TRITON_INTERPRET=1 python3 -m pytest ${pytest_args[*]}" \
        "-p triton_interp_numpy_fix <every tests/programs/*.py but fail_*>"
    PYTHONPATH=tests/programs/real_triton TRITON_INTERPRET=1 python3 -m pytest "${pytest_args[@]}" \
        -p triton_interp_numpy_fix $programs
    echo "# exit status: $?"
} > "$outdir/interpret.txt" 2>&1 &
interpret=$!
wait $compiled
wait $interpret
{
    header "fail_ programs that are safe on a GPU (reference only; see each file's header)"
    for f in fail_assert_close fail_shape_mismatch_launch fail_uncaught_exception fail_forbidden_import \
        fail_unsupported_host_feature fail_device_assert; do
        echo "## $f (compiled)"
        python3 -m pytest "${pytest_args[@]}" "tests/programs/$f.py" 2>&1 | tail -n 40
    done
    echo "## fail_device_assert (TRITON_INTERPRET=1)"
    TRITON_INTERPRET=1 python3 -m pytest "${pytest_args[@]}" tests/programs/fail_device_assert.py 2>&1 | tail -n 40
} > "$outdir/fail_programs.txt" 2>&1

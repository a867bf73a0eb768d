#!/usr/bin/env bash
# End-to-end tests of `tilesmith run | test | bench`: exit codes 0/1/2, output, --json, -k.
# usage: run_cli_test.sh TILESMITH_BINARY REPO_ROOT
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_test_lib.sh"

# The seed's tests pass on the interpreter.
"$bin" test "$root/resources/examples/swish.py" --backend interp >"$tmp/out" 2>"$tmp/err"
expect_exit swish_test 0 $?
expect_grep swish_test_line '^PASSED test_swish ' "$tmp/out"
expect_grep swish_test_summary '^== 1 passed in .* on interp ==$' "$tmp/out"

# A failing assert_close: exit 1, PyTorch's report on stderr at the assert line.
"$bin" test "$root/tests/programs/fail_assert_close.py" --backend interp >"$tmp/out" 2>"$tmp/err"
expect_exit failed_test 1 $?
expect_grep failed_test_report 'fail_assert_close.py:[0-9]+:[0-9]+: error: test_wrong_double failed: AssertionError: Tensor-likes are not close!' "$tmp/err"
expect_grep failed_test_counts 'Mismatched elements: 143 / 1000 \(14.3%\)' "$tmp/err"
expect_grep failed_test_summary '^== 0 passed, 1 failed' "$tmp/out"

# -k selects parametrized cases by id.
"$bin" test "$root/tests/programs/softmax.py" --backend interp -k "not large" >"$tmp/out" 2>"$tmp/err"
expect_exit filter 0 $?
if grep -q large "$tmp/out"; then echo "FAIL filter: a deselected test ran"; fails=$((fails + 1)); else passes=$((passes + 1)); fi

# Skipped tests (skipif, pytest.skip()) are counted as skipped, not passed.
cat >"$tmp/skips.py" <<'PY'
import pytest


@pytest.mark.skipif(True, reason="not here")
def test_marked():
    assert False


def test_skips_itself():
    pytest.skip("later")


def test_runs():
    assert 1 + 1 == 2
PY
"$bin" test "$tmp/skips.py" --backend interp >"$tmp/out" 2>"$tmp/err"
expect_exit skipped_tests 0 $?
expect_grep skipped_line '^SKIPPED test_marked ' "$tmp/out"
expect_grep skipped_itself_line '^SKIPPED test_skips_itself ' "$tmp/out"
expect_grep skipped_summary '^== 1 passed, 2 skipped in .* on interp ==$' "$tmp/out"
"$bin" test "$tmp/skips.py" --backend interp --json >"$tmp/out" 2>"$tmp/err"
expect_grep skipped_json '"event":"test_finished","name":"test_marked","passed":true,"seconds":[0-9.e-]+,"skipped":true' "$tmp/out"

# --debug (device asserts checked on the GPU too): the interpreter checks them either way.
"$bin" test "$root/tests/programs/fail_device_assert.py" --backend interp --debug >"$tmp/out" 2>"$tmp/err"
expect_exit debug_assert 1 $?
expect_grep debug_assert_report 'fail_device_assert.py:[0-9]+:[0-9]+: error: device_assert failed in program \(1, 0, 0\) at element \[44\]: x must be non-negative' "$tmp/err"

# --json: one object per line, ending with the finished event.
"$bin" test "$root/resources/examples/swish.py" --backend interp --json >"$tmp/out" 2>"$tmp/err"
expect_exit json 0 $?
expect_grep json_test '^\{"event":"test_finished","name":"test_swish","passed":true' "$tmp/out"
expect_grep json_validation '"event":"validation"' "$tmp/out"
# A validation event says where the comparison is (the studio's Validation pane jumps there)
# and how close a passing one was.
expect_grep json_validation_line '"event":"validation".*"file":"[^"]*swish.py".*"line":[0-9]+' "$tmp/out"
expect_grep json_validation_error '"max_abs_error":[0-9.e-]+[1-9]' "$tmp/out"
last=$(tail -n 1 "$tmp/out")
case "$last" in '{"event":"finished","exit_code":0,"passed":true'*) passes=$((passes + 1)) ;;
  *) echo "FAIL json_finished: last line $last"; fails=$((fails + 1)) ;; esac

# run: the module as __main__; an out-of-bounds kernel access is reported at the kernel line.
cat >"$tmp/oob.py" <<'PY'
import torch
import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


if __name__ == "__main__":
    x = torch.zeros(100, device="cuda")
    y = torch.empty_like(x)
    copy[(1, )](x, y, BLOCK=128)
    print("unreachable")
PY
"$bin" run "$tmp/oob.py" --backend interp >"$tmp/out" 2>"$tmp/err"
expect_exit oob 1 $?
expect_grep oob_line 'oob.py:9:[0-9]+: error: .*program \(0, 0, 0\).*\[OutOfBoundsAccess\]' "$tmp/err"
if grep -q unreachable "$tmp/out"; then echo "FAIL oob: ran past the error"; fails=$((fails + 1)); else passes=$((passes + 1)); fi

# Unusable input: a missing file, an unavailable backend.
"$bin" run "$tmp/missing.py" --backend interp >"$tmp/out" 2>"$tmp/err"
expect_exit missing 2 $?
# --device with the interpreter, or an ordinal that is not a number: refused, exit 2.
"$bin" run "$root/resources/examples/swish.py" --backend interp --device 1 >"$tmp/out" 2>"$tmp/err"
expect_exit device_interp 2 $?
expect_grep device_interp_message 'a device \(1\) picks a GPU: it cannot be used with the interpreter backend' "$tmp/err"
"$bin" run "$root/resources/examples/swish.py" --device -1 >"$tmp/out" 2>"$tmp/err"
expect_exit device_negative 2 $?
expect_grep device_negative_message 'device' "$tmp/err"
# Without a GPU (CI), --backend cuda is unusable input that says why; the default backend falls
# back to the interpreter and says so in one line (a note event with --json).
if "$bin" devices --json | grep -q '"available":false'; then
  "$bin" run "$root/resources/examples/swish.py" --backend cuda >"$tmp/out" 2>"$tmp/err"
  expect_exit cuda 2 $?
  expect_grep cuda_message '^error: CUDA is not available: .+; run with --backend interp .*\[CudaUnavailable\]$' "$tmp/err"
  "$bin" test "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
  expect_exit default_backend 0 $?
  expect_grep default_note '^tilesmith: no --backend given and CUDA is not available \(.+\): running on the CPU interpreter$' "$tmp/err"
  if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then passes=$((passes + 1)); else
    echo "FAIL default_note_once: stderr has more than the one note line"; fails=$((fails + 1)); fi
  expect_grep default_summary ' on interp ==$' "$tmp/out"
  "$bin" test "$root/resources/examples/swish.py" --json >"$tmp/out" 2>"$tmp/err"
  expect_exit default_json 0 $?
  first=$(head -n 1 "$tmp/out")
  case "$first" in '{"event":"diagnostic"'*'"kind":"CudaUnavailable"'*) passes=$((passes + 1)) ;;
    *) echo "FAIL default_json_note: first line $first"; fails=$((fails + 1)) ;; esac
  expect_grep default_json_severity '"severity":"note"' "$tmp/out"
  # --device asks for a GPU: a device that is not there is unusable input that says what there
  # is, never a silent run on the interpreter.
  "$bin" test "$root/resources/examples/swish.py" --device 7 >"$tmp/out" 2>"$tmp/err"
  expect_exit device_missing 2 $?
  expect_grep device_missing_message '^error: no CUDA device 7: this machine has none \(.+\); run with --backend interp' "$tmp/err"
  if [ -s "$tmp/out" ]; then echo "FAIL device_missing_ran: it printed"; sed 's/^/    /' "$tmp/out"; fails=$((fails + 1)); else passes=$((passes + 1)); fi
  "$bin" run "$root/resources/examples/swish.py" --device 7 --json >"$tmp/out" 2>"$tmp/err"
  expect_exit device_missing_json 2 $?
  expect_grep device_missing_json_event '"kind":"CudaUnavailable".*"message":"no CUDA device 7: ' "$tmp/out"
  expect_no_note=$(grep -c 'no --backend given' "$tmp/out")
  expect_exit device_missing_no_note 0 "$expect_no_note"
  "$bin" devices >"$tmp/out" 2>"$tmp/err"
  expect_exit devices 0 $?
  expect_grep devices_why '^No CUDA device: .+' "$tmp/out"
else
  echo "run_cli_test: a GPU is present; skipping the no-CUDA checks"
fi

# --autotune-report: a table per tuning with every config; the choice persists in the autotune
# cache (here a temporary one), so a second run reports it from disk and tunes nothing.
export TILESMITH_AUTOTUNE_CACHE_DIR="$tmp/autotune-cache"
"$bin" test "$root/tests/programs/autotune.py" --backend interp -k "transpose and 100" --autotune-report >"$tmp/out" 2>"$tmp/err"
expect_exit autotune_report 0 $?
expect_grep autotune_header "^autotune transpose_kernel  key \(100, 61, 'torch.float32', 'torch.float32'\) \(M, N, then tensor dtypes\)$" "$tmp/out"
expect_grep autotune_tuned '^  tuned on interp in [0-9.]+ s \(compile [0-9.]+ s on 1 thread\)$' "$tmp/out"
expect_grep autotune_best_row '^  \* BLOCK_M=[0-9]+ BLOCK_N=[0-9]+ num_warps=[48] num_stages=3 +[0-9.]+ +[0-9.]+-[0-9.]+ +1.00x' "$tmp/out"
expect_grep autotune_big_row '^    BLOCK_M=256 BLOCK_N=256 num_warps=8 num_stages=3 +[0-9.]+ ' "$tmp/out"
expect_grep autotune_measured '^  measured by: CPU time \(interpreter\)$' "$tmp/out"
"$bin" test "$root/tests/programs/autotune.py" --backend interp -k "transpose and 100" --autotune-report >"$tmp/out" 2>"$tmp/err"
expect_exit autotune_cached 0 $?
expect_grep autotune_from_disk '^  from the autotune cache \(.*autotune-cache/transpose_kernel-[0-9a-f]+\.json\): no tuning this run$' "$tmp/out"
"$bin" test "$root/tests/programs/autotune.py" --backend interp -k "transpose and 100" --no-autotune-cache --json >"$tmp/out" 2>"$tmp/err"
expect_exit autotune_no_cache 0 $?
expect_grep autotune_json '^\{"backend":"interp","best":[0-3],"cache_file":"","compile_seconds":.*"event":"autotune".*"source":"tuned"' "$tmp/out"
unset TILESMITH_AUTOTUNE_CACHE_DIR

echo "run_cli_test: $passes passed, $fails failed"
[ "$fails" -eq 0 ]

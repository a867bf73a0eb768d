#!/usr/bin/env bash
# End-to-end tests of `tilesmith profile` where there is no GPU (CI): it refuses with the reason
# and what to run instead (exit 2), rejects unknown metric sets before running anything, and the
# --json form reports the missing device as a diagnostic event. The GPU behaviour is checked by
# scripts/gpu/profile_check.py on the GPU machine (bench/results/*-profile-check-*.md).
# usage: profile_cli_test.sh TILESMITH_BINARY REPO_ROOT
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_test_lib.sh"

if "$bin" devices 2>/dev/null | grep -q 'sm_'; then
  echo "SKIP: this machine has a GPU; profile_cli_test checks the no-GPU behaviour"
  exit 0
fi

"$bin" profile "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
expect_exit no_gpu 2 $?
expect_grep no_gpu_reason '^tilesmith profile: profiling needs an NVIDIA GPU, and CUDA is not available here: .*--backend interp' "$tmp/err"

"$bin" profile --metrics fastest "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
expect_exit bad_set 2 $?
expect_grep bad_set_reason "'fastest' is neither a metric set \(fast, roofline, sol\)" "$tmp/err"

"$bin" profile --json "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
expect_exit no_gpu_json 2 $?
expect_grep no_gpu_json_event '"event":"diagnostic".*"kind":"CudaUnavailable"' "$tmp/out"
expect_grep no_gpu_json_finished '"event":"finished".*"exit_code":2' "$tmp/out"

"$bin" profile --mode nope "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
expect_exit bad_mode 2 $?

"$bin" profile --help >"$tmp/out" 2>&1
expect_grep help_metrics '--metrics' "$tmp/out"
expect_grep help_kernel '--kernel' "$tmp/out"
expect_grep help_stalls '--stalls' "$tmp/out"

echo "profile_cli_test: $passes passed, $fails failed"
[ "$fails" = 0 ]

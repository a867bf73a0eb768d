#!/usr/bin/env bash
# End-to-end tests of `tilesmith check`: output format, --json, exit codes 0/1/2, bad input.
# usage: check_cli_test.sh TILESMITH_BINARY REPO_ROOT
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_test_lib.sh"

# A clean program: exit 0, nothing printed.
"$bin" check "$root/resources/examples/swish.py" >"$tmp/out" 2>"$tmp/err"
expect_exit clean 0 $?
[ -s "$tmp/out" ] && { echo "FAIL clean: printed output"; cat "$tmp/out"; fails=$((fails + 1)); }

# Errors: file:line:col: error: message [Kind], then the source line and a caret.
cat >"$tmp/bad.py" <<'PY'
import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.lod(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, y, mask=offs < n)
PY
"$bin" check "$tmp/bad.py" >"$tmp/out" 2>"$tmp/err"
expect_exit errors 1 $?
expect_grep errors-format "bad\.py:8:12: error: module 'triton.language' has no attribute 'lod' \[UnknownTritonFunction\]" "$tmp/out"
expect_grep errors-undefined "bad\.py:9:28: error: name 'y' is not defined \[UndefinedName\]" "$tmp/out"
expect_grep errors-caret '^ +\^~*$' "$tmp/out"
expect_grep errors-note "bad\.py:8:12: note: did you mean 'load'\?" "$tmp/out"
expect_grep errors-summary '^2 errors, 0 warnings in 1 file$' "$tmp/out"

# --json: one JSON object per diagnostic plus a summary.
"$bin" check --json "$tmp/bad.py" >"$tmp/out" 2>"$tmp/err"
expect_exit json 1 $?
expect_grep json-diag '^\{.*"event":"diagnostic".*"kind":"UndefinedName".*"line":9' "$tmp/out"
expect_grep json-summary '^\{.*"errors":2.*"event":"summary"' "$tmp/out"

# Unusable input: exit 2 with a reason, for each kind of bad file.
"$bin" check "$tmp/missing.py" >"$tmp/out" 2>"$tmp/err"
expect_exit missing 2 $?
expect_grep missing-msg "cannot read '.*missing\.py': no such file \[UnusableInput\]" "$tmp/err"
"$bin" check "$tmp" >"$tmp/out" 2>"$tmp/err"
expect_exit directory 2 $?
expect_grep directory-msg "is a directory" "$tmp/err"
printf 'x = 1\n\0\1\2binary' >"$tmp/binary.py"
"$bin" check "$tmp/binary.py" >"$tmp/out" 2>"$tmp/err"
expect_exit binary 2 $?
expect_grep binary-msg "binary file" "$tmp/err"
printf 'x = "\xff\xfe"\n' >"$tmp/latin.py"
"$bin" check "$tmp/latin.py" >"$tmp/out" 2>"$tmp/err"
expect_exit not-utf8 2 $?
expect_grep not-utf8-msg "not valid UTF-8" "$tmp/err"
"$bin" check --json "$tmp/missing.py" >"$tmp/out" 2>"$tmp/err"
expect_exit json-missing 2 $?
expect_grep json-missing-kind '"kind":"UnusableInput"' "$tmp/out"

# A good file and a missing one: the good one is still checked; exit 2.
"$bin" check "$tmp/bad.py" "$tmp/missing.py" >"$tmp/out" 2>"$tmp/err"
expect_exit mixed 2 $?
expect_grep mixed-checked "UndefinedName" "$tmp/out"

# Garbage that is valid UTF-8 text: diagnostics, never a crash.
head -c 20000 /dev/urandom | tr -d '\000' | iconv -f latin1 -t utf-8 >"$tmp/noise.py"
"$bin" check "$tmp/noise.py" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -le 1 ]; then passes=$((passes + 1)); else echo "FAIL noise: exit $rc"; fails=$((fails + 1)); fi

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]

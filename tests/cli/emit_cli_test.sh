#!/usr/bin/env bash
# End-to-end tests of `tilesmith emit` for the CUDA stages: --cuda (and --standalone), --ptx,
# --cubin, --sass without disassemblers, --dump-after, --timings, --arch, and bad options. NVRTC
# runs on the host, so none of this needs a GPU.
# usage: emit_cli_test.sh TILESMITH_BINARY REPO_ROOT
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
passes=0

expect_exit() { # name expected actual
  if [ "$2" = "$3" ]; then passes=$((passes + 1)); else
    echo "FAIL $1: exit $3, expected $2"; sed 's/^/    /' "$tmp/err" | head -20; fails=$((fails + 1)); fi
}
expect_grep() { # name pattern file
  if grep -qE -- "$2" "$3"; then passes=$((passes + 1)); else
    echo "FAIL $1: no match for /$2/ in:"; sed 's/^/    /' "$3" | head -40; fails=$((fails + 1)); fi
}
expect_no_grep() { # name pattern file
  if grep -qE -- "$2" "$3"; then echo "FAIL $1: unexpected /$2/"; fails=$((fails + 1)); else passes=$((passes + 1)); fi
}

swish="$root/resources/examples/swish.py"
sig='x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.702, BLOCK_SIZE=1024'
export TILESMITH_CACHE_DIR="$tmp/cache"

# --cuda: the kernel as CUDA C, with #line directives into the Python file.
"$bin" emit "$swish" --cuda --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit cuda 0 $?
expect_grep cuda_kernel 'extern "C" __global__ .*swish_kernel\(' "$tmp/out"
expect_grep cuda_line '#line [0-9]+ ".*swish.py"' "$tmp/out"
expect_grep cuda_include '#include "tilesmith_device.cuh"' "$tmp/out"

# --standalone inlines the device header.
"$bin" emit "$swish" --cuda --standalone --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit standalone 0 $?
expect_no_grep standalone_include '#include "tilesmith_device.cuh"' "$tmp/out"

# --ptx through NVRTC for the default architecture (sm_90 without a GPU) and for --arch sm_80.
"$bin" emit "$swish" --ptx --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit ptx 0 $?
expect_grep ptx_entry '\.entry swish_kernel' "$tmp/out"
expect_grep ptx_target '\.target sm_90' "$tmp/out"
"$bin" emit "$swish" --ptx --arch sm_80 --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit ptx_sm80 0 $?
expect_grep ptx_sm80_target '\.target sm_80' "$tmp/out"

# --cubin writes an ELF file.
"$bin" emit "$swish" --cubin "$tmp/swish.cubin" --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit cubin 0 $?
if [ "$(head -c 4 "$tmp/swish.cubin" 2>/dev/null | od -An -c | tr -d ' ')" = "177ELF" ]; then
  passes=$((passes + 1)); else echo "FAIL cubin_elf: not an ELF file"; fails=$((fails + 1)); fi

# --sass says plainly when there is no disassembler.
PATH=/nonexistent CUDA_HOME=/nonexistent "$bin" emit "$swish" --sass --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit sass_missing 2 $?
expect_grep sass_missing_message 'neither nvdisasm nor cuobjdump was found' "$tmp/err"

# --dump-after=all: the IR with layouts after every pass, then the per-stage times.
"$bin" emit "$swish" --dump-after=all --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit dump_all 0 $?
expect_grep dump_verify '^// -----// IR Dump After verify //----- //$' "$tmp/out"
expect_grep dump_layouts '^// -----// IR Dump After assign-layouts //----- //$' "$tmp/out"
expect_grep dump_times '^// per-stage times:.* lower [0-9.]+ ms; emit [0-9.]+ ms$' "$tmp/out"
"$bin" emit "$swish" --dump-after=no-such-pass --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit dump_unknown 2 $?
expect_grep dump_unknown_list 'names no pass; use all or one of: verify' "$tmp/err"

# --timings: cold (cache disabled), then a cache miss and a hit.
TILESMITH_CACHE_DIR=- "$bin" emit "$swish" --timings --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit timings 0 $?
expect_grep timings_nvrtc '^  nvrtc +[0-9.]+ ms \(cache miss\)$' "$tmp/err"
expect_grep timings_total '^  total +[0-9.]+ ms$' "$tmp/err"
rm -rf "$tmp/cache"
"$bin" emit "$swish" --timings --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
"$bin" emit "$swish" --timings --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit timings_hit 0 $?
expect_grep timings_hit_line '^  nvrtc +[0-9.]+ ms \(cache hit\)$' "$tmp/err"

# Unusable options.
"$bin" emit "$swish" --cuda --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit no_kernel 2 $?
expect_grep no_kernel_message 'name the kernel with --kernel NAME' "$tmp/err"
"$bin" emit "$swish" --ptx --arch sm90 --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit bad_arch 2 $?
expect_grep bad_arch_message 'expected sm_XY' "$tmp/err"
"$bin" emit "$swish" --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit no_stage 2 $?
"$bin" emit "$swish" --cuda --ptx --kernel swish_kernel --signature "$sig" >"$tmp/out" 2>"$tmp/err"
expect_exit two_stages 2 $?

echo "emit_cli_test: $passes passed, $fails failed"
[ "$fails" -eq 0 ]

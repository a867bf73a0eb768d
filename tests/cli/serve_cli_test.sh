#!/usr/bin/env bash
# End-to-end tests of `tilesmith serve` (docs/serve.md): the hello line, check / test / emit
# requests answered with the --json events tagged by id and a "done" event, errors for bad
# input, programs sent as `text` under a path the runner cannot read, cancel of a running and of
# a queued request, shutdown after the queue, and the end of input cancelling what runs.
# usage: serve_cli_test.sh TILESMITH_BINARY REPO_ROOT
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
passes=0
expect_grep() { # name pattern file
  if grep -qE -- "$2" "$3"; then passes=$((passes + 1)); else
    echo "FAIL $1: no match for /$2/ in:"; sed 's/^/    /' "$3" | cut -c1-300; fails=$((fails + 1)); fi
}
expect_no_grep() { # name pattern file
  if grep -qE -- "$2" "$3"; then echo "FAIL $1: unexpected /$2/"; fails=$((fails + 1)); else passes=$((passes + 1)); fi
}
swish="$root/resources/examples/swish.py"

# "autotune_cache": false tunes afresh and stores nothing (--no-autotune-cache); by default the
# choice is stored in the autotune cache.
autotune="$root/tests/programs/autotune.py"
printf '%s\n' \
  "{\"id\":1,\"request\":\"test\",\"file\":\"$autotune\",\"backend\":\"interp\",\"k\":\"transpose and 100\",\"autotune_cache\":false}" \
  "{\"id\":2,\"request\":\"test\",\"file\":\"$autotune\",\"backend\":\"interp\",\"k\":\"transpose and 100\"}" \
  '{"id":9,"request":"shutdown"}' | TILESMITH_AUTOTUNE_CACHE_DIR="$tmp/at" timeout 120 "$bin" serve >"$tmp/out" 2>"$tmp/err"
expect_grep autotune_uncached '"cache_file":"",.*"event":"autotune","id":1,.*"source":"tuned"' "$tmp/out"
expect_grep autotune_cached '"cache_file":"[^"]*/at/transpose_kernel-[0-9a-f]+\.json",.*"event":"autotune","id":2,' "$tmp/out"
expect_grep autotune_done '^\{"event":"done","exit_code":0,"id":2\}$' "$tmp/out"

# Requests answered in order; shutdown waits for the queue.
printf '%s\n' \
  "{\"id\":1,\"request\":\"check\",\"file\":\"$swish\"}" \
  "{\"id\":2,\"request\":\"test\",\"file\":\"$swish\",\"backend\":\"interp\"}" \
  '{"id":3,"request":"bogus"}' \
  'not json' \
  "{\"id\":\"e\",\"request\":\"emit\",\"file\":\"$swish\",\"what\":\"ir\",\"kernel\":\"swish_kernel\",\"signature\":\"x_ptr=*fp32:16, output_ptr=*fp32:16, n_elements=i32:16, beta=1.0, BLOCK_SIZE=1024\"}" \
  '{"id":9,"request":"shutdown"}' | timeout 120 "$bin" serve >"$tmp/out" 2>"$tmp/err"
head -1 "$tmp/out" >"$tmp/first"
expect_grep hello '^\{"event":"hello","protocol":"tilesmith-serve",.*"version":1\}$' "$tmp/first"
expect_grep check_summary '"event":"summary","files":1,"id":1' "$tmp/out"
expect_grep check_done '^\{"event":"done","exit_code":0,"id":1\}$' "$tmp/out"
expect_grep test_passed '"event":"test_finished","id":2,"name":"test_swish","passed":true' "$tmp/out"
expect_grep test_done '^\{"event":"done","exit_code":0,"id":2\}$' "$tmp/out"
expect_grep unknown '"event":"error","id":3,"message":"unknown request .bogus."' "$tmp/out"
expect_grep unknown_done '^\{"event":"done","exit_code":2,"id":3\}$' "$tmp/out"
expect_grep not_json '"event":"error","message":"not a JSON object: not json"' "$tmp/out"
expect_grep emit_ir '"event":"emit","id":"e","text":"kernel @swish_kernel' "$tmp/out"
tail -1 "$tmp/out" >"$tmp/last"
expect_grep shutdown_last '^\{"event":"done","exit_code":0,"id":9\}$' "$tmp/last"

# device: a GPU ordinal; a device that is not there is the run's error (exit 2), a device that
# is not an ordinal is refused.
printf '%s\n' \
  "{\"id\":1,\"request\":\"run\",\"file\":\"$swish\",\"device\":97}" \
  "{\"id\":2,\"request\":\"test\",\"file\":\"$swish\",\"device\":\"one\"}" \
  '{"id":9,"request":"shutdown"}' | timeout 120 "$bin" serve >"$tmp/out" 2>"$tmp/err"
expect_grep device_missing '"id":1,.*"message":"no CUDA device 97: this machine has ' "$tmp/out"
expect_grep device_missing_done '^\{"event":"done","exit_code":2,"id":1\}$' "$tmp/out"
expect_grep device_bad '"event":"error","id":2,"message":".device. must be a GPU ordinal' "$tmp/out"
expect_grep device_bad_done '^\{"event":"done","exit_code":2,"id":2\}$' "$tmp/out"

# code: one specialization in every form, from the editor's text when given; a stale signature
# is an error that says so.
printf '%s\n' \
  "{\"id\":1,\"request\":\"code\",\"file\":\"$swish\",\"kernel\":\"swish_kernel\",\"signature\":\"*fp32:16, *fp32:16, i32:16, constexpr 1.0, constexpr 1024 | warps=4 stages=3\"}" \
  "{\"id\":2,\"request\":\"code\",\"file\":\"edited.py\",\"text\":\"import triton\\nimport triton.language as tl\\n@triton.jit\\ndef k(x_ptr, B: tl.constexpr):\\n    tl.store(x_ptr + tl.arange(0, B), 1.0)\\n\",\"kernel\":\"k\",\"signature\":\"*fp32:16, constexpr 64 | warps=2 stages=3\"}" \
  "{\"id\":3,\"request\":\"code\",\"file\":\"$swish\",\"kernel\":\"swish_kernel\",\"signature\":\"*fp32, i32 | warps=4 stages=3\"}" \
  '{"id":9,"request":"shutdown"}' | timeout 120 "$bin" serve >"$tmp/out" 2>"$tmp/err"
expect_grep code_hello '"requests":\[[^]]*"code"' "$tmp/out"
expect_grep code_event '"event":"code".*"id":1' "$tmp/out"
expect_grep code_cuda '"cuda":"// Generated by Tilesmith from kernel .swish_kernel' "$tmp/out"
expect_grep code_standalone '"cuda_standalone":"' "$tmp/out"
expect_grep code_ir '"ir":"kernel @swish_kernel' "$tmp/out"
expect_grep code_signature '"signature":"\*fp32:16, \*fp32:16, i32:16, constexpr 1.0, constexpr 1024 \| warps=4 stages=3"' "$tmp/out"
expect_grep code_done '^\{"event":"done","exit_code":0,"id":1\}$' "$tmp/out"
expect_grep code_text '"event":"code".*"id":2.*"kernel":"k".*"num_warps":2' "$tmp/out"
expect_grep code_stale '"event":"error","id":3,"message":"the signature no longer fits swish_kernel' "$tmp/out"
expect_grep code_stale_done '^\{"event":"done","exit_code":2,"id":3\}$' "$tmp/out"

# text: the program's source travels under its file's name, as to a runner on another machine
# where that path does not exist; output, diagnostics and errors name the file. No file and no
# text: an error that says what is missing.
cat >"$tmp/remote.jsonl" <<'JSON'
{"id":1,"request":"run","file":"/nowhere/remote/prog.py","backend":"interp","text":"print('answer', 6 * 7)\n"}
{"id":2,"request":"run","file":"/nowhere/remote/prog.py","backend":"interp","text":"print('before')\nraise ValueError('boom')\n"}
{"id":3,"request":"check","file":"/nowhere/remote/prog.py","text":"import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k(x_ptr):\n    tl.bogus(x_ptr)\n"}
{"id":4,"request":"emit","file":"/nowhere/remote/prog.py","what":"tokens","text":"x = 1\n"}
{"id":5,"request":"run","file":"/nowhere/remote/prog.py","backend":"interp"}
{"id":6,"request":"test","file":"/nowhere/remote/prog.py","text":7}
{"id":9,"request":"shutdown"}
JSON
(cd "$tmp" && timeout 120 "$bin" serve <"$tmp/remote.jsonl" >"$tmp/out" 2>"$tmp/err")
expect_grep text_run_output '"event":"stdout","id":1,"text":"answer 42\\n"' "$tmp/out"
expect_grep text_run_done '^\{"event":"done","exit_code":0,"id":1\}$' "$tmp/out"
expect_grep text_error_names_file '"event":"diagnostic","file":"/nowhere/remote/prog.py",.*"id":2,.*"line":2,.*boom' "$tmp/out"
expect_grep text_error_done '^\{"event":"done","exit_code":1,"id":2\}$' "$tmp/out"
expect_grep text_check_names_file '"event":"diagnostic","file":"/nowhere/remote/prog.py",.*"id":3,.*"kind":"UnknownTritonFunction","line":7' "$tmp/out"
expect_grep text_check_done '^\{"event":"done","exit_code":1,"id":3\}$' "$tmp/out"
expect_grep text_emit '"event":"emit","id":4,"text":"[^"]' "$tmp/out"
expect_grep text_emit_done '^\{"event":"done","exit_code":0,"id":4\}$' "$tmp/out"
expect_grep no_file_no_text '"event":"error","id":5,"message":"cannot read ./nowhere/remote/prog.py. on the runner.s machine: no such file, and the request has no \\"text\\"' "$tmp/out"
expect_grep no_file_no_text_done '^\{"event":"done","exit_code":2,"id":5\}$' "$tmp/out"
expect_grep text_not_string '"event":"error","id":6,"message":".text. must be the program.s source as a string"' "$tmp/out"
expect_grep text_not_string_done '^\{"event":"done","exit_code":2,"id":6\}$' "$tmp/out"

# Cancel: a running request stops at its next statement, a queued one never starts.
cat >"$tmp/spin.py" <<'PY'
print("spinning")
while True:
    pass
PY
{
  echo "{\"id\":1,\"request\":\"run\",\"file\":\"$tmp/spin.py\",\"backend\":\"interp\"}"
  echo "{\"id\":2,\"request\":\"run\",\"file\":\"$tmp/spin.py\",\"backend\":\"interp\"}"
  sleep 2
  echo '{"id":3,"request":"cancel","target":2}'
  echo '{"id":4,"request":"cancel","target":1}'
  sleep 2
  echo '{"id":5,"request":"shutdown"}'
} | timeout 60 "$bin" serve >"$tmp/out" 2>"$tmp/err"
expect_grep cancel_running_output '"event":"stdout","id":1,"text":"spinning\\n"' "$tmp/out"
expect_grep cancel_running_done '"event":"done","exit_code":[1-9][0-9]*,"id":1,"reason":"cancelled"' "$tmp/out"
expect_grep cancel_queued_done '"event":"done","exit_code":130,"id":2,"reason":"cancelled before it started"' "$tmp/out"
expect_grep cancel_found '"event":"cancel","found":true,"id":4,"target":1' "$tmp/out"
expect_no_grep queued_never_ran '"event":"stdout","id":2' "$tmp/out"

# The end of the input (the studio went away) cancels what runs.
{
  echo "{\"id\":1,\"request\":\"run\",\"file\":\"$tmp/spin.py\",\"backend\":\"interp\"}"
  sleep 1
} | timeout 60 "$bin" serve >"$tmp/out" 2>"$tmp/err"
expect_grep eof_cancels '"event":"done","exit_code":[1-9][0-9]*,"id":1,"reason":"cancelled"' "$tmp/out"

echo "serve_cli_test: $passes passed, $fails failed"
[ "$fails" -eq 0 ]

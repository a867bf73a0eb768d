#!/usr/bin/env bash
# End-to-end tests of `tilesmith serve` (docs/serve.md): the hello line, check / test / emit
# requests answered with the --json events tagged by id and a "done" event, errors for bad
# input, cancel of a running and of a queued request, shutdown after the queue, and the end of
# input cancelling what runs.
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

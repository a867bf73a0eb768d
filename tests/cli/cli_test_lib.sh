# Shared by the tests/cli/*_cli_test.sh scripts (sourced): a scratch folder removed on exit, pass
# and fail counters, and the two checks they make.
# usage (after `bin=$1; root=$2`): . "$(dirname "$0")/cli_test_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
passes=0

expect_exit() { # name expected actual
  if [ "$2" = "$3" ]; then passes=$((passes + 1)); else echo "FAIL $1: exit $3, expected $2"; fails=$((fails + 1)); fi
}
expect_grep() { # name pattern file
  if grep -qE -- "$2" "$3"; then passes=$((passes + 1)); else
    echo "FAIL $1: no match for /$2/ in:"; sed 's/^/    /' "$3"; fails=$((fails + 1)); fi
}

# tap.sh: what the shell tests share, sourced by them: the player's path, a scratch directory
# removed on exit, TAP's ok lines and plan, and checks that show as TAP comments what they
# found when they fail.
srcdir=${srcdir:-.}
bin=${KAKUDO_BIN:-./src/kakudo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

ok() {  # ok CONDITION-EXIT-STATUS DESCRIPTION
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}

# tap_done: the plan, last; the script's status says whether anything failed.
tap_done() {
  echo "1..$n"
  [ "$failed" -eq 0 ]
}

# run NAME ARGS...: runs kakudo, keeping stdout, stderr and the exit status.
run() {
  name=$1; shift
  "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
  echo $? >"$tmp/$name.status"
}
status_is() { [ "$(cat "$tmp/$1.status")" = "$2" ] || { echo "# exit status $(cat "$tmp/$1.status")"; sed 's/^/# stderr: /' "$tmp/$1.err"; return 1; }; }
same() { cmp -s "$1" "$2" || { diff "$1" "$2" | head -n 20 | sed 's/^/# /'; return 1; }; }
out_has() { grep -qF -- "$2" "$tmp/$1.out" || { sed 's/^/# stdout: /' "$tmp/$1.out"; return 1; }; }
# wait_end PID (a child of the script): whether the process ends within a generous deadline (else it is killed).
wait_end() {
  waited=0
  while kill -0 "$1" 2>/dev/null && [ $waited -lt 600 ]; do sleep 0.1; waited=$((waited + 1)); done
  if kill -0 "$1" 2>/dev/null; then kill -9 "$1"; wait "$1"; echo "# still running after 60 s"; return 1; fi
}
err_has() { grep -qF -- "$2" "$tmp/$1.err" || { sed 's/^/# stderr: /' "$tmp/$1.err"; return 1; }; }

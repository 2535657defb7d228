#!/usr/bin/env bash
# cli-conventions.sh: every gpurf binary answers --help with its usage and
# options on stdout (exit 0, nothing on stderr), --version with its name, the
# version and the git commit it was built from (exit 0), and a wrong option
# with one line naming it and giving the usage on stderr (exit 2, nothing on
# stdout).  The commit is checked against this work tree's HEAD.
set -u
cd "$(dirname "$0")/../.." || exit 2
d=build/test-cli; mkdir -p $d
fail=0
bad() { echo "FAIL: $*"; fail=1; }
head_rev=$(git rev-parse --short=12 HEAD 2>/dev/null || true)
for b in gpurf-gen gpurf-sim gpurf-kc gpurf-area gpurf-stats gpurf-kref gpurf-sim-bench gpurf-sm-gen gpurf-correlate gpurf-sm-scaling gpurf-wave; do
  bin=build/bin/$b
  [ -x $bin ] || { bad "$bin not built"; continue; }
  $bin --help > $d/out 2> $d/err; rc=$?
  [ $rc -eq 0 ] || bad "$b --help: exit $rc"
  [ -s $d/err ] && bad "$b --help wrote to stderr: $(head -1 $d/err)"
  head -1 $d/out | grep -q "^usage: $b " || bad "$b --help does not start with its usage: $(head -1 $d/out)"
  grep -q -- "--version" $d/out || bad "$b --help does not list --version"
  $bin --version > $d/out 2> $d/err; rc=$?
  [ $rc -eq 0 ] || bad "$b --version: exit $rc"
  grep -Eq "^$b [0-9]+\.[0-9]+\.[0-9]+ \(git [0-9a-f]{12}(-modified)?\)$" $d/out ||
    bad "$b --version: '$(cat $d/out)'"
  if [ -n "$head_rev" ] && ! grep -q "(git $head_rev" $d/out; then
    bad "$b --version names another commit than HEAD ($head_rev): '$(cat $d/out)' (a stale build?)"
  fi
  $bin --frobnicate > $d/out 2> $d/err; rc=$?
  [ $rc -eq 2 ] || bad "$b --frobnicate: exit $rc, not 2"
  [ -s $d/out ] && bad "$b --frobnicate wrote to stdout"
  [ "$(wc -l < $d/err)" -eq 1 ] || bad "$b --frobnicate: $(wc -l < $d/err) lines on stderr, not one"
  case $b in
    gpurf-sm-gen) grep -q -- "--sm-rtl" $d/err || bad "$b --frobnicate: $(head -1 $d/err)" ;;
    *) grep -q -- "^$b: .*'--frobnicate'" $d/err || bad "$b --frobnicate does not name it: $(head -1 $d/err)" ;;
  esac
  grep -q "; usage: $b " $d/err || bad "$b --frobnicate: no usage in the message"
done
[ $fail -eq 0 ] && echo "cli: 11 binaries answer --help, --version and a wrong option alike"
exit $fail

#!/usr/bin/env bash
# bad-configs.sh: every fixture in tests/configs/bad/ must make gpurf-gen
# exit 2 with exactly one line on stderr that names the file and contains
# the fixture's "; expect:" text, and must create no output at all.  A
# fixture that cannot hold that first line (a binary file, byte for byte
# what a user gave) has its expectation in <fixture>.expect instead.
set -u
cd "$(dirname "$0")/../.."
gen=build/bin/gpurf-gen
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # name expected_rc expected_fragment command...
  local name=$1 want_rc=$2 frag=$3; shift 3
  "$@" > "$tmp/stdout" 2> "$tmp/stderr"; local rc=$?
  local lines; lines=$(wc -l < "$tmp/stderr")
  if [ "$rc" != "$want_rc" ] || [ "$lines" != 1 ] || ! grep -qF -- "$frag" "$tmp/stderr"; then
    echo "FAIL $name: rc=$rc (want $want_rc), $lines stderr lines, want '$frag' in:"; sed 's/^/   /' "$tmp/stderr"; fail=1
  else
    echo "ok   $name: $(cat "$tmp/stderr")"
  fi
}
n=0
for f in tests/configs/bad/*.ini; do
  frag=$(sed -n '1s/^; expect: //p' "$f")
  [ -n "$frag" ] || [ ! -f "$f.expect" ] || frag=$(cat "$f.expect")
  [ -n "$frag" ] || { echo "FAIL $f has no '; expect:' line"; fail=1; continue; }
  check "$f" 2 "$f$( [ "${frag#:}" != "$frag" ] && echo "$frag" || echo "")" $gen --config "$f" --out "$tmp/out/x"
  grep -qF -- "$frag" "$tmp/stderr" || { echo "FAIL $f: '$frag' missing"; fail=1; }
  if [ -e "$tmp/out" ]; then echo "FAIL $f: output was created"; fail=1; rm -rf "$tmp/out"; fi
  n=$((n + 1))
done
check "unreadable file" 2 "tests/configs/none.ini: cannot read configuration" $gen --config tests/configs/none.ini --out "$tmp/out"
[ -e "$tmp/out" ] && { echo "FAIL unreadable: output created"; fail=1; }
check "directory as config" 2 "tests/configs: cannot read configuration: not a regular file" $gen --config tests/configs --out "$tmp/out"
check "no arguments" 2 "--config and one of" $gen
check "unknown argument" 2 "unknown or incomplete argument '--bogus'" $gen --bogus
echo "$n fixtures checked"
exit $fail

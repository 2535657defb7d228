#!/usr/bin/env bash
# set.sh: --set section.key=value overrides of gpurf-sim and gpurf-gen:
# an override changes the run like the same key in the file, wins over the
# file, and a bad key, value, combination or form gets one message naming
# the argument and what is allowed, exit 2 and no output file.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
sim=build/bin/gpurf-sim
cfg=configs/baseline_gtx980.ini
fail() { echo "FAIL: $*"; exit 1; }
run() { $sim --config "$1" --kernel kernels/reduction --out "$t/$2.json" --quiet "${@:3}"; }

# an override equals the same key written in the file
sed 's/^banks *= *16/banks = 4/' "$cfg" > "$t/banks4.ini"
grep -q '^banks = 4' "$t/banks4.ini" || fail "could not derive banks4.ini"
run "$t/banks4.ini" file || fail "file run"
run "$cfg" set --set rf.banks=4 || fail "set run"
run "$cfg" plain || fail "plain run"
sed -i 's/"config": "[^"]*"/"config": "x"/' "$t/file.json" "$t/set.json" "$t/plain.json"
cmp -s "$t/file.json" "$t/set.json" || fail "--set rf.banks=4 differs from banks = 4 in the file"
cmp -s "$t/plain.json" "$t/set.json" && fail "--set rf.banks=4 changed nothing"
# the override wins over the file; several overrides combine
run "$t/banks4.ini" back --set rf.banks=16 || fail "override run"
sed -i 's/"config": "[^"]*"/"config": "x"/' "$t/back.json"
cmp -s "$t/plain.json" "$t/back.json" || fail "--set rf.banks=16 did not win over the file's 4"
run "$cfg" two --set sim.scheduler=lrr --set energy.mrf_wire_um=0 || fail "two overrides"
grep -q '"scheduler": "lrr"' "$t/two.json" && grep -q '"wire_pj": 0.000' "$t/two.json" || fail "two overrides not applied"

bad() {	# expected-message-fragment, then the --set arguments
  local want=$1; shift
  rm -f "$t/bad.json"
  $sim --config "$cfg" --kernel kernels/reduction --out "$t/bad.json" --quiet "$@" > "$t/out" 2> "$t/err"
  local rc=$?
  [ $rc = 2 ] || fail "$*: exit $rc, expected 2"
  [ "$(wc -l < "$t/err")" = 1 ] || fail "$*: expected one message, got $(cat "$t/err")"
  grep -qF -- "$want" "$t/err" || fail "$*: message '$(cat "$t/err")' lacks '$want'"
  [ ! -e "$t/bad.json" ] && [ -z "$(ls "$t" | grep tmp)" ] && [ ! -s "$t/out" ] || fail "$*: output written"
}
bad "--set rf.bankz=4: unknown key 'bankz' in [rf]" --set rf.bankz=4
bad "--set gpu.x=1: unknown section [gpu]; allowed sections: [sm], [rf]" --set gpu.x=1
bad "--set rf.banks=3: [rf] banks = 3: not allowed; allowed: a power of two from 1 to 64" --set rf.banks=3
bad "--set sm.warps=2000: [sm] warps = 2000: not allowed; allowed: 1 to 1024" --set sm.warps=2000
bad "--set sim.scheduler=fifo: [sim] scheduler = fifo: not allowed; allowed: one of gto, lrr, two_level" --set sim.scheduler=fifo
bad "--set rf.banks=: [rf] banks has no value" --set rf.banks=
bad "--set banks=4: expected section.key=value" --set banks=4
bad "--set rf.banks: expected section.key=value" --set rf.banks
bad "--set rf.banks=8: [rf] banks set twice on the command line" --set rf.banks=4 --set rf.banks=8
bad "--set rf.regs_per_warp=8: not a multiple of banks (16); allowed: a multiple of 16" --set rf.regs_per_warp=8
bad "--set needs section.key=value" --set
# gpurf-gen takes the same overrides
build/bin/gpurf-gen --config "$cfg" --set rf.banks=3 --check 2> "$t/err"; [ $? = 2 ] &&
  grep -qF "[rf] banks = 3: not allowed" "$t/err" || fail "gpurf-gen --set"
build/bin/gpurf-gen --config "$cfg" --set rf.banks=8 --check || fail "gpurf-gen --set ok"
echo "set: ok"

#!/usr/bin/env bash
# lockstep-args.sh: the lockstep binary rejects bad command lines and a
# configuration it was not built for with one message and exit status 2.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_baseline.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_baseline || exit 1
scripts/tb-build "$cfg" rf_banked build/tiny_baseline/rtl build/tiny_baseline/obj/rf_banked || exit 1
bin=build/tiny_baseline/obj/rf_banked/Vdut
fail=0
expect() {  # fragment command...
  local frag=$1; shift
  "$@" > /tmp/gpurf-la.out 2> /tmp/gpurf-la.err; local rc=$?
  if [ $rc -ne 2 ] || ! grep -qF -- "$frag" /tmp/gpurf-la.err; then
    echo "FAIL (rc $rc) $*: want '$frag'"; cat /tmp/gpurf-la.err; fail=1
  else
    echo "ok   $(cat /tmp/gpurf-la.err)"
  fi
}
expect "--scenario nope: no such scenario for rf_banked; allowed: random, bank_conflict" $bin --config $cfg --scenario nope
expect "--cycles -5: not allowed" $bin --config $cfg --cycles -5
expect "--seed x: not allowed" $bin --config $cfg --seed x
expect "unknown argument '--frobnicate'" $bin --config $cfg --frobnicate
expect "--config FILE is required" $bin
expect "but this test bench was built for" $bin --config configs/baseline_gtx980.ini
expect "banks = 6: not allowed" $bin --config tests/configs/bad/not_pow2.ini
# make verbs: an unknown module is named with what is allowed
make --no-print-directory cosim CFG=tiny_baseline MODULE=pcrfx CYCLES=10 > /tmp/gpurf-la.out 2>&1
grep -qF "MODULE=pcrfx: not a module of configs/tiny_baseline.ini; allowed: rf_banked" /tmp/gpurf-la.out \
  && echo "ok   make cosim MODULE=pcrfx refused" || { echo "FAIL make cosim MODULE=pcrfx"; cat /tmp/gpurf-la.out; fail=1; }
exit $fail

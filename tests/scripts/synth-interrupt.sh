#!/usr/bin/env bash
# synth-interrupt.sh: `make synth` interrupted by SIGINT or SIGTERM (sent to
# its whole process group, as a terminal's Ctrl-C is) at moments spread over
# the run: it exits non-zero with a message, leaves no report under its final
# name that differs from an undisturbed run's, and a rerun gives the
# undisturbed report.  Reports are compared without their synth_seconds
# and "synth s" column (wall time, which differs from run to run).
set -u
cd "$(dirname "$0")/../.."
cfg=tiny_baseline
out=build/$cfg/synth
log=build/test-logs/synth-interrupt
mkdir -p "$log"
norm() { grep -v '"synth_seconds"' "$1"; }
norm_md() { sed -E 's/\| [0-9]+ \|$/| - |/' "$1"; }

make --no-print-directory synth CFG=$cfg > "$log/ref.out" 2>&1 || { echo "FAIL: undisturbed make synth failed"; tail -5 "$log/ref.out"; exit 1; }
norm "$out/area.json" > "$log/ref.json"
norm_md "$out/area.md" > "$log/ref.md"

fail=0 cut=0
for sig in INT TERM; do
  for at in 0.3 1 2 3; do
    # timeout runs make in a process group of its own with the signal's
    # default action (a background job of this script would ignore SIGINT)
    # and sends the signal to the whole group, as a terminal's Ctrl-C does
    timeout --preserve-status -s "$sig" "$at" make --no-print-directory synth CFG=$cfg > "$log/$sig-$at.out" 2>&1
    rc=$?
    if [ $rc = 0 ]; then continue; fi	# finished before the signal: nothing to check
    cut=$((cut + 1))
    # killed while make still read its makefiles, nothing of ours had started
    # and nothing is printed; once a recipe ran, the interruption is said
    if [ -s "$log/$sig-$at.out" ] && ! grep -qE 'Interrupt|Terminated|interrupted' "$log/$sig-$at.out"; then
      echo "FAIL: SIG$sig at ${at}s: exit $rc, no message saying so"; fail=1
    fi
    if [ -e "$out/area.json" ] && ! cmp -s <(norm "$out/area.json") "$log/ref.json"; then
      echo "FAIL: SIG$sig at ${at}s left an area.json unlike the undisturbed run's"; fail=1
    fi
    if [ -e "$out/area.md" ] && ! cmp -s <(norm_md "$out/area.md") "$log/ref.md"; then
      echo "FAIL: SIG$sig at ${at}s left an area.md unlike the undisturbed run's"; fail=1
    fi
    ls "$out"/*.tmp* > /dev/null 2>&1 && { echo "FAIL: SIG$sig at ${at}s left temporary files in $out"; fail=1; }
    if ! make --no-print-directory synth CFG=$cfg > "$log/rerun.out" 2>&1 ||
       ! cmp -s <(norm "$out/area.json") "$log/ref.json"; then
      echo "FAIL: the rerun after SIG$sig at ${at}s does not give the undisturbed report"; fail=1
    fi
  done
done
[ $cut -ge 4 ] || { echo "FAIL: only $cut of 8 runs were interrupted (synthesis faster than the moments chosen?)"; fail=1; }
echo "make synth interrupted $cut times; reports checked"
exit $fail

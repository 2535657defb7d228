#!/usr/bin/env bash
# wave-smoke.sh: make wave writes an FST and a .gtkw save file, and every
# signal the save file names exists in the FST.
set -u
cd "$(dirname "$0")/../.."
make --no-print-directory wave CFG=tiny_baseline TEST=bank_conflict DISPLAY= || exit 1
fst=build/tiny_baseline/wave/bank_conflict.fst gtkw=build/tiny_baseline/wave/bank_conflict.gtkw
[ -s "$fst" ] && [ -s "$gtkw" ] || { echo "missing $fst or $gtkw"; exit 1; }
fst2vcd "$fst" > /tmp/gpurf-wave.vcd 2>/dev/null || { echo "fst2vcd cannot read $fst"; exit 1; }
# signal names per scope, as TOP.<module>.<name>
awk '/\$scope/ {s[++d]=$3} /\$upscope/ {d--} /\$var/ {p=""; for(i=1;i<=d;i++) p=p s[i] "."; print p $5}' \
  /tmp/gpurf-wave.vcd | sort -u > /tmp/gpurf-wave.sigs
n=0; fail=0
while read -r sig; do
  base=${sig%%[*}
  grep -qxF "$base" /tmp/gpurf-wave.sigs || { echo "save file names $sig, not in the FST"; fail=1; }
  n=$((n + 1))
done < <(grep '^TOP\.' "$gtkw")
[ $n -ge 10 ] || { echo "only $n signals in the save file"; fail=1; }
# the scenario really conflicts: bank_conflict_o is non-zero somewhere
grep -q "^b[01]*1[01]* $(awk '/\$var/ && $5=="bank_conflict_o" {print $4; exit}' /tmp/gpurf-wave.vcd)\$" /tmp/gpurf-wave.vcd \
  || { echo "bank_conflict_o never set in the bank_conflict scenario"; fail=1; }
echo "$n signals in $gtkw, all present in $fst"
exit $fail

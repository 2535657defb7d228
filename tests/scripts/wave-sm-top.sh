#!/usr/bin/env bash
# wave-sm-top.sh: `make wave CFG=... TEST=sm KERNEL=...` (scripts/wave-sm)
# on one configuration: the save file names only signals its trace has
# (every TOP.* line resolves to a variable of the per-cycle FST it opens, as
# GTKWave names it), shows at least three groups and ten signals of the
# scheme's top, starts on an SM cycle boundary before the event it was found
# at; the full trace has at least 2 timestamps per SM cycle of the kernel,
# the per-cycle one 2 per cycle it samples, every stepped cycle among them.  Bad input: an unknown TEST
# and TEST=sm_switch on a configuration without FineReg exit 2, one message.
#
#   tests/scripts/wave-sm-top.sh CFG_FILE KERNEL
set -u
cd "$(dirname "$0")/../.."
cfg=$1 kernel=$2
name=$(basename "$cfg" .ini)
base=build/$name/wave/sm_$kernel
log=build/$name/wave-sm-top.log
fail() { echo "FAIL: $*"; exit 1; }
rm -f "$base.gtkw" "$base.fst"
make --no-print-directory wave CFG="$cfg" TEST=sm KERNEL="$kernel" > "$log" 2>&1 || fail "make wave (see $log)"
[ -s "$base.gtkw" ] && [ -s "$base.fst" ] || fail "no $base.gtkw or .fst"
shown=$(sed -n 's/^\[dumpfile\] "\(.*\)"$/\1/p' "$base.gtkw")
[ "$shown" = "$PWD/$base.cycles.fst" ] && [ -s "$shown" ] || fail "the save file opens '$shown'"
# The trace's variables as GTKWave names them: TOP.<path>.<name>[range],
# a [0:0] vector without its range (gpurf-wave vars; tests/scripts/wave-tool.sh).
names=$(fst2vcd "$shown" 2> /dev/null | build/bin/gpurf-wave vars | sort -u)
lines=$(grep '^TOP\.' "$base.gtkw" | sort -u)
missing=$(comm -23 <(echo "$lines") <(echo "$names"))
[ -z "$missing" ] || fail "save-file signals not in the trace: $(echo $missing)"
nsig=$(grep -c '^TOP\.' "$base.gtkw") ngrp=$(grep -c '^@800200' "$base.gtkw")
[ "$nsig" -ge 10 ] && [ "$ngrp" -ge 3 ] || fail "$nsig signals in $ngrp groups (want >= 10 in >= 3)"
start=$(sed -n 's/^\[timestart\] //p' "$base.gtkw")
event=$(sed -n 's/.* at time \([0-9]*\) (SM cycle .*/\1/p' "$log")
[ -n "$event" ] || fail "no event found in the trace: $(tail -n 3 "$log")"
[ $((start % 32)) -eq 0 ] && [ "$start" -le "$event" ] && [ "$start" -gt 0 ] \
  || fail "save file starts at $start, event at $event (want a cycle boundary before it)"
n=$(fst2vcd "$base.fst" 2> /dev/null | grep -c '^#')
c=$(grep -o '^  cycles [0-9]*' "build/$name/wave/sm_$kernel.log" | awk '{print $2}')
[ -n "$c" ] && [ "$n" -ge $((2 * c)) ] || fail "$n timestamps for ${c:-?} cycles"
ns=$(fst2vcd "$shown" 2> /dev/null | grep -c '^#')
st=$(sed -n 's/.*register-file cycles (\([0-9]*\) stepped.*/\1/p' "build/$name/wave/sm_$kernel.log")
# Two timestamps per sampled cycle; every stepped cycle sampled (baseline_top
# is also clocked in some skipped cycles: its read pipeline drains), no more
# cycles than the kernel's.
[ -n "$st" ] && [ $((ns % 2)) -eq 0 ] && [ $((ns / 2)) -ge "$st" ] && [ $((ns / 2)) -le "$c" ] \
  || fail "per-cycle trace: $ns timestamps for ${st:-?} stepped cycles of $c"
# Bad input: one message, exit 2.
msg=$(scripts/wave-sm "$cfg" "$kernel" nosuch 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(echo "$msg" | wc -l)" -eq 1 ] || fail "unknown TEST: exit $rc: $msg"
msg=$(scripts/wave-sm "$cfg" "$kernel" sm_switch 2>&1); rc=$?
[ $rc -eq 2 ] && grep -q 'no FineReg subsystem' <<<"$msg" || fail "sm_switch without FineReg: exit $rc: $msg"
echo "ok: $nsig signals in $ngrp groups, all in the trace; starts at $start (event at $event); $n timestamps for $c cycles, $ns for $st stepped"

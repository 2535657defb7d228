#!/usr/bin/env bash
# ltrf-write-lookup.sh: where an LTRF execution write learns its
# register-cache location ([ltrf] write_lookup, docs/ltrf.md "Write
# locations"), on reduction (short dependences, 8 register-cache rows):
#   collector  the destinations are looked up while the instruction waits in
#              its collector and the write brings the answer: nearly every
#              write of a warp holding its row goes without a lookup, and the
#              kernel takes fewer cycles and fewer cycles waiting (scoreboard
#              plus idle stalls: a scheduler with only dependent warps, or
#              with none active; the classifier counts a cycle once, so with
#              the banked WCB (2026-12-03) writeback's extra waiting shows as
#              idle, 6,791 against 5,840, and its scoreboard count alone fell
#              below collector's, 10,394 against 10,853) than under
#   writeback  (the rule before 2026-12-02) a lookup the cycle before every
#              such write: no destination lookup, no located write;
#   both keep LTRF and LTRF+ bit-exact against the host reference, and a
#   value outside the two is refused naming the key (exit 2, no output).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-ltrf-write-lookup; mkdir -p $d
. tests/sm/stats-lib.sh
for c in ltrf_sm ltrf_plus_sm; do
  for mode in collector writeback; do
    build/bin/gpurf-sim --config tests/sm/configs/$c.ini --kernel kernels/reduction --set ltrf.write_lookup=$mode \
      --out $d/$c.$mode.json --quiet || fail "$c reduction under write_lookup=$mode did not run or missed its host reference"
  done
  c_cyc=$(num $d/$c.collector.json cycles); w_cyc=$(num $d/$c.writeback.json cycles)
  c_sb=$(( $(stall $d/$c.collector.json scoreboard) + $(stall $d/$c.collector.json idle) ))
  w_sb=$(( $(stall $d/$c.writeback.json scoreboard) + $(stall $d/$c.writeback.json idle) ))
  cw=$(num $d/$c.collector.json rfc_writes); loc=$(num $d/$c.collector.json located_writes)
  dl=$(num $d/$c.collector.json wcb_dest_lookups)
  wloc=$(num $d/$c.writeback.json located_writes); wdl=$(num $d/$c.writeback.json wcb_dest_lookups)
  [ "$wloc" -eq 0 ] && [ "$wdl" -eq 0 ] || fail "$c writeback: $wdl destination lookups, $wloc located writes (want 0, 0)"
  [ "$dl" -gt 0 ] && [ $((100 * loc)) -ge $((90 * cw)) ] ||
    fail "$c collector: $loc of $cw cache writes brought their location ($dl destination lookups): want at least 90 %"
  [ "$c_cyc" -lt "$w_cyc" ] || fail "$c: collector $c_cyc cycles, writeback $w_cyc: no faster"
  [ "$c_sb" -lt "$w_sb" ] || fail "$c: scoreboard + idle stalls collector $c_sb, writeback $w_sb: not fewer"
  echo "ok    $c reduction: cycles collector $c_cyc / writeback $w_cyc, scoreboard + idle stalls $c_sb / $w_sb, located writes $loc of $cw cached"
done
refused $d tests/sm/configs/ltrf_sm.ini ltrf.write_lookup=early collector
echo "ltrf-write-lookup: collector locations skip the write's lookup and save cycles, both bit-exact, bad value refused"

#!/usr/bin/env bash
# mutations_sched.sh: the lockstep harness must catch a broken two-level
# scheduler (tiny_rfc).  Each line is one mutation of the generated
# sched_2level.
# Arguments: mutation names to run (default: all of them).
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_rfc.ini
only=" $* "
m() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" sched_2level "$@" || fail=1; }
fail=0
# 1. Not greedy: the scan always starts at slot 0.
m not_greedy 's/assign last_d = issue \? islot : last_q;/assign last_d = issue ? {SW{1'"'"'b0}} : last_q;/' 'sched_2level_*.v'
# 2. Long-latency consumers do not demote.
m no_llc_demotion 's/\| llc\[a\] \| bar\[a\]/| bar[a]/' 'sched_2level_*.v'
# 3. Barriers do not demote (the deadlock the paper does not discuss).
m no_barrier_demotion 's/\| llc\[a\] \| bar\[a\]\)/| llc[a])/' 'sched_2level_*.v' 20000 --scenario barrier
# 4. A resumed consumer demotes again (livelock).
m no_resume 's/llc_i & ~resumed_q & sdec\)/llc_i \& sdec)/' 'sched_2level_*.v'
# 5. A slot is reused before its flush finished.
m no_flush_wait 's/wire flush_go = \(\|drain_q\) & flush_done_i;/wire flush_go = (|drain_q);/' 'sched_2level_*.v'
exit $fail

#!/usr/bin/env bash
# mutations_rfc.sh: the lockstep harness must catch a broken register file
# cache (tiny_rfc).  Each line is one mutation of the generated rfc.
# Arguments: mutation names to run (default: all of them).
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_rfc.ini
only=" $* "
m() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" rfc "$@" || fail=1; }
fail=0
# 1. Last-use hints ignored: dead values are written back.
m hint_ignored 's/if \(hit_([0-9]+) && rd_last_i/if (1'"'"'b0 \&\& hit_\1 \&\& rd_last_i/' 'rfc_a*.v'
# 2. No write-back on eviction: live values are lost.
m no_writeback 's/^  wire evict = alloc &/  wire evict = 1'"'"'b0 \& alloc \&/' 'rfc_a*.v'
# 3. Replacement ignores age: always the lowest entry when none is free.
m not_fifo 's/\? first_inv : oldest;/? first_inv : {{(ENTRIES-1){1'"'"'b0}}, 1'"'"'b1};/' 'rfc_a*.v'
# 4. A bypassed result leaves the stale copy valid.
m bypass_keeps_copy 's/if \(wr_i && wr_bypass_i && whit/if (1'"'"'b0 \&\& wr_i \&\& wr_bypass_i \&\& whit/' 'rfc_a*.v'
# 5. Flush completes at once, dropping dirty entries.
m flush_drops 's/wire fdone = fl_i & \(fl_drop_i \| ~\(\|fd\)\);/wire fdone = fl_i;/' 'rfc_a*.v'
# 6. A same-cycle last use no longer cancels the victim's write-back.
m kill_ignored 's/& ~\(kill & \(rd_slot_i == wr_slot_i\)\)//' 'rfc_a*.v'
exit $fail

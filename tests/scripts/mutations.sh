#!/usr/bin/env bash
# mutations.sh: the lockstep harness must catch a broken RTL.
#
# Each mutation edits a copy of the generated tiny_baseline RTL, checks the
# edit really happened, builds it (RTL=dir, as a designer would) and
# requires the co-simulation to report a MISMATCH (tests/scripts/mutate-lib.sh).
# A mutation that compiles but is not caught fails this test.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_baseline.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_baseline || exit 1
fail=0
. tests/scripts/mutate-lib.sh

# 1. Reads win: they no longer yield the bank, and a write waits while
#    any collector asks for its bank.
mutate read_priority "$cfg" rf_banked \
  's/BANK_PORTS\[CNT_W-1:0\] - wr_cnt_b[0-9]+/BANK_PORTS[CNT_W-1:0]/; s/\.req_i   \(wr_req_b([0-9]+)\)/.req_i   ((|rd_req_b\1) ? 2'"'"'b00 : wr_req_b\1)/' \
  'rf_banked_*.v'
# 2. Bank map swapped: reg mod banks instead of (reg + warp) mod banks.
mutate bank_map "$cfg" rf_banked 's/(_bank_[0-9]+ = [a-z_]+\[[0-9:]+\]) \+ [a-z_]+\[[0-9:]+\];/\1;/' 'rf_banked_*.v'
# 3. Read data one cycle late.
mutate read_data_late "$cfg" rf_banked 's/^  assign rd_data_o  = rd_data_s1;/  reg [NUM_COLLECTORS*DATA_W-1:0] rd_data_late_q;\n  always @(posedge clk_i) rd_data_late_q <= rd_data_s1;\n  assign rd_data_o = rd_data_late_q;/' 'rf_banked_*.v'
# 4. Round-robin pointer never moves: fixed priority.
mutate rr_pointer_stuck "$cfg" rf_banked 's/^(    if \(gnt_rot\[[0-9]+\]\) ptr_d = ).*;/\1ptr_q;/' 'gpurf_rr_arb_n4_c1.v'
# 5. Lane mask ignored: every write writes all lanes.
mutate lane_mask_ignored "$cfg" rf_banked 's/if \(we_i\[([0-9]+)\] && wmask_i\[[0-9]+\]\)/if (we_i[\1])/' 'gpurf_sram_*.v'
exit $fail

#!/usr/bin/env bash
# mutations.sh: the lockstep harness must catch a broken RTL.
#
# Each mutation edits a copy of the generated tiny_baseline RTL, checks the
# edit really happened, builds it (RTL=dir, as a designer would) and
# requires the co-simulation to report a MISMATCH.  A mutation that
# compiles but is not caught fails this test.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_baseline.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_baseline || exit 1
work=build/tiny_baseline/mutants
rm -rf "$work"; mkdir -p "$work"
fail=0

. tests/scripts/mutate-lib.sh
m() { mutate "$cfg" rf_banked build/tiny_baseline/rtl "$work" "$@"; }

# 1. Reads win: they no longer yield the bank, and a write waits while
#    any collector asks for its bank.
m read_priority \
  's/BANK_PORTS\[CNT_W-1:0\] - wr_cnt\[b\*CNT_W \+: CNT_W\]/BANK_PORTS[CNT_W-1:0]/; s/\.req_i   \((wr_req_bank\[b\*NUM_WRITE_PORTS \+: NUM_WRITE_PORTS\])\)/.req_i   ((|rd_req_bank[b*NUM_COLLECTORS +: NUM_COLLECTORS]) ? 2'"'"'b00 : \1)/' \
  'rf_banked_*.v'
# 2. Bank map swapped: reg mod banks instead of (reg + warp) mod banks (the
#    printer breaks the bank's line before `+ <side>_warp_i`).
m bank_map 's/^( +)\+ [a-z]+_warp_i\[e\*WARP_W \+: BANK_W\];/\1;/' 'rf_banked_*.v'
# 3. Read data one cycle late.
m read_data_late 's/^  assign rd_data_o = rd_data_s1;/  reg [NUM_COLLECTORS*DATA_W-1:0] rd_data_late_q;\n  always @(posedge clk_i) rd_data_late_q <= rd_data_s1;\n  assign rd_data_o = rd_data_late_q;/' 'rf_banked_*.v'
# 4. Round-robin pointer never moves: fixed priority.
m rr_pointer_stuck 's/^(    if \(gnt_rot\[[0-9]+\]\) ptr_d = ).*;/\1ptr_q;/' 'gpurf_rr_arb_n4_c1.v'
# 5. Lane mask ignored: every write writes all lanes.
m lane_mask_ignored 's/ && wmask_i\[[0-9]+\]\)/)/' 'gpurf_sram_*.v'
# 6. Read-valid flops without reset: only random X initialisation shows it
#    (with zero-initialised flops this mutant would pass).
#    Several X seeds: one may happen to initialise the flops to zero.
saved_fail=$fail
for xs in 1 2 3 4 5 6; do
  fail=$saved_fail
  m valid_not_reset 's/^      rd_v_q <= \{NUM_COLLECTORS\{1.b0\}\};//' 'rf_banked_*.v' 20000 \
    +verilator+rand+reset+2 +verilator+seed+$xs > "$work/valid_not_reset.out" 2>&1
  grep -q '^ok' "$work/valid_not_reset.out" && break
done
cat "$work/valid_not_reset.out"
# 7. The test script's own path (tests/scripts/cosim.sh runs untraced builds):
#    on a mismatch it exits 1 and leaves the traced failure window, as
#    make cosim does.
fst=build/tiny_baseline/cosim/rf_banked_seed1_fail.fst
rm -f "$fst"
COSIM_RTL=$work/read_data_late tests/scripts/cosim.sh "$cfg" rf_banked 2000 1 > "$work/cosim_sh.out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "MISMATCH" "$work/cosim_sh.out" && [ -s "$fst" ] &&
   grep -q "trace of cycles" "$work/cosim_sh.out"; then
  echo "ok   cosim.sh: mismatch exits 1 and writes $fst ($(wc -c < "$fst") bytes)"
else
  echo "FAIL cosim.sh on read_data_late: exit $rc, trace $(ls -l "$fst" 2>&1)"; tail -n 5 "$work/cosim_sh.out"; fail=1
fi
rm -rf "$work/read_data_late"/obj*
exit $fail

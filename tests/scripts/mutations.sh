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

mutate() {  # name sed-expression file-glob [simulation arguments]
  local name=$1 expr=$2 glob=$3 dir=$work/$1; shift 3
  mkdir -p "$dir"; cp build/tiny_baseline/rtl/*.v "$dir/"
  local f; f=$(ls "$dir"/$glob)
  cp "$f" "$dir/orig.bak"
  sed -i -E "$expr" "$f"
  if cmp -s "$f" "$dir/orig.bak"; then
    echo "FAIL $name: the mutation changed nothing (pattern out of date?)"; fail=1; return
  fi
  rm "$dir/orig.bak"
  if ! scripts/tb-build "$cfg" rf_banked "$dir" "$dir/obj" > "$dir/build.out" 2>&1; then
    echo "FAIL $name: mutant does not build"; sed 's/^/   /' "$dir/build.out"; fail=1; return
  fi
  "$dir/obj/Vdut" --config "$cfg" --cycles 20000 --seed 1 "$@" > "$dir/run.out" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
    echo "ok   $name: caught: $(grep -m1 'FAIL at' "$dir/run.out")"
  else
    echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; fail=1
  fi
}

# 1. Reads win: they no longer yield the bank, and a write waits while
#    any collector asks for its bank.
mutate read_priority \
  's/BANK_PORTS\[CNT_W-1:0\] - wr_cnt_b[0-9]+/BANK_PORTS[CNT_W-1:0]/; s/\.req_i   \(wr_req_b([0-9]+)\)/.req_i   ((|rd_req_b\1) ? 2'"'"'b00 : wr_req_b\1)/' \
  'rf_banked_*.v'
# 2. Bank map swapped: reg mod banks instead of (reg + warp) mod banks.
mutate bank_map 's/(_bank_[0-9]+ = [a-z_]+\[[0-9:]+\]) \+ [a-z_]+\[[0-9:]+\];/\1;/' 'rf_banked_*.v'
# 3. Read data one cycle late.
mutate read_data_late 's/^  assign rd_data_o  = rd_data_s1;/  reg [NUM_COLLECTORS*DATA_W-1:0] rd_data_late_q;\n  always @(posedge clk_i) rd_data_late_q <= rd_data_s1;\n  assign rd_data_o = rd_data_late_q;/' 'rf_banked_*.v'
# 4. Round-robin pointer never moves: fixed priority.
mutate rr_pointer_stuck 's/^(    if \(gnt_rot\[[0-9]+\]\) ptr_d = ).*;/\1ptr_q;/' 'gpurf_rr_arb_n4_c1.v'
# 5. Lane mask ignored: every write writes all lanes.
mutate lane_mask_ignored 's/ && wmask_i\[[0-9]+\]\)/)/' 'gpurf_sram_*.v'
# 6. Read-valid flops without reset: only random X initialisation shows it
#    (with zero-initialised flops this mutant would pass).
#    Several X seeds: one may happen to initialise the flops to zero.
saved_fail=$fail
for xs in 1 2 3 4 5 6; do
  fail=$saved_fail
  mutate valid_not_reset 's/^      rd_v_q <= \{NUM_COLLECTORS\{1.b0\}\};//' 'rf_banked_*.v' \
    +verilator+rand+reset+2 +verilator+seed+$xs > "$work/valid_not_reset.out" 2>&1
  grep -q '^ok' "$work/valid_not_reset.out" && break
done
cat "$work/valid_not_reset.out"
exit $fail

#!/usr/bin/env bash
# mutations-ltrf.sh: the LTRF lockstep harness must catch broken RTL.
#
# Each mutation edits a copy of the generated tiny_ltrf_plus RTL, checks the
# edit really happened, builds it for the module it breaks and requires the
# co-simulation to fail with a MISMATCH.  A mutation that compiles but is
# not caught fails this test.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_ltrf_plus.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_ltrf_plus || exit 1
work=build/tiny_ltrf_plus/mutants
rm -rf "$work"; mkdir -p "$work"
fail=0

mutate() {  # name module sed-expression file-glob
  local name=$1 module=$2 expr=$3 glob=$4 dir=$work/$1
  mkdir -p "$dir"; cp build/tiny_ltrf_plus/rtl/*.v "$dir/"
  local f; f=$(ls "$dir"/$glob)
  cp "$f" "$dir/orig.bak"
  sed -i -E "$expr" "$f"
  if cmp -s "$f" "$dir/orig.bak"; then
    echo "FAIL $name: the mutation changed nothing (pattern out of date?)"; fail=1; return
  fi
  rm "$dir/orig.bak"
  if ! scripts/tb-build "$cfg" "$module" "$dir" "$dir/obj" > "$dir/build.out" 2>&1; then
    echo "FAIL $name: mutant does not build"; sed 's/^/   /' "$dir/build.out"; fail=1; return
  fi
  "$dir/obj/Vdut" --config "$cfg" --cycles 5000 --seed 1 > "$dir/run.out" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
    echo "ok   $name: caught: $(grep -m1 'FAIL at' "$dir/run.out")"
  else
    echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; fail=1
  fi
}

# 1. A lookup ignores the entry's valid bit: reads outside the working set
#    would be served from the register cache.
mutate wcb_serves_outside wcb 's/^(  wire lk_hit_1 = lk_v_q\[1\]) & lk_entry_1\[BANK_W\];/\1;/' 'wcb_*.v'
# 2. Liveness: the dead-operand clear wins over a write's set (A16 reversed).
mutate wcb_clear_wins wcb 's/\.we_i    \(\{lv_set_i & ready, /.we_i    ({lv_set_i \& ready \& ~lv_clr_i, /' 'wcb_*.v'
# 3. Fills no longer yield a bank to execution writes.
mutate fill_priority ltrf_cache 's/^(  wire fill_gnt_b1 = .*) & ~\(\|wr_req_b1\);/\1;/' 'ltrf_cache_*.v'
# 4. A freed bank goes to the head of the unused queue, not the tail.
mutate aau_free_to_head ltrf_cache 's/if \(tail_q == /if (head_q == /' 'gpurf_alloc_queue_n4.v'
exit $fail

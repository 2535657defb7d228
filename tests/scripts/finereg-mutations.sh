#!/usr/bin/env bash
# finereg-mutations.sh: the lockstep harness must catch broken FineReg RTL.
#
#   tests/scripts/finereg-mutations.sh [quick]
# quick runs three of them (one per module), for tests/lists/finereg.list.
#
# Each mutation edits a copy of the generated tiny_finereg RTL of one
# module, checks the edit really happened, builds it (RTL=dir) and requires
# the co-simulation to stop with a MISMATCH.  Not caught = test failure.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_finereg.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_finereg || exit 1
work=build/tiny_finereg/mutants
rm -rf "$work"; mkdir -p "$work"
fail=0

quick=${1:-}
mutate() {  # name module sed-expression file-glob [scenario]
  case " refuse_off_by_one pcrf_no_free ctm_priority " in
    *" $1 "*) ;; *) [ "$quick" = quick ] && return ;;
  esac
  local name=$1 module=$2 expr=$3 glob=$4 scen=${5:-random} dir=$work/$1
  mkdir -p "$dir"; cp build/tiny_finereg/rtl/*.v "$dir/"
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
  "$dir/obj/Vdut" --config "$cfg" --cycles 20000 --seed 1 --scenario "$scen" > "$dir/run.out" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
    echo "ok   $name: caught: $(grep -m1 'FAIL at' "$dir/run.out")"
  else
    echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; fail=1
  fi
}

# RMU: admission test off by one (refuses when L_S == free).
mutate refuse_off_by_one rmu 's/^(  wire refuse = .*) > avail;/\1 >= avail;/' 'rmu_*.v'
# RMU: a swap no longer evicts S's register before P's overwrites it.
mutate swap_no_displace rmu 's/^  wire walk_live = .*;/  wire walk_live = 1'"'"'b0;/' 'rmu_*.v'
# RMU: the chain is never linked (every entry its own chain).
mutate no_link rmu 's/^  wire link = .*;/  wire link = 1'"'"'b0;/' 'rmu_*.v'
# RMU: the free-space monitor forgets walked entries.
mutate walk_keeps_entry rmu 's/occ_d\[cur_q \+: 1\] = 1'"'"'b0;/occ_d[cur_q +: 1] = 1'"'"'b1;/' 'rmu_*.v'
# RMU: the LRIC compares only the index bits (aliasing PCs hit).
mutate lric_no_tag rmu 's/&& \(lric_tag_cur == pc_cur\)//' 'rmu_*.v'
# PCRF: rd_free_i ignored.
mutate pcrf_no_free pcrf 's/if \(rd_valid_i && rd_free_i\) valid_d/if (1'"'"'b0) valid_d/' 'pcrf_*.v'
# PCRF: a link leaves E set.
mutate pcrf_link_keeps_end pcrf 's/end_m\[link_idx_i\]  <= 1'"'"'b0;/end_m[link_idx_i]  <= 1'"'"'b1;/' 'pcrf_*.v'
# CTA monitor: V-B classes swapped (1/1 before 1/2).
mutate ctm_priority cta_monitor 's/assign resume_cta_o     = sel_a_found \? sel_a_idx : sel_b_idx;/assign resume_cta_o = sel_b_found ? sel_b_idx : sel_a_idx;/' 'cta_monitor_*.v'
exit $fail

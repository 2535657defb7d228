# mutate-lib.sh: the mutation step shared by the mutation tests (sourced).
#
#   mutate CFG MODULE RTL_SRC WORK NAME SED_EXPR FILE_GLOB [CYCLES [SIM_ARGS...]]
# copies the RTL of RTL_SRC into WORK/NAME, applies SED_EXPR to the file
# FILE_GLOB names, checks the edit happened, builds MODULE from it and
# requires the co-simulation (seed 1) to report a MISMATCH.  Sets fail=1
# otherwise.  A caught mutant's verilated binary is removed (tens of MB
# each); one that is not caught keeps it for the post-mortem.
# MUTATE_DRIVER=cosim-sm runs the SM-driven co-simulation instead of the
# random-stimulus lockstep: CYCLES is then ignored and SIM_ARGS name the
# kernel (--kernel kernels/<name>).
mutate() {
  local cfg=$1 module=$2 src=$3 work=$4 name=$5 expr=$6 glob=$7 cycles=${8:-20000}
  local dir=$work/$name f rc driver=${MUTATE_DRIVER:-lockstep}
  shift $(( $# < 8 ? $# : 8 ))   # what is left goes to the simulation (plusargs)
  # a fresh copy: RTL left from an earlier run with other parameters would
  # make the glob name two files
  rm -rf "$dir"; mkdir -p "$dir"; cp "$src"/*.v "$dir/"
  f=$(ls "$dir"/$glob)
  if [ "$(printf '%s\n' "$f" | wc -l)" -ne 1 ]; then
    echo "FAIL $name: $glob names $(printf '%s\n' "$f" | wc -l) files of $src, not one"; fail=1; return
  fi
  cp "$f" "$dir/orig.bak"
  sed -i -E "$expr" "$f"
  if cmp -s "$f" "$dir/orig.bak"; then
    echo "FAIL $name: the mutation changed nothing (pattern out of date?)"; fail=1; return
  fi
  rm "$dir/orig.bak"
  # untraced (TB_TRACE=0): a mutant's run is only checked for its MISMATCH
  if ! TB_TRACE=0 scripts/tb-build "$cfg" "$module" "$dir" "$dir/obj" "$driver" > "$dir/build.out" 2>&1; then
    echo "FAIL $name: mutant does not build"; sed 's/^/   /' "$dir/build.out"; fail=1; return
  fi
  if [ "$driver" = cosim-sm ]; then
    "$dir/obj/Vdut" --config "$cfg" --out "$dir/run.json" "$@" > "$dir/run.out" 2>&1
  else
    "$dir/obj/Vdut" --config "$cfg" --cycles "$cycles" --seed 1 "$@" > "$dir/run.out" 2>&1
  fi
  rc=$?
  if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
    echo "ok   $name: caught: $(grep -m1 -E 'FAIL at|MISMATCH' "$dir/run.out" | cut -c1-240)"
    rm -rf "$dir/obj"   # a caught mutant keeps its RTL and log, not its verilated binary
  else
    echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; fail=1
  fi
}

# Faults injected at both levels, the unit's random lockstep and the
# SM-driven co-simulation, keep one edit here.  (Name no script here: the
# test runner follows script names for its locks.)
# regvirt_top's rename queue: a warp's younger chunk may take a port (the
# oldest-first check dropped).
MUT_RQ_NOT_OLDEST='s/^(  assign rq_elig\[[0-9]+\] = rq_v\[[0-9]+\]) & ~\(\|\(seen_[0-9]+ & woh_[0-9]+\)\)/\1/'

#!/usr/bin/env bash
# cosim.sh: generate, verilate and run the lockstep co-simulation of one
# module for several seeds; extra arguments (e.g. +verilator+rand+reset+2)
# go to the simulation.
#
#   tests/scripts/cosim.sh CFG_FILE MODULE CYCLES "SEEDS" [PLUSARGS...]
#
# The tests pay for compile time, and tracing is most of it (max_widths'
# rf_banked: 19 s to verilate and compile without it, 87 s with), so the
# binary that runs every seed is built without tracing, in
# build/<name>/obj/<module>-notrace.  A seed that fails is run again on the
# traced build make cosim uses (build/<name>/obj/<module>), which writes the
# trace of the cycles before the mismatch to
# build/<name>/cosim/<module>_seed<S>_fail.fst, as make cosim does.
# COSIM_RTL=DIR tests the Verilog in DIR instead of the generated RTL (as
# make cosim's RTL=DIR), its builds in DIR/obj and DIR/obj-notrace, as the
# mutation tests keep a mutant's build beside its RTL.
set -eu
cd "$(dirname "$0")/../.."
cfg=$1 module=$2 cycles=$3 seeds=$4; shift 4
name=$(basename "$cfg" .ini)
out=build/$name
build/bin/gpurf-gen --config "$cfg" --out "$out"
rtl=${COSIM_RTL:-$out/rtl}
obj=${COSIM_RTL:+$COSIM_RTL/obj}
obj=${obj:-$out/obj/$module}
TB_TRACE=0 scripts/tb-build "$cfg" "$module" "$rtl" "$obj-notrace"
mkdir -p "$out/cosim"
for seed in $seeds; do
  rc=0
  "$obj-notrace/Vdut" --config "$cfg" --cycles "$cycles" --seed "$seed" "$@" || rc=$?
  [ $rc = 0 ] && continue
  [ $rc = 1 ] || exit $rc		# not a mismatch: bad arguments or a crash
  echo "cosim.sh: seed $seed failed; running it again on a traced build for the failure trace"
  TB_TRACE=1 scripts/tb-build "$cfg" "$module" "$rtl" "$obj"
  "$obj/Vdut" --config "$cfg" --cycles "$cycles" --seed "$seed" \
    --fst "$out/cosim/${module}_seed${seed}_fail.fst" "$@" || true
  exit 1
done

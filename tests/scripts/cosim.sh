#!/usr/bin/env bash
# cosim.sh: generate, verilate and run the lockstep co-simulation of one
# module for several seeds; extra arguments (e.g. +verilator+rand+reset+2)
# go to the simulation.
#
#   tests/scripts/cosim.sh CFG_FILE MODULE CYCLES "SEEDS" [PLUSARGS...]
set -eu
cd "$(dirname "$0")/../.."
cfg=$1 module=$2 cycles=$3 seeds=$4; shift 4
name=$(basename "$cfg" .ini)
out=build/$name
build/bin/gpurf-gen --config "$cfg" --out "$out"
scripts/tb-build "$cfg" "$module" "$out/rtl" "$out/obj/$module"
mkdir -p "$out/cosim"
for seed in $seeds; do
  "$out/obj/$module/Vdut" --config "$cfg" --cycles "$cycles" --seed "$seed" \
    --fst "$out/cosim/${module}_seed${seed}_fail.fst" "$@"
done

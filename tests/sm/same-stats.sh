#!/usr/bin/env bash
# same-stats.sh DIR: every kernel's statistics equal those saved in DIR
# (a refactoring or speed-up must not change a single cycle).
set -u
cd "$(dirname "$0")/../.."
ref=$1; out=build/same-stats; mkdir -p $out; fail=0
for k in $(ls -d kernels/*/ | xargs -n1 basename | grep -v common); do
  build/bin/gpurf-sim --config configs/baseline_gtx980.ini --kernel kernels/$k --out $out/$k.json --quiet
  cmp -s $ref/$k.json $out/$k.json || { echo "differs: $k"; fail=1; }
done
for d in ../shared/realdata/0*; do
  build/bin/gpurf-sim --config configs/baseline_gtx980.ini --trace $d --out $out/$(basename $d).json --quiet
  cmp -s $ref/$(basename $d).json $out/$(basename $d).json || { echo "differs: $d"; fail=1; }
done
exit $fail

#!/usr/bin/env bash
# determinism.sh: the same configuration and kernel give byte-identical
# statistics, run after run (and with another scheduler, other numbers).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-determinism; mkdir -p $d
for k in hotspot bfs; do
  for i in 1 2; do
    build/bin/gpurf-sim --config configs/baseline_gtx980.ini --kernel kernels/$k --out $d/$k.$i.json --quiet || exit 1
  done
  cmp $d/$k.1.json $d/$k.2.json || { echo "statistics of $k differ between runs"; exit 1; }
done
sed 's/^\[sm\]/[sim]\nscheduler = lrr\n[sm]/' configs/baseline_gtx980.ini > $d/lrr.ini
build/bin/gpurf-sim --config $d/lrr.ini --kernel kernels/hotspot --out $d/lrr.json --quiet || exit 1
cmp -s $d/hotspot.1.json $d/lrr.json && { echo "scheduler = lrr changed nothing"; exit 1; }
echo "byte-identical statistics"

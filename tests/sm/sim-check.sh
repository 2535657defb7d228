#!/usr/bin/env bash
# sim-check.sh: every workload of kernels/ runs on the SM model and its
# result equals the host reference (gpurf-sim exits 1 otherwise).
# Usage: tests/sm/sim-check.sh [CONFIG.ini] [KERNEL...]
set -u
cd "$(dirname "$0")/../.."
cfg=${1:-configs/baseline_gtx980.ini}
shift || true
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=($(ls -d kernels/*/ | xargs -n1 basename | grep -v common))
out=build/sim-check/$(basename "$cfg" .ini)
mkdir -p "$out"
fail=0
for k in "${kernels[@]}"; do
  if line=$(build/bin/gpurf-sim --config "$cfg" --kernel "kernels/$k" --out "$out/$k.json" 2>&1); then
    printf 'ok    %-12s %s\n' "$k" "$(grep -o 'cycles [0-9]*, warp instructions [0-9]*' <<<"$line")"
  else
    printf 'FAIL  %-12s\n' "$k"; sed 's/^/      /' <<<"$line" | tail -n 12
    fail=1
  fi
done
exit $fail

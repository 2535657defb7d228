#!/usr/bin/env bash
# kernel-scales.sh: every workload's host reference holds at the sizes a user
# can ask for (issue 28; kernels/README.md, "How the references match the
# PTX").  Each kernel runs on the SM model under CONFIG at SIZE and must end
# with "result: matches the host reference" (gpurf-sim exits 1 otherwise), at
# the grid scale SIZE stands for:
#   max   the kernel's max_scale (gpurf-kref --sizes; run as [sim] min_ctas =
#         its CTAs there, and the JSON's grid_scale must be max_scale)
#   N     [sim] min_ctas = N, as a user would set it (at least N CTAs, or
#         max_scale when the kernel cannot reach N)
# Prints each kernel's scale, CTAs and wall time; exit 1 when any fails.
# GPURF_SIM / GPURF_KREF name other binaries (say, built with a reference
# broken on purpose, to see the test fail).
# Usage: tests/sm/kernel-scales.sh CONFIG.ini max|N [KERNEL...]  (default: all)
set -u
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 CONFIG.ini max|N [KERNEL...]" >&2; exit 2; }
cfg=$1; size=$2; shift 2
case $size in
  max|[1-9]|[1-9][0-9]|[1-9][0-9][0-9]|[1-9][0-9][0-9][0-9]) ;;
  *) echo "$0: size '$size': allowed: max or a number of CTAs 1..4096" >&2; exit 2 ;;
esac
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=($(ls -d kernels/*/ | xargs -n1 basename | grep -v common))
out=build/kernel-scales/$(basename "$cfg" .ini)-$size
rm -rf "$out"; mkdir -p "$out"
sim=${GPURF_SIM:-build/bin/gpurf-sim}
sizes=$("${GPURF_KREF:-build/bin/gpurf-kref}" --sizes) || { echo "FAIL  gpurf-kref --sizes"; exit 1; }
num() { grep -o "\"$2\": [0-9]*" "$1" | head -n 1 | cut -d' ' -f2; }
fail=0

for k in "${kernels[@]}"; do
  # name max_scale N ctas N at100 N N atmax N
  read -r _ _ maxs _ _ _ _ _ _ maxctas < <(grep "^$k " <<<"$sizes")
  if [ -z "${maxs:-}" ]; then echo "FAIL  $k: not in gpurf-kref --sizes"; fail=1; continue; fi
  if [ "$size" = max ]; then min=$maxctas; else min=$size; fi
  t0=$(date +%s%N)
  if ! line=$($sim --config "$cfg" --kernel "kernels/$k" --set sim.min_ctas="$min" --out "$out/$k.json" 2>&1); then
    printf 'FAIL  %-12s min_ctas %s\n' "$k" "$min"; sed 's/^/      /' <<<"$line" | tail -n 12; fail=1; continue
  fi
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  ctas=$(num "$out/$k.json" ctas); scale=$(num "$out/$k.json" grid_scale)
  if ! grep -q 'result: matches the host reference' <<<"$line"; then
    echo "FAIL  $k: no 'result: matches the host reference' line"; fail=1; continue
  fi
  if [ "$size" = max ] && [ "$scale" != "$maxs" ]; then
    echo "FAIL  $k: ran at scale '$scale', max_scale is $maxs"; fail=1; continue
  fi
  if [ "$size" != max ] && [ "$scale" != "$maxs" ] && [ "${ctas:-0}" -lt "$size" ]; then
    echo "FAIL  $k: min_ctas $size gave $ctas CTAs at scale '$scale'"; fail=1; continue
  fi
  printf 'ok    %-12s scale %2s, %4s CTAs, %4d.%d s\n' "$k" "$scale" "$ctas" $((ms / 1000)) $((ms % 1000 / 100))
done
exit $fail

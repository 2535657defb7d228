#!/usr/bin/env bash
# large-grids.sh: workloads enlarged by [sim] min_ctas (kernels/README.md,
# "Larger grids") still match their host reference, reach the CTAs asked for
# (nw has one size) and report the scale; a run as written reports none;
# an enlarged run is deterministic; a bad value is refused with one message,
# exit 2 and no output.
# Usage: tests/sm/large-grids.sh CONFIG.ini MIN_CTAS [KERNEL...]  (default: all)
set -u
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 CONFIG.ini MIN_CTAS [KERNEL...]" >&2; exit 2; }
cfg=$1; min=$2; shift 2
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=($(ls -d kernels/*/ | xargs -n1 basename | grep -v common))
out=build/large-grids/$(basename "$cfg" .ini)-$min
rm -rf "$out"; mkdir -p "$out"
sim=build/bin/gpurf-sim
fail=0
num() { grep -o "\"$2\": [0-9]*" "$1" | head -n 1 | cut -d' ' -f2; }

for k in "${kernels[@]}"; do
  if ! line=$($sim --config "$cfg" --kernel "kernels/$k" --set sim.min_ctas="$min" --out "$out/$k.json" 2>&1); then
    printf 'FAIL  %-12s\n' "$k"; sed 's/^/      /' <<<"$line" | tail -n 12; fail=1; continue
  fi
  ctas=$(num "$out/$k.json" ctas); scale=$(num "$out/$k.json" grid_scale)
  if [ -z "$scale" ] || { [ "$k" != nw ] && [ "$ctas" -lt "$min" ]; } || { [ "$k" = nw ] && [ "$scale" != 1 ]; }; then
    echo "FAIL  $k: min_ctas $min gave $ctas CTAs at scale '${scale}'"; fail=1; continue
  fi
  printf 'ok    %-12s scale %2s, %4s CTAs, %s\n' "$k" "$scale" "$ctas" \
    "$(grep -o 'cycles [0-9]*, warp instructions [0-9]*' <<<"$line")"
done

# determinism of an enlarged run, and no "grid_scale" as written
k=${kernels[0]}
$sim --config "$cfg" --kernel "kernels/$k" --set sim.min_ctas="$min" --out "$out/again.json" --quiet >/dev/null 2>&1
if ! cmp -s "$out/$k.json" "$out/again.json"; then echo "FAIL  $k: two enlarged runs differ"; fail=1; fi
$sim --config "$cfg" --kernel "kernels/$k" --out "$out/written.json" --quiet >/dev/null 2>&1
if grep -q grid_scale "$out/written.json"; then echo "FAIL  $k: grid_scale reported for a run as written"; fail=1; fi

# a bad value: one message, exit 2, no statistics
msg=$($sim --config "$cfg" --kernel "kernels/$k" --set sim.min_ctas=5000 --out "$out/bad.json" 2>&1); rc=$?
if [ $rc -ne 2 ] || [ "$(wc -l <<<"$msg")" -ne 1 ] || ! grep -qF "min_ctas = 5000: not allowed" <<<"$msg" || [ -e "$out/bad.json" ]; then
  echo "FAIL  min_ctas=5000 -> exit $rc, '$msg'"; fail=1
else
  echo "ok    refused: $msg"
fi
exit $fail

#!/usr/bin/env bash
# random-configs.sh: random valid configurations give RTL that lints, and
# that matches its model, module by module; random invalid ones are refused.
#
#   tests/scripts/random-configs.sh COUNT [SEED0] [CYCLES]
#
# Draw i (i = 0..COUNT-1) starts from configs/tiny_*.ini in turn and changes
# 1 to 4 keys of [sm], [rf] and the scheme's section (build/bin/gpurf-randcfg,
# seed SEED0 + i).  Each draw must: generate (gpurf-gen), pass Verilator
# -Wall and Icarus (scripts/lint), and run CYCLES lockstep cycles of every
# module it generates without a mismatch; with RANDCFG_SYNTH=1 also
# synthesize (non-zero cells, no latch).  Each draw also gets two invalid
# twins: one drawn key just outside its range (gpurf-gen must exit 2, name
# the key and the value, and write nothing), and keys each within range that
# together break a cross-key rule (--invalid-cross: exit 2, a message naming
# the file, a line or default, a key and its value, nothing written).  A failing draw is kept in
# build/randcfg/ with the command that reproduces it: fix the wrong side and
# keep the configuration in tests/configs/.
set -u
cd "$(dirname "$0")/../.."
count=${1:?COUNT}; seed0=${2:-1}; cycles=${3:-3000}
dir=build/randcfg
mkdir -p "$dir"
bases=(configs/tiny_*.ini)
fail=0 good=0
for ((i = 0; i < count; i++)); do
  seed=$((seed0 + i)); base=${bases[$((seed % ${#bases[@]}))]}
  name=rc$seed-$(basename "$base" .ini)
  cfg=$dir/$name.ini
  what=$(build/bin/gpurf-randcfg --base "$base" --seed "$seed" --out "$cfg") || { echo "FAIL $name: no draw"; fail=1; continue; }
  bad() { echo "FAIL $name ($what): $1"; echo "  reproduce: $2"; fail=1; }
  if ! build/bin/gpurf-gen --config "$cfg" --out "build/$name" > "$dir/$name.gen" 2>&1; then
    bad "gpurf-gen refused a draw the sampler accepted: $(head -c 300 "$dir/$name.gen")" "build/bin/gpurf-gen --config $cfg --out build/$name"; continue
  fi
  if ! scripts/lint "$cfg" > "$dir/$name.lint" 2>&1; then
    bad "lint: $(grep -m3 -E '%Warning|%Error|error' "$dir/$name.lint")" "scripts/lint $cfg"; continue
  fi
  ok=1
  while read -r module top; do
    if ! tests/scripts/cosim.sh "$cfg" "$module" "$cycles" 1 > "$dir/$name.$module.cosim" 2>&1; then
      bad "lockstep $module: $(grep -m1 -E 'FAIL|MISMATCH|rror' "$dir/$name.$module.cosim")" "tests/scripts/cosim.sh $cfg $module $cycles 1"; ok=0; break
    fi
  done < <(build/bin/gpurf-gen --config "$cfg" --list)
  if [ $ok = 1 ] && [ "${RANDCFG_SYNTH:-0}" = 1 ] && ! make --no-print-directory synth CFG="$cfg" > "$dir/$name.synth" 2>&1; then
    bad "synthesis: $(tail -n 2 "$dir/$name.synth")" "make synth CFG=$cfg"; ok=0
  fi
  [ $ok = 1 ] || continue
  # the invalid twin
  badcfg=$dir/$name-invalid.ini
  what_bad=$(build/bin/gpurf-randcfg --base "$base" --seed "$seed" --out "$badcfg" --invalid) || { echo "FAIL $name: no invalid draw"; fail=1; continue; }
  key=$(printf '%s\n' "$what_bad" | sed -E 's/.* invalid (\[[a-z_0-9]+\] [a-z_0-9]+) = ([0-9]+)$/\1/')
  val=$(printf '%s\n' "$what_bad" | sed -E 's/.* = ([0-9]+)$/\1/')
  rm -rf "build/$name-invalid"
  build/bin/gpurf-gen --config "$badcfg" --out "build/$name-invalid" > "$dir/$name.bad" 2>&1; rc=$?
  if [ $rc -ne 2 ] || ! grep -qF "$key = $val" "$dir/$name.bad" || [ -e "build/$name-invalid" ]; then
    echo "FAIL $name: invalid twin ($what_bad): exit $rc, message '$(head -c 200 "$dir/$name.bad")'"; fail=1; continue
  fi
  # the cross-key twin
  crosscfg=$dir/$name-cross.ini
  what_x=$(build/bin/gpurf-randcfg --base "$base" --seed "$seed" --out "$crosscfg" --invalid-cross) ||
    { echo "FAIL $name: no cross-key invalid draw"; fail=1; continue; }
  rm -rf "build/$name-cross"
  build/bin/gpurf-gen --config "$crosscfg" --out "build/$name-cross" > "$dir/$name.cross" 2>&1; rc=$?
  if [ $rc -ne 2 ] || [ -e "build/$name-cross" ] ||
     ! grep -qE "^gpurf-gen: $crosscfg(:[0-9]+)?: (--set [a-z_0-9]+\.[a-z_0-9]+=[0-9]+|\[[a-z_0-9]+\] [a-z_0-9]+ = [0-9a-z_]+)" "$dir/$name.cross"; then
    echo "FAIL $name: cross-key twin ($what_x): exit $rc, message '$(head -c 200 "$dir/$name.cross")'"; fail=1; continue
  fi
  good=$((good + 1))
  rm -rf "build/$name"        # RTL, verilated binaries: tens of MB per draw
done
echo "random configurations: $good of $count drawn passed (seeds $seed0..$((seed0 + count - 1)))"
exit $fail

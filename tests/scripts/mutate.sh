#!/usr/bin/env bash
# mutate.sh: one mutation test.  Copies the generated RTL of CFG, applies a
# sed expression to the files matching GLOB, checks the edit happened,
# verilates the copy (RTL=dir, as a designer would) and requires the
# lockstep run of MODULE to end in a MISMATCH.  Exit 0 when caught.
#
#   tests/scripts/mutate.sh CFG MODULE NAME SED_EXPR GLOB [CYCLES] [LOCKSTEP ARGS...]
set -u
cd "$(dirname "$0")/../.."
cfg=$1 module=$2 name=$3 expr=$4 glob=$5 cycles=${6:-20000}; shift 5; [ $# -gt 0 ] && shift
cname=$(basename "$cfg" .ini)
build/bin/gpurf-gen --config "$cfg" --out "build/$cname" || exit 1
dir=build/$cname/mutants/$name
rm -rf "$dir"; mkdir -p "$dir"; cp "build/$cname"/rtl/*.v "$dir/"
f=$(ls "$dir"/$glob)
cp "$f" "$dir/orig.bak"
sed -i -E "$expr" "$f"
if cmp -s "$f" "$dir/orig.bak"; then
  echo "FAIL $name: the mutation changed nothing (pattern out of date?)"; exit 1
fi
rm "$dir/orig.bak"
if ! scripts/tb-build "$cfg" "$module" "$dir" "$dir/obj" > "$dir/build.out" 2>&1; then
  echo "FAIL $name: mutant does not build"; sed 's/^/   /' "$dir/build.out"; exit 1
fi
"$dir/obj/Vdut" --config "$cfg" --cycles "$cycles" --seed 1 "$@" > "$dir/run.out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
  echo "ok   $name: caught: $(grep -m1 'FAIL at' "$dir/run.out")"
else
  echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; exit 1
fi

#!/usr/bin/env bash
# mutate-lib.sh: the mutation harness shared by the mutation tests.
#
#   . tests/scripts/mutate-lib.sh
#   mutate NAME CFG MODULE SED-EXPRESSION FILE-GLOB [CYCLES] [SCENARIO]
#
# Copies build/<cfg name>/rtl/*.v (generate it first), applies the sed
# expression to the file matching the glob, checks that the edit happened,
# builds the mutant (as `make cosim RTL=dir` would) and requires the lockstep
# run to report a MISMATCH.  Sets fail=1 when a mutant is not caught.
fail=${fail:-0}
mutate() {
  local name=$1 cfg=$2 module=$3 expr=$4 glob=$5 cycles=${6:-20000} scen=${7:-}
  local src; src=build/$(basename "$cfg" .ini)
  local dir=$src/mutants/$name
  rm -rf "$dir"; mkdir -p "$dir"; cp "$src"/rtl/*.v "$dir/"
  local f; f=$(ls "$dir"/$glob)
  cp "$f" "$dir/orig.bak"
  sed -i -E "$expr" "$f"
  if cmp -s "$f" "$dir/orig.bak"; then
    echo "FAIL $name: the mutation changed nothing (pattern out of date?)"; fail=1; return
  fi
  rm "$dir/orig.bak"
  if ! scripts/tb-build "$cfg" "$module" "$dir" "$dir/obj" > "$dir/build.out" 2>&1; then
    echo "FAIL $name: mutant does not build"; sed 's/^/   /' "$dir/build.out"; fail=1; return
  fi
  "$dir/obj/Vdut" --config "$cfg" --cycles "$cycles" --seed 1 ${scen:+--scenario "$scen"} > "$dir/run.out" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] && grep -q "MISMATCH" "$dir/run.out"; then
    echo "ok   $name: caught: $(grep -m1 'FAIL at' "$dir/run.out")"
  else
    echo "FAIL $name: not caught (exit $rc)"; tail -n 3 "$dir/run.out" | sed 's/^/   /'; fail=1
  fi
}

#!/usr/bin/env bash
# mutate.sh: one mutation test as a command, for the lists that run each
# mutant on its own: the shared mutate() of mutate-lib.sh on the generated
# RTL of CFG.  Exit 0 when the lockstep run ends in a MISMATCH.
#
#   tests/scripts/mutate.sh CFG MODULE NAME SED_EXPR GLOB [CYCLES] [LOCKSTEP ARGS...]
set -u
cd "$(dirname "$0")/../.."
cfg=$1 module=$2 name=$3 expr=$4 glob=$5 cycles=${6:-20000}; shift 5; [ $# -gt 0 ] && shift
cname=$(basename "$cfg" .ini)
build/bin/gpurf-gen --config "$cfg" --out "build/$cname" || exit 1
fail=0
. tests/scripts/mutate-lib.sh
mutate "$cfg" "$module" "build/$cname/rtl" "build/$cname/mutants" "$name" "$expr" "$glob" "$cycles" "$@"
exit $fail

#!/usr/bin/env bash
# grid.sh: a 2 x 2 sweep (rf.banks 8,16 x kernels reduction,sgemm) gives a
# CSV with one row per run in the documented order, each row's statistics
# equal to a direct gpurf-sim run; a bad grid gets one message, exit 2 and
# no CSV; --plot draws a PNG.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
s=build/bin/gpurf-stats
scripts/sweep --kernels reduction,sgemm --out "$t/sw" --jobs 2 rf.banks=8,16 2> "$t/log" || { cat "$t/log"; fail "sweep exit"; }
csv=$t/sw/sweep.csv
[ "$(wc -l < "$csv")" = 5 ] || fail "expected 4 rows: $(cat "$csv")"
head -n 1 "$csv" | grep -q '^rf.banks,kernel,config,cycles,ipc,warp_instructions,register_file.reads,register_file.writes,register_file.bank_conflict_cycles,energy.total_pj,' ||
  fail "header: $(head -n 1 "$csv")"
[ "$(cut -d, -f1,2 "$csv" | tail -n 4 | tr '\n' ' ')" = "8,reduction 16,reduction 8,sgemm 16,sgemm " ] ||
  fail "rows: $(cut -d, -f1,2 "$csv" | tr '\n' ' ')"
# row 4 (sgemm, 8 banks) equals a direct run
build/bin/gpurf-sim --config configs/baseline_gtx980.ini --kernel kernels/sgemm --set rf.banks=8 --out "$t/d.json" --quiet
[ "$(sed -n 4p "$csv" | cut -d, -f4)" = "$($s get "$t/d.json" cycles)" ] || fail "cycles differ from a direct run"
[ "$(sed -n 4p "$csv" | cut -d, -f10)" = "$($s get "$t/d.json" energy.total_pj)" ] || fail "energy differs"
# bad grids: message, exit 2, nothing written
for g in "rf.banks=3" "rf.bankz=8" "rf.banks=8,,16" "rf.banks" "rf.banks=8 rf.banks=16"; do
  rm -rf "$t/bad"
  scripts/sweep --kernels reduction --out "$t/bad" $g 2> "$t/err"; rc=$?
  [ $rc = 2 ] && [ "$(wc -l < "$t/err")" = 1 ] && [ ! -e "$t/bad" ] || fail "'$g': exit $rc, $(cat "$t/err")"
done
scripts/sweep --kernels nosuch --out "$t/bad" rf.banks=8 2> "$t/err"; [ $? = 2 ] && grep -q "no kernel 'nosuch'" "$t/err" || fail "bad kernel"
scripts/sweep --jobs 0 --out "$t/bad" rf.banks=8 2> "$t/err"; [ $? = 2 ] || fail "bad --jobs"
if command -v gnuplot > /dev/null; then
  scripts/sweep --kernels reduction --out "$t/p" --plot ipc sim.scheduler=gto,lrr 2> "$t/log" || fail "plot sweep"
  [ "$(head -c 4 "$t/p/sweep.png" | tail -c 3)" = PNG ] || fail "no PNG"
  scripts/sweep --kernels reduction --out "$t/p" --plot nosuch rf.banks=8 2> "$t/err"; [ $? = 2 ] || fail "bad --plot"
fi
echo "grid: ok"

#!/usr/bin/env bash
# results-areas.sh: `scripts/results --areas` (make results-areas) on a
# hand-made finished run in a scratch directory (RESULTS_DIR, RESULTS_PAGE,
# RESULTS_IMG): it refuses, exit 2 and no page, without a finished run, with
# runs made with local changes and with runs of a commit whose model sources
# differ from HEAD's; on runs of HEAD it rebuilds the all-schemes block from
# the run's sweep CSVs, keeps every other block as the run left it, records
# the refill under the RUNS block and writes the page from the template.
set -u
cd "$(dirname "$0")/../.."
t=build/test-results-areas
rm -rf "$t"; mkdir -p "$t/img"
fail() { echo "FAIL: $*"; exit 1; }
export RESULTS_DIR=$t/r RESULTS_PAGE=$t/results.md RESULTS_IMG=$t/img
areas() { scripts/results --areas > "$t/out" 2> "$t/err"; }

areas; rc=$?
[ $rc = 2 ] && grep -q "no finished run" "$t/err" && [ ! -e "$t/results.md" ] ||
  fail "no run: exit $rc, $(cat "$t/err")"

# a finished run: every block the template names, the RUNS block naming HEAD
mkdir -p "$t/r/blocks" "$t/r/baseline"
for b in $(sed -n 's/^@@\([A-Z0-9_]*\)@@$/\1/p' docs/results.md.in); do echo "block $b as the run wrote it" > "$t/r/blocks/$b"; done
head=$(git rev-parse --short=12 HEAD)
runs_line="This page was written on 2026-12-03 from commit $head"
echo "$runs_line" > "$t/r/blocks/RUNS"
: > "$t/r/schemes.spec"
printf 'kernel,ipc,energy.total_pj,warp_instructions\na,1.0,100,10\nb,2.0,300,10\n' > "$t/r/baseline/sweep.csv"

echo "$runs_line (with local changes)" > "$t/r/blocks/RUNS"
areas; rc=$?
[ $rc = 2 ] && grep -q "local changes" "$t/err" && [ ! -e "$t/results.md" ] ||
  fail "local changes: exit $rc, $(cat "$t/err")"

# the parent of the last commit that touched the model differs from HEAD there
last=$(git log -1 --format=%H -- cmodel)
if old=$(git rev-parse --short=12 "$last^" 2>/dev/null); then
  echo "This page was written on 2026-12-03 from commit $old" > "$t/r/blocks/RUNS"
  areas; rc=$?
  [ $rc = 2 ] && grep -q "model's sources changed since the runs (commit $old" "$t/err" && [ ! -e "$t/results.md" ] ||
    fail "older model: exit $rc, $(cat "$t/err")"
else
  echo "results-areas: the history before $last is not in this clone; the older-model case is not checked"
fi

echo "$runs_line" > "$t/r/blocks/RUNS"
areas; rc=$?
# the script's own list of model sources decides; a working tree with local changes there is refused
if [ $rc = 2 ] && grep -q "model's sources changed since the runs (commit $head" "$t/err"; then
  echo "results-areas: SKIP the refill: the model's sources have local changes here"; exit 77
fi
[ $rc = 0 ] || fail "refill: exit $rc, $(cat "$t/err")"
[ -s "$t/results.md" ] || fail "no page"
grep -q '^| `baseline` | `configs/baseline_gtx980.ini` | .* | 1 (baseline) | not run' "$t/results.md" ||
  fail "all-schemes block not rebuilt from the run's CSVs: $(grep -m1 baseline_gtx980 "$t/results.md")"
grep -q '^block SCHEMES' "$t/results.md" && fail "the run's old all-schemes block kept"
grep -q '^block SUMMARY as the run wrote it$' "$t/results.md" || fail "the SUMMARY block not kept"
grep -q "^$runs_line\$" "$t/results.md" || fail "the RUNS block's run line lost"
grep -q "^The all-schemes table's areas were read again on .* at commit $head (\`scripts/results --areas\`)\.\$" "$t/results.md" ||
  fail "the refill is not recorded: $(grep -m1 'read again' "$t/results.md")"
[ "$(head -n 1 "$t/results.md")" = "$(head -n 1 docs/results.md.in)" ] || fail "the template's text not kept"
areas || fail "second refill: exit $?"
[ "$(grep -c "read again" "$t/results.md")" = 1 ] || fail "a second refill records itself twice"
rm -rf "$t"
echo "results-areas: refusals (no run, local changes, older model) and the refill as expected"

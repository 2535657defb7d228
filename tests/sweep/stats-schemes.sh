#!/usr/bin/env bash
# stats-schemes.sh: gpurf-stats schemes (tools/schemes.h) on hand-written
# sweep CSVs and an area report: IPC geomean against the scheme's own
# baseline rows (its where filter applied), energy per warp instruction as
# sum over sum, area in mm^2 from total.total_area_um2; a missing sweep or
# report is named, not filled in; a malformed spec gets exit 2, no .dat.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
s=build/bin/gpurf-stats
fail() { echo "FAIL: $*"; exit 1; }
printf 'kernel,ipc,energy.total_pj,warp_instructions\na,1.0,100,10\nb,2.0,300,10\n' > "$t/base.csv"
# scheme rows k=1: ratios 2 and 0.5 (geomean 1), k=2: ratios 4 and 1 (geomean 2)
printf 'kernel,ipc,energy.total_pj,warp_instructions,k\na,2.0,50,10,1\nb,1.0,70,30,1\na,4.0,1,1,2\nb,2.0,1,1,2\n' > "$t/s.csv"
echo '{"config": "x", "total": {"total_area_um2": 2500000}}' > "$t/area.json"
cat > "$t/spec" <<SPEC
# comment
base|cfg/b.ini|$t/base.csv|-|-|-|$t/base.csv|-|-|-|$t/none.json
scheme|cfg/s.ini|$t/s.csv|k=1|$t/base.csv|-|$t/s.csv|k=2|$t/base.csv|-|$t/area.json
late|cfg/l.ini|$t/s.csv|k=1|$t/base.csv|-|$t/nobig.csv|-|$t/base.csv|-|-
SPEC
$s schemes "$t/spec" "$t/out.dat" > "$t/md" || fail "exit $?"
grep -q '^| base | `cfg/b.ini` | no report: `[^`]*none.json` missing | 1 (baseline) | 1 (baseline) | 20.0 | 20.0 |$' "$t/md" ||
  fail "baseline row: $(sed -n 3p "$t/md")"
grep -q '^| scheme | `cfg/s.ini` | 2.50 (`[^`]*area.json`) | +0.0 % (2) | +100.0 % (2) | 3.0 | 1.0 |$' "$t/md" ||
  fail "scheme row: $(sed -n 4p "$t/md")"
grep -q '^| late | .* | +0.0 % (2) | not run (.*nobig.csv) | 3.0 | - |$' "$t/md" || fail "missing sweep: $(sed -n 5p "$t/md")"
printf '"base" NaN 1.0000 1.0000 20.00 20.00\n"scheme" 2.500 1.0000 2.0000 3.00 1.00\n"late" NaN 1.0000 NaN 3.00 NaN\n# areas 1\n' |
  cmp - "$t/out.dat" || fail ".dat: $(cat "$t/out.dat")"
echo "bad|line" > "$t/bad"
$s schemes "$t/bad" "$t/b.dat" > /dev/null 2> "$t/err"; [ $? = 2 ] || fail "malformed spec: not exit 2"
grep -q "bad:1: 2 fields" "$t/err" && [ ! -e "$t/b.dat" ] && [ -z "$(ls "$t" | grep tmp)" ] || fail "malformed spec: $(cat "$t/err")"
echo "stats-schemes: table, .dat, missing inputs and a malformed spec as expected"

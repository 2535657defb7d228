#!/usr/bin/env bash
# stats-schemes.sh: gpurf-stats schemes (tools/schemes.h) on hand-written
# sweep CSVs and an area report: IPC geomean against the scheme's own
# baseline rows (its where filter applied), energy per warp instruction as
# sum over sum, area in mm^2 from top.* (split into the banked register file
# and the scheme's own) or else total.total_area_um2, with its ratio against
# the baseline row's; a missing sweep or
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
echo '{"config": "b", "total": {"total_area_um2": 9e6}, "top": {"total_area_um2": 2000000,
  "register_file_um2": 1900000, "scheme_um2": 100000}}' > "$t/base_area.json"
cat > "$t/spec" <<SPEC
# comment
base|cfg/b.ini|$t/base.csv|-|-|-|$t/base.csv|-|-|-|$t/base_area.json
scheme|cfg/s.ini|$t/s.csv|k=1|$t/base.csv|-|$t/s.csv|k=2|$t/base.csv|-|$t/area.json
late|cfg/l.ini|$t/s.csv|k=1|$t/base.csv|-|$t/nobig.csv|-|$t/base.csv|-|$t/none.json
SPEC
$s schemes "$t/spec" "$t/out.dat" > "$t/md" || fail "exit $?"
grep -q '^| base | `cfg/b.ini` | 2.00 (1.00x) | 1.90 | 0.10 | 1 (baseline) | 1 (baseline) | 20.0 | 20.0 |$' "$t/md" ||
  fail "baseline row: $(sed -n 3p "$t/md")"
grep -q '^| scheme | `cfg/s.ini` | 2.50 (1.25x) | - | - | +0.0 % (2) | +100.0 % (2) | 3.0 | 1.0 |$' "$t/md" ||
  fail "scheme row: $(sed -n 4p "$t/md")"
grep -q '^| late | `cfg/l.ini` | no report: `[^`]*none.json` missing | - | - | +0.0 % (2) | not run (.*nobig.csv) | 3.0 | - |$' "$t/md" ||
  fail "missing sweep and report: $(sed -n 5p "$t/md")"
printf '"base" 2.000 1.0000 1.0000 20.00 20.00\n"scheme" 2.500 1.0000 2.0000 3.00 1.00\n"late" NaN 1.0000 NaN 3.00 NaN\n# areas 2\n' |
  cmp - "$t/out.dat" || fail ".dat: $(cat "$t/out.dat")"
echo "bad|line" > "$t/bad"
$s schemes "$t/bad" "$t/b.dat" > /dev/null 2> "$t/err"; [ $? = 2 ] || fail "malformed spec: not exit 2"
grep -q "bad:1: 2 fields" "$t/err" && [ ! -e "$t/b.dat" ] && [ -z "$(ls "$t" | grep tmp)" ] || fail "malformed spec: $(cat "$t/err")"
echo "stats-schemes: table, .dat, missing inputs and a malformed spec as expected"

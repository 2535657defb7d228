#!/usr/bin/env bash
# stats.sh: gpurf-stats flattens a hand-written JSON fixture into the
# hand-written expected CSV (dotted names, arrays summed, objects in arrays
# indexed, strings unescaped and CSV-quoted, missing cells empty); --index;
# malformed input gets one message, exit 2 and no output file.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
s=build/bin/gpurf-stats
d=tests/sweep
fail() { echo "FAIL: $*"; exit 1; }
printf '%s rf.banks=8\n\n%s rf.banks=16\n' "$d/fixture.json" "$d/fixture2.json" > "$t/list"
$s csv --first kernel,cycles -o "$t/out.csv" "$t/list" || fail "csv exit $?"
cmp "$t/out.csv" "$d/expected.csv" || { diff "$t/out.csv" "$d/expected.csv"; fail "CSV differs"; }
$s flat --index "$d/fixture.json" | grep reads_per_bank > "$t/idx" && cmp "$t/idx" "$d/expected-index.txt" ||
  fail "--index"
[ "$($s get "$d/fixture.json" register_file.nested.deep)" = -3 ] || fail get
$s get "$d/fixture.json" nope 2> "$t/err"; [ $? = 2 ] && grep -q "has no 'nope'" "$t/err" || fail "get missing"
# the CSV the tool writes reads back: a Markdown table of two columns
$s table "$t/out.csv" "rf.banks:banks,cycles" > "$t/md"
printf '| banks | cycles |\n|---|---|\n| 8 | 100 |\n| 16 | 5 |\n' | cmp - "$t/md" || fail table
# compare: per-kernel ratios by hand (sweep-shaped CSVs)
printf 'kernel,ipc,k\na,1.0,x\nb,2.0,x\na,2.0,y\nb,3.0,y\n' > "$t/c.csv"
[ "$($s compare --bwhere k=x --owhere k=y "$t/c.csv" "$t/c.csv" ipc)" = \
  "n=2 mean=1.750000 geomean=1.732051 min=1.500000 min_key=b max=2.000000 max_key=a median=1.750000" ] ||
  fail compare
# median of an odd count: ratios 2, 1.5, 4 -> 2
printf 'kernel,ipc,k\na,1.0,x\nb,2.0,x\nc,1.0,x\na,2.0,y\nb,3.0,y\nc,4.0,y\n' > "$t/c3.csv"
$s compare --bwhere k=x --owhere k=y "$t/c3.csv" "$t/c3.csv" ipc | grep -q " median=2.000000$" ||
  fail "compare median of three"
# malformed inputs
for bad in '{"a": 1,}' '{"a": [1, 2}' '{"a": "x' '[1]' '{"a": 1} x' '{"a": tru}'; do
  printf '%s\n' "$bad" > "$t/bad.json"; echo "$t/bad.json" > "$t/list"
  $s csv -o "$t/o.csv" "$t/list" 2> "$t/err"; rc=$?
  [ $rc = 2 ] || fail "'$bad': exit $rc, expected 2"
  [ "$(wc -l < "$t/err")" = 1 ] && grep -q "bad.json: offset" "$t/err" || fail "'$bad': message $(cat "$t/err")"
  [ ! -e "$t/o.csv" ] && [ -z "$(ls "$t" | grep tmp)" ] || fail "'$bad': output written"
done
echo "$d/fixture.json notaparam" > "$t/list"
$s csv -o "$t/o.csv" "$t/list" 2> "$t/err"; [ $? = 2 ] && grep -q "is not name=value" "$t/err" || fail "bad param"
echo "/nonexistent.json" > "$t/list"
$s csv -o "$t/o.csv" "$t/list" 2> "$t/err"; [ $? = 2 ] && [ ! -e "$t/o.csv" ] || fail "missing file"
echo "stats: ok"

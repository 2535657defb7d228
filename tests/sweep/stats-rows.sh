#!/usr/bin/env bash
# stats-rows.sh: the subcommands that do scripts/results' arithmetic
# (gpurf-stats cols, fmt, agg, summary, tol; tools/expr.h), on hand-written
# rows and CSVs against results computed by hand: columns by name with NA
# for a missing column or cell, quoted cells kept whole; per-row templates
# (ratios, percentages, %d / %d cells, awk's number format, missing values
# and division by zero printing the --missing text, --where); totals over
# rows (n, sum, mean, a missing value making its total missing); the
# summary line of compare over KEY VALUE rows (NA, - and values <= 0 left
# out); the tolerance search with its interpolation; and compare's line
# unchanged.  Bad input (a malformed template or expression, a value that
# is not a number, an unknown column) gets exit 2, one message naming the
# file, line or text, and nothing on stdout.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
s=build/bin/gpurf-stats
fail() { echo "FAIL: $*"; exit 1; }
n=0
# same NAME EXPECTED ACTUAL
same() { n=$((n + 1)); [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# bad NAME PATTERN COMMAND...: exit 2, one line on stderr matching PATTERN, no stdout
bad() {
  local name=$1 pat=$2 rc; shift 2
  "$@" > "$t/out" 2> "$t/err"; rc=$?
  n=$((n + 1))
  [ $rc = 2 ] || fail "$name: exit $rc, not 2"
  [ -s "$t/out" ] && fail "$name: wrote to stdout: $(cat "$t/out")"
  [ "$(wc -l < "$t/err")" = 1 ] && grep -q -- "$pat" "$t/err" || fail "$name: stderr '$(cat "$t/err")', wanted '$pat'"
}

# ---- cols
printf 'kernel,ipc,k,note\na,1.5,1,x\nb,,2,"y, z"\nc,3,1,w\n' > "$t/s.csv"
same "cols, NA for a missing column and an empty cell" "a 1.5 NA
b NA NA
c 3 NA" "$($s cols "$t/s.csv" kernel ipc nosuch)"
same "cols --where" "a 1.5
c 3" "$($s cols --where k=1 "$t/s.csv" kernel ipc)"
same "cols, a quoted cell with a comma stays one cell" "b y, z" "$($s cols --where k=2 "$t/s.csv" kernel note)"
bad "cols --where on an unknown column" "no column 'nosuch'" $s cols --where nosuch=1 "$t/s.csv" kernel
bad "cols on a missing file" "none.csv" $s cols "$t/none.csv" kernel

# ---- fmt
printf 'a 2 4 NA\nb 3 0 7\n' > "$t/r"
same "fmt: ratio, percentage, a %d / %d cell, a product" "| a | 0.500 | +100.0 % | - | 8 |
| b | - | -100.0 % | 3 / 7 | 0 |" \
  "$($s fmt '| {$1} | {$2 / $3:%.3f} | {($3 / $2 - 1) * 100:%+.1f %%} | {$2, $4:%d / %d} | {$2 * $3} |' "$t/r")"
# awk's print: integral values as integers, else 6 significant digits
same "fmt: awk's number format" "a 0.666667 1 0.125 1.23457e+06 20000000" \
  "$(head -n 1 "$t/r" | $s fmt '{$1} {$2 / 3} {$2 / 2} {$2 / 16} {$2 * 617283.75} {$2 * 10000000}')"
same "fmt: a bare field's text as it is, %s" "NA 0.5 NA" "$(head -n 1 "$t/r" | $s fmt '{$4} {$2 / 4:%s} {$4:%s}')"
same "fmt: width, precision, %e, %d truncating toward zero" "  2.0|2.00e+00|-1|1" \
  "$(head -n 1 "$t/r" | $s fmt '{$2:%5.1f}|{$2:%.2e}|{-$2 / 4 * 3:%d}|{$2 * 0.99:%d}')"
same "fmt: comparisons, ! and &&, unary minus" "0 0 -1
1 1 -2" "$($s fmt '{$2 > 2 && $3 == 0} {!$3} {-$2 + 1}' "$t/r")"
same "fmt --where" "a" "$($s fmt --where '$3 > 0' '{$1}' "$t/r")"
same "fmt --where drops a row where it is missing" "b" "$($s fmt --where '$4 > 0' '{$1}' "$t/r")"
same "fmt --missing, a field beyond the row" "n/a n/a" "$(head -n 1 "$t/r" | $s fmt --missing n/a '{$4:%d} {$9}')"
same "fmt: an empty line is a row with no fields" "n/a" "$($s fmt --missing n/a '{($1 - 1) * 100:%+.1f %%}' <<< "")"
same "fmt: {{ and }} are braces" "{a} 50%" "$(head -n 1 "$t/r" | $s fmt '{{{$1}}} {$2 / $3 * 100}%')"
bad "fmt: an incomplete expression" "expression '\$1 +'" $s fmt '{$1 +}' "$t/r"
bad "fmt: a conversion without its expression" "2 expression(s), 1 conversion(s)" $s fmt '{$1, $2:%d}' "$t/r"
bad "fmt: an unknown conversion" "'%q' is not a conversion" $s fmt '{$1:%q}' "$t/r"
bad "fmt: an unclosed brace" "without its '}'" $s fmt '| {$1 |' "$t/r"
bad "fmt: sum is agg's" "agg's, not fmt's" $s fmt '{sum($1)}' "$t/r"

# ---- agg
printf 'k1 1 2 10\nk2 0 0 20\nk3 3 NA 30\n' > "$t/a"
same "agg: n, sum, mean; a missing value makes its sum missing" "3 60 20.0 -" \
  "$($s agg '{n} {sum($4)} {mean($4):%.1f} {sum($2 + $3)}' "$t/a")"
same "agg: a ratio of sums" "15.00" "$($s agg '{sum($4) / sum($2):%.2f}' "$t/a")"
same "agg --where (a row where it is missing is left out)" "1 10.00" "$($s agg --where '$2 + $3 > 0' '{n} {sum($4) / n:%.2f}' "$t/a")"
same "agg over no row: n is 0, sum and mean are missing" "0 - -" "$($s agg --where '$2 > 5' '{n} {sum($4)} {mean($4)}' "$t/a")"
same "agg: one placeholder, one --missing text" "NA NA" "$($s agg --missing 'NA NA' '{sum($2), sum($3):%.0f %.0f}' "$t/a")"
bad "agg: a field outside sum or mean" "a field outside sum() or mean()" $s agg '{$1}' "$t/a"
bad "agg: nested sums" "do not nest" $s agg '{sum(sum($1))}' "$t/a"

# ---- summary: 2, 0.5, 1 and 4 count (NA, - and 0 do not): mean 7.5 / 4, geomean
# 4^(1/4) = sqrt(2), median (1 + 2) / 2
printf 'k1 2\nk2 NA\nk3 0.5\n\nk4 -\nk5 1\nk6 0\nk7 4\n' > "$t/kv"
same "summary" "n=4 mean=1.875000 geomean=1.414214 min=0.500000 min_key=k3 max=4.000000 max_key=k7 median=1.500000" \
  "$($s summary "$t/kv")"
same "summary on stdin, odd count" "n=3 mean=2.000000 geomean=1.817121 min=1.000000 min_key=b max=3.000000 max_key=c median=2.000000" \
  "$(printf 'a 2\nb 1\nc 3\n' | $s summary)"
same "summary of nothing" "n=0 mean=NA geomean=NA min=NA min_key=- max=NA max_key=- median=NA" "$($s summary < /dev/null)"
printf 'k1 2\nk2 abc\n' > "$t/badkv"
bad "summary: a value that is not a number" "badkv:2: 'abc' is not a number" $s summary "$t/badkv"
bad "summary: a line of three fields" "stdin:1: expected 'KEY VALUE', got 3 field(s)" $s summary - <<< "k1 2 3"

# ---- tol: losses 0, 0.005, 0.03, 0.1 at 1..4x; 1 %: 2 + (0.01 - 0.005) / 0.025 = 2.2;
# 5 %: 3 + (0.05 - 0.03) / 0.07 = 3.29; 20 %: never exceeded
printf '1 1.000000\n2 0.995000\n3 0.970000\n4 0.900000\n' > "$t/loss"
same "tol" "2.2x 3.3x >4x" "$($s tol "$t/loss" 0.01 0.05 0.2)"
same "tol on stdin, exceeded at the second point" "1.5x" "$(printf '1 1\n2 0.8\n' | $s tol - 0.1)"
printf '1 1.0\n2 x\n' > "$t/badloss"
bad "tol: a ratio that is not a number" "badloss:2: expected 'X RATIO' (two numbers), got '2 x'" $s tol "$t/badloss" 0.01
bad "tol: a threshold that is not a number" "threshold 'five' is not a number" $s tol "$t/loss" five
bad "tol: no points" "no points" $s tol /dev/null 0.01

# ---- compare: ratios 2 (a) and 0.5 (b); its line as before the statistics were shared
printf 'kernel,ipc\na,1\nb,2\n' > "$t/b.csv"; printf 'kernel,ipc\na,2\nb,1\n' > "$t/o.csv"
same "compare" "n=2 mean=1.250000 geomean=1.000000 min=0.500000 min_key=b max=2.000000 max_key=a median=1.250000" \
  "$($s compare "$t/b.csv" "$t/o.csv" ipc)"

echo "stats-rows: $n checks of cols, fmt, agg, summary, tol and compare as computed by hand"

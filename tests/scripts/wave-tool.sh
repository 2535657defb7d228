#!/usr/bin/env bash
# wave-tool.sh: gpurf-wave (tools/wave/, what scripts/wave-sm reads out of a
# trace) on the hand-written tests/wave/small.vcd, against results worked out
# by hand: its variables by save-file name (parameters left out, a [0:0]
# range dropped, a scope's path from nested $scope lines); the first time a
# signal is not zero and, with --edge, the first cycle (32 time units) whose
# clock edge sees it so: a value set in the edge's own timestamp is not seen
# (ev rises at 33 with the edge of cycle 1; cycle 3's edge at 97 sees it),
# the scope matched by its path's end but only at a dot, an edge in the last
# timestamp counted (one: 160), never -> nothing; the per-cycle trace
# (tests/wave/small.cycles.vcd: one sample per cycle with a rising clock,
# the values before the edge, only changes, cycle 2 without an edge left
# out, cycle 3's second edge ignored, the clock's own pulse, an unknown name
# ignored, another name of a kept id not listed).  Bad input (a line that
# is no VCD, a malformed time, $var or vector value, an $upscope too many,
# no $enddefinitions, a signal or clock the trace lacks, a wrong option):
# exit 2, one message naming the input and its line, nothing written.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
w=build/bin/gpurf-wave vcd=tests/wave/small.vcd
fail() { echo "FAIL: $*"; exit 1; }
n=0
# same NAME EXPECTED ACTUAL
same() { n=$((n + 1)); [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# bad NAME PATTERN COMMAND...: exit 2, one line on stderr matching PATTERN, no stdout
bad() {
  local name=$1 pat=$2 rc; shift 2
  "$@" > "$t/out" 2> "$t/err"; rc=$?
  n=$((n + 1))
  [ $rc = 2 ] || fail "$name: exit $rc, not 2 ($(cat "$t/err"))"
  [ -s "$t/out" ] && fail "$name: wrote to stdout: $(head -3 "$t/out")"
  [ "$(wc -l < "$t/err")" = 1 ] && grep -q -- "$pat" "$t/err" || fail "$name: stderr '$(cat "$t/err")', wanted '$pat'"
}

same vars "TOP.top_clk_i
TOP.top.clk_i
TOP.top.cnt[3:0]
TOP.top.ev
TOP.top.one
TOP.top.idle[1:0]
TOP.top.u.cnt_q[3:0]" "$($w vars $vcd)"
same "vars from stdin" "$($w vars $vcd)" "$($w vars < $vcd)"
same "first ev" 33 "$($w first top ev $vcd)"
same "first --edge ev" 96 "$($w first --edge top ev $vcd)"
same "first cnt" 1 "$($w first top cnt < $vcd)"
same "first --edge cnt" 32 "$($w first --edge top cnt $vcd)"
same "first by the whole path" 33 "$($w first TOP.top ev $vcd)"
same "first in a nested scope" 1 "$($w first u cnt_q $vcd)"
same "first one (last timestamp)" 130 "$($w first top one $vcd)"
same "first --edge one (an edge in the last timestamp)" 160 "$($w first --edge top one $vcd)"
same "first --edge --period 64 ev" 64 "$($w first --edge --period 64 top ev $vcd)"
same "first never (b00, then b0x)" "rc=0" "$($w first top idle $vcd; echo "rc=$?")"
same "first --edge never" "rc=0" "$($w first --edge top idle $vcd; echo "rc=$?")"

printf 'TOP.top.cnt[3:0]\nTOP.top.ev\n\nTOP.nosuch\n' > "$t/names"
$w cycles -o "$t/cyc.vcd" TOP.top.clk_i "$t/names" $vcd || fail "cycles: exit $?"
diff tests/wave/small.cycles.vcd "$t/cyc.vcd" > "$t/diff" || fail "cycles: $(head -20 "$t/diff")"
n=$((n + 1))
same "cycles on stdout" "$(cat tests/wave/small.cycles.vcd)" "$($w cycles TOP.top.clk_i "$t/names" < $vcd)"
# The same at --period 64: edges at 1 and 33 in cycle 0 (the first, at 1, sampled), 97 and 99
# in cycle 1 (97), 129 and 161 in cycle 2 (129, before bx1 at 129 lands).
same "cycles --period 64" "#0 1! b0000 \" 0# #32 0! #64 1! b0011 \" 1# #96 0! #128 1! b0111 \" 0# #160 0!" \
  "$($w cycles --period 64 TOP.top.clk_i "$t/names" $vcd | sed '1,/enddefinitions/d' | tr '\n' ' ' | sed 's/ $//')"

# Bad input: exit 2, one message naming the input, its line and the line.
mk() { sed "$1" $vcd > "$t/$2.vcd"; }
mk 's/^b0111 "$/q!/' garbage
bad "not a VCD line" "$t/garbage.vcd:.*: not a time, a value change or a command: 'q!'" $w first top idle "$t/garbage.vcd"
line=$(grep -n "^q!" "$t/garbage.vcd" | cut -d: -f1)
bad "the line's number" "garbage.vcd:$line:" $w first --edge top one "$t/garbage.vcd"
bad "--name names the input" "^gpurf-wave: trace.fst:$line: " $w first --edge --name trace.fst top one "$t/garbage.vcd"
bad "cycles -o: bad line, nothing left" "garbage.vcd:$line:" $w cycles -o "$t/bad.vcd" TOP.top.clk_i "$t/names" "$t/garbage.vcd"
[ -e "$t/bad.vcd" ] && fail "cycles -o left $t/bad.vcd on bad input"
mk 's/^#64$/#6x4/' time
bad "a time not a number" "time.vcd:.*: a time that is not a number: '#6x4'" $w first top one "$t/time.vcd"
mk 's/^b0011 "$/b0021 "/' digits
bad "a vector's digits" "digits.vcd:.*: a vector value of other digits than 0 1 x z: 'b0021 \"'" $w first top one "$t/digits.vcd"
mk 's/^b0011 "$/b0011/' noid
bad "a vector without an id" "noid.vcd:.*: a vector change needs VALUE ID" $w first top one "$t/noid.vcd"
mk 's/^\$var wire 1 # ev \$end$/$var wire 1 #/' var
bad "a short \$var" "var.vcd:10: a \$var needs TYPE WIDTH ID NAME" $w vars "$t/var.vcd"
mk 's/^\$var wire 4 " cnt \[3:0\] \$end$/$var wire four " cnt [3:0] $end/' width
bad "a \$var's width" "width.vcd:9: a \$var's width is not a number" $w vars "$t/width.vcd"
mk '/^\$enddefinitions/i $upscope $end' upscope
bad "\$upscope too many" "upscope.vcd:19: \$upscope without an open \$scope" $w vars "$t/upscope.vcd"
sed '/^\$enddefinitions/,$d' $vcd > "$t/nodefs.vcd"
bad "no \$enddefinitions (vars writes nothing)" "nodefs.vcd:18: no \$enddefinitions" $w vars "$t/nodefs.vcd"
bad "a signal the scope lacks" "no variable nosuch in a scope top" $w first top nosuch $vcd
bad "a scope matched only at a dot" "no variable ev in a scope op" $w first op ev $vcd
bad "--edge in a scope without clk_i" "no clk_i in a scope u" $w first --edge u cnt_q $vcd
bad "cycles: a clock the trace lacks" "no variable TOP.top.clk (the clock)" $w cycles TOP.top.clk "$t/names" $vcd
bad "cycles: no NAMES file" "cannot open $t/none" $w cycles TOP.top.clk_i "$t/none" $vcd
bad "no such VCD" "cannot open $t/none.vcd" $w vars "$t/none.vcd"
bad "an unknown option" "unknown option '--frob'" $w vars --frob $vcd
bad "--period 1" "--period '1'" $w first --period 1 top ev $vcd
bad "too few arguments" "first takes two arguments" $w first top
bad "an unknown command" "unknown command 'list'" $w list $vcd
echo "ok: $n checks of gpurf-wave on tests/wave/small.vcd"

#!/usr/bin/env bash
# check-locks.sh: every test of the lists holds the locks of the build
# directories its scripts use (scripts/check-locks), and the check fails on
# scratch copies of the lists with a declaration removed: a script's own
# directory (tests/sm/sim-check.sh writes build/sim-check/, which its
# command line does not show), one reached through another script
# (run-tests-locks.sh -> scripts/regress), and a declared word that is not
# a word; a word in a script's comments only is not required, and
# --tighten drops a declared word no script's code names.
# --fix on a broken copy gives back the checked-in list.
set -u
cd "$(dirname "$0")/../.." || exit 2
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

scripts/check-locks || fail "the checked-in lists do not hold their scripts' locks"

# expect_fail LIST WORD SCRIPT TEST: the check fails on LIST, naming TEST
# and WORD as named by SCRIPT
expect_fail() {
  local rc=0
  scripts/check-locks "$1" > "$t/out" 2>&1 || rc=$?
  cat "$t/out"
  [ $rc = 1 ] || fail "check-locks exited $rc on $1 (a test lacks $2), not 1"
  grep -qF ": $4: its scripts name locks it does not hold:" "$t/out" || fail "no complaint about $4"
  grep -qF " $2($3)" "$t/out" || fail "the complaint about $4 does not name $2 from $3"
}

# 1. sm/sim-check: its script's build/sim-check, declared only on the line
grep -q '^sm/sim-check  *| tests/sm/sim-check.sh configs/baseline_gtx980.ini  # locks: sim-check$' tests/lists/sm.list ||
  fail "tests/lists/sm.list's sm/sim-check line is not the one this test breaks"
sed 's@^\(sm/sim-check  *| tests/sm/sim-check.sh configs/baseline_gtx980.ini\)  # locks: sim-check$@\1@' \
  tests/lists/sm.list > "$t/sm.list" || fail "sed"
# broken: one line changed, none lost
[ "$(diff tests/lists/sm.list "$t/sm.list" | grep -c '^[<>]')" = 2 ] || fail "the sm.list copy is not one line broken"
expect_fail "$t/sm.list" sim-check tests/sm/sim-check.sh sm/sim-check
# the runner, reading only the line, now gives it fewer locks
scripts/run-tests --locks "$t/sm.list" | grep -q '^sm/sim-check  *baseline_gtx980 $' ||
  fail "run-tests --locks on the broken copy: sm/sim-check should hold only baseline_gtx980"
scripts/run-tests --locks tests/lists/sm.list | grep -q '^sm/sim-check  *baseline_gtx980 sim-check $' ||
  fail "run-tests --locks: sm/sim-check should hold baseline_gtx980 sim-check"

# 2. a lock reached through a second script: run-tests-locks.sh runs
# scripts/regress, which writes build/regress.list
line=$(grep '^cli/run-tests-locks ' tests/lists/core.list)
[[ $line == *'# locks: '*' regress.list '* ]] || fail "core.list's cli/run-tests-locks line changed: $line"
sed '/^cli\/run-tests-locks /s/ regress\.list / /' tests/lists/core.list > "$t/core.list" || fail "sed"
[ "$(diff tests/lists/core.list "$t/core.list" | grep -c '^[<>]')" = 2 ] || fail "the core.list copy is not one line broken"
expect_fail "$t/core.list" regress.list scripts/regress cli/run-tests-locks

# 2b. a word only in a script's comment lines locks nothing (scripts/tb-build's
# comments name rfc_stress; cosim/tiny_baseline/seeds declares nothing)
grep -q '^#.*rfc_stress' scripts/tb-build || fail "scripts/tb-build's comments no longer name rfc_stress: pick another word"
grep -v '^[[:space:]]*#' scripts/tb-build | grep -qw rfc_stress && fail "scripts/tb-build's code names rfc_stress: pick another word"
grep -q '^cosim/tiny_baseline/seeds  *| tests/scripts/cosim.sh configs/tiny_baseline.ini rf_banked 50000 "1 2 3 4"$' tests/lists/core.list ||
  fail "core.list's cosim/tiny_baseline/seeds line changed"
grep '^cosim/tiny_baseline/seeds ' tests/lists/core.list > "$t/seeds.list"
scripts/check-locks "$t/seeds.list" > "$t/out" 2>&1 || { cat "$t/out"; fail "a word in comments only was required"; }
# --tighten drops a declared word no script's code names
sed 's/$/  # locks: rfc_stress/' "$t/seeds.list" > "$t/seeds-over.list"
scripts/check-locks --tighten "$t/seeds-over.list" > /dev/null || fail "--tighten failed"
cmp -s "$t/seeds.list" "$t/seeds-over.list" || fail "--tighten kept a lock no script's code names: $(cat "$t/seeds-over.list")"

# 3. --fix declares what is missing, giving back the checked-in lists
scripts/check-locks --fix "$t/sm.list" "$t/core.list" || fail "--fix failed"
cmp tests/lists/sm.list "$t/sm.list" || fail "--fix did not give back tests/lists/sm.list"
cmp tests/lists/core.list "$t/core.list" || fail "--fix did not give back tests/lists/core.list"

# 4. a declaration that is not a word, on a test that needs no lock
echo 'x/bad-word | true  # locks: a/b' > "$t/bad.list"
rc=0; scripts/check-locks "$t/bad.list" > "$t/out" 2>&1 || rc=$?
cat "$t/out"
[ $rc = 1 ] && grep -qF "declared lock 'a/b' is not a word" "$t/out" || fail "a declared 'a/b' was accepted"

# 5. a command that shows its configuration needs no declaration for it
echo 'x/shown | tests/scripts/cosim.sh configs/tiny_baseline.ini rf_banked 10 1' > "$t/ok.list"
scripts/check-locks "$t/ok.list" || fail "a line showing its configuration was refused"
echo "PASS: check-locks holds on the lists and fails on each broken copy"

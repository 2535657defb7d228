#!/usr/bin/env bash
# run-tests-locks.sh: the test runner keeps tests that share a build
# directory apart and runs the others side by side (scripts/run-tests -j 2).
# Two tests writing the same build/rt-self-lock/ file must each read back
# their own word, which fails if they overlap; two tests without a shared
# lock must overlap: each waits for the other's start marker, which a
# serial run never gives the first one.  --locks must name the directory.
# Two tests sharing a directory their command lines do not show are kept
# apart by a declared `# locks:` word alone: without it they overlap.
set -u
cd "$(dirname "$0")/../.." || exit 2
t=$(mktemp -d); trap 'rm -rf "$t" build/rt-self-lock' EXIT
same='mkdir -p build/rt-self-lock && echo W > build/rt-self-lock/word && sleep 2 && test "$(cat build/rt-self-lock/word)" = W'
meet='touch T/me; for i in $(seq 300); do [ -e T/other ] && exit 0; sleep 0.1; done; echo never met; exit 1'
meet=${meet//T/$t}
hidden='mkdir -p T/hid && echo W > T/hid/word && sleep 2 && test "$(cat T/hid/word)" = W'
hidden=${hidden//T/$t}
{
  a=${meet//me/a.start}; echo "rt-self/meet-a | ${a//other/b.start}"
  b=${meet//me/b.start}; echo "rt-self/meet-b | ${b//other/a.start}"
  echo "rt-self/same-1 | ${same//W/one}"
  echo "rt-self/same-2 | ${same//W/two}"
  echo "rt-self/hidden-1 | ${hidden//W/one}  # locks: rt-hidden"
  echo "rt-self/hidden-2 | ${hidden//W/two}  # locks: rt-hidden"
} > "$t/self.list"
scripts/run-tests --locks "$t/self.list" > "$t/locks" || exit 1
cat "$t/locks"
grep -q '^rt-self/same-1  *rt-self-lock $' "$t/locks" || { echo "FAIL: same-1 does not lock build/rt-self-lock"; exit 1; }
grep -q '^rt-self/meet-a  *$' "$t/locks" || { echo "FAIL: meet-a has locks"; exit 1; }
grep -q '^rt-self/hidden-1  *rt-hidden $' "$t/locks" || { echo "FAIL: hidden-1 does not hold its declared lock"; exit 1; }
scripts/run-tests -j 2 "$t/self.list" | tee "$t/out"
tail -n 1 "$t/out" | grep -qx '6 passed, 0 failed, 0 skipped' || { echo "FAIL: the runner overlapped locked tests or serialized free ones"; exit 1; }
# the same two without their declaration: nothing keeps them apart
grep '^rt-self/hidden' "$t/self.list" | sed 's/  # locks: rt-hidden$//' > "$t/undeclared.list"
scripts/run-tests -j 2 "$t/undeclared.list" | tee "$t/out2"
tail -n 1 "$t/out2" | grep -qx '1 passed, 1 failed, 0 skipped' || { echo "FAIL: without the declaration the two hidden tests did not overlap"; exit 1; }

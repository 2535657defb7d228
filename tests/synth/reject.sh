#!/bin/sh
# reject.sh KIND: synth/run-synth must refuse fixtures/KIND (exit 1, one clear
# message): "latch" infers a latch, "empty" synthesizes to no logic at all.
set -eu
. tests/synth/common.sh
kind=$1
out=build/test-synth/reject-$kind
rm -rf "$out"
set +e
synth/run-synth "${kind}_fixture" "tests/synth/fixtures/$kind" "$out" "$LIBERTY" 2>"$out.err"
rc=$?
set -e
cat "$out.err"
[ $rc -eq 1 ] || fail "run-synth exited $rc on the $kind fixture, want 1"
case $kind in
  latch)
    grep -q "latch_fixture: latch inferred" "$out.err" || fail "no 'latch inferred' message"
    grep -q "latch_fixture/q" "$out.err" || fail "the message does not name the latched signal q" ;;
  empty)
    grep -q "empty_fixture: synthesized to zero logic cells" "$out.err" || fail "no 'zero logic cells' message" ;;
  *) fail "unknown fixture kind $kind" ;;
esac
[ ! -e "$out/liberty.json" ] || fail "a rejected design still has a liberty report"
echo "ok: $kind fixture rejected"

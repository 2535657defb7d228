# common.sh: sourced by the tests in tests/synth/: skip (exit 77) without
# Yosys or the liberty, and the helpers they share.
LIBERTY=${LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
command -v yosys >/dev/null || { echo "skip: yosys not installed"; exit 77; }
[ -r "$LIBERTY" ] || { echo "skip: no liberty $LIBERTY (qflow-tech-osu018)"; exit 77; }

fail() { echo "FAIL: $*" >&2; exit 1; }
# Every test runs Yosys (synth-all's module cache, build/synth-cache/, is
# off; nested.sh turns it on to test it).
export SYNTH_CACHE=off

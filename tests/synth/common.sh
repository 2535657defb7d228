# common.sh: sourced by the tests in tests/synth/: skip (exit 77) without
# Yosys or the liberty, and the helpers they share.
LIBERTY=${LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
command -v yosys >/dev/null || { echo "skip: yosys not installed"; exit 77; }
[ -r "$LIBERTY" ] || { echo "skip: no liberty $LIBERTY (qflow-tech-osu018)"; exit 77; }

fail() { echo "FAIL: $*" >&2; exit 1; }

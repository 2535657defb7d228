#!/usr/bin/env bash
# energy.sh: the register-file energy report against energies computed by
# hand from the run's access counts (docs/energy.md):
#   baseline_gtx980: 16 KB banks, 4 KB reference, sqrt scaling -> x2;
#   a warp register is 1024 bits = 8 accesses of 128 bits;
#   read  8 pJ x 8 x 2 = 128 pJ, write 11 pJ x 8 x 2 = 176 pJ;
#   wire  1.9 pJ/mm per 32 bits x 32 words x 1 mm = 60.8 pJ per access.
# Then no scaling and 0.5 mm: read 64, write 88, wire 30.4 pJ; and linear
# scaling on 4 banks (64 KB banks, x16): read 1024, write 1408 pJ.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
s=build/bin/gpurf-stats
fj() { local v; v=$($s get "$1" "$2" | tr -d .); echo $(( 10#$v )); }	# pJ with 3 decimals -> fJ
check() {	# name, read fJ, write fJ, wire fJ, then --set arguments
  local name=$1 rd=$2 wr=$3 wire=$4; shift 4
  build/bin/gpurf-sim --config configs/baseline_gtx980.ini --kernel kernels/reduction --out "$t/$name.json" --quiet "$@" ||
    fail "$name: run"
  local r w want got
  r=$($s get "$t/$name.json" register_file.reads); w=$($s get "$t/$name.json" register_file.writes)
  [ "$($s get "$t/$name.json" energy.mrf_read.count)" = "$r" ] || fail "$name: read count"
  [ "$($s get "$t/$name.json" energy.mrf_write.count)" = "$w" ] || fail "$name: write count"
  want=$(( r * rd + w * wr + (r + w) * wire ))	# fJ
  got=$(fj "$t/$name.json" energy.total_pj)
  [ "$got" = "$want" ] || fail "$name: total $got fJ, by hand $want fJ ($r reads, $w writes)"
  [ "$(fj "$t/$name.json" energy.mrf_read.pj_per_access)" = "$rd" ] || fail "$name: read energy"
  [ "$(fj "$t/$name.json" energy.wire_pj)" = "$(( (r + w) * wire ))" ] || fail "$name: wire"
  # schemes' terms count nothing on the baseline
  [ "$($s get "$t/$name.json" energy.rfc_read.count)$($s get "$t/$name.json" energy.rename.pj)" = "00.000" ] ||
    fail "$name: scheme terms not zero"
  echo "$name: $r reads, $w writes, $want fJ"
}
check sqrt 128000 176000 60800
check none 64000 88000 30400 --set energy.bank_scaling=none --set energy.mrf_wire_um=500
check linear 1024000 1408000 60800 --set energy.bank_scaling=linear --set rf.banks=4
check keys 3000 5000 0 --set energy.bank_scaling=none --set energy.mrf_read_fj=375 --set energy.mrf_write_fj=625 --set energy.mrf_wire_um=0
grep -q "register-file energy" <(build/bin/gpurf-sim --config configs/baseline_gtx980.ini --kernel kernels/reduction --out "$t/x.json") ||
  fail "summary line"
echo "energy: ok"

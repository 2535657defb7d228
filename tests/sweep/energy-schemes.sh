#!/usr/bin/env bash
# energy-schemes.sh: each modelled scheme's structures are costed from its own
# counters (cmodel/sm/sm_energy.c scheme_terms[], docs/energy.md): rfc's
# rfc_read / rfc_write counts are rfc.rfc_reads / rfc.rfc_writes; finereg's
# pcrf_write / pcrf_read are registers_evicted / registers_restored and
# pcrf_chain their sum; the baseline and sharing cost no such structure; the
# total is the sum of the terms.
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
s=build/bin/gpurf-stats
get() { $s get "$1" "$2" || fail "$1: no $2"; }
run() { build/bin/gpurf-sim --config "configs/$1.ini" --kernel "kernels/$2" --out "$t/$1.json" --quiet || fail "$1 $2: run"; }
eq() { [ "$2" = "$3" ] || fail "$1: $2, expected $3"; }

run rfc_gebhart reduction
j=$t/rfc_gebhart.json
[ "$(get "$j" rfc.rfc_reads)" -gt 0 ] || fail "rfc: no RFC reads on reduction"
eq "rfc rfc_read count" "$(get "$j" energy.rfc_read.count)" "$(get "$j" rfc.rfc_reads)"
eq "rfc rfc_write count" "$(get "$j" energy.rfc_write.count)" "$(get "$j" rfc.rfc_writes)"
eq "rfc mrf_read count" "$(get "$j" energy.mrf_read.count)" "$(get "$j" register_file.reads)"
eq "rfc pcrf_read count" "$(get "$j" energy.pcrf_read.count)" 0

run finereg_gtx980 hotspot
j=$t/finereg_gtx980.json
ev=$(get "$j" finereg.registers_evicted); rs=$(get "$j" finereg.registers_restored)
[ "$ev" -gt 0 ] || fail "finereg: hotspot evicts nothing (a kernel that evicts under today's defaults)"
eq "finereg pcrf_write count" "$(get "$j" energy.pcrf_write.count)" "$ev"
eq "finereg pcrf_read count" "$(get "$j" energy.pcrf_read.count)" "$rs"
eq "finereg pcrf_chain count" "$(get "$j" energy.pcrf_chain.count)" $((ev + rs))
eq "finereg rfc_read count" "$(get "$j" energy.rfc_read.count)" 0

for c in baseline_gtx980 sharing_c2050; do
  run $c srad
  for term in rfc_read rfc_write rename ltrf_cache_read ltrf_cache_write pcrf_read pcrf_write pcrf_chain; do
    eq "$c $term count" "$(get "$t/$c.json" energy.$term.count)" 0
  done
done

# the total is the sum of the terms (exact: every term is whole fJ)
for c in rfc_gebhart finereg_gtx980; do
  $s flat "$t/$c.json" | awk -F= -v c=$c '
    /^energy\.[a-z_]+\.pj=/ { gsub(/\./, "", $2); sum += $2 }
    /^energy\.total_pj=/ { gsub(/\./, "", $2); tot = $2 }
    END { if (sum != tot + 0) { printf "FAIL: %s: terms sum to %.0f fJ, total %s\n", c, sum, tot; exit 1 } }' || exit 1
done
echo "energy per scheme: rfc and finereg terms from their counters"

#!/usr/bin/env bash
# trace-schemes.sh: every trace of ../shared/realdata under every scheme
# (issue 24), on tiny configurations sized for whole real CTAs: the shipped
# configs/tiny_<scheme>.ini with 32 lanes, 32 warp contexts, 1024 threads,
# 2 CTAs and a register file of 32 registers per warp context (the real
# kernels have up to 1,024 threads per CTA and 166 registers per thread).
#
# Each run either finishes with the trace's warp instructions (README.md
# counts) and cycles > 0, or exits 2 with one message naming the
# configuration and what is allowed; any other outcome (a crash, exit 1, a
# partial output file, a message without "allowed"/"needs") fails.
# Prints the cycles table that docs/sm.md "Trace input" quotes.
set -u
cd "$(dirname "$0")/../.."
R=../shared/realdata
[ -f $R/README.md ] || { echo "no real traces at $R: skipped"; exit 77; }
out=build/sm-trace-schemes; rm -rf $out; mkdir -p $out
fail=0
# trace directory and its warp instructions (all kernels)
traces="02_accelsim_v4_matrixmul_sm61:4416 03_accelsim_v4_vectoradd_sm61:344
04_accelsim_v5_backprop_mlp_sm90:79040 05_accelsim_v5_btree_findkey_sm90:43664
06_accelsim_v1.2_vecadd_f64_sm75:46941 07_accelsim_legacy_lud_perimeter_sm70:1027
08_accelsim_v5_ffma_chain_sm90/iters10:1328 09_accelsim_v5_ffma_4096x16_sm90:102400"
# 32 lanes x 4 bytes x 32 warps x 32 registers = 128 KB
big="--set sm.lanes=32 --set sm.warps=32 --set sm.threads=1024 --set sm.ctas=2 --set rf.size_bytes=131072"
printf '%-40s' trace; for s in baseline finereg rfc sharing regvirt ltrf ltrf_plus; do printf ' %9s' $s; done; echo
for tw in $traces; do
  t=${tw%%:*}; n=${tw##*:}
  printf '%-40s' "$t"
  for s in baseline finereg rfc sharing regvirt ltrf ltrf_plus; do
    extra=""
    case $s in
      finereg) extra="--set finereg.warps_per_cta=32 --set finereg.max_regs=64 --set finereg.resident_ctas=4 --set finereg.pc_bits=20 --set finereg.pcrf_entries=2048" ;;
      regvirt) extra="--set regvirt.rt_bytes=0 --set regvirt.arch_regs=255" ;;
      sharing) extra="--set sharing.max_regs_per_thread=255 --set sharing.smem_bytes=48K" ;;
    esac
    o=$out/$s-${t%%/*}.json
    build/bin/gpurf-sim --config configs/tiny_$s.ini $big $extra --trace $R/$t --out $o --quiet 2> $out/err
    rc=$?
    if [ $rc -eq 0 ]; then
      if grep -q "\"warp_instructions\": $n," $o; then
        printf ' %9s' "$(sed -n 's/^  "cycles": \([0-9]*\),$/\1/p' $o | head -n 1)"
      else
        printf ' %9s' WRONG; echo; echo "FAIL: $s $t: not $n warp instructions" >&2; fail=1
      fi
    elif [ $rc -eq 2 ] && [ ! -e $o ] && [ "$(wc -l < $out/err)" -eq 1 ] && grep -q 'allowed\|needs a PTX kernel' $out/err; then
      printf ' %9s' refused; echo "$s $t: $(cat $out/err)" >> $out/refused
    else
      printf ' %9s' FAIL; echo; echo "FAIL: $s $t: exit $rc: $(head -c 300 $out/err)" >&2; fail=1
    fi
  done
  echo
done
[ -f $out/refused ] && { echo "refused:"; cut -c1-240 $out/refused; }
# the shipped sharing_c2050 on matrixmul: 32 warps x 30 registers x 32 lanes
# = 30720 > 48 warps x 16 x 32 = 24576 thread registers; the message names
# the key and value that let it run (16 banks: 20 -> 32 registers per warp)
build/bin/gpurf-sim --config configs/sharing_c2050.ini --trace $R/02_accelsim_v4_matrixmul_sm61 \
  --out $out/sh.json --quiet 2> $out/err
rc=$?
if [ $rc -eq 2 ] && grep -qF "30720 thread registers does not fit the SM's 24576" $out/err &&
   grep -qF "allowed: [rf] size_bytes >= 196608" $out/err; then echo "ok: sharing_c2050 names [rf] size_bytes"
else echo "FAIL: sharing_c2050 on matrixmul: exit $rc: $(cat $out/err)"; fail=1; fi
build/bin/gpurf-sim --config configs/sharing_c2050.ini --set rf.size_bytes=196608 \
  --trace $R/02_accelsim_v4_matrixmul_sm61 --out $out/sh.json --quiet ||
  { echo "FAIL: sharing_c2050 with the size_bytes its message names"; fail=1; }
exit $fail

#!/usr/bin/env bash
# asan.sh: the trace test (with its fuzzing) and two kernels again, built
# with AddressSanitizer and UndefinedBehaviorSanitizer, so that silent
# memory errors of the reader and the model also fail.  Skips (77) when the
# compiler cannot build sanitized programs.
set -u
cd "$(dirname "$0")/../.." || exit 2
out=build/asan-sm
mkdir -p "$out"
srcs="$(ls common/*.c cmodel/*.c cmodel/sm/*.c kernels/common/kref.c kernels/*/ref.c) $(ls compiler/*.c | grep -v kc_main.c)"
flags="-std=c11 -D_XOPEN_SOURCE=700 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
       -Icommon -Icmodel -Icmodel/sm -Icompiler -Ikernels/common -Itests/unit"
libs="-linih -llzma -lz -lm"
# The sources are compiled once and linked into the four programs (a quarter
# of the sanitized compiling that building each program from source costs).
rm -rf "$out/obj"; mkdir -p "$out/obj"
: > "$out/build.log"
objs=()
for s in $srcs; do
  o=$out/obj/$(printf '%s' "$s" | tr / _).o
  ${CC:-cc} $flags -c "$s" -o "$o" 2>>"$out/build.log" || { echo "sanitizers unavailable"; exit 77; }
  objs+=("$o")
done
if ! ${CC:-cc} $flags "${objs[@]}" tests/sm/test_sm_trace.c -o "$out/test_sm_trace" $libs 2>>"$out/build.log" ||
   ! ${CC:-cc} $flags "${objs[@]}" tests/sm/test_sm_trace_formats.c -o "$out/test_sm_trace_formats" $libs 2>>"$out/build.log" ||
   ! ${CC:-cc} $flags "${objs[@]}" sim/gpurf_sim.c -o "$out/gpurf-sim" $libs 2>>"$out/build.log"; then
  echo "sanitizers unavailable"; exit 77
fi
# 77: the real traces (../shared/realdata) are not beside the clone
for t in test_sm_trace test_sm_trace_formats; do
  "$out/$t" > "$out/$t.log"
  rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 77 ] || { tail -n 20 "$out/$t.log"; exit 1; }
done
for k in reduction montecarlo; do
  "$out/gpurf-sim" --config configs/baseline_gtx980.ini --kernel kernels/$k --out "$out/$k.json" --quiet || exit 1
done
# FineReg's switching paths (RMU, PCRF, deferred writes)
"$out/gpurf-sim" --config tests/sm/configs/finereg_stress.ini --kernel kernels/sgemm --out "$out/fr.json" --quiet || exit 1
for c in configs/rfc_gebhart.ini tests/sm/configs/rfc_stress.ini configs/sharing_c2050.ini; do
  "$out/gpurf-sim" --config $c --kernel kernels/montecarlo --out "$out/rfc.json" --quiet || exit 1
done
# the register-file schemes' subsystems (sm_rfsys_*.c), one kernel each
for c in regvirt_shrink_sm ltrf_plus_sm; do
  "$out/gpurf-sim" --config tests/sm/configs/$c.ini --kernel kernels/bfs --out "$out/$c-bfs.json" --quiet || exit 1
done
# the detailed memory system: L1 MSHRs, L2 slices, DRAM channels (a trace too:
# reservation fails and bypassed loads), LTRF's reaction to its misses, and its
# unit test
for k in kmeans bfs transpose; do
  "$out/gpurf-sim" --config configs/gtx1080_detailed.ini --kernel kernels/$k --out "$out/det-$k.json" --quiet || exit 1
done
"$out/gpurf-sim" --config tests/sm/configs/ltrf_sm.ini --set mem.model=detailed --set mem.l1_mshrs=2 \
  --kernel kernels/bfs --out "$out/det-ltrf.json" --quiet || exit 1
if [ -d ../shared/realdata/02_accelsim_v4_matrixmul_sm61 ]; then
  "$out/gpurf-sim" --config configs/gtx1080_detailed.ini --trace ../shared/realdata/02_accelsim_v4_matrixmul_sm61 \
    --out "$out/det-trace.json" --quiet || exit 1
fi
${CC:-cc} $flags "${objs[@]}" tests/sm/test_sm_mem.c -o "$out/test_sm_mem" $libs 2>>"$out/build.log" &&
  "$out/test_sm_mem" > /dev/null || exit 1
# the GPGPU-Sim reader (common/gpgpusim_cfg.c) on every shipped configuration and broken
# file, and a trace on 16 SMs (SMs created at their first CTA, the awake set)
cfgs=../shared/realdata/accelsim-reference/configs
if [ -d "$cfgs" ]; then
  for d in "$cfgs"/*/; do
    a=(--gpgpusim-config "$d/gpgpusim.config"); [ -f "$d/trace.config" ] && a+=(--gpgpusim-config "$d/trace.config")
    "$out/gpurf-sim" "${a[@]}" --trace ../shared/realdata/03_accelsim_v4_vectoradd_sm61 --out "$out/g.json" \
      --write-ini "$out/g.ini" --quiet 2>/dev/null || exit 1
  done
  for f in tests/configs/bad/gpgpusim/*.config; do
    "$out/gpurf-sim" --gpgpusim-config "$f" --write-ini "$out/bad.ini" 2>/dev/null; [ $? -eq 2 ] || exit 1
  done
  "$out/gpurf-sim" --config configs/baseline_gtx980.ini --trace ../shared/realdata/02_accelsim_v4_matrixmul_sm61 \
    --set sim.sms=16 --out "$out/t16.json" --quiet || exit 1
fi
"$out/gpurf-sim" --config tests/sm/configs/four_sms.ini --kernel kernels/reduction --out "$out/four.json" --quiet || exit 1
echo "clean under ASan and UBSan"

#!/usr/bin/env bash
# check_kernels.sh: every workload is complete and consistent: CUDA source,
# checked-in PTX for the documented target (sm_75), a host reference, a
# kernel.ini identical to what its ref.c describes, and a ptxas register
# count.  Needs no nvcc.
set -u
cd "$(dirname "$0")/../.." || exit 2
fail=0; n=0
for d in kernels/*/; do
  k=$(basename "$d")
  [ "$k" = common ] && continue
  n=$((n + 1))
  for f in "$d$k.cu" "$d$k.ptx" "${d}ref.c" "${d}kernel.ini"; do
    [ -f "$f" ] || { echo "missing $f"; fail=1; }
  done
  grep -q '^\.target sm_75' "$d$k.ptx" || { echo "$k.ptx is not for sm_75"; fail=1; }
  entry=$(build/bin/gpurf-kref --ini "$k" | awk -F' = ' '$1 == "entry" { print $2 }')
  grep -q "^\.visible \.entry $entry(" "$d$k.ptx" || { echo "$k.ptx has no entry $entry"; fail=1; }
  build/bin/gpurf-kref --ini "$k" | diff -q - "${d}kernel.ini" >/dev/null ||
    { echo "${d}kernel.ini differs from gpurf-kref --ini $k"; fail=1; }
  grep -q "^$k $entry [0-9]" kernels/ptxas-regs.txt || { echo "no ptxas count for $k"; fail=1; }
done
[ $n -ge 12 ] || { echo "only $n workloads (at least 12 required)"; fail=1; }
echo "$n workloads checked"
exit $fail

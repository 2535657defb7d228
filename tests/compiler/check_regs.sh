#!/usr/bin/env bash
# check_regs.sh: our register count for every workload against the count
# ptxas -v reported (kernels/ptxas-regs.txt, recorded by `make ptx`).
# The issue's bound: no more than 25 % above ptxas.
set -u
cd "$(dirname "$0")/../.." || exit 2
fail=0
printf '%-12s %-16s %6s %6s %7s\n' workload kernel ptxas ours ratio
while read -r dir entry ptxas _; do
  case "$dir" in '#'*|'') continue ;; esac
  line=$(build/bin/gpurf-kc --summary --kernel "$entry" "kernels/$dir/$dir.ptx") || { echo "gpurf-kc failed on $dir"; exit 1; }
  ours=${line##*regs=}
  ratio=$(awk -v a="$ours" -v b="$ptxas" 'BEGIN { printf "%.2f", a / b }')
  printf '%-12s %-16s %6d %6d %7s\n' "$dir" "$entry" "$ptxas" "$ours" "$ratio"
  if [ $((ours * 4)) -gt $((ptxas * 5)) ]; then
    echo "  more than 25 % above ptxas"; fail=1
  fi
done < kernels/ptxas-regs.txt
exit $fail

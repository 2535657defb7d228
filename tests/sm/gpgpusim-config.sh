#!/usr/bin/env bash
# gpgpusim-config.sh: gpurf-sim --gpgpusim-config (common/gpgpusim_cfg.c) on
# every shipped GPGPU-Sim configuration and on broken ones.
#  - each shipped gpgpusim.config (with its trace.config when there is one)
#    maps: the key values of tests/configs/gpgpusim/NAME.expect, worked out
#    by hand from the file, are in the --write-ini output;
#  - the ignored-options list is the file's options (taken here with grep)
#    less the options the reader maps (listed below), in file order, and it
#    is the same on a second read;
#  - a run of the vectoradd trace starts and ends (exit 0), and the written
#    INI gives the same JSON, byte for byte, as the direct read;
#  - each tests/configs/bad/gpgpusim/*.config gives exit 2, exactly one
#    stderr line "gpurf-sim: FILE" + its "# expect:" text, and no output.
set -u
cd "$(dirname "$0")/../.."
sim=build/bin/gpurf-sim
cfgs=../shared/realdata/accelsim-reference/configs
trace=../shared/realdata/03_accelsim_v4_vectoradd_sm61
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
# the options the reader maps whenever present
mapped="-gpgpu_n_clusters -gpgpu_n_cores_per_cluster -gpgpu_shader_core_pipeline -gpgpu_shader_cta
-gpgpu_shader_registers -gpgpu_num_reg_banks -gpgpu_reg_file_port_throughput
-gpgpu_enable_specialized_operand_collector -gpgpu_operand_collector_num_units_sp
-gpgpu_operand_collector_num_units_dp -gpgpu_operand_collector_num_units_sfu
-gpgpu_operand_collector_num_units_int -gpgpu_operand_collector_num_units_tensor_core
-gpgpu_operand_collector_num_units_mem -gpgpu_operand_collector_num_units_gen -gpgpu_pipeline_widths
-gpgpu_num_sched_per_core -gpgpu_scheduler -trace_opcode_latency_initiation_sp
-trace_opcode_latency_initiation_sfu -trace_opcode_latency_initiation_dp -gpgpu_shmem_size
-gpgpu_smem_latency -gpgpu_l1_latency -gpgpu_gmem_skip_L1D -gpgpu_cache:dl1 -gpgpu_cache:dl2 -gpgpu_n_mem
-gpgpu_n_sub_partition_per_mchannel -gpgpu_l2_rop_latency -icnt_flit_size -gpgpu_dram_burst_length
-gpgpu_kernel_launch_latency -gpgpu_inst_fetch_throughput -gpgpu_cache:il1 -gpgpu_perfect_inst_const_cache -gpgpu_frfcfs_dram_sched_queue_size -dram_latency -gpgpu_dram_timing_opt -gpgpu_dram_scheduler
-gpgpu_mem_addr_mapping -gpgpu_clock_domains -gpgpu_dram_buswidth -gpgpu_n_mem_per_ctrlr
-dram_data_command_freq_ratio"
n=0
for dir in "$cfgs"/*/; do
  name=$(basename "$dir")
  files=("$dir/gpgpusim.config"); [ -f "$dir/trace.config" ] && files+=("$dir/trace.config")
  args=(); for f in "${files[@]}"; do args+=(--gpgpusim-config "$f"); done
  if ! $sim "${args[@]}" --write-ini "$tmp/$name.ini" 2> "$tmp/$name.err1"; then
    echo "FAIL $name: does not map:"; cat "$tmp/$name.err1"; fail=1; continue
  fi
  # expected key values
  while read -r sec key val; do
    case "$sec" in ''|'#'*) continue;; esac
    got=$(sed 's/  *;.*//' "$tmp/$name.ini" | sed -n "/^\[$sec\]/,/^\[/p" | sed -n "s/^;\{0,1\}$key = //p")
    [ "$got" = "$val" ] || { echo "FAIL $name: [$sec] $key = '$got', expected $val"; fail=1; }
  done < "tests/configs/gpgpusim/$name.expect"
  # expected ignored list: the files' options less the mapped ones (the
  # PTX-mode latency lists count as mapped only without the trace-mode class)
  m="$mapped"
  all=$(for f in "${files[@]}"; do cat "$f"; echo; done | grep -oE '^[[:space:]]*-[A-Za-z][A-Za-z0-9_:]*' | tr -d ' \t' | awk '!seen[$0]++')
  for c in "sp fp" "sfu sfu" "dp dp"; do
    set -- $c
    echo "$all" | grep -qx -- "-trace_opcode_latency_initiation_$1" ||
      m="$m -ptx_opcode_latency_$2 -ptx_opcode_initiation_$2"
  done
  want=$(for o in $all; do echo " $m " | tr '\n' ' ' | grep -qF -- " $o " || printf ' %s' "$o"; done)
  echo "$all" | grep -qx -- -gpgpu_dram_timing_opt && want="$want -gpgpu_dram_timing_opt:CDLR -gpgpu_dram_timing_opt:nbkgrp -gpgpu_dram_timing_opt:CCDL -gpgpu_dram_timing_opt:RTPL"
  cnt=$(echo $want | wc -w)
  line="gpurf-sim: $name: $cnt GPGPU-Sim options ignored (no equivalent in the model):$want"
  got=$(grep "options ignored" "$tmp/$name.err1")
  [ "$got" = "$line" ] || { echo "FAIL $name: ignored list"; echo "  got:  $got"; echo "  want: $line"; fail=1; }
  # a run starts; the INI gives the same run
  if ! $sim "${args[@]}" --trace "$trace" --out "$tmp/$name.direct.json" --quiet 2> "$tmp/$name.err2"; then
    echo "FAIL $name: the vectoradd trace does not run:"; cat "$tmp/$name.err2"; fail=1; continue
  fi
  cmp -s <(grep "options ignored" "$tmp/$name.err2") <(echo "$got") || { echo "FAIL $name: ignored list differs on a second read"; fail=1; }
  $sim --config "$tmp/$name.ini" --trace "$trace" --out "$tmp/$name.ini.json" --quiet ||
    { echo "FAIL $name: the written INI does not run"; fail=1; continue; }
  cmp -s "$tmp/$name.direct.json" "$tmp/$name.ini.json" ||
    { echo "FAIL $name: the INI and the direct read give different runs"; diff "$tmp/$name.direct.json" "$tmp/$name.ini.json" | head; fail=1; }
  echo "ok   $name: $(grep -c . "tests/configs/gpgpusim/$name.expect") keys, $cnt ignored, $(grep -o '"cycles": [0-9]*' "$tmp/$name.direct.json" | head -1)"
  n=$((n + 1))
done
[ "$n" -ge 7 ] || { echo "FAIL only $n shipped configurations checked"; fail=1; }
# every shipped file cut short at 20 places and with one byte changed at 20
# more: the reader maps it or refuses it with one message (exit 2), never
# crashes, and writes nothing when it refuses
cuts=0
for f in "$cfgs"/*/gpgpusim.config; do
  size=$(wc -c < "$f")
  for k in $(seq 1 20); do
    at=$(( (size * k) / 21 ))
    head -c "$at" "$f" > "$tmp/cut.config"
    { head -c "$at" "$f"; printf '%s' "$(echo '"x-:#,=' | cut -c$(( k % 7 + 1 )))"; tail -c +$((at + 2)) "$f"; } > "$tmp/flip.config"
    for g in "$tmp/cut.config" "$tmp/flip.config"; do
      rm -f "$tmp/fuzz.ini"
      $sim --gpgpusim-config "$g" --write-ini "$tmp/fuzz.ini" > /dev/null 2> "$tmp/stderr"; rc=$?
      lines=$(grep -vc 'options ignored\|mapped with changes' "$tmp/stderr")
      if { [ "$rc" = 0 ] && [ "$lines" = 0 ] && [ -s "$tmp/fuzz.ini" ]; } ||
         { [ "$rc" = 2 ] && [ "$(wc -l < "$tmp/stderr")" = 1 ] && grep -q "^gpurf-sim: $g" "$tmp/stderr" && [ ! -e "$tmp/fuzz.ini" ]; }; then
        cuts=$((cuts + 1))
      else
        echo "FAIL $f cut at $at ($(basename "$g")): rc=$rc"; sed 's/^/   /' "$tmp/stderr"; fail=1
      fi
    done
  done
done
echo "ok   $cuts cut and changed files mapped or refused with one message"
for f in tests/configs/bad/gpgpusim/*.config; do
  want="gpurf-sim: $f$(sed -n '1s/^# expect: //p' "$f")"
  $sim --gpgpusim-config "$f" --trace "$trace" --out "$tmp/bad.json" --write-ini "$tmp/bad.ini" > /dev/null 2> "$tmp/stderr"; rc=$?
  if [ "$rc" != 2 ] || [ "$(cat "$tmp/stderr")" != "$want" ] || [ -e "$tmp/bad.json" ] || [ -e "$tmp/bad.ini" ]; then
    echo "FAIL $f: rc=$rc (want 2), stderr:"; sed 's/^/   /' "$tmp/stderr"; echo "   want: $want"; fail=1
    rm -f "$tmp/bad.json" "$tmp/bad.ini"
  else
    echo "ok   $f"
  fi
done
exit $fail

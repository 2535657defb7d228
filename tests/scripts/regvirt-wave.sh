#!/usr/bin/env bash
# regvirt-wave.sh: `make wave CFG=tiny_regvirt TEST=matrixmul` (the waveform of
# docs/regvirt.md) writes an FST and a .gtkw, and the recording shows what the
# docs say it shows: an allocation (out_dst_new_o), a release reported at
# rename (out_src_rel_o) and a read-time free (free_valid_i).
set -u
cd "$(dirname "$0")/../.."
make --no-print-directory wave CFG=tiny_regvirt TEST=matrixmul DISPLAY= || exit 1
fst=build/tiny_regvirt/wave/matrixmul.fst gtkw=build/tiny_regvirt/wave/matrixmul.gtkw
[ -s "$fst" ] && [ -s "$gtkw" ] || { echo "missing $fst or $gtkw"; exit 1; }
vcd=build/tiny_regvirt/wave/matrixmul.vcd
fst2vcd "$fst" > "$vcd" 2>/dev/null || { echo "fst2vcd cannot read $fst"; exit 1; }
fail=0
for sig in out_dst_new_o out_src_rel_o free_valid_i; do
  id=$(awk -v s="$sig" '/\$var/ && $5 == s {print $4; exit}' "$vcd")
  [ -n "$id" ] || { echo "$sig not in $fst"; fail=1; continue; }
  grep -q "^b[01]*1[01]* $id\$" "$vcd" || { echo "$sig never set in the matrixmul scenario"; fail=1; }
done
[ $fail -eq 0 ] && echo "matrixmul waveform: allocation, release and free recorded in $fst"
exit $fail

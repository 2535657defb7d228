#!/usr/bin/env bash
# bad-inputs.sh: gpurf-sim's bad input gets one message naming the file
# (and line), exit status 2, and no statistics file.
set -u
cd "$(dirname "$0")/../.."
out=build/sm-bad; rm -rf $out; mkdir -p $out
fail=0
expect() {	# expect "text in the message" gpurf-sim args...
  local want=$1; shift
  msg=$(build/bin/gpurf-sim "$@" --out $out/x.json 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 2 ] || ! grep -qF -- "$want" <<<"$msg" || [ -e $out/x.json ] || [ "$(ls $out)" ]; then
    echo "FAIL: gpurf-sim $* -> exit $rc, '$msg' (wanted exit 2 and '$want', no output)"; fail=1
  else
    echo "ok: $msg"
  fi
}
g=configs/baseline_gtx980.ini
expect "unsupported.ptx:36: instruction 'brkpt'" --config $g --kernel tests/sm/bad/unsupported
expect "fault.ptx:42: 'ld' loads 4 bytes" --config $g --kernel tests/sm/bad/fault
expect "does not fit one SM" --config configs/tiny_baseline.ini --kernel kernels/sgemm
expect "cannot read the kernel description" --config $g --kernel tests/sm/no-such-dir
expect "unknown key" --config tests/configs/bad/unknown_key.ini --kernel kernels/bfs
expect "binary.ini:1: NUL byte 0x00: not a configuration file" --config tests/configs/bad/binary.ini --kernel kernels/bfs
expect "usage" --config $g
# every scheme of the configuration is modelled in the SM now (regvirt and
# ltrf came with the last merge): an unknown one is refused by the
# configuration, never run as baseline
expect "[sm] scheme = bogus: not allowed" --config $g --kernel kernels/bfs --set sm.scheme=bogus
exit $fail

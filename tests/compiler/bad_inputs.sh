#!/usr/bin/env bash
# bad_inputs.sh: gpurf-kc on invalid input prints one message naming the
# file and line (when there is one) and exits with status 2, with nothing on
# stdout.
set -u
cd "$(dirname "$0")/../.." || exit 2
kc=build/bin/gpurf-kc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect NAME LINE-PATTERN: runs $kc on $tmp/NAME.ptx
expect() {
  local name=$1 pattern=$2
  "$kc" "$tmp/$name.ptx" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || ! grep -q -- "$pattern" "$tmp/err"; then
    echo "FAIL $name: status $rc, stderr: $(cat "$tmp/err")"; fail=1
  else
    echo "ok   $name: $(cat "$tmp/err")"
  fi
}

hdr='.version 7.5
.target sm_75
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;'

printf '%s\n\tfoo.u32 %%r1, %%r2;\n\tret;\n}\n' "$hdr" > "$tmp/opcode.ptx"
expect opcode "opcode.ptx:8: unknown or unsupported instruction 'foo'"
printf '%s\n\tadd.u32 %%r1, %%r9, 1;\n\tret;\n}\n' "$hdr" > "$tmp/undeclared.ptx"
expect undeclared "undeclared.ptx:8: .%r9. is neither a declared register"
printf '%s\n\tbra $L_missing;\n}\n' "$hdr" > "$tmp/label.ptx"
expect label "label.ptx:8: .*L_missing"
printf '%s\n\tadd.u32.bogus %%r1, %%r2, 1;\n\tret;\n}\n' "$hdr" > "$tmp/modifier.ptx"
expect modifier "modifier.ptx:8: unsupported modifier '.bogus'"
printf '%s\n\tcall.uni f, (%%r1);\n\tret;\n}\n' "$hdr" > "$tmp/call.ptx"
expect call "call.ptx:8: 'call' is not supported"
printf '%s\n\tadd.u32 %%r1, %%r2, 1\n' "$hdr" > "$tmp/truncated.ptx"
expect truncated "truncated.ptx:[0-9]*: "
printf '.version 12.0\n.target sm_75\n' > "$tmp/version.ptx"
expect version "version.ptx:1: PTX ISA version 12.0 is not supported"
printf '' > "$tmp/empty.ptx"
expect empty "empty.ptx:1: missing .version"
head -c 3000 /dev/urandom > "$tmp/garbage.ptx" 2>/dev/null || printf '\001\002' > "$tmp/garbage.ptx"
expect garbage "garbage.ptx:"
expect nonexistent "nonexistent.ptx: cannot open"
printf '%s\n\tret;\n}\n' "$hdr" > "$tmp/good.ptx"
"$kc" --max-regs 0 "$tmp/good.ptx" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'max-regs needs an integer' "$tmp/err" || { echo "FAIL bad option"; fail=1; }
"$kc" --summary "$tmp/good.ptx" | grep -qx 'k regs=0' || { echo "FAIL good input"; fail=1; }
exit $fail

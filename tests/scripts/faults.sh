#!/usr/bin/env bash
# faults.sh: a full disk, an output path that cannot be made, and a run
# killed at any moment lose nothing: every file under its final name is
# either absent or whole (byte-identical to an undisturbed run), the tool
# says what failed and exits non-zero, and a rerun succeeds (issue 27).
set -u
cd "$(dirname "$0")/../.."
w=build/faults
rm -rf "$w"; mkdir -p "$w"
fail=0
cfg=configs/baseline_gtx980.ini
build/bin/gpurf-gen --config "$cfg" --out "$w/ref-rtl" > /dev/null || exit 1
build/bin/gpurf-sim --config "$cfg" --kernel kernels/transpose --out "$w/ref.json" --quiet || exit 1

# every file of DIR that exists under a final name equals REF's
whole_or_absent() {
  local dir=$1 ref=$2 f
  [ -e "$dir" ] || return 0
  while IFS= read -r f; do
    case $f in */.gen-tmp-*|*.tmp*) continue ;; esac
    cmp -s "$f" "$ref/${f#$dir/}" || { echo "FAIL: $f is partial or differs from $ref"; return 1; }
  done < <(find "$dir" -type f)
}

# 1. the file system fills (a file-size limit, SIGXFSZ ignored: writes fail with EFBIG)
(ulimit -f 2; trap '' XFSZ; exec build/bin/gpurf-gen --config "$cfg" --out "$w/full-rtl") > "$w/full.out" 2>&1; rc=$?
[ $rc -ne 0 ] && grep -q "cannot write" "$w/full.out" || { echo "FAIL: gpurf-gen on a full disk: exit $rc, '$(head -c 200 "$w/full.out")'"; fail=1; }
whole_or_absent "$w/full-rtl" "$w/ref-rtl" || fail=1
build/bin/gpurf-gen --config "$cfg" --out "$w/full-rtl" > /dev/null && diff -r -x '.gen-tmp-*' "$w/full-rtl" "$w/ref-rtl" > /dev/null \
  || { echo "FAIL: gpurf-gen rerun after a full disk differs"; fail=1; }
(ulimit -f 1; trap '' XFSZ; exec build/bin/gpurf-sim --config "$cfg" --kernel kernels/transpose --out "$w/full.json" --quiet) > "$w/fullsim.out" 2>&1; rc=$?
[ $rc -ne 0 ] && grep -q "cannot write" "$w/fullsim.out" && [ ! -e "$w/full.json" ] \
  || { echo "FAIL: gpurf-sim on a full disk: exit $rc, '$(head -c 200 "$w/fullsim.out")', json left: $(ls "$w"/full.json* 2>/dev/null)"; fail=1; }
(ulimit -f 0; trap '' XFSZ; exec build/bin/gpurf-randcfg --base configs/tiny_rfc.ini --seed 1 --out "$w/full.ini") > "$w/fullrc.out" 2>&1; rc=$?
[ $rc -ne 0 ] && [ ! -e "$w/full.ini" ] || { echo "FAIL: gpurf-randcfg on a full disk: exit $rc, file left: $(ls "$w"/full.ini* 2>/dev/null)"; fail=1; }

# 2. an output directory that cannot be made (its parent is a file; root
#    ignores permission bits, so this is the unwritable case that holds for all)
: > "$w/plainfile"
build/bin/gpurf-gen --config "$cfg" --out "$w/plainfile/rtl" > "$w/nodir.out" 2>&1; rc=$?
[ $rc -ne 0 ] && grep -q "plainfile" "$w/nodir.out" || { echo "FAIL: gpurf-gen into a file's path: exit $rc, '$(head -c 200 "$w/nodir.out")'"; fail=1; }
build/bin/gpurf-sim --config "$cfg" --kernel kernels/transpose --out "$w/plainfile/x.json" --quiet > "$w/nodir2.out" 2>&1; rc=$?
[ $rc -ne 0 ] && grep -q "plainfile" "$w/nodir2.out" || { echo "FAIL: gpurf-sim into a file's path: exit $rc, '$(head -c 200 "$w/nodir2.out")'"; fail=1; }

# 3. killed at a moment drawn over the run: SIGINT, SIGTERM, SIGKILL
for sig in INT TERM KILL; do
  for d in 0.01 0.03 0.06 0.1 0.2 0.35; do
    rm -rf "$w/k-rtl" "$w/k.json"
    build/bin/gpurf-sim --config "$cfg" --kernel kernels/transpose --out "$w/k.json" --quiet > /dev/null 2>&1 & p=$!
    sleep "$d"; kill -s "$sig" "$p" 2> /dev/null; wait "$p" 2> /dev/null
    [ ! -e "$w/k.json" ] || cmp -s "$w/k.json" "$w/ref.json" || { echo "FAIL: gpurf-sim killed ($sig after $d s) left a partial JSON"; fail=1; }
    build/bin/gpurf-gen --config "$cfg" --out "$w/k-rtl" > /dev/null 2>&1 & p=$!
    sleep "0.00$((${d#0.} % 10))"; kill -s "$sig" "$p" 2> /dev/null; wait "$p" 2> /dev/null
    whole_or_absent "$w/k-rtl" "$w/ref-rtl" || fail=1
  done
done
build/bin/gpurf-sim --config "$cfg" --kernel kernels/transpose --out "$w/k.json" --quiet && cmp -s "$w/k.json" "$w/ref.json" \
  || { echo "FAIL: gpurf-sim rerun after the kills differs"; fail=1; }
[ $fail = 0 ] && echo "faults: full disk, impossible output path, 18 kills of gpurf-sim and of gpurf-gen: nothing partial"
exit $fail

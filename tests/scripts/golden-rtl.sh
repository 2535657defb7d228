#!/usr/bin/env bash
# golden-rtl.sh: the RTL checked into rtl/<config>/ is exactly what the
# generator produces now, and generating twice gives the same bytes.
# After an intended generator change: make rtl-golden, review, commit.
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for cfg in configs/*.ini; do
  name=$(basename "$cfg" .ini)
  build/bin/gpurf-gen --config "$cfg" --out "$tmp/a/$name" || { fail=1; continue; }
  build/bin/gpurf-gen --config "$cfg" --out "$tmp/b/$name" || { fail=1; continue; }
  if ! diff -r "$tmp/a/$name" "$tmp/b/$name" > /dev/null; then
    echo "FAIL $name: two runs differ"; fail=1
  fi
  mkdir -p "$tmp/g/$name"
  cp "$tmp/a/$name"/rtl/*.v "$tmp/a/$name/manifest.json" "$tmp/g/$name/"
  if [ ! -d "rtl/$name" ]; then
    echo "FAIL $name: rtl/$name is not checked in (make rtl-golden)"; fail=1
  elif ! diff -r "rtl/$name" "$tmp/g/$name" > "$tmp/diff" 2>&1; then
    echo "FAIL $name: rtl/$name differs from the generator's output (make rtl-golden):"
    head -n 40 "$tmp/diff" | sed 's/^/   /'; fail=1
  else
    echo "ok   $name: rtl/$name matches ($(ls "rtl/$name" | wc -l) files), deterministic"
  fi
done
for d in rtl/*/; do
  [ -f "configs/$(basename "$d").ini" ] || { echo "FAIL $d has no configuration"; fail=1; }
done
exit $fail

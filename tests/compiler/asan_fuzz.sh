#!/usr/bin/env bash
# asan_fuzz.sh: the fuzz test again, built with AddressSanitizer and
# UndefinedBehaviorSanitizer so that silent memory errors also fail.
# Skips (77) when the compiler cannot build sanitized programs.
set -u
cd "$(dirname "$0")/../.." || exit 2
out=build/asan
mkdir -p "$out"
srcs=$(ls compiler/*.c | grep -v kc_main.c)
if ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=address,undefined \
     -fno-sanitize-recover=all -Icompiler $srcs tests/compiler/test_fuzz.c -o "$out/test_fuzz" -lm 2>"$out/build.log"; then
  echo "sanitizers unavailable"; exit 77
fi
"$out/test_fuzz" -n 400 -s 7 kernels/*/*.ptx

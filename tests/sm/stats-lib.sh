# stats-lib.sh: reading gpurf-sim's statistics JSON in the SM tests (sourced
# from the repository root).
#   num FILE KEY     the first integer value of "KEY" in FILE
#   stall FILE KIND  the scheduler stall cycles of KIND ("stalls": {...})
#   fail MESSAGE     prints FAIL: MESSAGE and exits 1
#   refused ...      a bad override refused (below)
num() { grep -o "\"$2\": [0-9]*" "$1" | head -1 | grep -o '[0-9]*$'; }
stall() { tr -d '\n' < "$1" | grep -o '"stalls": {[^}]*}' | grep -o "\"$2\": [0-9]*" | grep -o '[0-9]*$'; }
fail() { echo "FAIL: $*"; exit 1; }
# refused DIR CONFIG SECTION.KEY=VALUE WORD: gpurf-sim on reduction with that
# override exits 2, names the key and WORD (an allowed value), writes nothing
refused() {
  local d=$1 cfg=$2 set=$3 word=$4 key=${3%%=*} st
  rm -f "$d/bad.json"
  build/bin/gpurf-sim --config "$cfg" --kernel kernels/reduction --set "$set" --out "$d/bad.json" > "$d/bad.out" 2>&1
  st=$?
  [ $st -eq 2 ] || fail "$set: exit $st, not 2"
  grep -q "${key#*.}" "$d/bad.out" && grep -q "$word" "$d/bad.out" || fail "$set: $(cat "$d/bad.out")"
  [ ! -e "$d/bad.json" ] || fail "$set wrote $d/bad.json"
}

# stats-lib.sh: reading gpurf-sim's statistics JSON in the SM tests (sourced
# from the repository root).
#   num FILE KEY     the first integer value of "KEY" in FILE
#   stall FILE KIND  the scheduler stall cycles of KIND ("stalls": {...})
#   fail MESSAGE     prints FAIL: MESSAGE and exits 1
num() { grep -o "\"$2\": [0-9]*" "$1" | head -1 | grep -o '[0-9]*$'; }
stall() { tr -d '\n' < "$1" | grep -o '"stalls": {[^}]*}' | grep -o "\"$2\": [0-9]*" | grep -o '[0-9]*$'; }
fail() { echo "FAIL: $*"; exit 1; }

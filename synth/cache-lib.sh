# cache-lib.sh: the module-cache entry, the one place that says what it
# holds and when a kept one may be used.  Sourced by synth/synth-all (which
# reads and fills the caches) and synth/keep (which fills the kept one).
#
#   cache_files        the outputs of run-synth that gpurf-area reads: an
#                      entry is whole when it has them all
#   copy_set FROM TO   copies an entry's files from one directory to another
#   kept_ok DIR KEY VERSION
#                      DIR/KEY is a whole entry that Yosys VERSION (the text
#                      of `yosys -V`) made: its yosys.txt says so

cache_files="generic.json cmos.json liberty.json liberty.txt ltp.txt latches.txt latch_signals.txt seconds.txt"

copy_set() {
  local f
  for f in $cache_files; do cp "$1/$f" "$2/$f" || return 1; done
}

kept_ok() {
  [ "$1" != off ] && [ -f "$1/$2/seconds.txt" ] && [ -f "$1/$2/yosys.txt" ] &&
    [ "$(cat "$1/$2/yosys.txt")" = "$3" ]
}

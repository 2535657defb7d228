# locks.sh: a test list line and its locks, the one place that says what
# they are.  Sourced by scripts/run-tests (which runs the tests) and
# scripts/check-locks (which checks the lists' locks against the scripts).
# Run from the repository root.
#
# A list line is
#     name | command                      # locks: WORD...
# where the `# locks:` part is optional (and a shell comment, should the
# command ever run with it).  A test's locks are
#   - what its command shows (lock_rule): every configuration name (a *.ini
#     basename under configs/ or tests/, not the bad ones, which are never
#     generated) written as a word, so `configs/x.ini`, `CFG=x` and
#     `--out build/<x>` all lock x; and every build/<dir> written literally
#     (but build/bin, lib, obj and the file build/flags: made before the
#     tests and only read; build/test-logs: the runner's);
#   - and the words after `# locks:`, declared for the build directories the
#     command's scripts use that the command line does not show.
# scripts/check-locks fails when a script a test reaches names a lock word
# the test does not hold, so the declarations cannot go stale silently.
#
#   lock_split LINE  sets _ln_name, _ln_cmd (the command, without its
#                    `# locks:` part) and _ln_decl (the declared words)
#   lock_rule TEXT   sets _lr to the lock words TEXT shows, one a line
#   lock_words LINE  sets _lw to the line's locks, sorted, space-separated
#                    (each followed by a space); _ln_* as lock_split

_lock_cfgs=""		# the configuration names, found once
_lock_cfgs_done=0

lock_split() {
  local rest=${1#*|}
  _ln_name=$(printf '%s' "${1%%|*}" | sed 's/[[:space:]]*$//')
  _ln_decl=""
  if [[ $rest == *[[:space:]]'# locks:'* ]]; then
    _ln_decl=${rest##*# locks:}
    rest=${rest%[[:space:]]# locks:*}
  fi
  _ln_cmd=$rest
}

lock_rule() {
  if [ $_lock_cfgs_done = 0 ]; then
    _lock_cfgs=$(find configs tests -name '*.ini' -not -path '*/bad/*' 2>/dev/null |
                 xargs -r -n1 basename | sed 's/\.ini$//' | sort -u)
    _lock_cfgs_done=1
  fi
  _lr=$(printf '%s\n' "$1" | grep -oE 'build/[A-Za-z0-9_.-]+' | sed 's|^build/||' |
        grep -vxE 'bin|lib|obj|flags|test-logs')
  _lr+=$'\n'$(printf '%s\n' "$1" | grep -oE '[A-Za-z0-9_]+' | sort -u | comm -12 - <(printf '%s\n' "$_lock_cfgs"))
}

lock_words() {
  lock_split "$1"
  lock_rule "$_ln_cmd"
  _lw=$(printf '%s\n' $_lr $_ln_decl | grep -v '^$' | sort -u | tr '\n' ' ')
}

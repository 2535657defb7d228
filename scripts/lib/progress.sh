# progress.sh: done / total, elapsed time and an estimate of what is left,
# for the scripts that run long loops (scripts/sweep, scripts/results,
# scripts/regress through scripts/run-tests).  Sourced by bash scripts.
#
#   progress_init LABEL TOTAL [UNIT]  start the clock (LABEL: "sweep",
#                               "results"...; UNIT: "runs", "tests"...)
#   progress_show DONE [NOTE]   report DONE of TOTAL
#   progress_end                finish the line a terminal shows
#
# On a terminal (standard error) the report is one line rewritten in place,
# at most once a second; in a log, a line at most once a minute.  With
# PROGRESS_QUIET=1 (a script's --quiet, or Q=1 from make) nothing is printed
# when standard error is not a terminal.  The estimate assumes the rest
# takes as long per item as what is done (items of a sweep or a test list
# are alike enough for that; it is labelled "about").
_pg_label="" _pg_unit="" _pg_total=0 _pg_t0=0 _pg_last=0 _pg_tty=0 _pg_on=1 _pg_drawn=0

# progress_time SECONDS: m:ss, or h:mm:ss from an hour
progress_time() {
  local s=$1
  if [ "$s" -ge 3600 ]; then printf '%d:%02d:%02d' $((s / 3600)) $((s / 60 % 60)) $((s % 60))
  else printf '%d:%02d' $((s / 60)) $((s % 60)); fi
}

progress_init() {
  _pg_label=$1 _pg_total=$2 _pg_unit=${3:+ $3} _pg_t0=$(date +%s) _pg_last=$(date +%s) _pg_drawn=0
  if [ -t 2 ]; then _pg_tty=1; else _pg_tty=0; fi
  _pg_on=1
  [ $_pg_tty = 0 ] && [ "${PROGRESS_QUIET:-0}" = 1 ] && _pg_on=0
  return 0
}

# progress_line DONE [NOTE]: the text of one report
progress_line() {
  local done=$1 now el left
  now=$(date +%s); el=$((now - _pg_t0))
  if [ "$done" -gt 0 ] && [ "$done" -lt "$_pg_total" ]; then
    left="about $(progress_time $((el * (_pg_total - done) / done))) left"
  elif [ "$done" -ge "$_pg_total" ]; then left="done"
  else left="time left not known yet"; fi
  printf '%s: %d/%d%s, %s elapsed, %s%s' "$_pg_label" "$done" "$_pg_total" "$_pg_unit" \
    "$(progress_time $el)" "$left" "${2:+ ($2)}"
}

progress_show() {
  [ $_pg_on = 1 ] || return 0
  local now; now=$(date +%s)
  if [ $_pg_tty = 1 ]; then
    [ $_pg_drawn = 1 ] && [ "$now" -eq "$_pg_last" ] && [ "$1" -lt "$_pg_total" ] && return 0
    printf '\r\033[K%s' "$(progress_line "$@")" >&2
    _pg_drawn=1
  else
    [ $((now - _pg_last)) -ge 60 ] || return 0
    printf '%s\n' "$(progress_line "$@")" >&2
  fi
  _pg_last=$now
}

progress_end() {
  [ $_pg_tty = 1 ] && [ $_pg_drawn = 1 ] && printf '\r\033[K' >&2
  _pg_drawn=0
  return 0
}

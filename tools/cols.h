/* cols.h: `gpurf-stats cols`, the columns of a sweep CSV as
 * whitespace-separated rows, for join(1) and the subcommands over rows
 * (fmt, agg, summary):
 *
 *   gpurf-stats cols [--where COL=VAL]... CSV COL...
 *
 * One line per row of CSV that every --where matches: the named columns'
 * cells separated by a space, NA for a column CSV does not have and for an
 * empty cell. */
#ifndef GPURF_COLS_H
#define GPURF_COLS_H

int stats_cols(int argc, char **argv);

#endif

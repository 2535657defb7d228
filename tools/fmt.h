/* fmt.h: `gpurf-stats fmt` and `gpurf-stats agg`, the arithmetic of
 * scripts/results over whitespace-separated rows (the output of
 * `gpurf-stats cols` and join(1)), printed through a template (tools/expr.h:
 * expressions over the fields $1 $2 ..., placeholders {E, ...: FORMAT}):
 *
 *   gpurf-stats fmt [--where EXPR] [--missing TEXT] TEMPLATE [FILE]
 *       one line per row of FILE (default stdin) that EXPR holds on
 *   gpurf-stats agg [--where EXPR] [--missing TEXT] TEMPLATE [FILE]
 *       one line over the rows EXPR holds on: sum(E), mean(E), n
 *
 * A row where EXPR is missing is left out.  A placeholder with a missing
 * value prints TEXT (default "-"). */
#ifndef GPURF_FMT_H
#define GPURF_FMT_H

int stats_fmt(int argc, char **argv);
int stats_agg(int argc, char **argv);

#endif

/* summary.h: `gpurf-stats summary`, the statistics `compare` gives of
 * per-kernel ratios, over any "KEY VALUE" rows (scripts/results: ratios of
 * columns computed with `gpurf-stats fmt`):
 *
 *   gpurf-stats summary [FILE]
 *
 * FILE (default stdin): one "KEY VALUE" a line; a VALUE of NA or -, or not
 * above 0 (the geomean's domain), is left out, and so are blank lines.
 * Prints compare's line, "n=N mean=R geomean=R min=R min_key=K max=R
 * max_key=K median=R"; with no value left, n=0 and NA for every value and
 * - for every key.  A line of another shape or a VALUE that is not a number
 * is bad input (exit 2, naming the line). */
#ifndef GPURF_SUMMARY_H
#define GPURF_SUMMARY_H

int stats_summary(int argc, char **argv);

#endif

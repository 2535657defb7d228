/* schemes.h: `gpurf-stats schemes`, the all-schemes comparison of
 * docs/results.md (scripts/results): per register-file scheme its area
 * (its configuration's `make synth` report), its IPC against its own
 * baseline (geomean over the kernels) on the kernels as written and on
 * the enlarged grids, and its register-file energy per warp instruction
 * (the SM model's energy counters, docs/energy.md).
 *
 *   gpurf-stats schemes SPEC OUT.dat
 *
 * SPEC: one scheme a line ('#' comments), fields separated by '|':
 *   label | configuration | sweep.csv | where | base.csv | bwhere |
 *   big.csv | bigwhere | bigbase.csv | bigbwhere | area.json
 * where fields are "-" or COL=VAL[;COL=VAL]...; a CSV or report that does
 * not exist makes its cells say so (nothing is assumed).  Prints the
 * Markdown table (area: the report's top as a hierarchy, synth/area_top.c,
 * against the first baseline row's, split into the banked register file and
 * the scheme's own structures; a report without a top gives its total only);
 * OUT.dat gets per scheme "label" area_mm2 ipc ipc_big
 * pj_per_inst pj_per_inst_big (NaN where missing) for gnuplot, and last a
 * line "# areas N": how many schemes have an area. */
#ifndef GPURF_SCHEMES_H
#define GPURF_SCHEMES_H

int stats_schemes(int argc, char **argv);

#endif

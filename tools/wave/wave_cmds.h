/* wave_cmds.h: what gpurf-wave does with a VCD trace (scripts/wave-sm,
 * docs/cosim-sm.md "Waveform of any subsystem top").  Each reads v from its
 * first line to what it needs, writes on out, and returns 0, or -1 with err
 * (bad input: the input's name, line and the line). */
#ifndef GPURF_WAVE_CMDS_H
#define GPURF_WAVE_CMDS_H

#include <stdio.h>

#include "err.h"
#include "vcd.h"

/* Every variable but parameters, as a GTKWave save file names it, one a
 * line: PATH.NAME[RANGE], without the range when it is [0:0].  Reads the
 * definitions only. */
int wave_vars(struct vcd *v, FILE *out, struct gpurf_err *err);

/* The first time SIGNAL of a scope whose path is SCOPE or ends in .SCOPE
 * is not all zeros (vcd_nonzero), on a line; nothing when it never is.
 * With edge: the start (a multiple of period) of the first cycle in which
 * the scope's clk_i rises while SIGNAL, as it was before the timestamp of
 * the rise (the value the edge clocks), is not zero.  A SIGNAL (or, with
 * edge, a clk_i) the scope lacks is bad input. */
int wave_first(struct vcd *v, const char *scope, const char *signal, int edge, unsigned long period, FILE *out,
	       struct gpurf_err *err);

/* A VCD of the variables NAMES lists (save-file names; a [range] is
 * ignored), sampled once per cycle: at time period * c of every cycle c in
 * which CLOCK (a save-file name) rises, the values as they were before the
 * timestamp of the rise (only the first rise of a cycle counts), changed
 * ones only; CLOCK itself 1 at period * c and 0 at period * c + period / 2.
 * A CLOCK the trace lacks is bad input; names it lacks are left out. */
int wave_cycles(struct vcd *v, const char *clock, const char *names, unsigned long period, FILE *out,
		struct gpurf_err *err);

#endif

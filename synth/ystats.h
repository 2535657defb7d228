/* ystats.h: what synth/run-synth measured for one module, read back from the
 * files synth/synth.ys.in writes into the module's synthesis directory
 * (generic.json, ltp.txt, cmos.json, liberty.json, liberty.txt,
 * seconds.txt). */
#ifndef GPURF_YSTATS_H
#define GPURF_YSTATS_H

#include "err.h"

struct cJSON;

struct ystats {
	long cells;             /* standard cells after dfflibmap + abc -liberty, macros excluded */
	double area_um2;        /* their liberty area */
	long ffs;               /* flip-flops in the generic netlist */
	long latches;           /* latches in the generic netlist (must be 0) */
	long long transistors;  /* stat -tech cmos after async2sync + dfflegalize */
	int transistors_exact;  /* 0 when Yosys printed "N+" (a cell it has no count for) */
	int depth;              /* ltp -noff: longest combinational path, in generic gates */
	long seconds;           /* wall time of the Yosys run, -1 when not recorded */
	struct cJSON *generic;  /* generic.json, parsed (owned) */
	const struct cJSON *cells_by_type;  /* its num_cells_by_type: the macro cross-check */
};

/* Reads the measurements from dir.  Returns 0, or -1 with err filled
 * (GPURF_ERR_INPUT: a file is missing or not what Yosys writes). */
int ystats_load(const char *dir, struct ystats *s, struct gpurf_err *err);

/* Instances of cell type `type` in the generic netlist (0 when none). */
long ystats_cells_of_type(const struct ystats *s, const char *type);

void ystats_free(struct ystats *s);

#endif

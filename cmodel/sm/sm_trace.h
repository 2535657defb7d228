/* sm_trace.h: an Accel-Sim trace (kernelslist.g + kernel-N.traceg, tracer
 * versions 3 and 4) read into per-warp instruction streams for the SM
 * model's trace-driven mode.
 *
 * Every trace line becomes a dynamic instruction: a static struct sm_insn
 * (interned per PC: registers, class from the SASS opcode), the active
 * mask and, for memory instructions, one address per active lane.  Values
 * are synthetic data tokens: the pipeline moves them through the register
 * file like real data. */
#ifndef GPURF_SM_TRACE_H
#define GPURF_SM_TRACE_H

#include <stdint.h>

#include "err.h"
#include "sm_insn.h"

struct sm_tinst {
	uint32_t si;		/* index into sinsns */
	uint32_t addr;		/* first address in addrs (memory instructions) */
	uint64_t mask;		/* active lanes */
};

struct sm_twarp {
	uint32_t first, count;	/* range of insts */
};

struct sm_tcta {
	uint32_t ctaid[3];
	uint32_t first_warp, nwarps;
};

struct sm_trace {
	char kernel[256];
	char file[1024];
	unsigned version;		/* tracer version */
	uint32_t grid[3], block[3];
	uint32_t shmem, nregs;
	uint32_t nsinsns, ncap_s;
	struct sm_insn *sinsns;		/* pc = the SASS PC */
	uint32_t ninsts, ncap_i;
	struct sm_tinst *insts;
	uint64_t naddrs, ncap_a;
	uint64_t *addrs;
	uint32_t nwarps, ncap_w;
	struct sm_twarp *warps;
	uint32_t nctas, ncap_c;
	struct sm_tcta *ctas;	/* in trace order; CTA k of the launch */
	unsigned max_lanes;	/* highest lane seen + 1 */
};

/* One kernel trace named in kernelslist.g, with the line naming it. */
struct sm_trace_entry {
	char file[256];
	unsigned line;
};

struct sm_trace_list {
	char path[1100];		/* DIR/kernelslist.g */
	uint32_t n, cap;
	struct sm_trace_entry *k;	/* in launch order */
};

/* Reads DIR/kernelslist.g: every kernel trace it lists (MemcpyHtoD lines
 * are skipped).  A bad line or an empty list fills err with the file and
 * line; returns -1. */
int sm_trace_list(const char *dir, struct sm_trace_list *l, struct gpurf_err *err);
void sm_trace_list_free(struct sm_trace_list *l);
/* Reads kernel i (0-based) of the list; a missing file is reported with
 * kernelslist.g's line naming it. */
int sm_trace_load_entry(struct sm_trace *t, const char *dir, const struct sm_trace_list *l, unsigned i,
			struct gpurf_err *err);

/* Reads the first kernel listed in DIR/kernelslist.g (or the kernel
 * `which`, 1-based, when > 0).  A malformed trace fills err with file, line
 * and what was expected, and returns -1; it never crashes. */
int sm_trace_load(struct sm_trace *t, const char *dir, int which, struct gpurf_err *err);
void sm_trace_free(struct sm_trace *t);

#endif

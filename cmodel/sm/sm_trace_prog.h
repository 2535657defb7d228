/* sm_trace_prog.h: a trace kernel's static SASS code rebuilt from what it
 * executed, with the compiler's analyses on it, for the register-file
 * schemes (liveness, RegVirt's release flags, LTRF's intervals, the RFC's
 * last-use hints, FineReg's live vectors, sharing's renumbering).
 *
 * The static code is every PC the trace executes, in PC order (one index
 * per PC).  Its control-flow graph has the fall-through edges of the code
 * and every transfer the warps were seen to make: consecutive instructions
 * of one warp whose active masks overlap (a warp that switches from one
 * divergent path to the other, disjoint masks, is not a control transfer).
 * The analyses are then those of a PTX kernel (compiler/), so they are
 * sound for the executed paths only: a branch direction no warp took is not
 * in the graph. */
#ifndef GPURF_SM_TRACE_PROG_H
#define GPURF_SM_TRACE_PROG_H

#include <stdint.h>

#include "sm_prog.h"
#include "sm_trace.h"

struct sm_trace_prog {
	struct sm_prog prog;	/* insns: one per PC; k: the compiler's analyses */
	uint32_t *index;	/* trace static instruction (sinsns) -> prog index */
	char why[200];		/* when the graph cannot be built: why */
};

/* 0: built; 1: the kernel's control flow does not fit the compiler's graph
 * (tp->why says why: an instruction seen jumping to two places, such as a
 * RET to several call sites); -1: out of memory. */
int sm_trace_prog_build(const struct sm_trace *t, struct sm_trace_prog *tp);
void sm_trace_prog_free(struct sm_trace_prog *tp);

#endif

/* sm_exec.h: functional execution of one decoded PTX instruction for the
 * active lanes of a warp.
 *
 * The pipeline calls sm_exec() when an instruction leaves its operand
 * collector: `src` holds the values the collector read from the register
 * file (src[s * lanes + l] is lane l of the instruction's s-th source
 * register), predicates were captured at issue.  sm_exec() computes the
 * destination values into `dst` (same layout over the destination
 * registers), the new predicate bits, and performs memory accesses on the
 * functional memory (`sm_fmem.h`), reporting the addresses for the timing
 * model.  It never writes registers itself: the pipeline writes `dst`
 * through the register file's write ports. */
#ifndef GPURF_SM_EXEC_H
#define GPURF_SM_EXEC_H

#include <stdint.h>

#include "err.h"
#include "sm_fmem.h"
#include "sm_insn.h"

struct sm_prog;

/* What the special registers of a warp read. */
struct sm_warp_ids {
	uint32_t tid0;			/* linear thread index (in the CTA) of lane 0 */
	uint32_t ntid[3], ctaid[3], nctaid[3];
	uint32_t warpid, nwarpid, smid, nsmid;
	uint32_t dyn_smem, total_smem;
	uint64_t clock;
};

/* The memory access of one instruction, for the timing model. */
struct sm_access {
	uint8_t space;		/* resolved enum ptx_space (generic resolved by lane 0) */
	uint8_t store, load;
	unsigned bytes;		/* per lane */
	uint64_t mask;		/* lanes that accessed */
	uint64_t addr[64];	/* per lane, in its space */
};

struct sm_exec_in {
	const struct sm_prog *prog;
	const struct sm_fmem_view *mem;
	const struct sm_warp_ids *ids;
	unsigned lanes;
	uint64_t mask;		/* lanes that execute (active and guard true) */
	const uint32_t *src;
	const uint64_t *preds;	/* the warp's predicate file, as at issue */
};

struct sm_exec_out {
	uint32_t *dst;
	uint64_t pred_val[SM_MAX_PREDS];	/* new value of each predicate in pdst (lanes of mask) */
	struct sm_access *acc;			/* filled for SM_CLS_MEM */
};

/* Which whole-warp implementation of sm_exec_rows.c runs si (0: the
 * lane-by-lane interpreter); decided once, when the program is loaded. */
uint8_t sm_exec_kind(const struct sm_insn *si);

/* Returns 0, or -1 with err naming the PTX line (a memory fault, a
 * misaligned access, an unsupported type combination). */
int sm_exec(const struct sm_exec_in *in, const struct sm_insn *si, struct sm_exec_out *out,
	    struct gpurf_err *err);

#endif

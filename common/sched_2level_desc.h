/* sched_2level_desc.h: ports and parameters of the two-level warp
 * scheduler (Gebhart et al. Sec. 3.2, Fig. 4b): a pending set of every
 * resident warp and an active set of `active_warps` slots.  Greedy issue
 * inside the active set, round-robin promotion from the pending set,
 * demotion when a warp's next instruction consumes a long-latency result
 * (the compiler's mark) and at barriers, slot reuse after the register
 * file cache has flushed the demoted warp.  docs/rfc.md has the cycle. */
#ifndef GPURF_SCHED_2LEVEL_DESC_H
#define GPURF_SCHED_2LEVEL_DESC_H

#include "desc.h"

enum sched_2level_port {
	S2L_VALID_I,		/* [warps] resident and not finished */
	S2L_READY_I,		/* [warps] next instruction can issue (scoreboard, units) */
	S2L_LLC_I,		/* [warps] next instruction consumes a long-latency result */
	S2L_BAR_I,		/* [warps] waiting at a barrier */
	S2L_WAKE_I,		/* [warps] a pending warp may return (its blocking cause is gone) */
	S2L_FLUSH_DONE_I,	/* the flush on flush_o finished (rfc fl_done_o) */
	S2L_ISSUE_O,
	S2L_ISSUE_WARP_O,
	S2L_ISSUE_SLOT_O,
	S2L_DEMOTE_O,
	S2L_DEMOTE_WARP_O,
	S2L_DEMOTE_SLOT_O,
	S2L_PROMOTE_O,
	S2L_PROMOTE_WARP_O,
	S2L_PROMOTE_SLOT_O,
	S2L_FLUSH_O,		/* flush request for a draining slot (rfc fl_i) */
	S2L_FLUSH_SLOT_O,
	S2L_FLUSH_DROP_O,	/* the warp finished: drop instead of write-back */
	S2L_ACTIVE_O,		/* [warps] in the active set (not draining) */
	S2L_NPORTS
};

int sched_2level_present(const struct gpurf_cfg *cfg);
void desc_sched_2level(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

/* sched_2level_desc.c: the two-level warp scheduler's one description. */
#include "sched_2level_desc.h"

int sched_2level_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_RFC;
}

void desc_sched_2level(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	unsigned w = cfg->warps, wb = cfg_index_bits(w), sw = cfg->rfc.d.slot_bits;

	desc_init(m, "sched_2level", "two-level warp scheduler: greedy active set, round-robin "
				     "promotion, demotion at long-latency consumers and barriers");
	desc_param(m, "NUM_WARPS", "w", w, "resident warps (the pending set)");
	desc_param(m, "NUM_SLOTS", "a", cfg->rfc.active_warps, "active set size");
	desc_port(m, S2L_VALID_I, "valid_i", PORT_IN, w, 1, "warp resident and not finished");
	desc_port(m, S2L_READY_I, "ready_i", PORT_IN, w, 1, "next instruction can issue");
	desc_port(m, S2L_LLC_I, "llc_i", PORT_IN, w, 1, "next instruction consumes a long-latency result");
	desc_port(m, S2L_BAR_I, "bar_i", PORT_IN, w, 1, "warp waits at a barrier");
	desc_port(m, S2L_WAKE_I, "wake_i", PORT_IN, w, 1, "pending warp may return to the active set");
	desc_port(m, S2L_FLUSH_DONE_I, "flush_done_i", PORT_IN, 1, 1, "the requested flush finished");
	desc_port(m, S2L_ISSUE_O, "issue_o", PORT_OUT, 1, 1, "an instruction issues");
	desc_port(m, S2L_ISSUE_WARP_O, "issue_warp_o", PORT_OUT, 1, wb, "its warp");
	desc_port(m, S2L_ISSUE_SLOT_O, "issue_slot_o", PORT_OUT, 1, sw, "its active slot (RFC slot)");
	desc_port(m, S2L_DEMOTE_O, "demote_o", PORT_OUT, 1, 1, "a warp leaves the active set");
	desc_port(m, S2L_DEMOTE_WARP_O, "demote_warp_o", PORT_OUT, 1, wb, "the warp");
	desc_port(m, S2L_DEMOTE_SLOT_O, "demote_slot_o", PORT_OUT, 1, sw, "its slot (now draining)");
	desc_port(m, S2L_PROMOTE_O, "promote_o", PORT_OUT, 1, 1, "a pending warp enters the active set");
	desc_port(m, S2L_PROMOTE_WARP_O, "promote_warp_o", PORT_OUT, 1, wb, "the warp");
	desc_port(m, S2L_PROMOTE_SLOT_O, "promote_slot_o", PORT_OUT, 1, sw, "its slot");
	desc_port(m, S2L_FLUSH_O, "flush_o", PORT_OUT, 1, 1, "flush request of a draining slot");
	desc_port(m, S2L_FLUSH_SLOT_O, "flush_slot_o", PORT_OUT, 1, sw, "the slot");
	desc_port(m, S2L_FLUSH_DROP_O, "flush_drop_o", PORT_OUT, 1, 1, "its warp finished: drop");
	desc_port(m, S2L_ACTIVE_O, "active_o", PORT_OUT, w, 1, "warp is in the active set");
	desc_finish(m);
}

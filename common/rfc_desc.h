/* rfc_desc.h: ports and parameters of the register file cache (Gebhart et
 * al., ISCA 2011, Sec. 3.1 and 5): `entries` per-thread entries for each of
 * `active_warps` slots, tags near the scheduler, a 3R1W data array, FIFO
 * (or LRU) replacement, allocate on result write, write-back on eviction
 * unless the last-use hint made the value dead, no allocation on reads,
 * flush of a demoted warp's dirty entries, long-latency results bypassing
 * to the main register file (MRF).  docs/rfc.md has the cycle behaviour. */
#ifndef GPURF_RFC_DESC_H
#define GPURF_RFC_DESC_H

#include "desc.h"

/* What a main-file write on mrf_wr_o is (mrf_wr_kind_o). */
enum { RFC_MRF_EVICT = 1, RFC_MRF_BYPASS = 2, RFC_MRF_FLUSH = 3 };

enum rfc_port {
	RFC_RD_I,		/* tag check of one instruction's sources */
	RFC_RD_SLOT_I,
	RFC_RD_REGV_I,		/* [src_ports] operand valid */
	RFC_RD_REG_I,		/* [src_ports] register */
	RFC_RD_LAST_I,		/* [src_ports] last-use hint: dead after this read */
	RFC_WR_I,		/* result write (writeback stage) */
	RFC_WR_SLOT_I,
	RFC_WR_REG_I,
	RFC_WR_BYPASS_I,	/* long-latency or hinted result: to the MRF, not the RFC */
	RFC_WR_DATA_I,
	RFC_FL_I,		/* flush a slot (warp demoted); held until fl_done_o */
	RFC_FL_SLOT_I,
	RFC_FL_DROP_I,		/* warp finished: every value dead, drop without write-back */
	RFC_WR_WARP_I,		/* the result's warp: owner of an eviction / bypass write-back */
	RFC_FL_WARP_I,		/* the flushed slot's warp: owner of the entries it buffers */
	RFC_FL_HOLD_I,		/* a result wants the MRF port: no flush write-back is started */
	RFC_RD_HIT_O,		/* [src_ports] tag-check hit (this cycle) */
	RFC_MRF_RD_O,		/* [src_ports] miss: the operand comes from the MRF */
	RFC_RD_VALID_O,		/* [src_ports] data of last cycle's hits */
	RFC_RD_DATA_O,		/* [src_ports] */
	RFC_WR_HIT_O,		/* the result write found its register cached */
	RFC_FL_DONE_O,		/* the flush is complete; the slot is empty after this edge */
	RFC_MRF_WR_O,		/* main-file write caused by the RFC (last cycle's event) */
	RFC_MRF_WR_KIND_O,	/* RFC_MRF_EVICT / _BYPASS / _FLUSH */
	RFC_MRF_WR_SLOT_O,
	RFC_MRF_WR_REG_O,
	RFC_MRF_WR_DATA_O,
	RFC_MRF_WR_WARP_O,	/* warp of the register (a buffered entry's slot may hold another) */
	RFC_VB_VALID_O,		/* [max(victim_entries, 1)] victim-buffer entry holds a value to drain */
	RFC_VB_WARP_O,		/* [..] its warp */
	RFC_VB_REG_O,		/* [..] its register */
	RFC_NPORTS
};

int rfc_present(const struct gpurf_cfg *cfg);
void desc_rfc(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

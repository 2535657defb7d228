/* ltrf_cache_desc.h: ports and parameters of the LTRF register cache with
 * its Address Allocation Units.
 *
 * The register file cache (paper Sec. 4.1, Fig. 5): REGS_PER_INTERVAL banks
 * x ACTIVE_WARPS rows of one warp register, no tags: an active warp owns one
 * row (its warp offset) across all banks and each register of its working
 * set one bank of that row.  Around it:
 *   - operand reads (one per collector; bank and offset come from the WCB
 *     lookup), round-robin per bank, data one cycle after the grant;
 *   - execution writes (one per write port, lane-masked), round-robin per
 *     bank;
 *   - [ltrf] fill_ports fill writes (from the main register file) and as
 *     many eviction reads (towards it), which take a bank only when no
 *     operand access and no lower lane wants it (spec A6: operand reads
 *     before eviction reads, execution writes before fills);
 *   - the global AAU handing out warp offsets and one AAU per row handing
 *     out banks (Fig. 8), each an allocation queue (cmodel/alloc_queue.h);
 *     a row's takes up to fill_ports allocations and frees a cycle.
 * docs/ltrf.md has the timing diagram. */
#ifndef GPURF_LTRF_CACHE_DESC_H
#define GPURF_LTRF_CACHE_DESC_H

#include "desc.h"

enum ltrf_cache_port {
	LC_RD_REQ_I,		/* [collectors] operand read */
	LC_RD_BANK_I,
	LC_RD_OFF_I,
	LC_WR_REQ_I,		/* [write_ports] execution write */
	LC_WR_BANK_I,
	LC_WR_OFF_I,
	LC_WR_MASK_I,
	LC_WR_DATA_I,
	LC_FILL_REQ_I,		/* fill write from the main register file */
	LC_FILL_BANK_I,
	LC_FILL_OFF_I,
	LC_FILL_DATA_I,
	LC_EV_REQ_I,		/* eviction read towards the main register file */
	LC_EV_BANK_I,
	LC_EV_OFF_I,
	LC_OA_REQ_I,		/* global AAU: allocate a warp offset */
	LC_OF_REQ_I,		/* global AAU: free a warp offset */
	LC_OF_OFF_I,
	LC_BA_REQ_I,		/* row AAU: allocate a bank in row ba_off_i */
	LC_BA_OFF_I,
	LC_BF_REQ_I,		/* row AAU: free bank bf_bank_i of row bf_off_i */
	LC_BF_OFF_I,
	LC_BF_BANK_I,
	LC_RD_GNT_O,
	LC_RD_VALID_O,
	LC_RD_DATA_O,
	LC_WR_GNT_O,
	LC_FILL_GNT_O,
	LC_EV_GNT_O,
	LC_EV_VALID_O,
	LC_EV_DATA_O,
	LC_OA_OK_O,		/* an offset is free; oa_off_o is what oa_req_i gets */
	LC_OA_OFF_O,
	LC_BA_OK_O,		/* a bank of row ba_off_i is free; ba_bank_o is it */
	LC_BA_BANK_O,
	LC_ROWS_USED_O,		/* [1] x active_warps bits: offsets allocated */
	LC_BANKS_HELD_O,	/* [active_warps] x regs_per_interval bits: banks allocated */
	LC_BA_HEADS_O,		/* [active_warps] head of each row's unused-bank queue (0 if empty) */
	LC_NPORTS
};

void desc_ltrf_cache(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

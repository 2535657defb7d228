/* ltrf_engine_desc.h: ports and parameters of the LTRF prefetch /
 * write-back engine.
 *
 * The engine (paper Secs. 3.1, 4.1, 4.2) moves working sets between the
 * main register file (MRF) and the register cache for A active rows (warp
 * offsets), up to [ltrf] engine_inflight warp registers in flight at once
 * (transfer slots sharing [ltrf] engine_ports MRF ports, port k serving the
 * k-th lowest slot with a beat to move, and [ltrf] fill_ports lanes of each
 * other kind: fill, eviction read, row-AAU allocation, commit with its
 * table write and bank free, lane k serving the k-th lowest slot asking).  docs/ltrf.md has the timing; in
 * short:
 *   - a command (cmd_*) is taken at the edge when its row is not busy:
 *     PREFETCH(row, warp, vector[, live]) makes the vector the row's working
 *     set: registers cached but not in it are written back (LTRF+: dead
 *     ones dropped without traffic) and freed, registers in it but not
 *     cached are fetched (LTRF+: dead ones get their bank and table write
 *     with no MRF read and no fill); the overlap stays.  DEACTIVATE(row, warp[, live])
 *     writes the whole working set back and frees the row.  Reactivation is
 *     a PREFETCH of the stored working set on an empty row;
 *   - per row, evictions come first, then (once every write-back has
 *     committed) fetches, each started in ascending register order; while
 *     a slot is free, a round-robin arbiter over the rows with a register
 *     no slot holds picks which row starts its next one, so every row
 *     progresses; commits may finish out of order across slots;
 *   - a fetch: xbar_width-bit MRF read beats (each held until mrf_gnt_i,
 *     the banked file's arbiter), data returning in grant order per port
 *     on mrf_rvalid_i (a tag FIFO per port names each beat's slot; the
 *     main file's latency is the same on every port),
 *     then a fill of the register cache (held until fill_gnt_i[lane]), then
 *     the address-table write {valid = 1, bank} (tw_*): valid on arrival;
 *   - a write-back: an eviction read (held until ev_gnt_i[lane], data on
 *     ev_valid_i of that lane a cycle later), MRF write beats, then tw_*
 *     {valid = 0};
 *   - ready_o[row]: the row's whole working set is present (no job left).
 * Banks come from the row's Address Allocation Unit (ltrf_cache's ba_* /
 * bf_*): a fetch allocates from its row's unused-bank queue in its first
 * RWAIT cycle, up to fill_ports allocations a cycle, the j-th lane naming a
 * row getting its j-th id (ba_bank_i[row x fill_ports + j]); fetches may
 * queue for a lane: RWAIT ends when the data is complete and the bank is
 * in; a write-back or drop frees its bank at COMMIT.  The engine keeps each
 * row's held banks and bank -> register map to find a register's bank for
 * its write-back. */
#ifndef GPURF_LTRF_ENGINE_DESC_H
#define GPURF_LTRF_ENGINE_DESC_H

#include "desc.h"

enum { LE_OP_PREFETCH = 0, LE_OP_DEACTIVATE = 1 };

/* Transfer states (the RTL's localparams, the model's enum). */
enum { LE_X_IDLE, LE_X_EVRD, LE_X_EVWAIT, LE_X_WR, LE_X_RD, LE_X_RWAIT, LE_X_FILL, LE_X_COMMIT };

enum ltrf_engine_port {
	LE_CMD_REQ_I,
	LE_CMD_OP_I,		/* LE_OP_* */
	LE_CMD_ROW_I,
	LE_CMD_WARP_I,
	LE_CMD_VEC_I,		/* [arch_regs] new working set (PREFETCH) */
	LE_MRF_GNT_I,		/* this cycle's MRF request is granted */
	LE_MRF_RVALID_I,	/* a read beat returns (in request order) */
	LE_MRF_RDATA_I,		/* [xbar_width] */
	LE_FILL_GNT_I,
	LE_EV_GNT_I,
	LE_EV_VALID_I,		/* eviction data (one cycle after ev_gnt_i) */
	LE_EV_DATA_I,		/* [warp_bits] */
	LE_BUSY_O,		/* [active_warps] row has a job */
	LE_READY_O,		/* [active_warps] row active, working set present */
	LE_MRF_REQ_O,
	LE_MRF_WE_O,
	LE_MRF_WARP_O,
	LE_MRF_REG_O,
	LE_MRF_BEAT_O,
	LE_MRF_WDATA_O,		/* [xbar_width]; 0 unless a write */
	LE_FILL_REQ_O,
	LE_FILL_BANK_O,
	LE_FILL_OFF_O,
	LE_FILL_DATA_O,		/* [warp_bits]; 0 unless fill_req_o */
	LE_EV_REQ_O,
	LE_EV_BANK_O,
	LE_EV_OFF_O,
	LE_TW_REQ_O,		/* WCB address-table write */
	LE_TW_WARP_O,
	LE_TW_REG_O,
	LE_TW_VALID_O,
	LE_TW_BANK_O,
	LE_BA_BANK_I,		/* head of row ba_off_o's unused-bank queue (row AAU) */
	LE_BA_REQ_O,		/* allocate that bank (first RWAIT cycle of a fetch) */
	LE_BA_OFF_O,
	LE_BF_REQ_O,		/* free bank bf_bank_o of row bf_off_o (write-back commit) */
	LE_BF_OFF_O,
	LE_BF_BANK_O,
	LE_NPORTS_LTRF,
	/* LTRF+ only */
	LE_CMD_LIVE_I = LE_NPORTS_LTRF,	/* [arch_regs] live registers: only they are written back / read */
	LE_NPORTS
};

void desc_ltrf_engine(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

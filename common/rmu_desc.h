/* rmu_desc.h: ports, parameters, commands and FSM states of FineReg's
 * register management unit (FineReg V-C, V-E, Fig. 10).
 *
 * The RMU holds the live-register information cache (LRIC), the register
 * index decoder, the PCRF pointer table, the free-space monitor and the PCRF
 * access logic with its 128-byte transfer buffer.  It talks to
 *   the CTA scheduler   cmd_* (one command at a time) and done_*;
 *   memory              vec_* (liveness vector of a PC after an LRIC miss);
 *   the ACRF            acrf_* (rf_banked through the arbitrator: a request
 *                       is held until the arbitrator offers the port, gnt);
 *   the PCRF            pcrf_* (the pcrf module's write, link and read ports).
 * docs/finereg.md describes every state and its cycles. */
#ifndef GPURF_RMU_DESC_H
#define GPURF_RMU_DESC_H

#include "desc.h"
#include "pcrf_desc.h"

enum rmu_port {
	RMU_CMD_VALID_I,	/* a command (held until cmd_ready_o) */
	RMU_CMD_OP_I,		/* enum rmu_op */
	RMU_CMD_S_CTA_I,	/* stalled CTA S (evict, swap) */
	RMU_CMD_S_SLOT_I,	/* its ACRF slot */
	RMU_CMD_P_CTA_I,	/* pending CTA P (restore, swap) */
	RMU_CMD_P_SLOT_I,	/* ACRF slot P is restored to (restore only) */
	RMU_CMD_PC_I,		/* [warps_per_cta] PC of each warp of S */
	RMU_VEC_RSP_VALID_I,	/* liveness vector from memory */
	RMU_VEC_RSP_DATA_I,
	RMU_ACRF_RD_GNT_I,	/* arbitrator offers the ACRF read port */
	RMU_ACRF_RD_VALID_I,	/* read data returns */
	RMU_ACRF_RD_DATA_I,
	RMU_ACRF_WR_GNT_I,	/* arbitrator offers the ACRF write port */
	RMU_PCRF_RD_VALID_I,	/* the pcrf's read outputs */
	RMU_PCRF_RD_END_I,
	RMU_PCRF_RD_NEXT_I,
	RMU_PCRF_RD_WARP_I,
	RMU_PCRF_RD_REG_I,
	RMU_PCRF_RD_DATA_I,
	RMU_CMD_READY_O,	/* idle: a command is taken this cycle */
	RMU_DONE_O,		/* the command finished (one cycle) */
	RMU_DONE_REFUSED_O,	/* it was refused: S stays in the ACRF */
	RMU_DONE_LIVE_O,	/* S's live-register count */
	RMU_FREE_COUNT_O,	/* free PCRF entries */
	RMU_VEC_REQ_O,		/* fetch the vector of vec_pc_o (one cycle) */
	RMU_VEC_PC_O,
	RMU_ACRF_RD_REQ_O,
	RMU_ACRF_RD_WARP_O,	/* ACRF warp slot = slot * warps_per_cta + warp */
	RMU_ACRF_RD_REG_O,
	RMU_ACRF_WR_REQ_O,
	RMU_ACRF_WR_WARP_O,
	RMU_ACRF_WR_REG_O,
	RMU_ACRF_WR_DATA_O,
	RMU_PCRF_WR_VALID_O,	/* new chain entry: E = 1, NEXT = 0 */
	RMU_PCRF_WR_IDX_O,
	RMU_PCRF_WR_WARP_O,
	RMU_PCRF_WR_REG_O,
	RMU_PCRF_WR_DATA_O,
	RMU_PCRF_LINK_VALID_O,	/* previous entry of the chain -> the new one */
	RMU_PCRF_LINK_IDX_O,
	RMU_PCRF_LINK_NEXT_O,
	RMU_PCRF_RD_VALID_O,	/* walk: read and free an entry */
	RMU_PCRF_RD_IDX_O,
	RMU_NPORTS
};

/* Commands. */
enum rmu_op {
	RMU_OP_EVICT = 0,	/* S's live registers to the PCRF (then a launch) */
	RMU_OP_RESTORE = 1,	/* P's chain to ACRF slot p_slot */
	RMU_OP_SWAP = 2,	/* S out of its slot, P into the same slot */
};

/* FSM states; the emitter writes them as localparams, the model uses them. */
enum rmu_state {
	RMU_IDLE = 0,	/* cmd_ready_o */
	RMU_LOOKUP,	/* one warp's PC through the LRIC per cycle */
	RMU_FILL,	/* miss: wait for the vector from memory */
	RMU_DECIDE,	/* L_S <= free (+ COUNT[P] on a swap)? */
	RMU_EV_RD,	/* request an ACRF read of the next live register */
	RMU_EV_WAIT,	/* wait for its data: into the transfer buffer */
	RMU_EV_WR,	/* buffer to a free PCRF entry, linked to the chain */
	RMU_WALK_RD,	/* read and free the next entry of P's chain */
	RMU_WALK_WAIT,	/* wait pcrf_latency for tag and data */
	RMU_RS_WR,	/* write P's register to the ACRF */
	RMU_FINISH,	/* pointer table update, done_o */
	RMU_EV_PIPE,	/* rmu = pipelined: a read issued and an entry written a cycle */
	RMU_RS_PIPE,	/* rmu = pipelined: an entry walked and a register restored a cycle */
	RMU_NSTATES
};

void desc_rmu(const struct gpurf_cfg *cfg, struct module_desc *m);

/* ACRF warp slot (*aw) and register (*ar) of register r of warp w of the
 * CTA in slot s: the CTA slot is warps_per_cta x warp_regs consecutive
 * registers of the ACRF, cut into warp slots of [rf] regs_per_warp (with
 * warp_regs = [rf] regs_per_warp: warp slot s x warps_per_cta + w). */
static inline void rmu_acrf_addr(const struct gpurf_cfg *cfg, unsigned slot, unsigned w, unsigned r,
				 unsigned *aw, unsigned *ar)
{
	unsigned wr = cfg->finereg.d.warp_regs, flat = (slot * cfg->finereg.warps_per_cta + w) * wr + r;

	*aw = flat / cfg->d.regs_per_warp;
	*ar = flat % cfg->d.regs_per_warp;
}

/* LRIC line of a PC: PC[lsb +: log2(entries)]. */
static inline unsigned rmu_lric_index(const struct gpurf_cfg *cfg, uint32_t pc)
{
	unsigned mask = cfg->finereg.lric_entries - 1u, idx = 0;
	uint64_t v = (uint64_t)pc >> cfg->finereg.lric_index_lsb;

	if (cfg->finereg.lric_hash != FINEREG_LRIC_XOR || !mask)
		return (unsigned)v & mask;
	/* lric_hash = xor: every log2(entries)-bit group of PC[pc_bits-1:lsb] */
	v &= (UINT64_C(1) << (cfg->finereg.pc_bits - cfg->finereg.lric_index_lsb)) - 1u;
	for (; v; v >>= cfg_index_bits(cfg->finereg.lric_entries))
		idx ^= (unsigned)v & mask;
	return idx;
}

/* Entries of the pipelined RMU's transfer-buffer FIFO: a register holds
 * one from the edge its read is granted to the edge it is written to the
 * PCRF, read_latency + 1 edges later (read_latency for the data, one for
 * the write stage); a read may be issued into the entry a write frees at
 * the same edge, so read_latency + 1 entries keep one read a cycle going. */
static inline unsigned rmu_fifo_depth(const struct gpurf_cfg *cfg)
{
	return cfg->read_latency + 1u;
}

/* Entries of the pipelined RMU's restore FIFO: a PCRF read holds one from
 * its issue to its ACRF write, pcrf_latency + 1 edges later; the walk issues
 * without looking at this cycle's ACRF grant (no input-to-output path), so
 * one more entry keeps one read a cycle going. */
static inline unsigned rmu_rfifo_depth(const struct gpurf_cfg *cfg)
{
	return cfg->finereg.pcrf_latency + 2u;
}

/* Liveness-vector bits the ACRF has registers for. */
static inline uint64_t rmu_live_mask(const struct gpurf_cfg *cfg)
{
	unsigned n = cfg->finereg.d.warp_regs;

	return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

#endif

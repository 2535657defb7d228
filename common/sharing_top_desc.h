/* sharing_top_desc.h: ports, parameters, wiring and arithmetic of
 * sharing_top, register sharing's SM register-file subsystem (Jatala et
 * al.): the lock table (share_lock) and the banked file (rf_banked) with the
 * glue between them and the SM (docs/sharing.md, "sharing_top").
 *
 * Boundary (what the SM's decode stage, CTA launcher and warp table hand
 * over; everything bounded by the configuration):
 *   - kern_*: the dispatcher's result for the kernel, held (mode, u, the
 *     kernel's registers, warps per CTA, shared pairs S, g = CTAs - S);
 *     kern_start_i pulses once at kernel start (the lock table loads, the
 *     warp table empties; the SM starts each kernel on a reset top);
 *   - cev_*: the cycle's CTA launches and exits in the SM's order, on CTA
 *     event lanes 0.. (at most sharing_top_cta_lanes(): a slot launches
 *     and exits at most once a cycle, and does not exit after launching in
 *     the same cycle); lw_*: per warp, it joins CTA slot lw_slot_i as index
 *     lw_k_i in this cycle's launch of that slot (a launch's warps in
 *     ascending warp id with ascending index, as the SM places them);
 *     drained_i: per warp, it finished and every instruction retired (not
 *     in the cycle it joins a launch).  So a cycle makes at most one BLK or
 *     EXIT per CTA lane and one WARP and one REL per warp, which the RTL's
 *     launcher relies on; the C model stops on a break (check_protocol).
 *     The top's launcher turns them into the lock-table writes
 *     (BLK, WARP per warp, REL per paired warp not yet released, EXIT) in
 *     event order, drained warps' RELs last; it queues them (a bounded FIFO
 *     of sharing_top_lanes() entries) and writes the head into the lock
 *     table, one per cycle, the cycle it arrives when the queue is empty;
 *   - iss_*: per scheduler, the issued instruction: its warp, whether it
 *     names a register of the shared pool, and the first such (the lock
 *     check, the acquisition);
 *   - warp_*: per warp, valid, and whether its next instruction names a
 *     shared register or is a global / local memory access (DWE);
 *   - dwe_prob_i: Dynamic Warp Execution's probability (tenths) that a
 *     non-owner warp of a pair may issue a global / local access this
 *     cycle, the SM's (sm_dwe.h: 0 on SM 0, adapted on the others); a
 *     16-bit LFSR seeded from kern_seed_i draws against it in the cycles
 *     it decides anything (a held-back candidate and 0 < p < 1), so the
 *     draws do not depend on how many idle cycles the SM skips;
 *   - register requests (common/sm_top_rf.h) with the registers in the
 *     compiler's (first-use) numbering.
 * Outputs: the file's, reg_ok / class / issuable per warp for the next
 * cycle's issue, wait (holding back from its lock), busy (queue not
 * empty), and monitors of the lock checks, table writes and releases. */
#ifndef GPURF_SHARING_TOP_DESC_H
#define GPURF_SHARING_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"
#include "sm_top_rf.h"

/* Dynamic Warp Execution's draw: probability in tenths (DWE_ONE = 1.0),
 * a 16-bit Galois LFSR (taps 0xB400, maximal length) loaded with the seed's
 * low 15 bits and a 1 (never the all-zero state); its draw is
 * floor(10 x lfsr / 2^16) in 0..9, and the gate opens when draw < p. */
enum { SHT_DWE_ONE = 10, SHT_DWE_PROB_BITS = 4, SHT_LFSR_BITS = 16, SHT_LFSR_TAPS = 0xB400 };

static inline unsigned sharing_lfsr_load(unsigned seed)
{
	return ((seed << 1) | 1u) & 0xffffu;
}

static inline unsigned sharing_lfsr_next(unsigned l)
{
	return (l >> 1) ^ ((l & 1u) ? (unsigned)SHT_LFSR_TAPS : 0u);
}

static inline unsigned sharing_lfsr_draw(unsigned l)
{
	return (l * 10u) >> SHT_LFSR_BITS;
}

/* The draw decides something: the probability is neither 0 nor 1. */
static inline int sharing_dwe_mid(unsigned prob)
{
	return prob != 0 && prob < SHT_DWE_ONE;
}

/* Lock-table commands (the launcher's writes, queued). */
enum { SHT_CMD_BLK, SHT_CMD_EXIT, SHT_CMD_WARP, SHT_CMD_REL };

enum sharing_top_port {
	SHT_KERN_START_I = SMT_NPORTS,
	SHT_KERN_MODE_I,
	SHT_KERN_U_I,
	SHT_KERN_REGS_I,
	SHT_KERN_WPC_I,
	SHT_KERN_PAIRS_I,
	SHT_KERN_G_I,
	SHT_KERN_SEED_I,	/* DWE: the LFSR's seed (the SM index), loaded at kernel start */
	SHT_DWE_PROB_I,		/* DWE: issue probability of a non-owner memory instruction, tenths */
	SHT_CEV_VALID_I,	/* [CTA lanes] a CTA event on the lane (lanes 0.. in SM order) */
	SHT_CEV_EXIT_I,		/* [CTA lanes] 1 exit, 0 launch */
	SHT_CEV_SLOT_I,		/* [CTA lanes] its CTA slot */
	SHT_LW_VALID_I,		/* [warps] the warp joins a launched CTA this cycle */
	SHT_LW_SLOT_I,		/* [warps] its slot */
	SHT_LW_K_I,		/* [warps] its index in the CTA */
	SHT_DRAINED_I,		/* [warps] finished, every instruction retired */
	SHT_ISS_I,		/* [schedulers] */
	SHT_ISS_WARP_I,
	SHT_ISS_SHARED_I,
	SHT_ISS_SREG_I,
	SHT_WARP_VALID_I,	/* [warps] */
	SHT_WARP_SHARED_I,	/* [warps] next instruction names a shared register */
	SHT_WARP_MEM_I,		/* [warps] next instruction is a global / local access */
	SHT_OK_O,		/* [warps] may issue an instruction naming a shared register */
	SHT_CLASS_O,		/* [warps] Owner-Warp-First class */
	SHT_ISSUABLE_O,		/* [warps] DWE: 0 held back */
	SHT_WAIT_O,		/* [warps] wants a shared register, may not take its lock */
	SHT_PAIRED_O,		/* [warps] launched into a CTA slot of a shared pair */
	SHT_BUSY_O,
	SHT_MON_CHK_GNT_O,	/* [schedulers] the lock table's check grant */
	SHT_MON_CHK_ACQ_O,	/* [schedulers] the check took the lock */
	SHT_MON_POP_O,		/* a lock-table write this cycle */
	SHT_MON_REL_O,		/* it released a held lock */
	SHT_NPORTS
};

/* The submodules, and the top itself as a wiring end. */
enum { SHT_U_LOCK, SHT_U_RF, SHT_U_TOP, SHT_NUNITS };

extern const struct compose_wiring sharing_top_wiring;

/* Lock-table writes a cycle can make = queue entries: 2 x (CTA slots +
 * warps) (a slot's BLK and EXIT, a warp's WARP and REL, each at most once). */
static inline unsigned sharing_top_lanes(const struct gpurf_cfg *cfg)
{
	return 2u * (cfg->ctas + cfg->warps);
}

/* CTA event lanes: each slot's launch and exit. */
static inline unsigned sharing_top_cta_lanes(const struct gpurf_cfg *cfg)
{
	return 2u * cfg->ctas;
}

/* The kernel's split (the kern_* inputs). */
struct sharing_kern {
	unsigned mode, u, regs, wpc, pairs, g;
};

/* Slot roles: 0..S-1 role A of pairs 0..S-1, S..g-1 unshared, g..g+S-1
 * role B.  The pair of slot s, or -1. */
static inline int sharing_pair_of(const struct sharing_kern *k, unsigned s, unsigned *role)
{
	*role = s >= k->g;
	if (s < k->pairs)
		return (int)s;
	if (s >= k->g && s < k->g + k->pairs)
		return (int)(s - k->g);
	return -1;
}

static inline unsigned sharing_partner_slot(const struct sharing_kern *k, unsigned s)
{
	unsigned role;
	int p = sharing_pair_of(k, s, &role);

	return role ? (unsigned)p : k->g + (unsigned)p;
}

/* Warp register of (slot, k, register n in the split's numbering) in the
 * file's flat space: warp k of pair p has u private registers per role and
 * shares regs - u with its partner (regs + u per warp pair); an unshared
 * warp has regs of its own after the pairs.  Exact modulo 2^32 (the RTL
 * computes it modulo a power of two no smaller than the file). */
static inline unsigned sharing_phys(const struct sharing_kern *k, unsigned slot, unsigned wk, unsigned n)
{
	unsigned rpu = k->regs + k->u, pair_regs = k->wpc * rpu, role;
	int p = k->mode ? sharing_pair_of(k, slot, &role) : -1;

	if (p >= 0) {
		unsigned wb = (unsigned)p * pair_regs + wk * rpu;

		return n < k->u ? wb + role * k->u + n : wb + 2u * k->u + (n - k->u);
	}
	return k->pairs * pair_regs + (slot - k->pairs) * k->wpc * k->regs + wk * k->regs + n;
}

int sharing_top_present(const struct gpurf_cfg *cfg);
/* cfg: the lock table's (register ports wide enough for the kernel). */
void desc_sharing_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

/* sm_rfsys_sharing.c: `scheme = sharing` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): Jatala et al.'s register sharing, a
 * thin adapter onto sharing_top (cmodel/sharing_top.c: lock table, banked
 * file, warp table, lock-table write queue, lock checks, issue gating and
 * DWE, pair register mapping), which the SM-driven co-simulation compares
 * with its RTL.  What stays here is what the SM's other parts hand over:
 *
 *   residency   the dispatcher arithmetic (cmodel/share_dispatch.c) over
 *               the file rf_banked addresses: M resident CTAs, S shared
 *               pairs (CTA slots 2p and 2p+1), U unshared CTAs, held on the
 *               top's kern_* inputs;
 *   numbering   with [sharing] unroll the compiler's first-use order
 *               (Sec. 5.2) renumbers registers: the top sees only that
 *               numbering (its first u registers are private);
 *   events      a cycle's CTA launches and exits, in order, on the top's
 *               CTA event lanes, the launched warps' slots and indices and
 *               the drained warps (the top's launcher makes the lock-table
 *               writes);
 *   decode      per issue and per warp's next instruction: does it name a
 *               register of the shared pool (and which first), is it a
 *               global / local memory access (DWE);
 *   DWE         the SM's probability (sm_rf_in.dwe_prob, sm_dwe.h) on
 *               dwe_prob_i, the SM index as the LFSR's seed;
 *   statistics  counted from the top's outputs and monitors (an issue of a
 *               paired warp: the top's paired_o before the cycle's edge). */
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "share_dispatch.h"
#include "share_lock_desc.h"
#include "sharing_top.h"
#include "sharing_top_desc.h"
#include "sm_core.h"
#include "sm_hints.h"
#include "sm_prog.h"
#include "sm_rfsys.h"
#include "sm_rfsys_top.h"

enum {
	C_PAIRS, C_UNSHARED, C_ACQ, C_REL, C_REFUSED, C_OWNER_ISS, C_UNSHARED_ISS, C_NONOWNER_ISS,
	C_WAIT_CYCLES, C_TABLE_WRITES, C_DWE_HELD, C_NONOWNER_MEM, C_DWE_PROB,
};

static const char *const share_counters[] = {
	"shared_pairs", "unshared_ctas", "lock_acquisitions", "lock_releases", "lock_refused_after_issue",
	"owner_issues", "unshared_issues", "nonowner_issues", "lock_wait_warp_cycles", "lock_table_writes",
	"dwe_held_warp_cycles", "nonowner_memory_issues", "dwe_prob_tenth_cycles", NULL,
};

struct rfs_share {
	struct gpurf_cfg ucfg;		/* the top's configuration (register ports wide enough) */
	const struct gpurf_cfg *cfg;
	struct sharing_kern k;
	unsigned blocks, unshared, nw, lanes;
	uint8_t map[256];		/* register -> position in the private / shared split */
	uint64_t gated[4];		/* registers in the shared pool */
	struct sm_top top;
	/* the top's issue outputs for the coming cycle */
	uint64_t ok, issuable, paired;
	uint8_t prio[64];
	unsigned waiting, dwe_held;	/* for skipped cycles */
	unsigned sm_id, dwe_prob;	/* DWE: the LFSR's seed, the last probability */
	int first;
};

static void share_free(void *m)
{
	struct rfs_share *b = m;

	if (!b)
		return;
	sm_top_close(&b->top);
	free(b);
}

static int is_shared_reg(const struct rfs_share *b, unsigned r)
{
	return b->k.mode && r < 256 && (b->gated[r >> 6] >> (r & 63) & 1u);
}

/* Decode: the instruction's first register in the shared pool, or -1. */
static int shared_operand(const struct rfs_share *b, const struct sm_insn *si)
{
	for (unsigned i = 0; i < si->nsrc; i++)
		if (is_shared_reg(b, si->src[i]))
			return si->src[i];
	for (unsigned i = 0; i < si->ndst; i++)
		if (is_shared_reg(b, si->dst[i]))
			return si->dst[i];
	return -1;
}

/* Decode: a memory instruction Dynamic Warp Execution throttles: global,
 * local (generic, texture) loads, stores and atomics; not shared memory,
 * nor the constant and parameter caches (the spec's default, A7.12). */
static int dwe_memory(const struct sm_insn *si)
{
	return si->cls == SM_CLS_MEM && si->space != PTX_S_SHARED && si->space != PTX_S_CONST &&
	       si->space != PTX_S_PARAM;
}

static void hold_kernel(struct rfs_share *b)
{
	struct sm_top *t = &b->top;

	sm_top_hold(t, SHT_KERN_MODE_I, 0, b->k.mode);
	sm_top_hold(t, SHT_KERN_U_I, 0, b->k.u);
	sm_top_hold(t, SHT_KERN_REGS_I, 0, b->k.regs);
	sm_top_hold(t, SHT_KERN_WPC_I, 0, b->k.wpc);
	sm_top_hold(t, SHT_KERN_PAIRS_I, 0, b->k.pairs);
	sm_top_hold(t, SHT_KERN_G_I, 0, b->k.g);
	sm_top_hold(t, SHT_KERN_SEED_I, 0, b->sm_id);
	/* kernel start: the lock table loads the sharing bit and u */
	sm_top_hold_only(t);
	sm_top_set(t, SHT_KERN_START_I, 0, 1);
	sm_top_edge(t);
}

static void *share_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_share *b = calloc(1, sizeof *b);
	struct share_sm sm;
	struct share_kernel sk;
	struct share_residency res;
	unsigned maxn = 0, rpw = cfg->d.regs_per_warp, regs = k->regs ? k->regs : 1;

	if (!b) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register-sharing subsystem");
		return NULL;
	}
	b->cfg = cfg;
	b->sm_id = k->sm_id;
	b->nw = cfg->warps;	/* the core may add warp contexts for the extra CTAs */
	b->lanes = cfg->lanes;
	b->ucfg = *cfg;
	if (cfg->warps > 64) {
		free(b);
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sm] scheme = sharing in the SM model allows at most 64 "
			   "warps", cfg->path);
		return NULL;
	}
	/* The RTL's register ports hold max_regs_per_thread (the ISA limit); a
	 * kernel with more registers needs wider ones in this SM's instance. */
	if (regs > cfg->sharing.max_regs_per_thread)
		b->ucfg.sharing.d.reg_bits = cfg_index_bits((unsigned long)regs + 1u);
	/* The dispatcher over the warp registers rf_banked addresses, at warp
	 * granularity (a CTA's threads rounded up to whole warps). */
	sm.regs = (unsigned long)cfg->warps * rpw * b->lanes;
	sm.max_threads = cfg->threads;
	sm.max_blocks = cfg->ctas;
	sm.smem_bytes = cfg->sharing.smem_bytes;
	sm.threshold_tenths = cfg->sharing.threshold_tenths;
	sk.threads_per_block = k->warps_per_cta * b->lanes;
	sk.regs_per_thread = regs;
	sk.smem_per_block = (unsigned)k->smem_per_cta;
	res = share_dispatch(&sm, &sk);
	while (res.blocks * k->warps_per_cta > cfg->warps && res.blocks)	/* warp contexts */
		res.blocks--, res.pairs = res.pairs ? res.pairs - 1 : 0;
	if (!res.blocks) {
		/* say what would let one CTA in: the register file a CTA's
		 * registers need (the baseline's per-warp split of [rf]
		 * size_bytes, rounded to whole banks), or warp contexts */
		unsigned long need = (unsigned long)k->warps_per_cta * regs * b->lanes;
		unsigned long nrpw = ((unsigned long)k->warps_per_cta * regs + cfg->warps - 1) / cfg->warps;

		nrpw = (nrpw + cfg->banks - 1) / cfg->banks * cfg->banks;
		if (k->warps_per_cta > cfg->warps)
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps does not fit the SM's %u warp "
				   "contexts; allowed: [sm] warps >= %u", cfg->path, k->warps_per_cta, cfg->warps,
				   k->warps_per_cta);
		else if (need > sm.regs)
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps x %u registers x %u lanes = %lu "
				   "thread registers does not fit the SM's %lu (%u warps x %u registers per warp); "
				   "allowed: [rf] size_bytes >= %lu%s", cfg->path, k->warps_per_cta, regs, b->lanes,
				   need, sm.regs, cfg->warps, rpw, nrpw * cfg->warps * b->lanes * 4u,
				   cfg->regs_per_warp ? " with [rf] regs_per_warp unset or at least the kernel's share" : "");
		else
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps x %u registers (%u threads, %lu bytes "
				   "of shared memory) does not fit the SM: allowed: [sm] threads >= %u, [sm] ctas >= 1, "
				   "[sharing] smem_bytes >= %lu", cfg->path, k->warps_per_cta, regs,
				   k->warps_per_cta * b->lanes, k->smem_per_cta, k->warps_per_cta * b->lanes,
				   k->smem_per_cta);
		free(b);
		return NULL;
	}
	b->blocks = res.blocks;
	b->unshared = res.blocks - 2 * res.pairs;
	b->k = (struct sharing_kern){res.pairs > 0, res.unshared_regs, regs, k->warps_per_cta, res.pairs,
				     res.blocks - res.pairs};
	if (cfg->sharing.unroll && k->prog)
		sm_hints_renumber(k->prog, b->map);
	else
		for (unsigned r = 0; r < 256; r++)
			b->map[r] = (uint8_t)r;
	for (unsigned r = 0; r < regs; r++)
		maxn = b->map[r] > maxn ? b->map[r] : maxn;
	if (maxn >= regs)	/* the renumbering does not stay within the kernel's registers */
		for (unsigned r = 0; r < 256; r++)
			b->map[r] = (uint8_t)r;
	for (unsigned r = 0; r < regs; r++)
		if (b->map[r] >= b->k.u)
			b->gated[r >> 6] |= UINT64_C(1) << (r & 63);
	if (sm_top_open(&b->top, &sharing_top_ops, &b->ucfg, cfg, desc_sharing_top, err)) {
		free(b);
		return NULL;
	}
	b->top.renumber = b->map;
	hold_kernel(b);
	b->first = 1;
	b->issuable = ~UINT64_C(0);
	return b;
}

/* The SM's events: CTA launches and exits on the top's CTA event lanes in
 * order (with the launched warps), drained warps; issue events are counted
 * by class. */
static void take_events(struct rfs_share *b, const struct sm_rf_in *in, struct sm_stats *st)
{
	struct sm_top *t = &b->top;
	unsigned j = 0;

	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		unsigned s = ev->cta;

		if (ev->kind == SM_RF_EV_ISSUE && ev->warp < 64) {
			unsigned cls = b->prio[ev->warp];

			st->rfs[cls == SHL_CLASS_OWNER ? C_OWNER_ISS : cls == SHL_CLASS_UNSHARED ? C_UNSHARED_ISS
										      : C_NONOWNER_ISS]++;
			if (cls == SHL_CLASS_NONOWNER && (b->paired >> ev->warp & 1u) && ev->insn &&
			    dwe_memory(ev->insn))
				st->rfs[C_NONOWNER_MEM]++;
			continue;
		}
		if ((ev->kind != SM_RF_EV_CTA_LAUNCH && ev->kind != SM_RF_EV_CTA_EXIT) || s >= 64 ||
		    j >= sharing_top_cta_lanes(b->cfg))
			continue;
		sm_top_set(t, SHT_CEV_VALID_I, j, 1);
		sm_top_set(t, SHT_CEV_EXIT_I, j, ev->kind == SM_RF_EV_CTA_EXIT);
		sm_top_set(t, SHT_CEV_SLOT_I, j++, s);
		for (unsigned k = 0; ev->kind == SM_RF_EV_CTA_LAUNCH && k < ev->nwarps && k < 64; k++) {
			sm_top_set(t, SHT_LW_VALID_I, ev->warps[k], 1);
			sm_top_set(t, SHT_LW_SLOT_I, ev->warps[k], s);
			sm_top_set(t, SHT_LW_K_I, ev->warps[k], k);
		}
	}
	for (uint64_t v = in->warp_drained; v; v &= v - 1)
		sm_top_set(t, SHT_DRAINED_I, (unsigned)__builtin_ctzll(v), 1);
}

/* Decode: each scheduler's issued instruction (the lock check), and each
 * warp's next one. */
static uint64_t decode(struct rfs_share *b, const struct sm_rf_in *in)
{
	struct sm_top *t = &b->top;
	uint64_t used = 0;

	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		unsigned s, w = ev->warp;
		int r;

		if (ev->kind != SM_RF_EV_ISSUE || !ev->insn || w >= 64)
			continue;
		s = w % b->cfg->schedulers;
		r = shared_operand(b, ev->insn);
		sm_top_set(t, SHT_ISS_I, s, 1);
		sm_top_set(t, SHT_ISS_WARP_I, s, w);
		sm_top_set(t, SHT_ISS_SHARED_I, s, r >= 0);
		sm_top_set(t, SHT_ISS_SREG_I, s, r >= 0 ? b->map[r] : 0);
		used |= UINT64_C(1) << s;
	}
	for (unsigned w = 0; w < b->nw; w++) {
		const struct sm_insn *si = in->warp_insn[w];

		if (!(in->warp_valid >> w & 1u))
			continue;
		sm_top_set(t, SHT_WARP_VALID_I, w, 1);
		sm_top_set(t, SHT_WARP_SHARED_I, w, si && shared_operand(b, si) >= 0);
		sm_top_set(t, SHT_WARP_MEM_I, w, si && dwe_memory(si));
	}
	return used;
}

static void share_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_share *b = m;
	struct sm_top *t = &b->top;
	uint64_t used;

	if (b->first) {
		st->rfs[C_PAIRS] += b->k.pairs;
		st->rfs[C_UNSHARED] += b->unshared;
		b->first = 0;
	}
	sm_top_begin(t, in);
	b->dwe_prob = in->dwe_prob;
	sm_top_set(t, SHT_DWE_PROB_I, 0, in->dwe_prob);
	st->rfs[C_DWE_PROB] += in->dwe_prob;
	take_events(b, in, st);
	used = decode(b, in);
	sm_top_eval(t, g, st);
	for (uint64_t v = used; v; v &= v - 1) {
		unsigned s = (unsigned)__builtin_ctzll(v);

		st->rfs[C_REFUSED] += !sm_top_get(t, SHT_MON_CHK_GNT_O, s);
		st->rfs[C_ACQ] += sm_top_get(t, SHT_MON_CHK_ACQ_O, s);
	}
	st->rfs[C_TABLE_WRITES] += sm_top_get(t, SHT_MON_POP_O, 0);
	st->rfs[C_REL] += sm_top_get(t, SHT_MON_REL_O, 0);
	sm_top_edge(t);
	/* the issue outputs of the next cycle */
	sm_top_settle(t);
	b->ok = b->paired = 0;
	b->issuable = ~UINT64_C(0);
	b->waiting = b->dwe_held = 0;
	for (unsigned w = 0; w < b->nw; w++) {
		b->prio[w] = (uint8_t)sm_top_get(t, SHT_CLASS_O, w);
		b->ok |= sm_top_get(t, SHT_OK_O, w) << w;
		b->paired |= sm_top_get(t, SHT_PAIRED_O, w) << w;
		b->waiting += (unsigned)sm_top_get(t, SHT_WAIT_O, w);
		if (!sm_top_get(t, SHT_ISSUABLE_O, w)) {
			b->issuable &= ~(UINT64_C(1) << w);
			b->dwe_held++;
		}
	}
	st->rfs[C_WAIT_CYCLES] += b->waiting;
	st->rfs[C_DWE_HELD] += b->dwe_held;
}

static void share_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_share *b = m;

	sm_top_outputs(&b->top, out);
	out->launch_slots = ~0u;
	out->busy = sm_top_get(&b->top, SHT_BUSY_O, 0) != 0;
	out->reg_gate = (int)b->k.mode;
	memcpy(out->reg_gated, b->gated, sizeof b->gated);
	out->reg_ok = b->ok;
	out->warp_prio_on = (int)b->k.mode;
	out->warp_gate = b->issuable != ~UINT64_C(0);
	out->warp_issuable = b->issuable;
	memcpy(out->warp_prio, b->prio, sizeof b->prio);
}

static void share_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_share *b = m;

	st->rfs[C_WAIT_CYCLES] += n * b->waiting;
	st->rfs[C_DWE_HELD] += n * b->dwe_held;
	st->rfs[C_DWE_PROB] += n * b->dwe_prob;
}

static unsigned share_resident(void *m, unsigned core_limit)
{
	struct rfs_share *b = m;

	(void)core_limit;
	return b->blocks;
}

const struct sm_rfsys_ops sm_rfsys_sharing = {
	"sharing",
	1u << SM_RF_EV_CTA_LAUNCH | 1u << SM_RF_EV_CTA_EXIT | 1u << SM_RF_EV_ISSUE | 1u << SM_RF_EV_WARP_STATE,
	share_create, share_free, share_outputs, share_step, share_skip, share_resident, share_counters, NULL, NULL,
};

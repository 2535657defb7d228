/* sm_rfsys_finereg.c: `scheme = finereg` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): an adapter around finereg_top
 * (cmodel/finereg_top.c, the subsystem's C model with an RTL twin: ACRF,
 * PCRF, RMU, CTA status monitor, ACRF addressing and port sharing, the
 * RMU's read return, the deferred-write buffer).  This file decodes the
 * core's requests (hardware warp -> resident CTA, warp within it), plays
 * the off-chip liveness-vector memory, and still holds the switching
 * policy that is not RTL yet: the CTA state machine below drives the top's
 * pol_* inputs (which CTAs are in the ACRF and their slots, the draining
 * CTA, the RMU's commands, the status monitor's updates); docs/finereg.md,
 * "SM integration" and "finereg_top".
 *
 * ACRF geometry: each CTA takes a fixed ACRF CTA slot of `wpc` warp slots
 * (the RMU's warps_per_cta): the kernel's footprint, warps per CTA x warp
 * slots per warp, rounded up to a divisor of [sm] warps.  Warp k of a CTA
 * in slot s keeps register r in warp slot s * wpc + k * spw + r / rpw,
 * index r mod rpw; the RMU's "warp" j = k * spw + r / rpw.  The RMU gets one
 * PC per RMU warp; its vector memory answers with the compiler's warp
 * liveness (kc live_warp.in) of that warp's next instruction, the bits of
 * the RMU warp's rpw registers; the synthetic PC is 8 * (pc * spw + sub).
 *
 * Switching: a STALLED active CTA S is swapped with a ready pending CTA P
 * (RMU swap, P into S's slot) or, when none is ready and the launcher has
 * CTAs waiting, evicted (RMU evict) so a new CTA can launch in its slot; a
 * free slot and a ready pending CTA make a restore (or a launch, by the
 * status monitor's resume_policy).  S's warps are suspended from the
 * command's start; register writes to a CTA whose registers are not in the
 * ACRF (being evicted, pending, being restored) are accepted into a
 * deferred-write buffer and land in its ACRF slot after the restore,
 * before its warps are resumed (the spec's "pending fill", held with the
 * write-back data rather than in a PCRF entry; [finereg] deferred_writes
 * entries, back-pressure when full). */
#include <stdlib.h>
#include <string.h>

#include "cta_monitor_desc.h"
#include "finereg_top.h"
#include "finereg_top_desc.h"
#include "rmu_desc.h"
#include "sm_core.h"
#include "sm_prog.h"
#include "sm_rfsys.h"

enum { FR_FREE, FR_ACTIVE, FR_SUSPENDING, FR_PENDING, FR_RESTORING, FR_DRAIN };

/* the counters (fr_counters order) */
enum { C_COMMANDS, C_EVICTS, C_SWAPS, C_RESTORES, C_REFUSED, C_REGS_OUT, C_REGS_IN, C_DEFERRED,
       C_MAX_RESIDENT, C_SWITCH_CYC, C_PCRF_CYC, C_ACTIVE_CYC, C_PENDING_CYC, C_N };

static const char *const fr_counters[] = {
	"commands", "evictions", "swaps", "restores", "refused", "registers_evicted",
	"registers_restored", "deferred_writes", "max_resident_ctas", "switch_busy_cycles",
	"pcrf_occupancy_cycles", "active_ctas_cycles", "pending_ctas_cycles", NULL,
};

struct fr_cta {
	int state;
	unsigned slot;			/* ACRF slot (ACTIVE .. DRAIN but PENDING) */
	unsigned nwarps;
	unsigned warps[64];
	int pcs[64];			/* of its last STALLED event */
	int stalled, ready, refused;
};

struct fr {
	struct gpurf_cfg cfg;		/* the configuration with the kernel's ACRF slot size */
	const struct sm_prog *prog;
	unsigned lanes, spw, rpw, wpc, nslots, active_max, kwarps;
	void *top;			/* finereg_top */
	struct module_desc tdesc;
	uint32_t *tin, *tout;
	uint32_t *rd_buf;		/* [collectors][lanes] this cycle's read data */
	struct fr_cta *cta;		/* by resident id (the core's CTA slot) */
	unsigned ncta;
	unsigned *warp_cta, *warp_k;	/* by hardware warp */
	unsigned nhw;
	int *slot_owner;		/* ACRF slot -> CTA, -1 free */
	uint64_t now;
	/* the RMU's command in flight */
	int cmd_busy, cmd_op;
	unsigned cmd_s, cmd_p, cmd_slot;
	int rmu_rd_pend;		/* the top's rmu_rd_pend_o (outputs) */
	/* vector memory */
	int vec_busy;
	uint64_t vec_due, vec_data;
	/* status monitor updates, two a cycle */
	struct { unsigned cta, ctx, reg; } mq[512];
	unsigned mq_n;
	int drain_cta;			/* CTA whose deferred writes are landing, -1 none */
	int waiting;			/* last cta_waiting input */
	unsigned resident, resident_max;
};

static const struct port_desc *P(const struct fr *f, unsigned i)
{
	return &f->tdesc.ports[i];
}

static void tset(struct fr *f, unsigned p, unsigned e, uint64_t v)
{
	bus_set(f->tin, P(f, p), e, v);
}

static uint64_t tget(const struct fr *f, unsigned p, unsigned e)
{
	return bus_get(f->tout, P(f, p), e);
}

static unsigned smallest_divisor_at_least(unsigned n, unsigned at_least)
{
	for (unsigned d = at_least ? at_least : 1; d <= n; d++)
		if (n % d == 0)
			return d;
	return 0;
}

static void fr_free(void *m)
{
	struct fr *f = m;

	if (!f)
		return;
	if (f->top)
		finereg_top_ops.destroy(f->top);
	free(f->cta);
	free(f->warp_cta);
	free(f->warp_k);
	free(f->slot_owner);
	free(f->tin);
	free(f->tout);
	free(f->rd_buf);
	free(f);
}

static void *fr_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct fr *f = calloc(1, sizeof *f);
	unsigned rpw = cfg->d.regs_per_warp, foot;
	struct gpurf_err why = {0};

	if (!f)
		goto oom;
	f->cfg = *cfg;
	f->prog = k->prog;
	f->lanes = cfg->lanes;
	f->rpw = rpw;
	f->spw = k->regs ? (k->regs + rpw - 1) / rpw : 1;
	f->kwarps = k->warps_per_cta;
	foot = k->warps_per_cta * f->spw;
	f->wpc = smallest_divisor_at_least(cfg->warps, foot);
	if (!f->wpc || k->warps_per_cta > 64) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps x %u registers needs %u ACRF warp "
			   "slots of %u registers; the ACRF ([sm] warps = %u) has fewer", cfg->path,
			   k->warps_per_cta, k->regs, foot, rpw, cfg->warps);
		free(f);
		return NULL;
	}
	f->cfg.finereg.warps_per_cta = f->wpc;
	f->cfg.finereg.top_spw = f->spw;
	f->cfg.finereg.top_kwarps = f->kwarps;
	if (cfg_finish(&f->cfg, &why)) {
		gpurf_fail(err, GPURF_ERR_INPUT, "FineReg with this kernel's ACRF CTA slot of %u warp "
			   "slots (%u warps x %u slots per warp): %s", f->wpc, k->warps_per_cta, f->spw,
			   why.msg);
		free(f);
		return NULL;
	}
	if (k->prog && ((uint64_t)k->prog->ninsns + 1) * f->spw * 8u >> cfg->finereg.pc_bits) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [finereg] pc_bits = %u cannot name the %d "
			   "instructions x %u warp slots of this kernel", cfg->path, cfg->finereg.pc_bits,
			   k->prog->ninsns, f->spw);
		free(f);
		return NULL;
	}
	f->nslots = f->cfg.finereg.d.slots;
	f->ncta = f->cfg.finereg.resident_ctas;
	f->nhw = k->hw_warps;
	f->drain_cta = -1;
	desc_finereg_top(&f->cfg, &f->tdesc);
	f->top = finereg_top_ops.create(&f->cfg, &f->tdesc);
	f->tin = calloc(f->tdesc.in_words + 1, 4);
	f->tout = calloc(f->tdesc.out_words + 1, 4);
	f->rd_buf = calloc((size_t)cfg->collectors * f->lanes, 4);
	f->cta = calloc(f->ncta, sizeof *f->cta);
	f->slot_owner = malloc(f->nslots * sizeof *f->slot_owner);
	if (!f->top || !f->tin || !f->tout || !f->rd_buf || !f->cta || !f->slot_owner)
		goto oom;
	for (unsigned s = 0; s < f->nslots; s++)
		f->slot_owner[s] = -1;
	finereg_top_ops.reset(f->top);
	return f;
oom:
	fr_free(f);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the FineReg register file");
	return NULL;
}

/* Resident CTAs: the pointer table's lines, 8 x [sm] warps warp contexts
 * (512 on the paper's SM), and shared memory (pending CTAs keep theirs). */
static unsigned fr_resident(void *m, unsigned core_limit)
{
	struct fr *f = m;
	unsigned n = f->ncta, w = 8 * f->cfg.warps / (f->kwarps ? f->kwarps : 1);

	f->active_max = core_limit < f->nslots ? core_limit : f->nslots;
	if (w < n)
		n = w;
	f->resident_max = n;
	/* the warp contexts of all resident CTAs, for warp_cta */
	f->warp_cta = calloc((size_t)n * f->kwarps + f->nhw + 1, sizeof *f->warp_cta);
	f->warp_k = calloc((size_t)n * f->kwarps + f->nhw + 1, sizeof *f->warp_k);
	return f->warp_cta && f->warp_k ? n : 0;
}

static unsigned free_slots(const struct fr *f)
{
	unsigned used = 0, free_ = 0;

	for (unsigned s = 0; s < f->nslots; s++)
		if (f->slot_owner[s] >= 0)
			used++;
		else
			free_++;
	return used >= f->active_max ? 0 : free_ < f->active_max - used ? free_ : f->active_max - used;
}

static int first_free_slot(const struct fr *f)
{
	for (unsigned s = 0; s < f->nslots; s++)
		if (f->slot_owner[s] < 0)
			return (int)s;
	return -1;
}

/* The policy inputs from the CTA states: which CTAs are in the ACRF and
 * their slots, the status monitor's ready_i / launch_ok_i. */
static void policy_inputs(struct fr *f, int can_launch)
{
	for (unsigned c = 0; c < f->ncta; c++) {
		const struct fr_cta *ct = &f->cta[c];

		tset(f, FT_POL_ACTIVE_I, c, ct->state == FR_ACTIVE);
		tset(f, FT_POL_SLOT_I, c, ct->state == FR_FREE || ct->state == FR_PENDING ? 0 : ct->slot);
		tset(f, FT_POL_MON_READY_I, c, ct->state == FR_PENDING && ct->ready);
	}
	tset(f, FT_POL_MON_LAUNCH_OK_I, 0, (uint64_t)can_launch);
}

/* The status monitor's choice of a pending CTA to resume (V-B), from the
 * top's outputs for ready_i from the READY events; -1 none.  *decision:
 * its decision_o for launch_ok_i = can_launch. */
static int monitor_pick(struct fr *f, unsigned *decision)
{
	int p;

	*decision = (unsigned)tget(f, FT_MON_DECISION_O, 0);
	if (!tget(f, FT_MON_RESUME_VALID_O, 0))
		return -1;
	p = (int)tget(f, FT_MON_RESUME_CTA_O, 0);
	/* its fields lag our state by the queued updates: trust only a CTA
	 * that is pending here too */
	return f->cta[p].state == FR_PENDING && f->cta[p].ready ? p : -1;
}

static int ready_pending(const struct fr *f)
{
	for (unsigned c = 0; c < f->ncta; c++)
		if (f->cta[c].state == FR_PENDING && f->cta[c].ready)
			return (int)c;
	return -1;
}

static void fr_outputs(void *m, struct sm_rf_out *out)
{
	struct fr *f = m;
	unsigned fs = free_slots(f);

	/* the read returns and the RMU's read pipeline come from state only */
	memset(f->tin, 0, f->tdesc.in_words * 4u);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	out->rd_valid = 0;
	for (unsigned c = 0; c < f->cfg.collectors; c++)
		if (tget(f, FT_RD_VALID_O, c)) {
			uint32_t *d = f->rd_buf + (size_t)c * f->lanes;

			bus_get_words(f->tout, P(f, FT_RD_DATA_O), c, d);
			out->rd_valid |= UINT64_C(1) << c;
			out->rd_data[c] = d;
		}
	f->rmu_rd_pend = (int)tget(f, FT_RMU_RD_PEND_O, 0);
	/* resume_first: a ready pending CTA takes a free slot before a launch */
	if (fs && f->cfg.finereg.resume_policy == FINEREG_RESUME_FIRST && ready_pending(f) >= 0)
		fs--;
	out->launch_slots = f->resident >= f->resident_max ? 0 : fs;
	out->busy = f->cmd_busy || f->drain_cta >= 0 || f->vec_busy || f->mq_n || f->rmu_rd_pend ||
		    (ready_pending(f) >= 0 && !f->cmd_busy);
}

/* The off-chip liveness vector of a synthetic PC (see the header). */
static uint64_t vector_of(const struct fr *f, uint32_t spc)
{
	uint32_t idx = spc / 8u, ipc = idx / f->spw, sub = idx % f->spw;
	uint64_t v = 0, mask = f->rpw >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << f->rpw) - 1;

	if (!f->prog)
		return spc == 0 ? mask : 0;	/* traces: no liveness, all registers of a warp */
	if ((int)ipc >= f->prog->ninsns)
		return 0;
	{
		unsigned words, lo = sub * f->rpw;
		const uint64_t *in = sm_prog_live_warp(f->prog, (int)ipc, &words);

		for (unsigned b = 0; b < f->rpw; b++) {
			unsigned r = lo + b;

			if (r / 64 < words && (in[r / 64] >> (r % 64) & 1u))
				v |= UINT64_C(1) << b;
		}
	}
	return v;
}

static void mon_set(struct fr *f, unsigned cta, unsigned ctx, unsigned reg)
{
	if (f->mq_n < sizeof f->mq / sizeof f->mq[0])
		f->mq_n++;
	else
		abort();	/* more updates queued than CTAs can make */
	f->mq[f->mq_n - 1].cta = cta;
	f->mq[f->mq_n - 1].ctx = ctx;
	f->mq[f->mq_n - 1].reg = reg;
}

static void ctl(struct sm_rf_gnt *g, unsigned kind, unsigned cta)
{
	if (g->nctl == SM_RF_MAX_CTL)
		abort();
	g->ctl[g->nctl++] = (struct sm_rf_ctl){.kind = kind, .cta = cta};
}

static void events(struct fr *f, const struct sm_rf_in *in)
{
	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		struct fr_cta *c = &f->cta[ev->cta];

		switch (ev->kind) {
		case SM_RF_EV_CTA_LAUNCH: {
			int s = first_free_slot(f);

			if (s < 0 || ev->cta >= f->ncta)
				abort();	/* launch_slots promised one */
			memset(c->warps, 0, sizeof c->warps);
			c->state = FR_ACTIVE;
			c->slot = (unsigned)s;
			c->nwarps = ev->nwarps;
			c->stalled = c->ready = c->refused = 0;
			for (unsigned k = 0; k < ev->nwarps; k++) {
				c->warps[k] = ev->warps[k];
				f->warp_cta[ev->warps[k]] = ev->cta;
				f->warp_k[ev->warps[k]] = k;
			}
			f->slot_owner[s] = (int)ev->cta;
			f->resident++;
			mon_set(f, ev->cta, CTM_CTX_PIPELINE, CTM_REG_ACRF);
			break;
		}
		case SM_RF_EV_CTA_EXIT:
			if (c->state == FR_ACTIVE)
				f->slot_owner[c->slot] = -1;
			c->state = FR_FREE;
			f->resident--;
			mon_set(f, ev->cta, CTM_NOT_LAUNCHED, CTM_NOT_LAUNCHED);
			break;
		case SM_RF_EV_ISSUE:
			c->stalled = c->refused = 0;
			break;
		case SM_RF_EV_CTA_STALLED:
			c->stalled = 1;
			for (unsigned k = 0; k < ev->nwarps && k < 64; k++)
				c->pcs[k] = ev->pcs[k];
			break;
		case SM_RF_EV_CTA_READY:
			c->ready = 1;
			break;
		default:
			break;
		}
	}
}

/* RMU command inputs for S (the PC of each RMU warp). */
static void command(struct fr *f, unsigned op, unsigned s, unsigned p, unsigned slot)
{
	const struct fr_cta *c = &f->cta[s];
	uint32_t dead = f->prog ? (uint32_t)f->prog->ninsns * f->spw * 8u : 8u;

	tset(f, FT_POL_CMD_VALID_I, 0, 1);
	tset(f, FT_POL_CMD_OP_I, 0, op);
	tset(f, FT_POL_CMD_S_CTA_I, 0, op == RMU_OP_RESTORE ? 0 : s);
	tset(f, FT_POL_CMD_S_SLOT_I, 0, op == RMU_OP_RESTORE ? 0 : c->slot);
	tset(f, FT_POL_CMD_P_CTA_I, 0, op == RMU_OP_EVICT ? 0 : p);
	tset(f, FT_POL_CMD_P_SLOT_I, 0, slot);
	for (unsigned j = 0; j < f->wpc; j++) {
		unsigned k = j / f->spw, sub = j % f->spw;
		uint32_t pc = dead;

		if (op != RMU_OP_RESTORE && k < c->nwarps && c->pcs[k] >= 0)
			pc = f->prog ? ((uint32_t)c->pcs[k] * f->spw + sub) * 8u : 0;
		tset(f, FT_POL_CMD_PC_I, j, pc);
	}
	f->cmd_busy = 1;
	f->cmd_op = (int)op;
	f->cmd_s = s;
	f->cmd_p = p;
	f->cmd_slot = slot;
}

/* With the RMU idle: restore, swap or evict (docs/finereg.md, SM integration). */
static void decide(struct fr *f, int can_launch, struct sm_rf_gnt *g)
{
	unsigned decision;
	int p = monitor_pick(f, &decision), fs = first_free_slot(f) >= 0 && free_slots(f) > 0;

	if (p >= 0 && fs && decision == CTM_DECIDE_RESUME) {
		unsigned slot = (unsigned)first_free_slot(f);

		f->cta[p].state = FR_RESTORING;
		f->cta[p].slot = slot;
		f->slot_owner[slot] = p;
		command(f, RMU_OP_RESTORE, 0, (unsigned)p, slot);
		return;
	}
	if (p < 0 && (!can_launch || fs))
		return;		/* nothing would use the space (spec #20) */
	for (unsigned s = 0; s < f->ncta; s++) {
		struct fr_cta *c = &f->cta[s];

		if (c->state != FR_ACTIVE || !c->stalled || c->refused)
			continue;
		c->state = FR_SUSPENDING;
		c->ready = 0;
		ctl(g, SM_RF_CTL_SUSPEND, s);
		if (p >= 0) {
			f->cta[p].state = FR_RESTORING;
			f->cta[p].slot = c->slot;
			command(f, RMU_OP_SWAP, s, (unsigned)p, c->slot);
		} else {
			command(f, RMU_OP_EVICT, s, 0, c->slot);
		}
		return;
	}
}

/* The RMU finished its command (done_o). */
static void finish(struct fr *f, uint64_t *cnt)
{
	int refused = (int)tget(f, FT_DONE_REFUSED_O, 0);
	unsigned live = (unsigned)tget(f, FT_DONE_LIVE_O, 0);
	struct fr_cta *s = &f->cta[f->cmd_s], *p = &f->cta[f->cmd_p];

	f->cmd_busy = 0;
	if (refused) {
		cnt[C_REFUSED]++;
		s->state = FR_DRAIN;	/* its deferred writes land, then it resumes */
		s->refused = 1;
		if (f->cmd_op == RMU_OP_SWAP)
			p->state = FR_PENDING;
		return;
	}
	if (f->cmd_op != RMU_OP_RESTORE) {
		cnt[f->cmd_op == RMU_OP_SWAP ? C_SWAPS : C_EVICTS]++;
		cnt[C_REGS_OUT] += live;
		s->state = FR_PENDING;
		s->stalled = 0;
		mon_set(f, f->cmd_s, CTM_CTX_SHMEM, CTM_REG_PCRF);
		if (f->cmd_op == RMU_OP_EVICT)
			f->slot_owner[s->slot] = -1;
	}
	if (f->cmd_op != RMU_OP_EVICT) {
		if (f->cmd_op == RMU_OP_RESTORE)
			cnt[C_RESTORES]++;
		f->slot_owner[f->cmd_slot] = (int)f->cmd_p;
		p->slot = f->cmd_slot;
		p->state = FR_DRAIN;
		p->ready = 0;
		mon_set(f, f->cmd_p, CTM_CTX_PIPELINE, CTM_REG_ACRF);
		for (unsigned c = 0; c < f->ncta; c++)
			f->cta[c].refused = 0;	/* the PCRF has room again */
	}
}

/* The core's requests, decoded: resident CTA and warp within it. */
static void core_inputs(struct fr *f, const struct sm_rf_in *in)
{
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v), w = in->rd_warp[c];

		tset(f, FT_RD_REQ_I, c, 1);
		tset(f, FT_RD_CTA_I, c, f->warp_cta[w]);
		tset(f, FT_RD_WARP_I, c, f->warp_k[w]);
		tset(f, FT_RD_REG_I, c, in->rd_reg[c]);
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v), w = in->wr_warp[p];

		tset(f, FT_WR_REQ_I, p, 1);
		tset(f, FT_WR_CTA_I, p, f->warp_cta[w]);
		tset(f, FT_WR_WARP_I, p, f->warp_k[w]);
		tset(f, FT_WR_REG_I, p, in->wr_reg[p]);
		tset(f, FT_WR_MASK_I, p, in->wr_mask[p]);
		bus_set_words(f->tin, P(f, FT_WR_DATA_I), p, in->wr_data[p]);
	}
}

static void fr_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct fr *f = m;
	uint64_t *cnt = st->rfs;
	struct rfb_req rq;
	struct rfb_grants rg;
	int can_launch, rmu_wr_gnt;

	g->nctl = 0;
	f->waiting = in->cta_waiting;
	events(f, in);
	can_launch = f->waiting && f->resident < f->resident_max;
	memset(f->tin, 0, f->tdesc.in_words * 4u);
	/* the vector memory's answer */
	if (f->vec_busy && f->vec_due <= f->now) {
		tset(f, FT_VEC_RSP_VALID_I, 0, 1);
		tset(f, FT_VEC_RSP_DATA_I, 0, f->vec_data);
		f->vec_busy = 0;
	}
	core_inputs(f, in);
	policy_inputs(f, can_launch);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	if (tget(f, FT_DONE_O, 0))
		finish(f, cnt);
	else if (!f->cmd_busy && tget(f, FT_CMD_READY_O, 0))
		decide(f, can_launch, g);
	if (f->cmd_busy && !bus_get(f->tin, P(f, FT_POL_CMD_VALID_I), 0))
		cnt[C_SWITCH_CYC]++;
	if (f->cmd_busy && bus_get(f->tin, P(f, FT_POL_CMD_VALID_I), 0))
		cnt[C_COMMANDS]++;
	/* the policy's decisions of this cycle: CTAs in the ACRF, the draining
	 * CTA, the status monitor's updates (two a cycle) */
	policy_inputs(f, can_launch);
	if (f->drain_cta < 0)
		for (unsigned c = 0; c < f->ncta; c++)
			if (f->cta[c].state == FR_DRAIN) {
				f->drain_cta = (int)c;
				break;
			}
	if (f->drain_cta >= 0) {
		tset(f, FT_POL_DRAIN_VALID_I, 0, 1);
		tset(f, FT_POL_DRAIN_CTA_I, 0, (unsigned)f->drain_cta);
	}
	for (unsigned i = 0; i < 2 && i < f->mq_n; i++) {
		tset(f, FT_POL_MON_SET_VALID_I, i, 1);
		tset(f, FT_POL_MON_SET_CTA_I, i, f->mq[i].cta);
		tset(f, FT_POL_MON_SET_CTX_I, i, f->mq[i].ctx);
		tset(f, FT_POL_MON_SET_REG_I, i, f->mq[i].reg);
	}
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	g->rd_gnt = 0;
	g->wr_gnt = 0;
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		g->rd_gnt |= tget(f, FT_RD_GNT_O, c) << c;
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		if (!tget(f, FT_WR_GNT_O, p))
			continue;
		g->wr_gnt |= UINT64_C(1) << p;
		if (f->cta[f->warp_cta[in->wr_warp[p]]].state != FR_ACTIVE)
			cnt[C_DEFERRED]++;
	}
	finereg_top_acrf_cycle(f->top, &rq, &rg, &rmu_wr_gnt);
	sm_rfsys_count_banks(&f->cfg, &rq, &rg, st);
	if (rmu_wr_gnt)
		cnt[C_REGS_IN]++;
	if (f->drain_cta >= 0 && tget(f, FT_DW_DRAINED_O, 0)) {
		struct fr_cta *ct = &f->cta[f->drain_cta];

		ct->state = FR_ACTIVE;
		ct->stalled = 0;
		ctl(g, SM_RF_CTL_RESUME, (unsigned)f->drain_cta);
		f->drain_cta = -1;
	}
	/* vector memory */
	if (tget(f, FT_VEC_REQ_O, 0)) {
		f->vec_busy = 1;
		f->vec_due = f->now + f->cfg.finereg.lric_miss_latency;
		f->vec_data = vector_of(f, (uint32_t)tget(f, FT_VEC_PC_O, 0));
	}
	/* per-cycle sums (before the edge) */
	{
		unsigned act = 0, pend = 0;

		for (unsigned s = 0; s < f->nslots; s++)
			act += f->slot_owner[s] >= 0;
		for (unsigned c = 0; c < f->ncta; c++)
			pend += f->cta[c].state == FR_PENDING;
		cnt[C_ACTIVE_CYC] += act;
		cnt[C_PENDING_CYC] += pend;
		cnt[C_PCRF_CYC] += f->cfg.finereg.pcrf_entries - tget(f, FT_FREE_COUNT_O, 0);
		if (f->resident > cnt[C_MAX_RESIDENT])
			cnt[C_MAX_RESIDENT] = f->resident;
	}
	/* the clock edge */
	finereg_top_ops.tick(f->top, f->tin);
	if (f->mq_n) {
		unsigned n = f->mq_n < 2 ? f->mq_n : 2;

		/* port 1 wins a tie: the same CTA twice lands the later update */
		memmove(f->mq, f->mq + n, (f->mq_n - n) * sizeof f->mq[0]);
		f->mq_n -= n;
	}
	f->now++;
}

static void fr_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct fr *f = m;
	unsigned act = 0, pend = 0;

	for (unsigned s = 0; s < f->nslots; s++)
		act += f->slot_owner[s] >= 0;
	for (unsigned c = 0; c < f->ncta; c++)
		pend += f->cta[c].state == FR_PENDING;
	st->rfs[C_ACTIVE_CYC] += act * n;
	st->rfs[C_PENDING_CYC] += pend * n;
	memset(f->tin, 0, f->tdesc.in_words * 4u);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	st->rfs[C_PCRF_CYC] += (f->cfg.finereg.pcrf_entries - tget(f, FT_FREE_COUNT_O, 0)) * n;
	f->now += n;
}

const struct sm_rfsys_ops sm_rfsys_finereg = {
	"finereg",
	1u << SM_RF_EV_CTA_LAUNCH | 1u << SM_RF_EV_CTA_EXIT | 1u << SM_RF_EV_ISSUE |
		1u << SM_RF_EV_CTA_STALLED | 1u << SM_RF_EV_CTA_READY,
	fr_create, fr_free, fr_outputs, fr_step, fr_skip, fr_resident, fr_counters,
};

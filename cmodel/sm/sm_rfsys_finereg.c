/* sm_rfsys_finereg.c: `scheme = finereg` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): a thin adapter around finereg_top
 * (cmodel/finereg_top.c, the whole subsystem with an RTL twin: ACRF, PCRF,
 * RMU, CTA status monitor and the switching policy; docs/finereg.md,
 * "SM integration" and "finereg_top").  This file only
 *   - decodes the core's requests (hardware warp -> resident CTA and warp
 *     within it, the warp contexts' fields) and events onto the top's
 *     ports (launch and exit ports, per-CTA issue / stalled / ready bits);
 *   - holds what is program data, not subsystem state: each CTA's PCs of
 *     its last STALLED event, handed to the top as the RMU warps' PCs in the
 *     cycle it suspends that CTA, and the off-chip liveness-vector memory
 *     (the kernel's liveness after lric_miss_latency cycles);
 *   - turns the top's outputs into grants, control outputs and statistics.
 *
 * ACRF geometry (register-granular, docs/finereg.md "ACRF slot geometry"):
 * an RMU warp is a warp of the kernel, rpw = its registers per thread, and
 * a CTA slot is wpc = warps per CTA RMU warps of rpw consecutive ACRF
 * registers (finereg_top_acrf_addr).  A kernel with more registers than a
 * liveness vector has bits keeps warp-slot RMU warps: rpw = [rf]
 * regs_per_warp, spw = ceil(regs / rpw) RMU warps per warp, RMU warp j =
 * warp j / spw's registers (j mod spw) x rpw ..  The RMU gets one PC per RMU
 * warp; its vector memory answers with the compiler's warp liveness (kc
 * live_warp.in) of that warp's next instruction, the bits of the RMU warp's
 * rpw registers; the synthetic PC is 8 * (pc * spw + sub). */
#include <stdlib.h>
#include <string.h>

#include "finereg_top.h"
#include "finereg_top_desc.h"
#include "rmu_desc.h"
#include "sm_core.h"
#include "sm_prog.h"
#include "sm_rfsys.h"
#include "vec_mem.h"

/* the counters (fr_counters order) */
enum { C_COMMANDS, C_EVICTS, C_SWAPS, C_RESTORES, C_REFUSED, C_REGS_OUT, C_REGS_IN, C_DEFERRED,
       C_MAX_RESIDENT, C_SWITCH_CYC, C_PCRF_CYC, C_ACTIVE_CYC, C_PENDING_CYC, C_YIELDED, C_VT_PARKS, C_N };

static const char *const fr_counters[] = {
	"commands", "evictions", "swaps", "restores", "refused", "registers_evicted",
	"registers_restored", "deferred_writes", "max_resident_ctas", "switch_busy_cycles",
	"pcrf_occupancy_cycles", "active_ctas_cycles", "pending_ctas_cycles", "writes_yielded", "vt_parks", NULL,
};

/* The RMU's busy cycles (the command's first cycle and the rest) per
 * register it moved, vector fetches and arbitration losses included. */
static const struct sm_rf_ratio fr_ratios[] = {
	{"rmu_cycles_per_register", 1u << C_COMMANDS | 1u << C_SWITCH_CYC, 1u << C_REGS_OUT | 1u << C_REGS_IN},
	{NULL, 0, 0},
};

struct fr_cta {				/* the warp contexts' view of a resident CTA */
	unsigned nwarps;
	int suspended;			/* off the schedulers (not ACTIVE in the top) */
	int pcs[64];			/* of its last STALLED event */
};

struct fr {
	struct gpurf_cfg cfg;		/* the configuration with the kernel's geometry */
	const struct sm_prog *prog;
	unsigned lanes, spw, rpw, wpc, kwarps, active_max, limit_unreg;
	void *top;			/* finereg_top */
	struct module_desc tdesc;
	uint32_t *tin, *tout;
	uint32_t *rd_buf;		/* [collectors][lanes] this cycle's read data */
	struct fr_cta *cta;		/* by resident id (the core's CTA slot) */
	unsigned ncta;
	unsigned *warp_cta, *warp_k;	/* by hardware warp */
	unsigned nhw;
	uint64_t now;
	struct vec_mem vmem;	/* the vector memory */
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

/* A cycle's inputs start empty but for the constant active_max_i. */
static void clear_inputs(struct fr *f)
{
	memset(f->tin, 0, f->tdesc.in_words * 4u);
	tset(f, FT_ACTIVE_MAX_I, 0, f->active_max);
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
	/* register-granular: an RMU warp is the warp, its k->regs registers
	 * consecutive in the ACRF; a warp with more registers than a liveness
	 * vector has bits takes several RMU warps of a warp slot's registers */
	f->rpw = k->regs && k->regs <= cfg->finereg.max_regs ? k->regs : rpw;
	f->spw = k->regs ? (k->regs + f->rpw - 1) / f->rpw : 1;
	f->kwarps = k->warps_per_cta;
	f->limit_unreg = k->cta_limit_unreg;
	foot = k->warps_per_cta * f->spw;
	f->wpc = foot ? foot : 1;	/* floor(ACRF registers / (wpc x rpw)) CTA slots */
	if (f->wpc * f->rpw > cfg->warps * rpw || k->warps_per_cta > 64) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps x %u registers needs %u ACRF "
			   "registers; the ACRF ([sm] warps = %u x %u) has fewer", cfg->path,
			   k->warps_per_cta, k->regs, f->wpc * f->rpw, cfg->warps, rpw);
		free(f);
		return NULL;
	}
	f->cfg.finereg.warps_per_cta = f->wpc;
	f->cfg.finereg.regs_per_warp = f->rpw;
	f->cfg.finereg.top_spw = f->spw;
	f->cfg.finereg.top_kwarps = f->kwarps;
	if (cfg_finish(&f->cfg, &why)) {
		gpurf_fail(err, GPURF_ERR_INPUT, "FineReg with this kernel's ACRF CTA slot of %u RMU "
			   "warps of %u registers (%u warps x %u RMU warps per warp): %s", f->wpc, f->rpw,
			   k->warps_per_cta, f->spw, why.msg);
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
	f->ncta = f->cfg.finereg.resident_ctas;
	f->nhw = k->hw_warps;
	desc_finereg_top(&f->cfg, &f->tdesc);
	f->top = finereg_top_ops.create(&f->cfg, &f->tdesc);
	f->tin = calloc(f->tdesc.in_words + 1, 4);
	f->tout = calloc(f->tdesc.out_words + 1, 4);
	f->rd_buf = calloc((size_t)cfg->collectors * f->lanes, 4);
	f->cta = calloc(f->ncta, sizeof *f->cta);
	if (!f->top || !f->tin || !f->tout || !f->rd_buf || !f->cta)
		goto oom;
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
	unsigned n = finereg_top_resident_max(&f->cfg), ns = f->cfg.finereg.d.slots;

	/* the ACRF's CTA slots are the register limit (register-granular, as
	 * the baseline file's registers; the core's own counts warp slots of
	 * [rf] regs_per_warp): the core's other limits, then the slots */
	(void)core_limit;
	f->active_max = f->limit_unreg < ns ? f->limit_unreg : ns;
	/* the warp contexts of all resident CTAs, for warp_cta */
	f->warp_cta = calloc((size_t)n * f->kwarps + f->nhw + 1, sizeof *f->warp_cta);
	f->warp_k = calloc((size_t)n * f->kwarps + f->nhw + 1, sizeof *f->warp_k);
	return f->warp_cta && f->warp_k ? n : 0;
}

static unsigned fr_active(void *m)
{
	return ((struct fr *)m)->active_max;
}

static void fr_outputs(void *m, struct sm_rf_out *out)
{
	struct fr *f = m;

	/* read returns, launch_slots_o and busy_o come from state only */
	clear_inputs(f);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	out->rd_valid = 0;
	for (unsigned c = 0; c < f->cfg.collectors; c++)
		if (tget(f, FT_RD_VALID_O, c)) {
			uint32_t *d = f->rd_buf + (size_t)c * f->lanes;

			bus_get_words(f->tout, P(f, FT_RD_DATA_O), c, d);
			out->rd_valid |= UINT64_C(1) << c;
			out->rd_data[c] = d;
		}
	out->launch_slots = (unsigned)tget(f, FT_LAUNCH_SLOTS_O, 0);
	out->busy = tget(f, FT_BUSY_O, 0) || f->vmem.n;
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

static void ctl(struct sm_rf_gnt *g, unsigned kind, unsigned cta)
{
	if (g->nctl == SM_RF_MAX_CTL)
		abort();
	g->ctl[g->nctl++] = (struct sm_rf_ctl){.kind = kind, .cta = cta};
}

/* The cycle's events onto the top's ports. */
static void events(struct fr *f, const struct sm_rf_in *in)
{
	unsigned nl = 0, ne = 0;

	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		struct fr_cta *c = &f->cta[ev->cta];

		switch (ev->kind) {
		case SM_RF_EV_CTA_LAUNCH:
			if (nl == f->cfg.finereg.d.slots || ev->cta >= f->ncta)
				abort();	/* launch_slots promised a slot */
			tset(f, FT_LAUNCH_VALID_I, nl, 1);
			tset(f, FT_LAUNCH_CTA_I, nl++, ev->cta);
			c->nwarps = ev->nwarps;
			c->suspended = 0;
			for (unsigned k = 0; k < ev->nwarps; k++) {
				f->warp_cta[ev->warps[k]] = ev->cta;
				f->warp_k[ev->warps[k]] = k;
			}
			break;
		case SM_RF_EV_CTA_EXIT:
			if (ne == f->cfg.schedulers)
				abort();	/* a CTA exits with its last warp: one a scheduler */
			tset(f, FT_EXIT_VALID_I, ne, 1);
			tset(f, FT_EXIT_CTA_I, ne++, ev->cta);
			break;
		case SM_RF_EV_ISSUE:
			tset(f, FT_ISSUE_I, ev->cta, 1);
			break;
		case SM_RF_EV_CTA_STALLED:
			tset(f, FT_STALLED_I, ev->cta, 1);
			for (unsigned k = 0; k < ev->nwarps && k < 64; k++)
				c->pcs[k] = ev->pcs[k];
			break;
		case SM_RF_EV_CTA_READY:
			tset(f, FT_READY_I, ev->cta, 1);
			break;
		default:
			break;
		}
	}
}

/* The RMU warps' PCs of CTA s (the synthetic PC of each warp slot; a
 * finished warp, or no CTA: past the kernel, an empty vector). */
static void command_pcs(struct fr *f, int s)
{
	uint32_t dead = f->prog ? (uint32_t)f->prog->ninsns * f->spw * 8u : 8u;

	for (unsigned j = 0; j < f->wpc; j++) {
		unsigned k = j / f->spw, sub = j % f->spw;
		uint32_t pc = dead;

		if (s >= 0 && k < f->cta[s].nwarps && f->cta[s].pcs[k] >= 0)
			pc = f->prog ? ((uint32_t)f->cta[s].pcs[k] * f->spw + sub) * 8u : 0;
		tset(f, FT_CMD_PC_I, j, pc);
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

/* The statistics of a cycle from the top's outputs. */
static void count(struct fr *f, uint64_t *cnt, uint64_t def_wr)
{
	unsigned op = (unsigned)tget(f, FT_CMD_OP_O, 0);

	if (tget(f, FT_DONE_O, 0)) {
		if (tget(f, FT_DONE_REFUSED_O, 0)) {
			cnt[C_REFUSED]++;
		} else {
			if (op != RMU_OP_RESTORE) {
				cnt[op == RMU_OP_SWAP ? C_SWAPS : C_EVICTS]++;
				cnt[C_REGS_OUT] += tget(f, FT_DONE_LIVE_O, 0);
			}
			if (op == RMU_OP_RESTORE)
				cnt[C_RESTORES]++;
		}
	}
	if (tget(f, FT_CMD_BUSY_O, 0))
		cnt[tget(f, FT_CMD_ISSUE_O, 0) ? C_COMMANDS : C_SWITCH_CYC]++;
	/* a suspension with no RMU command parks the CTA in the ACRF (vt) */
	cnt[C_VT_PARKS] += tget(f, FT_SUSPEND_VALID_O, 0) && !tget(f, FT_CMD_ISSUE_O, 0);
	cnt[C_DEFERRED] += (unsigned)__builtin_popcountll(def_wr);
	cnt[C_ACTIVE_CYC] += tget(f, FT_N_ACTIVE_O, 0);
	cnt[C_PENDING_CYC] += tget(f, FT_N_PENDING_O, 0);
	cnt[C_PCRF_CYC] += f->cfg.finereg.pcrf_entries - tget(f, FT_FREE_COUNT_O, 0);
	if (tget(f, FT_RESIDENT_O, 0) > cnt[C_MAX_RESIDENT])
		cnt[C_MAX_RESIDENT] = tget(f, FT_RESIDENT_O, 0);
}

static void fr_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct fr *f = m;
	uint64_t *cnt = st->rfs, def_wr = 0;
	struct rfb_req rq;
	struct rfb_grants rg;
	int rmu_wr_gnt;

	g->nctl = 0;
	clear_inputs(f);
	events(f, in);
	tset(f, FT_CTA_WAITING_I, 0, (uint64_t)(in->cta_waiting != 0));
	if (vec_mem_ready(&f->vmem, f->now)) {
		tset(f, FT_VEC_RSP_VALID_I, 0, 1);
		tset(f, FT_VEC_RSP_DATA_I, 0, vec_mem_pop(&f->vmem));
	}
	core_inputs(f, in);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	if (tget(f, FT_MQ_OVERFLOW_O, 0))
		abort();	/* [finereg] monitor_updates too small for this kernel */
	/* the suspended CTA's PCs go with the command (the RMU samples them at
	 * the edge of a command only); on other cycles the inputs stay those of
	 * the evaluation, so the top's tick reuses its combinational pass */
	if (tget(f, FT_CMD_ISSUE_O, 0))
		command_pcs(f, tget(f, FT_SUSPEND_VALID_O, 0) ? (int)tget(f, FT_SUSPEND_CTA_O, 0) : -1);
	g->rd_gnt = 0;
	g->wr_gnt = 0;
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		g->rd_gnt |= tget(f, FT_RD_GNT_O, c) << c;
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		g->wr_gnt |= tget(f, FT_WR_GNT_O, p) << p;
	}
	if (tget(f, FT_SUSPEND_VALID_O, 0)) {
		ctl(g, SM_RF_CTL_SUSPEND, (unsigned)tget(f, FT_SUSPEND_CTA_O, 0));
		f->cta[tget(f, FT_SUSPEND_CTA_O, 0)].suspended = 1;
	}
	/* a suspended CTA's write is refused only with the deferred-write
	 * buffer full: it must not hold a write port the running CTAs need to
	 * reach a switch that would drain the buffer (the min_ctas = 100
	 * deadlock of bicgstab and cfd) */
	for (uint64_t v = in->wr_req & ~g->wr_gnt; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		if (f->cta[f->warp_cta[in->wr_warp[p]]].suspended) {
			g->wr_yield |= UINT64_C(1) << p;
			cnt[C_YIELDED]++;
		}
	}
	if (tget(f, FT_RESUME_VALID_O, 0)) {
		ctl(g, SM_RF_CTL_RESUME, (unsigned)tget(f, FT_RESUME_CTA_O, 0));
		f->cta[tget(f, FT_RESUME_CTA_O, 0)].suspended = 0;
	}
	def_wr = finereg_top_deferred(f->top);
	count(f, cnt, def_wr);
	finereg_top_acrf_cycle(f->top, &rq, &rg, &rmu_wr_gnt);
	sm_rfsys_count_banks(&f->cfg, &rq, &rg, st);
	if (rmu_wr_gnt)
		cnt[C_REGS_IN]++;
	if (tget(f, FT_VEC_REQ_O, 0) &&
	    !vec_mem_push(&f->vmem, f->now + f->cfg.finereg.lric_miss_latency,
			  vector_of(f, (uint32_t)tget(f, FT_VEC_PC_O, 0))))
		abort();	/* more fetches in flight than a command has warps */
	finereg_top_ops.tick(f->top, f->tin);
	f->now++;
}

static void fr_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct fr *f = m;

	clear_inputs(f);
	finereg_top_ops.eval(f->top, f->tin, f->tout);
	st->rfs[C_ACTIVE_CYC] += tget(f, FT_N_ACTIVE_O, 0) * n;
	st->rfs[C_PENDING_CYC] += tget(f, FT_N_PENDING_O, 0) * n;
	st->rfs[C_PCRF_CYC] += (f->cfg.finereg.pcrf_entries - tget(f, FT_FREE_COUNT_O, 0)) * n;
	f->now += n;
}

const struct sm_rfsys_ops sm_rfsys_finereg = {
	"finereg",
	1u << SM_RF_EV_CTA_LAUNCH | 1u << SM_RF_EV_CTA_EXIT | 1u << SM_RF_EV_ISSUE |
		1u << SM_RF_EV_CTA_STALLED | 1u << SM_RF_EV_CTA_READY,
	fr_create, fr_free, fr_outputs, fr_step, fr_skip, fr_resident, fr_counters, fr_active, fr_ratios,
};

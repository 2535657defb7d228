/* sm_rfsys_regvirt.c: `scheme = regvirt` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): register-file virtualization (Jeon et
 * al., MICRO 2015).  The subsystem is one composed unit, regvirt_top
 * (cmodel/regvirt_top.c, common/regvirt_top_desc.h: rename_table,
 * release_flag_cache and the physical rf_banked, their wiring, the flag
 * cache's issue-port glue, physical register addressing, CTA slots, the
 * control queue with its exit sweeps, the throttle's suspension, the rename
 * queue and the rename ports' choice), created
 * through regvirt_top_ops so that the SM-driven co-simulation compares it
 * whole.  This file is the adapter: SM events and instruction fields -> the
 * top's input bus (an issue's rename chunks on the push lanes), the top's
 * outputs -> grants, read data, control; and the policy not yet in RTL, on
 * the top's policy ports: the pending frees, and the in-flight records that
 * give each issued operand its physical register.
 *
 * The compiler's analyses (compiler/regvirt.c, run here for the resident
 * warps' table capacity K) give the exempt set, the pir flags, the pir/pbr
 * layout and the pbr lists: the decoded fields a decode stage would hand
 * the top's issue ports.
 *
 * The flow of one instruction: ISSUE (warp, pc) -> its issue port: the
 * top probes / fills / reads the flag cache and returns its release flags
 * (a pbr is always fetched and its registers renamed as released sources)
 * -> its registers, 3 sources and 1 destination per rename slot ("chunk"),
 * go to the top's rename queue ([regvirt] rename_queue, rename_lanes; a
 * nearly full queue gates issue) and can enter a rename port the next
 * cycle (the paper's extra rename stage) -> the renamed physical ids come
 * out one cycle after ren_ready_o, naming their warp, whose oldest chunk
 * sent they belong to -> the collectors' reads and the write-backs are matched to
 * the warp's oldest record reading / writing that register and go to the
 * top's file ports by physical register; a read of a released source frees
 * its physical register through free_* (after every older pending read of
 * it in the warp).  Decisions: docs/sm.md, "regvirt in the SM", and
 * docs/regvirt.md, "regvirt_top". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm_rfsys.h"
#include "cfg_key.h"
#include "regvirt_top.h"
#include "regvirt_top_desc.h"
#include "rf_banked.h"
#include "sm_core.h"
#include "sm_inflight.h"
#include "sm_kc.h"
#include "sm_prog.h"

enum {
	C_RENAMED, C_PIR_FETCHED, C_PIR_SKIPPED, C_PBR_FETCHED, C_FLAG_CACHE, C_FLAG_DECODED,
	C_RELEASED, C_PBR_RELEASED, C_UNMAPPED_READS, C_RENAME_STALL, C_WAKE_WAITS, C_THROTTLE,
	C_PHYS_ALLOC, C_ARCH_ALLOC, C_PG_ON, C_SWEEP, C_PHYS_USED, C_TOUCHED, C_ARCH_PEAK,
	C_SPILLS, C_FILLS, C_SPILLED_REGS, C_SPILL_CYCLES, C_SPILL_STUCK, C_LIVE_PEAK, C_FILE_REGS,
	C_DEAD_SWEEPS, C_DEAD_REGS,
};

static const char *const rv_counters[] = {
	"rename_insns", "pir_fetched", "pir_skipped", "pbr_fetched", "flag_reads_cache",
	"flag_reads_decoded", "released_regs", "pbr_released_regs", "unmapped_reads",
	"rename_stall_cycles", "wake_waits", "throttle_cycles", "phys_alloc_regs_cycles",
	"arch_alloc_regs_cycles", "pg_on_subarrays_cycles", "sweep_cycles", "phys_used_regs_cycles", "phys_touched_regs", "arch_peak_regs",
	"spills", "fills", "spilled_regs", "spill_cycles", "spill_stuck_cycles", "live_peak_regs",
	"file_regs", "dead_sweeps", "dead_regs", NULL,
};

/* One issued instruction's register operands (sm_inflight.h; op.pending
 * counts its chunks still to be renamed) and their physical ids. */
struct rec {
	struct sm_inflight_rec op;
	unsigned spid[SM_MAX_SRC], dpid[SM_MAX_DST];
	uint32_t smapped, srel;
	uint64_t wake_until;
};

/* One rename slot: up to 3 sources and 1 destination of a record, or up
 * to 3 registers of a pbr (rec < 0). */
struct chunk {
	unsigned warp;
	int rec;
	unsigned nsrc;
	unsigned sidx[RT_SRCS], sreg[RT_SRCS], rel[RT_SRCS];
	int dst;			/* index in the record's dst[], -1 none */
	unsigned dreg;
};

enum { REC_PBR = -1, REC_FILL = -2 };	/* chunk.rec of a pbr's, a fill's chunk */

struct pfree {
	unsigned warp, tw, pid;		/* SM warp, table warp, physical register */
};

struct warp_st {
	unsigned tw;			/* table warp */
	int done;			/* finished (SM_RF_EV_WARP_DONE): issues no more */
};

struct pir_info {
	int pir;			/* meta index of the covering pir, -1 none */
	unsigned slot;
	int starts;			/* pc is the pir's first instruction */
};

/* Spilling (Sec. 8.1, [regvirt] spill = 1; docs/regvirt.md "Spilling"):
 * one spill and one fill at a time (they use different ports).  A spill reads the victim's renamed
 * registers through file read ports its collectors leave idle, stores them
 * (one 128-byte coalesced access per register, the paper's "one memory
 * operation per architected register") and unmaps them with the top's
 * spill sweep; a fill loads them, renames each as a destination (a fill
 * chunk: allocated in its home bank) and writes it through an idle write
 * port; then the warp issues again. */
enum { E_IDLE, E_READ, E_STORE, E_SWEEP, E_LOAD, E_RENAME, E_WRITE };

struct spill_eng {
	int state;
	unsigned tw, warp;		/* table warp, SM warp */
	unsigned next;			/* next register to read / rename / write */
	unsigned done;			/* registers read back / renamed / written */
	uint64_t until;			/* E_STORE, E_LOAD: the memory transfer's end */
	uint64_t start;
	int dead;			/* the victim finished: a dead sweep (no read,
					 * store or fill; spill_pick) */
};

struct spill_warp {
	int spilled;			/* registers in memory, the warp blocked */
	uint64_t seq;			/* spill order: the oldest spilled fills first */
	unsigned n;			/* spilled registers */
	unsigned *reg;			/* [R] their architected ids */
	unsigned *pid;			/* [R] the fill's physical registers */
	uint64_t *wake;			/* [R] writable from (a woken subarray) */
	uint32_t *data;			/* [R x lanes] */
};

struct rfs_rv {
	const struct gpurf_cfg *cfg;
	struct gpurf_cfg rt_cfg;		/* the top's: the table sized for the resident warps */
	struct module_desc top_desc;
	void *top;				/* regvirt_top */
	uint32_t *t_in, *t_out;
	uint32_t *rd_buf;			/* [collector][lane]: read data shown by outputs() */
	unsigned ip;				/* issue ports */
	const struct sm_prog *prog;
	struct sm_kc_regvirt rv;
	unsigned R, N, wpc, res, W, np, nf, nb;
	uint64_t now;
	/* per instruction */
	struct pir_info *pi;
	uint64_t *meta_pc;		/* expanded PC of each metadata instruction */
	int *pbr_at;			/* first kc pbr index at pc, -1 */
	/* records */
	struct sm_inflight inf;		/* issued instructions' operands, per warp */
	struct warp_st *ws;
	unsigned nws;
	/* rename stage: the top's queue of cap_q chunks ([regvirt] rename_queue,
	 * rq_count_o); the warps are gated (no issue) while fewer than headroom
	 * entries are free.  sent: the chunks handed to the top (queued, in a
	 * port, renamed last cycle), oldest first, until their results come
	 * back on out_* (a warp's chunks leave in order): which record and
	 * operands each one renames; lanes: push lanes used this cycle */
	unsigned cap_q, headroom;
	struct chunk *sent;
	unsigned nsent, cap_sent, lanes;
	/* frees: at most one pending per physical register (cap_fq =
	 * physical registers); never full */
	struct pfree *fq;
	unsigned nfq, cap_fq;
	/* CTAs: the top keeps the table slots and the control queue; here the
	 * resident CTA's slot (the SM's names) and the CTA event port of each
	 * event of the cycle */
	int *cta_ct;			/* resident CTA -> table CTA slot, -1 */
	int cev_of[SM_RF_MAX_EV];	/* event -> CTA event port, -1 */
	unsigned ncta;
	uint8_t *susp;			/* resident CTA suspended by the throttle */
	int thr;			/* throttle_o of the last cycle */
	unsigned fav_ct;		/* throttle_cta_o of the last cycle */
	unsigned last_phys, last_pg;	/* allocated registers, powered subarrays (skip) */
	unsigned live_warps;		/* warps of launched, not exited CTAs */
	unsigned reserved;		/* exempt region of all banks: W x ceil(N/B) x B */
	unsigned last_used;		/* phys, the exempt region counted for live warps only (skip) */
	/* the paper's Fig. 10 measure: physical registers touched at least once
	 * (renamed ones allocated, exempt ones of launched warps) */
	uint8_t *touched;		/* [pid] */
	uint8_t *tw_seen;		/* [table warp] its exempt registers counted */
	/* spilling: the shadow of the table's renamed mappings (from out_*),
	 * the spilled warps, the engine, the file ports it used this cycle */
	int *map;			/* [table warp x R] physical register, -1 unmapped */
	int *tw_warp;			/* [table warp] SM warp, -1 */
	struct spill_warp *sw;		/* [table warp] */
	struct spill_eng eng, fil;	/* the spill in progress, the fill in progress */
	uint8_t *keep;			/* [R] the spill's victim: registers its in-flight
					 * instructions name, left mapped */
	unsigned stuck, nspilled;
	uint64_t spilled_regs;		/* registers the spilled warps keep in memory */
	uint64_t seq;
	uint64_t own_rd, own_wr;
	int rd_idx[SM_RF_MAX_RD];	/* [collector] register a spill read returns, -1 */
	uint64_t rd_due[SM_RF_MAX_RD];
};

/* ---- pools ------------------------------------------------------------------ */

static struct rec *rec_at(const struct rfs_rv *m, int i)
{
	return (struct rec *)sm_inflight_at(&m->inf, i);
}

/* ---- creation --------------------------------------------------------------- */

static void rv_free(void *vm)
{
	struct rfs_rv *m = vm;

	if (!m)
		return;
	if (m->top)
		regvirt_top_ops.destroy(m->top);
	sm_kc_regvirt_free(&m->rv);
	free(m->t_in), free(m->t_out), free(m->rd_buf);
	free(m->pi), free(m->meta_pc), free(m->pbr_at);
	sm_inflight_free(&m->inf), free(m->ws), free(m->sent), free(m->fq);
	free(m->cta_ct), free(m->susp);
	free(m->touched), free(m->tw_seen);
	if (m->sw)
		for (unsigned t = 0; t < m->W; t++)
			free(m->sw[t].reg), free(m->sw[t].pid), free(m->sw[t].wake), free(m->sw[t].data);
	free(m->sw), free(m->map), free(m->tw_warp), free(m->keep);
	free(m);
}

/* The top's outputs of its last evaluation; its inputs of this cycle. */
static uint64_t t_get(const struct rfs_rv *m, enum regvirt_top_port p, unsigned e)
{
	return bus_get(m->t_out, &m->top_desc.ports[p], e);
}

static void t_set(struct rfs_rv *m, enum regvirt_top_port p, unsigned e, uint64_t v)
{
	bus_set(m->t_in, &m->top_desc.ports[p], e, v);
}

static void t_eval(struct rfs_rv *m)
{
	regvirt_top_ops.eval(m->top, m->t_in, m->t_out);
}

static int bit_test(const uint64_t *set, unsigned r)
{
	return (int)(set[r >> 6] >> (r & 63) & 1);
}

/* Per-instruction tables from the compiler's metadata layout: the pir
 * covering each instruction, its slot, the pbr lists by instruction, and
 * each metadata instruction's PC (metadata take PCs: 8 x (index + the
 * metadata before it)). */
static int build_meta(struct rfs_rv *m)
{
	int n = m->prog->ninsns, cur = -1;

	m->pi = calloc((size_t)n + 1, sizeof *m->pi);
	m->meta_pc = calloc((size_t)m->rv.nmeta + 1, sizeof *m->meta_pc);
	m->pbr_at = malloc(((size_t)n + 1) * sizeof *m->pbr_at);
	if (!m->pi || !m->meta_pc || !m->pbr_at)
		return -1;
	for (int i = 0; i < m->rv.nmeta; i++)
		m->meta_pc[i] = 8u * (uint64_t)(m->rv.meta_before[i] + i);
	for (int pc = 0, j = 0; pc < n; pc++) {
		for (; j < m->rv.nmeta && m->rv.meta_before[j] <= pc; j++)
			if (!m->rv.meta_is_pbr[j] && m->rv.meta_before[j] == pc) {
				cur = j;
				m->pi[pc].starts = 1;
			}
		m->pi[pc].pir = cur;
		m->pi[pc].slot = cur >= 0 ? (unsigned)(pc - m->rv.meta_before[cur]) : 0;
		m->pbr_at[pc] = -1;
	}
	for (int b = m->rv.npbr - 1; b >= 0; b--)
		if (m->rv.pbr_insn[b] >= 0 && m->rv.pbr_insn[b] < n)
			m->pbr_at[m->rv.pbr_insn[b]] = b;
	return 0;
}

/* Rename chunks one issue of pc adds (its pbr's and its own). */
static unsigned chunks_at(const struct rfs_rv *m, int pc)
{
	const struct sm_insn *si = &m->prog->insns[pc];
	unsigned n = 0, own = (si->nsrc + RT_SRCS - 1) / RT_SRCS;

	for (int b = m->pbr_at[pc]; b >= 0 && b < m->rv.npbr && m->rv.pbr_insn[b] == pc; b++)
		n += (unsigned)(m->rv.pbr_off[b + 1] - m->rv.pbr_off[b] + RT_SRCS - 1) / RT_SRCS;
	if (si->cls == SM_CLS_BRANCH || si->cls == SM_CLS_EXIT || si->cls == SM_CLS_BAR)
		return n;
	return n + (own > si->ndst ? own : si->ndst);
}

/* The most rename chunks one issue adds: the decode stage's bound. */
static unsigned max_chunks(const struct rfs_rv *m)
{
	unsigned mx = 0;

	for (int pc = 0; pc < m->prog->ninsns; pc++)
		if (chunks_at(m, pc) > mx)
			mx = chunks_at(m, pc);
	return mx;
}

/* No spill read is on its way back from the file. */
static void spill_reads_forget(struct rfs_rv *m)
{
	for (unsigned c = 0; c < SM_RF_MAX_RD; c++)
		m->rd_idx[c] = -1;
}

static int spill_init(struct rfs_rv *m)
{
	size_t R = m->R ? m->R : 1, lanes = m->cfg->lanes;

	m->map = malloc((size_t)m->W * R * sizeof *m->map);
	m->tw_warp = malloc(m->W * sizeof *m->tw_warp);
	m->sw = calloc(m->W, sizeof *m->sw);
	m->keep = calloc(R, sizeof *m->keep);
	if (!m->map || !m->tw_warp || !m->sw || !m->keep)
		return -1;
	for (size_t i = 0; i < (size_t)m->W * R; i++)
		m->map[i] = -1;
	for (unsigned t = 0; t < m->W; t++)
		m->tw_warp[t] = -1;
	spill_reads_forget(m);
	if (!m->cfg->regvirt.spill)
		return 0;
	for (unsigned t = 0; t < m->W; t++) {
		struct spill_warp *w = &m->sw[t];

		w->reg = malloc(R * sizeof *w->reg);
		w->pid = malloc(R * sizeof *w->pid);
		w->wake = malloc(R * sizeof *w->wake);
		w->data = malloc(R * lanes * sizeof *w->data);
		if (!w->reg || !w->pid || !w->wake || !w->data)
			return -1;
	}
	return 0;
}

static void *rv_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_rv *m;
	unsigned occ_regs, occ_bytes, bank_regs, reserved;

	if (!k->prog)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sm] scheme = regvirt needs a PTX kernel "
				  "(the compiler's release flags); traces are not supported", cfg->path), NULL;
	if (k->regs > cfg->regvirt.arch_regs)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [regvirt] arch_regs = %u, but the kernel needs %u "
				  "registers per thread; allowed: arch_regs >= %u", cfg->path,
				  cfg->regvirt.arch_regs, k->regs, k->regs), NULL;
	if (!(m = calloc(1, sizeof *m)))
		goto oom;
	m->cfg = cfg;
	m->prog = k->prog;
	m->R = k->regs;
	m->wpc = k->warps_per_cta;
	m->nb = cfg->banks;
	/* resident CTAs: the baseline's allocation on the occupancy file */
	occ_bytes = cfg->regvirt.occupancy_bytes ? cfg->regvirt.occupancy_bytes : cfg->rf_bytes;
	occ_regs = occ_bytes / (cfg->lanes * 4u);
	m->res = k->cta_limit_unreg;
	if (m->R && occ_regs / m->R / m->wpc < m->res)
		m->res = occ_regs / m->R / m->wpc;
	if (!m->res) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: regvirt: no CTA of %u warps x %u registers fits the "
			   "%u-byte occupancy file", cfg->path, m->wpc, m->R, occ_bytes);
		goto fail;
	}
	m->W = m->res * m->wpc;
	/* the renaming table for W resident warps (K = floor(8 rt_bytes / (log2(phys) W))) */
	m->rt_cfg = *cfg;
	m->rt_cfg.warps = m->W;
	m->rt_cfg.ctas = m->res;
	if (cfg_finish_regvirt(&m->rt_cfg, err))
		goto fail;
	m->N = m->R > m->rt_cfg.regvirt.d.kcap ? m->R - m->rt_cfg.regvirt.d.kcap : 0;
	bank_regs = cfg->regvirt.d.bank_regs;
	reserved = m->W * rt_exempt_rows(cfg, m->N);
	m->reserved = reserved * cfg->banks;
	if (reserved >= bank_regs) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: regvirt: %u exempt registers (R = %u, K = %u) for %u "
			   "warps fill the %u registers of a bank; allowed: a larger [rf] size_bytes or "
			   "[regvirt] rt_bytes", cfg->path, m->N, m->R, m->rt_cfg.regvirt.d.kcap, m->W, bank_regs);
		goto fail;
	}
	m->np = cfg->regvirt.rename_ports;
	m->nf = cfg->regvirt.free_ports;
	if (sm_kc_regvirt(k->prog, m->N, &m->rv))
		goto oom;
	/* the subsystem: table, flag cache and the file by {bank, index} (regvirt_top_desc.h) */
	desc_regvirt_top(&m->rt_cfg, &m->top_desc);
	m->ip = regvirt_top_issue_ports(&m->rt_cfg);
	m->t_in = calloc(m->top_desc.in_words + 1, 4);
	m->t_out = calloc(m->top_desc.out_words + 1, 4);
	m->rd_buf = calloc((size_t)cfg->collectors * cfg->lanes + 1, 4);
	m->nws = k->hw_warps > m->W ? k->hw_warps : m->W;
	m->ws = calloc(m->nws, sizeof *m->ws);
	if (sm_inflight_init(&m->inf, m->nws, sizeof(struct rec)))
		goto oom;
	m->ncta = m->res > cfg->ctas ? m->res : cfg->ctas;
	m->cta_ct = malloc(m->ncta * sizeof *m->cta_ct);
	m->susp = calloc(m->ncta, 1);
	m->touched = calloc((size_t)cfg->banks << cfg->regvirt.d.idx_bits, 1);
	m->tw_seen = calloc(m->W, 1);
	m->cap_q = cfg->regvirt.rename_queue;
	m->cap_fq = cfg->regvirt.d.phys_regs;
	m->cap_sent = m->cap_q + 2 * m->np + cfg->regvirt.rename_lanes;
	m->sent = malloc(m->cap_sent * sizeof *m->sent);
	m->fq = malloc(m->cap_fq * sizeof *m->fq);
	if (!m->t_in || !m->t_out || !m->rd_buf || !m->ws || !m->cta_ct || !m->susp || !m->touched ||
	    !m->tw_seen || !m->sent || !m->fq || build_meta(m))
		goto oom;
	m->headroom = m->ip * max_chunks(m);
	if (m->headroom > m->cap_q) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [regvirt] rename_queue = %u, but one cycle's %u issues of "
			   "this kernel can add %u rename chunks; allowed: rename_queue >= %u", cfg->path,
			   m->cap_q, m->ip, m->headroom, m->headroom);
		goto fail;
	}
	if (m->headroom > cfg->regvirt.rename_lanes) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [regvirt] rename_lanes = %u, but one cycle's %u issues of "
			   "this kernel can add %u rename chunks; allowed: rename_lanes >= %u", cfg->path,
			   cfg->regvirt.rename_lanes, m->ip, m->headroom, m->headroom);
		goto fail;
	}
	for (unsigned c = 0; c < m->ncta; c++)
		m->cta_ct[c] = -1;
	if (spill_init(m))
		goto oom;
	if (!(m->top = regvirt_top_ops.create(&m->rt_cfg, &m->top_desc)))
		goto oom;
	regvirt_top_ops.reset(m->top);
	/* kernel launch: exempt count and the CTA demands (docs/regvirt.md
	 * decision 11); it flushes the flag cache */
	t_set(m, RVT_LAUNCH_I, 0, 1);
	t_set(m, RVT_LAUNCH_WPC_I, 0, m->wpc);
	t_set(m, RVT_LAUNCH_EXEMPT_I, 0, m->N);
	t_set(m, RVT_LAUNCH_DEMAND_I, 0, (uint64_t)m->wpc * (m->R - m->N + 1));
	t_set(m, RVT_LAUNCH_BANK_DEMAND_I, 0, (uint64_t)m->wpc * ((m->R - m->N + m->nb - 1) / m->nb + 1));
	regvirt_top_ops.tick(m->top, m->t_in);
	memset(m->t_in, 0, m->top_desc.in_words * 4);
	return m;
oom:
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the regvirt register-file subsystem");
fail:
	rv_free(m);
	return NULL;
}

/* ---- events ----------------------------------------------------------------- */

/* A rename chunk onto the top's next push lane: -1 when the lanes or the
 * queue would overflow, which create()'s check (rename_lanes) and the
 * issue gate (room in the queue) exclude. */
static int push_chunk(struct rfs_rv *m, const struct chunk *c)
{
	unsigned l = m->lanes;

	if (l == m->cfg->regvirt.rename_lanes || m->nsent == m->cap_sent ||
	    l + t_get(m, RVT_RQ_COUNT_O, 0) >= m->cap_q)
		return -1;
	t_set(m, RVT_PUSH_VALID_I, l, 1);
	t_set(m, RVT_PUSH_WARP_I, l, m->ws[c->warp].tw);
	for (unsigned s = 0; s < c->nsrc; s++) {
		t_set(m, RVT_PUSH_SRC_VALID_I, l * RT_SRCS + s, 1);
		t_set(m, RVT_PUSH_SRC_I, l * RT_SRCS + s, c->sreg[s]);
		t_set(m, RVT_PUSH_REL_I, l * RT_SRCS + s, c->rel[s]);
	}
	if (c->dst >= 0) {
		t_set(m, RVT_PUSH_DST_VALID_I, l, 1);
		t_set(m, RVT_PUSH_DST_I, l, c->dreg);
	}
	m->sent[m->nsent++] = *c;
	m->lanes++;
	return 0;
}

/* A read-time free onto the pending-free queue (at most one entry per
 * physical register: never full). */
static int push_free(struct rfs_rv *m, unsigned warp, unsigned pid)
{
	if (m->nfq == m->cap_fq)
		return -1;
	m->fq[m->nfq++] = (struct pfree){warp, m->ws[warp].tw, pid};
	return 0;
}

static unsigned arch_id(const struct rfs_rv *m, unsigned r)
{
	return (unsigned)m->rv.exempt_map[r];
}

/* The CTA events of the cycle on the top's CTA event ports, in the SM's
 * order: a launch (the top picks its slot), an exit of a CTA with a slot. */
static void cev_inputs(struct rfs_rv *m, const struct sm_rf_in *in)
{
	unsigned k = 0;

	for (unsigned e = 0; e < in->nev; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];
		int exit = ev->kind == SM_RF_EV_CTA_EXIT;

		m->cev_of[e] = -1;
		if ((!exit && ev->kind != SM_RF_EV_CTA_LAUNCH) || (exit && m->cta_ct[ev->cta] < 0))
			continue;
		if (k == m->res || (!exit && ev->nwarps != m->wpc))
			abort();	/* events of a cycle <= slots; every CTA has wpc warps */
		m->cev_of[e] = (int)k;
		t_set(m, RVT_CEV_VALID_I, k, 1);
		t_set(m, RVT_CEV_EXIT_I, k, (uint64_t)exit);
		if (exit)
			t_set(m, RVT_CEV_SLOT_I, k, (uint64_t)m->cta_ct[ev->cta]);
		k++;
	}
}

/* A launch in table slot ct (cev_slot_o): the SM's names and statistics. */
static void ev_launch(struct rfs_rv *m, const struct sm_rf_ev *e, unsigned ct, struct sm_stats *st)
{
	m->cta_ct[e->cta] = (int)ct;
	m->susp[e->cta] = 0;
	for (unsigned k = 0; k < e->nwarps; k++) {
		struct warp_st *w = &m->ws[e->warps[k]];

		w->tw = ct * m->wpc + k;
		w->done = 0;
		if (w->tw < m->W) {
			m->tw_warp[w->tw] = (int)e->warps[k];
			for (unsigned r = 0; r < m->R; r++)
				m->map[(size_t)w->tw * m->R + r] = -1;
		}
		if (w->tw < m->W && !m->tw_seen[w->tw]) {
			m->tw_seen[w->tw] = 1;
			st->rfs[C_TOUCHED] += m->N;
		}
	}
	m->live_warps += e->nwarps;
	if ((uint64_t)m->live_warps * m->R > st->rfs[C_ARCH_PEAK])
		st->rfs[C_ARCH_PEAK] = (uint64_t)m->live_warps * m->R;
}

static void ev_exit(struct rfs_rv *m, const struct sm_rf_ev *e)
{
	/* a spilled warp of an exiting CTA had finished: forget its registers
	 * (the exit sweep frees whatever a fill already mapped) */
	for (unsigned k = 0; k < m->wpc && m->cta_ct[e->cta] >= 0; k++) {
		unsigned tw = (unsigned)m->cta_ct[e->cta] * m->wpc + k;

		if (tw >= m->W)
			continue;
		if (m->eng.state != E_IDLE && m->eng.tw == tw) {
			m->eng.state = E_IDLE;
			spill_reads_forget(m);
		}
		if (m->fil.state != E_IDLE && m->fil.tw == tw)
			m->fil.state = E_IDLE;
		if (m->sw[tw].spilled)
			m->nspilled--, m->spilled_regs -= m->sw[tw].n;
		m->sw[tw].spilled = 0;
		m->tw_warp[tw] = -1;
	}
	m->cta_ct[e->cta] = -1;
	m->live_warps -= m->wpc;
}

/* The issue ports of the cycle: the k-th issue event (pc in range) on port
 * k with the decoded fields of its instruction (regvirt_top_desc.h): in a
 * pir window, the pir's first instruction, the pir's metadata PC, the slot,
 * the pir payload and the decoded release flags.  ev_of[k]: its event. */
static void issue_inputs(struct rfs_rv *m, const struct sm_rf_in *in, int *ev_of)
{
	uint64_t pmask = (UINT64_C(1) << (3 * m->cfg->regvirt.rfc_slots)) - 1;
	unsigned k = 0;

	for (unsigned e = 0; e < in->nev; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];
		const struct pir_info *pi;

		if (ev->kind != SM_RF_EV_ISSUE || ev->pc < 0 || ev->pc >= m->prog->ninsns)
			continue;
		if (k == m->ip)
			abort();	/* one issue per scheduler per cycle (sm_core.c) */
		pi = &m->pi[ev->pc];
		ev_of[k] = (int)e;
		t_set(m, RVT_ISS_REL_I, k, m->rv.release[ev->pc]);
		if (pi->pir >= 0) {
			t_set(m, RVT_ISS_PIR_I, k, 1);
			t_set(m, RVT_ISS_STARTS_I, k, (uint64_t)pi->starts);
			t_set(m, RVT_ISS_PC_I, k, m->meta_pc[pi->pir]);
			t_set(m, RVT_ISS_SLOT_I, k, pi->slot < (1u << RVT_SLOT_BITS) ? pi->slot : (1u << RVT_SLOT_BITS) - 1);
			t_set(m, RVT_ISS_PAYLOAD_I, k, m->rv.meta_word[pi->pir] >> 4 & pmask);
		}
		k++;
	}
	for (; k < m->ip; k++)
		ev_of[k] = -1;
}


/* The pbr at pc: its registers renamed as released sources, 3 per chunk
 * (9 per pbr word fetched). */
static int pbr_chunks(struct rfs_rv *m, unsigned warp, int pc, struct sm_stats *st)
{
	for (int b = m->pbr_at[pc]; b >= 0 && b < m->rv.npbr && m->rv.pbr_insn[b] == pc; b++) {
		int lo = m->rv.pbr_off[b], hi = m->rv.pbr_off[b + 1];

		st->rfs[C_PBR_FETCHED] += (unsigned)(hi - lo + RV_PBR_SLOTS - 1) / RV_PBR_SLOTS;
		for (int i = lo; i < hi; i += RT_SRCS) {
			struct chunk c = {warp, -1, 0, {0}, {0}, {0}, -1, 0};

			for (int j = i; j < hi && j < i + RT_SRCS; j++) {
				c.sreg[c.nsrc] = m->rv.pbr_reg[j];
				c.rel[c.nsrc++] = 1;
			}
			if (push_chunk(m, &c))
				return -1;
		}
	}
	return 0;
}

/* A record and its chunks for an instruction with register operands;
 * rel: its sources' pir bits (bit j = source operand j). */
static int insn_chunks(struct rfs_rv *m, unsigned warp, int pc, unsigned relbits)
{
	const struct sm_insn *si = &m->prog->insns[pc];
	unsigned nch = (si->nsrc + RT_SRCS - 1) / RT_SRCS;
	uint64_t relset[4] = {0};
	struct rec *r;
	int ri;

	if (nch < si->ndst)
		nch = si->ndst;
	if (!nch)
		return 0;
	if ((ri = sm_inflight_add(&m->inf, warp, si)) < 0)
		return -1;
	r = rec_at(m, ri);
	r->op.pending = nch;
	for (unsigned j = 0; j < 3; j++)
		if (relbits >> j & 1)
			for (unsigned x = 0; x < SM_KC_SET_WORDS; x++)
				relset[x] |= m->rv.slot_regs[((size_t)pc * 3 + j) * SM_KC_SET_WORDS + x];
	for (unsigned c = 0; c < nch; c++) {
		struct chunk ch = {warp, ri, 0, {0}, {0}, {0}, -1, 0};

		for (unsigned s = c * RT_SRCS; s < si->nsrc && s < (c + 1) * RT_SRCS; s++) {
			int isdst = 0;

			for (unsigned d = 0; d < si->ndst; d++)
				isdst |= si->dst[d] == si->src[s];
			ch.sidx[ch.nsrc] = s;
			ch.sreg[ch.nsrc] = arch_id(m, si->src[s]);
			/* a source the instruction also writes is not released (its
			 * destination may be renamed in another chunk) */
			ch.rel[ch.nsrc++] = bit_test(relset, si->src[s]) && !isdst;
		}
		if (c < si->ndst) {
			ch.dst = (int)c;
			ch.dreg = arch_id(m, si->dst[c]);
		}
		if (push_chunk(m, &ch))
			return -1;
	}
	return 0;
}

/* ---- rename stage ----------------------------------------------------------- */

/* Does warp w have a renamed, unread source at physical register pid? */
static int read_pending(const struct rfs_rv *m, unsigned warp, unsigned pid)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);

		for (unsigned s = 0; s < r->op.nsrc; s++)
			if (!(r->op.sread >> s & 1) && (r->smapped >> s & 1) && r->spid[s] == pid)
				return 1;
	}
	return 0;
}

/* Does warp w have a renamed, unwritten destination at physical register
 * pid?  A pbr releases a register when the branch makes it dead, which
 * can be before an older instruction's write to it (a load whose result
 * the taken path never reads) lands: freeing it then let the table give
 * it to another warp and the late write corrupted that warp's value. */
static int write_pending(const struct rfs_rv *m, unsigned warp, unsigned pid)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);

		if (r->op.pending)
			continue;	/* not renamed: it cannot have the released register */
		for (unsigned d = 0; d < r->op.ndst; d++)
			if (!(r->op.dwritten >> d & 1) && r->dpid[d] == pid)
				return 1;
	}
	return 0;
}

/* free_pending_i: the table warps with a pending free.  A warp's exit
 * waits for them (and, in the top, for its rename chunks): the sweep runs
 * beside the renames and frees, and the table must see no instruction of
 * the warp it sweeps. */
static void busy_inputs(struct rfs_rv *m)
{
	for (unsigned i = 0; i < m->nfq; i++)
		t_set(m, RVT_FREE_PENDING_I, m->fq[i].tw, 1);
}

/* The renamed results of a chunk (out_* of port p). */
static int take_out(struct rfs_rv *m, unsigned p, const struct chunk *c, struct sm_stats *st)
{
	unsigned tw = m->ws[c->warp].tw;

	if (c->dst >= 0) {
		unsigned pid = (unsigned)t_get(m, RVT_OUT_DST_PID_O, p);

		if (c->dreg >= m->N && c->dreg < m->R)
			m->map[(size_t)tw * m->R + c->dreg] = (int)pid;
		if (c->rec == REC_FILL) {
			struct spill_warp *w = &m->sw[tw];

			if (m->fil.state == E_RENAME && m->fil.tw == tw) {
				w->pid[c->dst] = pid;
				w->wake[c->dst] = t_get(m, RVT_OUT_DST_WAKE_O, p) ? m->now + m->cfg->regvirt.wake_latency : 0;
				m->fil.done++;
			}
			st->rfs[C_RENAMED]++;
			return 0;
		}
	}
	for (unsigned s = 0; s < c->nsrc; s++) {
		unsigned pid = (unsigned)t_get(m, RVT_OUT_SRC_PID_O, p * RT_SRCS + s);
		unsigned mapped = (unsigned)t_get(m, RVT_OUT_SRC_MAPPED_O, p * RT_SRCS + s);
		unsigned rel = (unsigned)t_get(m, RVT_OUT_SRC_REL_O, p * RT_SRCS + s);

		if (rel && mapped && c->sreg[s] >= m->N && c->sreg[s] < m->R)
			m->map[(size_t)tw * m->R + c->sreg[s]] = -1;

		if (c->rec < 0) {
			if (rel && mapped) {
				st->rfs[C_PBR_RELEASED]++;
				if (push_free(m, c->warp, pid))
					return -1;
			}
			continue;
		}
		{
			struct rec *r = rec_at(m, c->rec);
			unsigned i = c->sidx[s];

			r->spid[i] = pid;
			r->smapped |= (uint32_t)(mapped != 0) << i;
			r->srel |= (uint32_t)(rel && mapped) << i;
		}
	}
	if (c->rec >= 0) {
		struct rec *r = rec_at(m, c->rec);

		if (c->dst >= 0) {
			r->dpid[c->dst] = (unsigned)t_get(m, RVT_OUT_DST_PID_O, p);
			if (t_get(m, RVT_OUT_DST_NEW_O, p) && !m->touched[r->dpid[c->dst]]) {
				m->touched[r->dpid[c->dst]] = 1;
				st->rfs[C_TOUCHED]++;
			}
			if (t_get(m, RVT_OUT_DST_WAKE_O, p))
				r->wake_until = m->now + m->cfg->regvirt.wake_latency;
		}
		r->op.pending--;
	}
	st->rfs[C_RENAMED]++;
	return 0;
}

/* The frees of the cycle (policy ports, not yet RTL): the pending ones
 * whose register no older read still needs, oldest first. */
static void free_inputs(struct rfs_rv *m)
{
	unsigned nf = 0;

	for (unsigned i = 0; i < m->nfq && nf < m->nf;) {
		if (read_pending(m, m->fq[i].warp, m->fq[i].pid) ||
		    write_pending(m, m->fq[i].warp, m->fq[i].pid)) {
			i++;
			continue;
		}
		t_set(m, RVT_FREE_VALID_I, nf, 1);
		t_set(m, RVT_FREE_PID_I, nf, m->fq[i].pid);
		t_set(m, RVT_FREE_WARP_I, nf, m->fq[i].tw);
		nf++;
		memmove(&m->fq[i], &m->fq[i + 1], (m->nfq - i - 1) * sizeof *m->fq);
		m->nfq--;
	}
}

/* The renaming unit's cycle after the evaluation: the chunks renamed
 * last cycle come back (out_*, in port order; each is its warp's oldest
 * chunk sent), the ports whose chunk waits are counted. */
static int rename_cycle(struct rfs_rv *m, struct sm_stats *st)
{
	/* the top's control queue handed the table this cycle's warp launch
	 * or exit sweep; a sweep presented earlier still runs */
	if (t_get(m, RVT_SWEEPING_O, 0))
		st->rfs[C_SWEEP]++;
	for (unsigned p = 0; p < m->np; p++) {
		unsigned tw = (unsigned)t_get(m, RVT_OUT_WARP_O, p), i = 0;
		struct chunk c;

		if (!t_get(m, RVT_OUT_VALID_O, p))
			continue;
		while (i < m->nsent && m->ws[m->sent[i].warp].tw != tw)
			i++;
		if (i == m->nsent)
			return -1;	/* a renamed chunk the SM never sent */
		c = m->sent[i];
		memmove(&m->sent[i], &m->sent[i + 1], (m->nsent - i - 1) * sizeof *m->sent);
		m->nsent--;
		if (take_out(m, p, &c, st))
			return -1;
	}
	for (unsigned p = 0; p < m->np; p++)
		if (t_get(m, RVT_REN_VALID_O, p) && !t_get(m, RVT_REN_READY_O, p))
			st->rfs[C_RENAME_STALL]++;
	return 0;
}

/* ---- spilling (Sec. 8.1) ----------------------------------------------------- */

enum {
	SPILL_WAIT = 4,		/* cycles renaming must stay stuck before a spill */
	SPILL_LINE = 128,	/* bytes of one register of a warp: one coalesced access */
	RV_MAX_BANKS = 64,	/* [rf] banks' bound in the key table (common/cfg.c) */
};

/* Cycles one spilled register occupies the memory path: a 128-byte line
 * at the DRAM's bandwidth (the simple memory model's). */
static uint64_t spill_xfer(const struct rfs_rv *m)
{
	unsigned bw = m->cfg->sim.dram_bytes_per_cycle;

	return (SPILL_LINE + bw - 1) / bw;
}

/* Can a free still come without renaming: a renamed record with a
 * released source not read yet (its read frees it), or a pending free
 * whose older reader or writer is renamed (it will be read or written)? */
static int free_can_come(const struct rfs_rv *m)
{
	for (unsigned w = 0; w < m->nws; w++)
		for (int i = sm_inflight_head(&m->inf, w); i >= 0; i = rec_at(m, i)->op.next) {
			const struct rec *r = rec_at(m, i);
			uint32_t unread = ~r->op.sread & ((UINT32_C(1) << r->op.nsrc) - 1);

			if (r->op.pending)
				continue;
			if ((r->srel & unread) || (m->nfq && (r->smapped & unread)) ||
			    (m->nfq && !sm_inflight_all_written(&r->op)))
				return 1;
		}
	return 0;
}

/* Renaming cannot proceed (after the first evaluation): a rename port
 * holds a chunk, none is renamed, and nothing can free a register but
 * renaming: no sweep, no CTA event, no free this cycle or later. */
static int rename_stuck(const struct rfs_rv *m)
{
	int held = 0;

	for (unsigned p = 0; p < m->np; p++) {
		if (t_get(m, RVT_REN_READY_O, p))
			return 0;
		held |= (int)t_get(m, RVT_REN_VALID_O, p);
	}
	if (!held || t_get(m, RVT_SWEEP_BUSY_O, 0) || t_get(m, RVT_CTL_BUSY_O, 0))
		return 0;
	for (unsigned f = 0; f < m->nf; f++)
		if (bus_get(m->t_in, &m->top_desc.ports[RVT_FREE_VALID_I], f))
			return 0;
	return !free_can_come(m);
}

static int warp_has_chunk(const struct rfs_rv *m, unsigned warp)
{
	for (unsigned i = 0; i < m->nsent; i++)
		if (m->sent[i].warp == warp)
			return 1;
	for (unsigned i = 0; i < m->nfq; i++)
		if (m->fq[i].warp == warp)
			return 1;
	return 0;
}

/* need[b]: the registers spilled warp tw's fill allocates in bank b (each
 * in its home bank, as a destination is renamed). */
static void fill_need(const struct rfs_rv *m, unsigned tw, unsigned need[RV_MAX_BANKS])
{
	const struct spill_warp *sw = &m->sw[tw];

	memset(need, 0, RV_MAX_BANKS * sizeof *need);
	for (unsigned i = 0; i < sw->n; i++)
		need[rt_home_bank(m->cfg, tw, sw->reg[i])]++;
}

/* The spilled warp spilled first, -1 none. */
static int oldest_spilled(const struct rfs_rv *m)
{
	int o = -1;

	for (unsigned tw = 0; tw < m->W; tw++)
		if (m->sw[tw].spilled && (o < 0 || m->sw[tw].seq < m->sw[o].seq))
			o = (int)tw;
	return o;
}

/* keep[r]: warp w's registers an in-flight instruction or a rename chunk
 * names (a source or a destination).  A spill leaves them mapped: as if
 * its stores issued after those instructions, it takes only registers
 * none of them reads or writes. */
static void spill_keep(const struct rfs_rv *m, unsigned w, uint8_t *keep)
{
	memset(keep, 0, m->R * sizeof *keep);
	for (int i = sm_inflight_head(&m->inf, w); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);

		for (unsigned s = 0; s < r->op.nsrc; s++)
			keep[arch_id(m, r->op.src[s])] = 1;
		for (unsigned d = 0; d < r->op.ndst; d++)
			keep[arch_id(m, r->op.dst[d])] = 1;
	}
	for (unsigned i = 0; i < m->nsent; i++) {
		const struct chunk *c = &m->sent[i];

		if (c->warp != w)
			continue;
		for (unsigned s = 0; s < c->nsrc; s++)
			keep[c->sreg[s]] = 1;
		if (c->dst >= 0)
			keep[c->dreg] = 1;
	}
}

/* The victim (docs/regvirt.md, "Spilling"): a warp (launched, not
 * spilled) holding renamed registers in a full bank that no in-flight
 * instruction of it names (spill_keep); a finished warp first (its CTA
 * has not exited yet: its registers are dead, so they are only unmapped
 * by the spill sweep, a dead sweep, with no read, store or fill: spilling
 * them left stencil3d x100 with one spill more than fills, the CTA
 * exiting while the warp was in memory), then a quiescent warp (nothing in
 * flight, no chunk, no pending free), then a warp outside the
 * throttle's favoured CTA, then the most such registers in full banks,
 * then the highest table warp.  Those registers are read, stored,
 * unmapped.  A warp with an instruction waiting for rename is a victim
 * only when no warp is quiescent: every warp of a CTA larger than the
 * file can wait so (cosim_regvirt_spill, sgemm). */
static void spill_pick(struct rfs_rv *m, int starved, struct sm_rf_gnt *g, struct sm_stats *st)
{
	int best = -1, bfav = 1, bbusy = 1, bdead = 0;
	unsigned bscore = 0, want[RV_MAX_BANKS] = {0};

	/* the banks to empty: the full ones; starved (fill_starved), also
	 * those lacking room for the oldest spilled warp's fill */
	for (unsigned b = 0; b < m->nb; b++)
		want[b] = !t_get(m, RVT_FREE_CNT_O, b);
	if (starved) {
		int o = oldest_spilled(m);
		unsigned need[RV_MAX_BANKS];

		if (o >= 0) {
			fill_need(m, (unsigned)o, need);
			for (unsigned b = 0; b < m->nb; b++)
				want[b] |= t_get(m, RVT_FREE_CNT_O, b) < need[b] + m->np;
		}
	}

	for (unsigned tw = 0; tw < m->W; tw++) {
		int w = m->tw_warp[tw], fav, busy, dead;
		unsigned score = 0;

		if (w < 0 || m->sw[tw].spilled || !t_get(m, RVT_LAUNCHED_O, tw))
			continue;
		busy = sm_inflight_head(&m->inf, (unsigned)w) >= 0 || warp_has_chunk(m, (unsigned)w);
		spill_keep(m, (unsigned)w, m->keep);
		for (unsigned r = m->N; r < m->R; r++) {
			int pid = m->map[(size_t)tw * m->R + r];

			if (pid >= 0 && !m->keep[r] && want[rt_pid_bank(m->cfg, (unsigned)pid)])
				score++;
		}
		if (!score)
			continue;
		fav = m->thr && tw / m->wpc == m->fav_ct;
		dead = m->ws[w].done;
		if (best < 0 || (dead && !bdead) || (dead == bdead && ((!busy && bbusy) ||
		    (busy == bbusy && ((!fav && bfav) || (fav == bfav && score >= bscore)))))) {
			best = (int)tw;
			bdead = dead;
			bbusy = busy;
			bfav = fav;
			bscore = score;
		}
	}
	if (best < 0 || g->nctl == SM_RF_MAX_CTL)
		return;
	{
		struct spill_warp *sw = &m->sw[best];

		spill_keep(m, (unsigned)m->tw_warp[best], m->keep);
		sw->n = 0;
		for (unsigned r = m->N; r < m->R; r++)
			if (m->map[(size_t)best * m->R + r] >= 0 && !m->keep[r])
				sw->reg[sw->n++] = r;
		m->eng = (struct spill_eng){bdead ? E_SWEEP : E_READ, (unsigned)best,
					    (unsigned)m->tw_warp[best], 0, 0, 0, m->now, bdead};
		if (bdead) {
			st->rfs[C_DEAD_SWEEPS]++;
			st->rfs[C_DEAD_REGS] += sw->n;
			return;
		}
		g->ctl[g->nctl++] = (struct sm_rf_ctl){SM_RF_CTL_WARP_BLOCK, 0, m->eng.warp};
		st->rfs[C_SPILLS]++;
		st->rfs[C_SPILLED_REGS] += sw->n;
	}
}

/* A fill: the oldest spilled warp whose registers fit every bank with the
 * rename ports' margin to spare ("when more registers than what is
 * required for a pending warp are released", Sec. 8.1). */
static int fill_fits(const struct rfs_rv *m, unsigned tw)
{
	unsigned need[RV_MAX_BANKS], fits = 1;

	fill_need(m, tw, need);
	for (unsigned b = 0; b < m->nb; b++)
		fits &= t_get(m, RVT_FREE_CNT_O, b) >= need[b] + m->np;
	return (int)fits;
}

/* Filling is starved and nothing else will free a register: a warp is
 * spilled, the oldest does not fit (fill_fits, fill_pick), no spill or fill runs, and the SM has
 * nothing in flight (no instruction, chunk, pending free, sweep or CTA
 * event).  The warps left hold their registers quiescent: at a barrier
 * waiting for a spilled warp, or in CTAs the throttle suspended (sgemm
 * x100 on regvirt_shrink_sm waited so forever with no rename port
 * holding a chunk, rename_stuck's condition).  Then spill again. */
static int fill_starved(const struct rfs_rv *m)
{
	if (!m->nspilled || m->eng.state != E_IDLE || m->fil.state != E_IDLE || m->nsent || m->nfq ||
	    t_get(m, RVT_SWEEP_BUSY_O, 0) || t_get(m, RVT_CTL_BUSY_O, 0))
		return 0;
	for (unsigned w = 0; w < m->nws; w++)
		if (sm_inflight_head(&m->inf, w) >= 0)
			return 0;
	return !fill_fits(m, (unsigned)oldest_spilled(m));
}

/* Fills go in spill order: the oldest spilled warp, once it fits.  Taking
 * the oldest that fits livelocked sgemm on cosim_regvirt_spill: a warp
 * whose fill never fitted stayed spilled while the starved spill and the
 * fill took a smaller warp out and back again. */
static void fill_pick(struct rfs_rv *m, struct sm_stats *st)
{
	int best = oldest_spilled(m);

	if (best < 0 || !fill_fits(m, (unsigned)best))
		return;
	m->fil = (struct spill_eng){E_LOAD, (unsigned)best, (unsigned)m->tw_warp[best], 0, 0,
				    m->now + m->cfg->sim.dram_latency + m->sw[best].n * spill_xfer(m), m->now, 0};
	st->rfs[C_FILLS]++;
}

/* Before the first evaluation: the spill sweep's request. */
static void spill_inputs(struct rfs_rv *m)
{
	uint32_t bits[RT_KEEP_WORDS] = {0};

	if (m->eng.state != E_SWEEP)
		return;
	t_set(m, RVT_SPILL_VALID_I, 0, 1);
	t_set(m, RVT_SPILL_WARP_I, 0, m->eng.tw);
	/* the kept registers' table entries: bit row x banks + bank */
	for (unsigned r = m->N; r < m->R; r++)
		if (m->keep[r]) {
			unsigned k = (r - m->N) / m->nb * m->nb + rt_home_bank(&m->rt_cfg, m->eng.tw, r);

			bits[k / 32] |= UINT32_C(1) << k % 32;
		}
	bus_set_words(m->t_in, &m->top_desc.ports[RVT_SPILL_KEEP_I], 0, bits);
}

/* After the issues' chunks: a fill's chunks (a destination each) while the
 * queue keeps the issue gate's room. */
static void spill_push(struct rfs_rv *m)
{
	struct spill_warp *sw = &m->sw[m->fil.tw];

	if (m->fil.state != E_RENAME)
		return;
	while (m->fil.next < sw->n &&
	       m->cap_q - (unsigned)t_get(m, RVT_RQ_COUNT_O, 0) - m->lanes > 2 * m->headroom) {
		struct chunk c = {m->fil.warp, REC_FILL, 0, {0}, {0}, {0}, (int)m->fil.next, sw->reg[m->fil.next]};

		if (push_chunk(m, &c))
			break;
		m->fil.next++;
	}
}

/* After the SM's file requests: a spill's read on the first collector
 * port no request of this cycle uses (a collector waiting for its
 * operands' renaming asks nothing of the file), a fill's write on the
 * first idle write port. */
static void spill_file_inputs(struct rfs_rv *m)
{
	struct spill_warp *sw = &m->sw[m->eng.tw], *fw = &m->sw[m->fil.tw];

	m->own_rd = m->own_wr = 0;
	if (m->eng.state == E_READ && m->eng.next < sw->n)
		for (unsigned c = 0; c < m->cfg->collectors; c++) {
			if (bus_get(m->t_in, &m->top_desc.ports[RVT_RD_REQ_I], c) || m->rd_idx[c] >= 0)
				continue;
			t_set(m, RVT_RD_REQ_I, c, 1);
			t_set(m, RVT_RD_PID_I, c, (unsigned)m->map[(size_t)m->eng.tw * m->R + sw->reg[m->eng.next]]);
			m->own_rd = UINT64_C(1) << c;
			break;
		}
	if (m->fil.state == E_WRITE && m->fil.next < fw->n && fw->wake[m->fil.next] <= m->now)
		for (unsigned p = 0; p < m->cfg->write_ports; p++) {
			uint64_t mask = m->cfg->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->cfg->lanes) - 1;

			if (bus_get(m->t_in, &m->top_desc.ports[RVT_WR_REQ_I], p))
				continue;
			t_set(m, RVT_WR_REQ_I, p, 1);
			t_set(m, RVT_WR_PID_I, p, fw->pid[m->fil.next]);
			t_set(m, RVT_WR_MASK_I, p, mask);
			bus_set_words(m->t_in, &m->top_desc.ports[RVT_WR_DATA_I], p,
				      &fw->data[(size_t)m->fil.next * m->cfg->lanes]);
			m->own_wr = UINT64_C(1) << p;
			break;
		}
}

/* After the last evaluation: the engine's grants and the sweep's
 * acknowledge, its next state; a spill when renaming stays stuck, a fill
 * when registers came back. */
static void spill_cycle(struct rfs_rv *m, int stuck, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct spill_eng *e = &m->eng, *f = &m->fil;
	struct spill_warp *sw = &m->sw[e->tw], *fw = &m->sw[f->tw];

	m->stuck = stuck ? m->stuck + 1 : 0;
	st->rfs[C_SPILL_STUCK] += stuck != 0;
	if (e->state != E_IDLE && !e->dead)
		st->rfs[C_SPILL_CYCLES]++;
	switch (e->state) {
	case E_READ:
		for (unsigned c = 0; c < m->cfg->collectors; c++)
			if ((m->own_rd >> c & 1) && t_get(m, RVT_RD_GNT_O, c)) {
				m->rd_idx[c] = (int)e->next++;
				m->rd_due[c] = m->now + m->cfg->read_latency - 1;
			}
		if (e->done == sw->n) {
			e->state = E_STORE;
			e->until = m->now + sw->n * spill_xfer(m);
		}
		break;
	case E_STORE:
		if (m->now >= e->until)
			e->state = E_SWEEP;
		break;
	case E_SWEEP:
		if (t_get(m, RVT_SPILL_ACK_O, 0)) {
			for (unsigned i = 0; i < sw->n; i++)
				m->map[(size_t)e->tw * m->R + sw->reg[i]] = -1;
			e->state = E_IDLE;
			if (e->dead)
				break;	/* nothing to fill: the warp issues no more */
			sw->spilled = 1;
			sw->seq = m->seq++;
			m->nspilled++;
			m->spilled_regs += sw->n;
			e->state = E_IDLE;
		}
		break;
	default:
		break;
	}
	if (f->state != E_IDLE)
		st->rfs[C_SPILL_CYCLES] += e->state == E_IDLE || e->dead;
	switch (f->state) {
	case E_LOAD:
		if (m->now >= f->until && fill_fits(m, f->tw)) {
			f->state = E_RENAME;
			f->next = f->done = 0;
		}
		break;
	case E_RENAME:
		if (f->done == fw->n) {
			f->state = E_WRITE;
			f->next = f->done = 0;
		}
		break;
	case E_WRITE:
		for (unsigned p = 0; p < m->cfg->write_ports; p++)
			if ((m->own_wr >> p & 1) && t_get(m, RVT_WR_GNT_O, p))
				f->next++, f->done++;
		if (f->done == fw->n && g->nctl < SM_RF_MAX_CTL) {
			g->ctl[g->nctl++] = (struct sm_rf_ctl){SM_RF_CTL_WARP_UNBLOCK, 0, f->warp};
			fw->spilled = 0;
			m->nspilled--;
			m->spilled_regs -= fw->n;
			f->state = E_IDLE;
		}
		break;
	default:
		break;
	}
	if (!m->cfg->regvirt.spill)
		return;
	if (e->state == E_IDLE && m->stuck >= SPILL_WAIT)
		spill_pick(m, stuck == 2, g, st);
	else if (f->state == E_IDLE && m->nspilled && !stuck)
		fill_pick(m, st);
}

/* ---- the register file ------------------------------------------------------ */

static void oom_abort(void)
{
	/* step() has no error path (sm_rfsys.h): the in-flight pool only
	 * grows with the instructions in flight, and the queues' bounds are
	 * never reached (see struct rfs_rv) */
	fputs("gpurf-sim: regvirt: out of memory, or a bounded queue overflowed\n", stderr);
	abort();
}

/* Events of the cycle: CTA launch / exit, and per issue (port k of ev_of)
 * the flag-cache traffic the top reported, the pbr and the instruction's
 * rename chunks. */
static void rv_events(struct rfs_rv *m, const struct sm_rf_in *in, const int *ev_of, struct sm_stats *st)
{
	for (unsigned e = 0; e < in->nev; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];

		if (ev->kind == SM_RF_EV_WARP_DONE && ev->warp < m->nws)
			m->ws[ev->warp].done = 1;
		if (m->cev_of[e] < 0)
			continue;
		if (ev->kind == SM_RF_EV_CTA_LAUNCH)
			ev_launch(m, ev, (unsigned)t_get(m, RVT_CEV_SLOT_O, (unsigned)m->cev_of[e]), st);
		else
			ev_exit(m, ev);
	}
	for (unsigned k = 0; k < m->ip && ev_of[k] >= 0; k++) {
		const struct sm_rf_ev *ev = &in->ev[ev_of[k]];
		int pc = ev->pc;

		if (m->pi[pc].pir >= 0) {
			if (m->pi[pc].starts)
				st->rfs[t_get(m, RVT_ISS_PROBE_HIT_O, k) ? C_PIR_SKIPPED : C_PIR_FETCHED]++;
			st->rfs[t_get(m, RVT_ISS_CACHED_O, k) ? C_FLAG_CACHE : C_FLAG_DECODED]++;
		}
		if (pbr_chunks(m, ev->warp, pc, st))
			oom_abort();
		switch (m->prog->insns[pc].cls) {
		case SM_CLS_BRANCH:
		case SM_CLS_EXIT:
		case SM_CLS_BAR:
			break;	/* no register-file operands */
		default:
			if (insn_chunks(m, ev->warp, pc, (unsigned)t_get(m, RVT_ISS_REL_O, k)))
				oom_abort();
		}
	}
}

/* Suspend / resume from the top's suspend vector over the table slots. */
static void rv_throttle(struct rfs_rv *m, struct sm_rf_gnt *g, struct sm_stats *st)
{
	int thr = (int)t_get(m, RVT_THROTTLE_O, 0);

	m->thr = thr;
	m->fav_ct = (unsigned)t_get(m, RVT_THROTTLE_CTA_O, 0);
	if (thr)
		st->rfs[C_THROTTLE]++;
	for (unsigned c = 0; c < m->ncta && g->nctl < SM_RF_MAX_CTL; c++) {
		int want = m->cta_ct[c] >= 0 && t_get(m, RVT_CTA_SUSP_O, (unsigned)m->cta_ct[c]);

		if (m->cta_ct[c] < 0 && !m->susp[c])
			continue;
		if (want == m->susp[c])
			continue;
		g->ctl[g->nctl++] = (struct sm_rf_ctl){want ? SM_RF_CTL_SUSPEND : SM_RF_CTL_RESUME, c, 0};
		m->susp[c] = (uint8_t)want;
	}
}

/* Reads and writes at their physical registers (the in-flight records,
 * not yet RTL, give the ids); rq: the file's addresses, for the bank
 * counters. */
static void file_inputs(struct rfs_rv *m, const struct sm_rf_in *in, struct rfb_req *rq, int *rrec, unsigned *ridx,
			int *wrec, unsigned *widx, struct sm_stats *st)
{
	rq->rd_req = rq->wr_req = 0;
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v), warp = in->rd_warp[c], pid;
		int ri = sm_inflight_collector(&m->inf, c, warp, in->rd_reg[c], &ridx[c]);

		if (ri >= 0 && rec_at(m, ri)->op.pending)
			ri = -1;	/* not renamed yet */

		if ((rrec[c] = ri) < 0)
			continue;
		if (rec_at(m, ri)->smapped >> ridx[c] & 1) {
			pid = rec_at(m, ri)->spid[ridx[c]];
		} else {
			/* never written (garbage lanes): any register of its home bank */
			pid = rt_pid(m->cfg, rt_home_bank(m->cfg, m->ws[warp].tw, arch_id(m, in->rd_reg[c])), 0);
			st->rfs[C_UNMAPPED_READS]++;
		}
		rq->rd_req |= UINT64_C(1) << c;
		regvirt_top_rf_addr(m->cfg, pid, &rq->rd_warp[c], &rq->rd_reg[c]);
		t_set(m, RVT_RD_REQ_I, c, 1);
		t_set(m, RVT_RD_PID_I, c, pid);
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v), pid;
		int ri = sm_inflight_find(&m->inf, in->wr_warp[p], in->wr_reg[p], 1, &widx[p]);

		if ((wrec[p] = ri) < 0)
			continue;
		if (m->now < rec_at(m, ri)->wake_until) {
			st->rfs[C_WAKE_WAITS]++;
			continue;
		}
		pid = rec_at(m, ri)->dpid[widx[p]];
		rq->wr_req |= UINT64_C(1) << p;
		regvirt_top_rf_addr(m->cfg, pid, &rq->wr_warp[p], &rq->wr_reg[p]);
		t_set(m, RVT_WR_REQ_I, p, 1);
		t_set(m, RVT_WR_PID_I, p, pid);
		t_set(m, RVT_WR_MASK_I, p, in->wr_mask[p]);
		bus_set_words(m->t_in, &m->top_desc.ports[RVT_WR_DATA_I], p, in->wr_data[p]);
	}
}

static void rv_step(void *vm, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_rv *m = vm;
	struct rfb_req rq;
	struct rfb_grants rg;
	unsigned ridx[64], widx[64];
	int rrec[64], wrec[64], ev_of[16], stuck;
	unsigned phys = 0, pg = 0;

	m->now++;
	g->rd_gnt = g->wr_gnt = 0;
	g->nctl = 0;
	memset(m->t_in, 0, m->top_desc.in_words * 4);
	m->lanes = 0;
	free_inputs(m);
	busy_inputs(m);
	issue_inputs(m, in, ev_of);
	cev_inputs(m, in);
	spill_inputs(m);
	t_eval(m);
	stuck = !m->cfg->regvirt.spill ? 0 : rename_stuck(m) ? 1 : fill_starved(m) ? 2 : 0;
	if (rename_cycle(m, st))
		oom_abort();
	rv_throttle(m, g, st);
	for (unsigned b = 0; b < m->nb; b++) {
		phys += m->cfg->regvirt.d.bank_regs - (unsigned)t_get(m, RVT_FREE_CNT_O, b);
		for (unsigned s = 0; s < m->cfg->regvirt.subarrays; s++)
			pg += (unsigned)t_get(m, RVT_PG_ON_O, b * m->cfg->regvirt.subarrays + s);
	}
	m->last_phys = phys;
	/* the paper's measure counts registers in use: exempt ones only of
	 * live warps (N each), not the region reserved for every table warp */
	m->last_used = phys - m->reserved + m->live_warps * m->N;
	st->rfs[C_PHYS_USED] += m->last_used;
	m->last_pg = pg;
	st->rfs[C_PHYS_ALLOC] += phys;
	st->rfs[C_ARCH_ALLOC] += (uint64_t)m->live_warps * m->R;
	st->rfs[C_PG_ON] += pg;
	if (m->last_used + m->spilled_regs > st->rfs[C_LIVE_PEAK])
		st->rfs[C_LIVE_PEAK] = m->last_used + m->spilled_regs;
	st->rfs[C_FILE_REGS] = m->cfg->regvirt.d.phys_regs;
	rv_events(m, in, ev_of, st);
	spill_push(m);
	file_inputs(m, in, &rq, rrec, ridx, wrec, widx, st);
	spill_file_inputs(m);
	t_eval(m);
	for (unsigned c = 0; c < m->cfg->collectors; c++)
		if (t_get(m, RVT_RD_GNT_O, c) && !(m->own_rd >> c & 1))
			g->rd_gnt |= UINT64_C(1) << c;
	for (unsigned p = 0; p < m->cfg->write_ports; p++)
		if (t_get(m, RVT_WR_GNT_O, p) && !(m->own_wr >> p & 1))
			g->wr_gnt |= UINT64_C(1) << p;
	rg.rd_gnt = g->rd_gnt;
	rg.wr_gnt = g->wr_gnt;
	rg.conflict = 0;
	for (unsigned b = 0; b < m->nb; b++)
		if (t_get(m, RVT_BANK_CONFLICT_O, b))
			rg.conflict |= UINT64_C(1) << b;
	sm_rfsys_count_banks(m->cfg, &rq, &rg, st);
	for (uint64_t v = rg.rd_gnt; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);
		const struct rec *r = rec_at(m, rrec[c]);

		sm_inflight_mark_read(&m->inf, c, rrec[c], ridx[c]);
		if (r->srel >> ridx[c] & 1) {
			st->rfs[C_RELEASED]++;
			if (push_free(m, in->rd_warp[c], r->spid[ridx[c]]))
				oom_abort();
		}
	}
	for (uint64_t v = rg.wr_gnt; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		sm_inflight_mark_written(&m->inf, wrec[p], widx[p]);
	}
	for (uint64_t v = rg.rd_gnt; v; v &= v - 1)
		sm_inflight_retire(&m->inf, in->rd_warp[__builtin_ctzll(v)]);
	for (uint64_t v = rg.wr_gnt; v; v &= v - 1)
		sm_inflight_retire(&m->inf, in->wr_warp[__builtin_ctzll(v)]);
	spill_cycle(m, stuck, g, st);
	regvirt_top_ops.tick(m->top, m->t_in);
}

/* Back-pressure of the rename queue on issue (H = headroom, the chunks
 * one cycle's issues may add): with fewer than 2H entries free only the
 * warps of the throttle's favoured CTA (throttle_cta_o) issue, with fewer
 * than H none.  Chunks of the other CTAs, which the GPU-shrink throttle may
 * hold back at any time, therefore never take the last H entries, and the
 * favoured CTA (which always renames) cannot be blocked behind them. */
static void rename_gate(const struct rfs_rv *m, struct sm_rf_out *out)
{
	unsigned room = m->cap_q - (unsigned)t_get(m, RVT_RQ_COUNT_O, 0);

	out->warp_gate = 0;
	out->warp_issuable = 0;
	if (room >= 2 * m->headroom)
		return;
	out->warp_gate = 1;
	if (room < m->headroom)
		return;
	for (unsigned w = 0; w < m->nws && w < 64; w++)
		if (m->ws[w].tw / m->wpc == m->fav_ct)
			out->warp_issuable |= UINT64_C(1) << w;
}

/* The file's read returns (registered in the top: any evaluation shows
 * them; this one has no inputs). */
static void rv_outputs(void *vm, struct sm_rf_out *out)
{
	struct rfs_rv *m = vm;
	unsigned lanes = m->cfg->lanes;
	int busy;

	memset(m->t_in, 0, m->top_desc.in_words * 4);
	t_eval(m);
	out->rd_valid = 0;
	for (unsigned c = 0; c < m->cfg->collectors; c++)
		if (m->rd_idx[c] >= 0 && m->rd_due[c] <= m->now) {
			/* a spill read: its data go to the store, not to the collector */
			if (!t_get(m, RVT_RD_VALID_O, c) || m->rd_due[c] != m->now) {
				fprintf(stderr, "gpurf-sim: regvirt: spill read on collector %u not returned at cycle %llu\n",
					c, (unsigned long long)m->now);
				abort();
			}
			bus_get_words(m->t_out, &m->top_desc.ports[RVT_RD_DATA_O], c,
				      &m->sw[m->eng.tw].data[(size_t)m->rd_idx[c] * lanes]);
			m->rd_idx[c] = -1;
			m->eng.done++;
		} else if (t_get(m, RVT_RD_VALID_O, c)) {
			out->rd_valid |= UINT64_C(1) << c;
			bus_get_words(m->t_out, &m->top_desc.ports[RVT_RD_DATA_O], c, &m->rd_buf[(size_t)c * lanes]);
			out->rd_data[c] = &m->rd_buf[(size_t)c * lanes];
		}
	busy = m->nfq || t_get(m, RVT_RQ_BUSY_O, 0) || t_get(m, RVT_CTL_BUSY_O, 0) ||
	       m->eng.state != E_IDLE || m->fil.state != E_IDLE || m->nspilled;
	out->launch_slots = m->thr ? 0 : (unsigned)t_get(m, RVT_FREE_SLOTS_O, 0);
	out->busy = busy;
	rename_gate(m, out);
}

static void rv_skip(void *vm, uint64_t n, struct sm_stats *st)
{
	struct rfs_rv *m = vm;

	m->now += n;
	st->rfs[C_PHYS_ALLOC] += n * m->last_phys;
	st->rfs[C_PHYS_USED] += n * m->last_used;
	st->rfs[C_ARCH_ALLOC] += n * m->live_warps * m->R;
	st->rfs[C_PG_ON] += n * m->last_pg;
	if (m->thr)
		st->rfs[C_THROTTLE] += n;
}

static unsigned rv_resident(void *vm, unsigned core_limit)
{
	struct rfs_rv *m = vm;

	(void)core_limit;	/* the physical file does not limit residency: occupancy_bytes does */
	return m->res;
}

const struct sm_rfsys_ops sm_rfsys_regvirt = {
	"regvirt",
	(1u << SM_RF_EV_CTA_LAUNCH) | (1u << SM_RF_EV_CTA_EXIT) | (1u << SM_RF_EV_ISSUE) |
		(1u << SM_RF_EV_WARP_DONE),
	rv_create, rv_free, rv_outputs, rv_step, rv_skip, rv_resident, rv_counters, NULL, NULL,
};

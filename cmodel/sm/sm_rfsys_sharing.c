/* sm_rfsys_sharing.c: `scheme = sharing` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): Jatala et al.'s register sharing.
 *
 *   residency   the dispatcher arithmetic (cmodel/share_dispatch.c) over
 *               the file rf_banked addresses: M resident CTAs, S shared
 *               pairs (CTA slots 2p and 2p+1), U unshared CTAs;
 *   registers   rf_banked holds them; warp k of pair p has u = floor(t r)
 *               private registers per role and shares the other r - u with
 *               warp k of the partner CTA (r + u warp registers per warp
 *               pair), an unshared warp has r of its own; with [sharing]
 *               unroll the split follows the compiler's first-use order
 *               (Sec. 5.2), else register numbers;
 *   lock table  the verified share_lock unit (bus API): CTA and warp
 *               entries written one per cycle from a FIFO, releases of
 *               drained warps, and at each issue the lock check of the
 *               issued instruction (its acquisition);
 *   issue       the core issues an instruction naming a shared register
 *               only for a warp in reg_ok (it holds its lock, or may take
 *               it: free, the deadlock rule, and at most one block of a
 *               pair taking locks in a cycle, the owner's first), so every
 *               check at the next step is granted (counted if not);
 *               candidates go in Owner-Warp-First order (class_o);
 *   DWE         [sharing] dwe: Dynamic Warp Execution as the paper's
 *               reference SM 0 (issue probability 0): a non-owner warp
 *               whose next instruction is a global or local memory access
 *               is left out of warp_issuable until its block owns the
 *               pair or runs unshared (docs/sharing.md). */
#include <stdlib.h>
#include <string.h>

#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "share_dispatch.h"
#include "share_lock.h"
#include "ptx.h"
#include "share_lock_desc.h"
#include "sm_core.h"
#include "sm_hints.h"
#include "sm_prog.h"
#include "sm_rfsys.h"

#define FREE (~0u)
enum { QMAX = 1024 };
enum { CMD_BLK, CMD_EXIT, CMD_WARP, CMD_REL };

enum {
	C_PAIRS, C_UNSHARED, C_ACQ, C_REL, C_REFUSED, C_OWNER_ISS, C_UNSHARED_ISS, C_NONOWNER_ISS,
	C_WAIT_CYCLES, C_TABLE_WRITES, C_DWE_HELD, C_NONOWNER_MEM,
};

static const char *const share_counters[] = {
	"shared_pairs", "unshared_ctas", "lock_acquisitions", "lock_releases", "lock_refused_after_issue",
	"owner_issues", "unshared_issues", "nonowner_issues", "lock_wait_warp_cycles", "lock_table_writes",
	"dwe_held_warp_cycles", "nonowner_memory_issues", NULL,
};

struct cmd {
	unsigned kind, a, b, c, d, e;
};

struct rfs_share {
	struct gpurf_cfg ucfg;		/* the lock table's configuration (register ports wide enough) */
	const struct gpurf_cfg *cfg;
	const struct sm_prog *prog;
	void *rf;
	unsigned rpw, lanes, wpc, regs, u, pairs, unshared, blocks, mode, nw;
	uint8_t map[256];		/* register -> position in the private / shared split */
	uint64_t gated[4];		/* registers in the shared pool */
	struct module_desc *ldesc;
	void *lock;
	uint32_t *lin, *lout;
	int cta_used[64];
	unsigned cta_warp[64][64];
	int w_slot[64];
	unsigned w_k[64];
	uint8_t w_entry[64], w_rel[64];
	unsigned holder[64];		/* mirror of the unit's locks (chk_acq_o, releases) */
	unsigned held[64];		/* live holders per CTA slot */
	struct cmd q[QMAX];
	unsigned qh, qn;
	uint64_t ok;
	unsigned waiting;		/* warps held back from their lock (for skipped cycles) */
	uint8_t prio[64];
	int first;
	uint64_t issuable;		/* DWE: warps the core may issue from next */
	unsigned dwe_held;		/* DWE: warps held back (for skipped cycles) */
};

static void share_free(void *m)
{
	struct rfs_share *b = m;

	if (!b)
		return;
	rf_banked_free(b->rf);
	if (b->lock)
		share_lock_ops.destroy(b->lock);
	free(b->ldesc);
	free(b->lin);
	free(b->lout);
	free(b);
}

static void lset(struct rfs_share *b, enum share_lock_port p, unsigned e, uint64_t v)
{
	bus_set(b->lin, &b->ldesc->ports[p], e, v);
}

static uint64_t lget(const struct rfs_share *b, enum share_lock_port p, unsigned e)
{
	return bus_get(b->lout, &b->ldesc->ports[p], e);
}

static int is_shared_reg(const struct rfs_share *b, unsigned r)
{
	return b->mode && r < 256 && (b->gated[r >> 6] >> (r & 63) & 1u);
}

/* The instruction's first register in the shared pool, or -1. */
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

static void *share_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_share *b = calloc(1, sizeof *b);
	struct share_sm sm;
	struct share_kernel sk;
	struct share_residency res;
	unsigned maxn = 0;

	if (!b)
		goto oom;
	b->cfg = cfg;
	b->prog = k->prog;
	b->rpw = cfg->d.regs_per_warp;
	b->lanes = cfg->lanes;
	b->wpc = k->warps_per_cta;
	b->regs = k->regs ? k->regs : 1;
	b->nw = cfg->warps;	/* the core may add warp contexts for the extra CTAs */
	b->ucfg = *cfg;
	if (cfg->warps > 64) {
		free(b);
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sm] scheme = sharing in the SM model allows at most 64 "
			   "warps", cfg->path);
		return NULL;
	}
	/* The RTL's register ports hold max_regs_per_thread (the ISA limit); a
	 * kernel with more registers needs wider ones in this SM's instance. */
	if (b->regs > cfg->sharing.max_regs_per_thread)
		b->ucfg.sharing.d.reg_bits = cfg_index_bits((unsigned long)b->regs + 1u);
	/* The dispatcher over the warp registers rf_banked addresses, at warp
	 * granularity (a CTA's threads rounded up to whole warps). */
	sm.regs = (unsigned long)cfg->warps * b->rpw * b->lanes;
	sm.max_threads = cfg->threads;
	sm.max_blocks = cfg->ctas;
	sm.smem_bytes = cfg->sharing.smem_bytes;
	sm.threshold_tenths = cfg->sharing.threshold_tenths;
	sk.threads_per_block = b->wpc * b->lanes;
	sk.regs_per_thread = b->regs;
	sk.smem_per_block = (unsigned)k->smem_per_cta;
	res = share_dispatch(&sm, &sk);
	while (res.blocks * b->wpc > cfg->warps && res.blocks)	/* warp contexts */
		res.blocks--, res.pairs = res.pairs ? res.pairs - 1 : 0;
	if (!res.blocks) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u warps x %u registers does not fit the SM's %lu "
			   "thread registers", cfg->path, b->wpc, b->regs, sm.regs);
		free(b);
		return NULL;
	}
	b->blocks = res.blocks;
	b->pairs = res.pairs;
	b->unshared = res.blocks - 2 * res.pairs;
	b->u = res.unshared_regs;
	b->mode = res.pairs > 0;
	if (cfg->sharing.unroll && b->prog)
		sm_hints_renumber(b->prog, b->map);
	else
		for (unsigned r = 0; r < 256; r++)
			b->map[r] = (uint8_t)r;
	for (unsigned r = 0; r < b->regs; r++)
		maxn = b->map[r] > maxn ? b->map[r] : maxn;
	if (maxn >= b->regs)	/* the renumbering does not stay within the kernel's registers */
		for (unsigned r = 0; r < 256; r++)
			b->map[r] = (uint8_t)r;
	for (unsigned r = 0; r < b->regs; r++)
		if (b->map[r] >= b->u)
			b->gated[r >> 6] |= UINT64_C(1) << (r & 63);
	b->ldesc = calloc(1, sizeof *b->ldesc);
	if (!b->ldesc || !(b->rf = rf_banked_create(cfg)))
		goto oom;
	desc_share_lock(&b->ucfg, b->ldesc);
	b->lock = share_lock_ops.create(&b->ucfg, b->ldesc);
	b->lin = calloc(b->ldesc->in_words, sizeof *b->lin);
	b->lout = calloc(b->ldesc->out_words, sizeof *b->lout);
	if (!b->lock || !b->lin || !b->lout)
		goto oom;
	/* kernel start: the sharing bit and u, every table cleared */
	share_lock_ops.reset(b->lock);
	lset(b, SHL_KERN_I, 0, 1);
	lset(b, SHL_KERN_MODE_I, 0, b->mode);
	lset(b, SHL_KERN_THRESH_I, 0, b->u);
	share_lock_ops.tick(b->lock, b->lin);
	memset(b->lin, 0, b->ldesc->in_words * sizeof *b->lin);
	share_lock_ops.eval(b->lock, b->lin, b->lout);
	for (unsigned i = 0; i < 64; i++) {
		b->holder[i] = FREE;
		b->w_slot[i] = -1;
	}
	b->first = 1;
	b->issuable = ~UINT64_C(0);
	return b;
oom:
	share_free(b);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register-sharing subsystem");
	return NULL;
}

/* CTA slot roles.  The core fills the lowest free slot, so the slots of
 * the g CTAs that always progress come first: 0..S-1 role A of pairs
 * 0..S-1, S..g-1 unshared, then g..g+S-1 role B of pairs 0..S-1 (a grid
 * smaller than the residency runs unshared).  The pair of slot s, or -1. */
static int pair_of(const struct rfs_share *b, unsigned s, unsigned *role)
{
	unsigned g = b->blocks - b->pairs;

	*role = s >= g;
	if (s < b->pairs)
		return (int)s;
	if (s >= g && s < g + b->pairs)
		return (int)(s - g);
	return -1;
}

static unsigned partner_slot(const struct rfs_share *b, unsigned s)
{
	unsigned role;
	int p = pair_of(b, s, &role);

	return role ? (unsigned)p : b->blocks - b->pairs + (unsigned)p;
}

static int paired(const struct rfs_share *b, unsigned w)
{
	unsigned role;

	return b->mode && b->w_slot[w] >= 0 && pair_of(b, (unsigned)b->w_slot[w], &role) >= 0;
}

static unsigned lock_of(const struct rfs_share *b, unsigned w)
{
	unsigned role;

	return (unsigned)pair_of(b, (unsigned)b->w_slot[w], &role) * b->wpc + b->w_k[w];
}

/* Warp register of (warp, register) in rf_banked's flat space. */
static unsigned phys(const struct rfs_share *b, unsigned w, unsigned r)
{
	unsigned n = b->map[r % 256], slot = b->w_slot[w] < 0 ? 0 : (unsigned)b->w_slot[w], k = b->w_k[w];
	unsigned pair_regs = b->wpc * (b->regs + b->u), role;
	int p = b->mode ? pair_of(b, slot, &role) : -1;

	if (p >= 0) {
		unsigned wb = (unsigned)p * pair_regs + k * (b->regs + b->u);

		return n < b->u ? wb + role * b->u + n : wb + 2 * b->u + (n - b->u);
	}
	/* unshared slots S..g-1 */
	return b->pairs * pair_regs + (slot - b->pairs) * b->wpc * b->regs + k * b->regs + n;
}

static void push(struct rfs_share *b, unsigned kind, unsigned a, unsigned bb, unsigned c, unsigned d, unsigned e)
{
	if (b->qn < QMAX)
		b->q[(b->qh + b->qn++) % QMAX] = (struct cmd){kind, a, bb, c, d, e};
}

static int dwe_memory(const struct sm_insn *si);

/* Events: CTA launches and exits become lock-table writes (in order). */
static void take_events(struct rfs_share *b, const struct sm_rf_in *in, struct sm_stats *st)
{
	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		unsigned s = ev->cta;

		if (s >= 64)
			continue;
		if (ev->kind == SM_RF_EV_CTA_LAUNCH) {
			unsigned role;
			int pair = b->mode && pair_of(b, s, &role) >= 0;
			int partner = pair && b->cta_used[partner_slot(b, s)];

			b->cta_used[s] = 1;
			push(b, CMD_BLK, s, partner ? partner_slot(b, s) : share_lock_none(b->cfg), 0, 0, 0);
			for (unsigned k = 0; k < ev->nwarps && k < 64; k++) {
				unsigned w = ev->warps[k];

				b->cta_warp[s][k] = w;
				b->w_slot[w] = (int)s;
				b->w_k[w] = k;
				b->w_entry[w] = b->w_rel[w] = 0;
				push(b, CMD_WARP, w, s, (unsigned)pair, (unsigned)!partner,
				     pair ? lock_of(b, w) : 0);
			}
		} else if (ev->kind == SM_RF_EV_CTA_EXIT) {
			for (unsigned k = 0; k < b->wpc; k++) {
				unsigned w = b->cta_warp[s][k];

				if (!b->w_rel[w] && paired(b, w)) {
					b->w_rel[w] = 1;
					push(b, CMD_REL, w, lock_of(b, w), s, 0, 0);
				}
			}
			push(b, CMD_EXIT, s, 0, 0, 0, 0);
			b->cta_used[s] = 0;
		} else if (ev->kind == SM_RF_EV_ISSUE && ev->warp < 64) {
			unsigned cls = b->prio[ev->warp];

			st->rfs[cls == SHL_CLASS_OWNER ? C_OWNER_ISS : cls == SHL_CLASS_UNSHARED ? C_UNSHARED_ISS
										      : C_NONOWNER_ISS]++;
			if (cls == SHL_CLASS_NONOWNER && paired(b, ev->warp) && ev->insn && dwe_memory(ev->insn))
				st->rfs[C_NONOWNER_MEM]++;
		}
	}
	/* drained warps release their locks (a late write cannot reach the pool) */
	for (uint64_t v = in->warp_drained; v; v &= v - 1) {
		unsigned w = (unsigned)__builtin_ctzll(v);

		if (!b->w_rel[w] && paired(b, w)) {
			b->w_rel[w] = 1;
			push(b, CMD_REL, w, lock_of(b, w), (unsigned)b->w_slot[w], 0, 0);
		}
	}
}

/* The lock checks of this step's issued instructions (chk ports). */
static unsigned lock_checks(struct rfs_share *b, const struct sm_rf_in *in, unsigned *cw)
{
	unsigned used = 0;

	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		unsigned s, w = ev->warp;
		int r;

		if (ev->kind != SM_RF_EV_ISSUE || !ev->insn || w >= 64)
			continue;
		s = w % b->cfg->schedulers;
		lset(b, SHL_CHK_I, s, 1);
		lset(b, SHL_CHK_WARP_I, s, w);
		r = shared_operand(b, ev->insn);
		if (r >= 0 && paired(b, w)) {
			lset(b, SHL_CHK_REGV_I, s * SHL_OPS, 1);
			lset(b, SHL_CHK_REG_I, s * SHL_OPS, b->map[r]);
		}
		cw[s] = w;
		used |= 1u << s;
	}
	return used;
}

/* The head command on its port; its effect on the mirrors after the edge. */
static void cmd_inputs(struct rfs_share *b, const struct cmd *c)
{
	switch (c->kind) {
	case CMD_BLK:
		lset(b, SHL_BLK_I, 0, 1);
		lset(b, SHL_BLK_ID_I, 0, c->a);
		lset(b, SHL_BLK_PARTNER_I, 0, c->b);
		break;
	case CMD_EXIT:
		lset(b, SHL_BLK_EXIT_I, 0, 1);
		lset(b, SHL_BLK_EXIT_ID_I, 0, c->a);
		break;
	case CMD_WARP:
		lset(b, SHL_WARP_I, 0, 1);
		lset(b, SHL_WARP_ID_I, 0, c->a);
		lset(b, SHL_WARP_BLK_I, 0, c->b);
		lset(b, SHL_WARP_SHARED_I, 0, c->c);
		lset(b, SHL_WARP_OWNER_I, 0, c->d);
		lset(b, SHL_WARP_LOCK_I, 0, c->e);
		break;
	default:
		lset(b, SHL_REL_I, 0, 1);
		lset(b, SHL_REL_WARP_I, 0, c->a);
		break;
	}
}

static void cmd_done(struct rfs_share *b, const struct cmd *c, struct sm_stats *st)
{
	st->rfs[C_TABLE_WRITES]++;
	if (c->kind == CMD_WARP) {
		b->w_entry[c->a] = 1;
	} else if (c->kind == CMD_REL && b->holder[c->b % 64] == c->a) {
		b->holder[c->b % 64] = FREE;
		b->held[c->c % 64]--;
		st->rfs[C_REL]++;
	}
}

/* reg_ok for the next cycle: holders, and warps that may take their lock
 * (free; the partner CTA holds none; if neither CTA holds one, only the
 * owner CTA's warps when one of them wants a shared register, else only
 * the other's: no two blocks of a pair can take locks in one cycle). */
static void compute_ok(struct rfs_share *b, const struct sm_rf_in *in)
{
	uint8_t want[64] = {0}, owner_wants[64] = {0};

	b->ok = 0;
	b->waiting = 0;
	for (unsigned w = 0; w < b->nw && w < 64; w++) {
		if ((in->warp_valid >> w & 1u) && in->warp_insn[w] && shared_operand(b, in->warp_insn[w]) >= 0 &&
		    paired(b, w)) {
			want[w] = 1;
			if (b->prio[w] == SHL_CLASS_OWNER)
				owner_wants[b->w_slot[w]] = 1;
		}
	}
	for (unsigned w = 0; w < b->nw && w < 64; w++) {
		unsigned l, s, ps;
		int take;

		if (!paired(b, w)) {
			b->ok |= UINT64_C(1) << w;
			continue;
		}
		if (!b->w_entry[w])
			continue;
		l = lock_of(b, w);
		s = (unsigned)b->w_slot[w];
		ps = partner_slot(b, s);
		if (b->holder[l] == w) {
			b->ok |= UINT64_C(1) << w;
			continue;
		}
		take = b->holder[l] == FREE && b->held[ps] == 0 &&
		       (b->held[s] > 0 || b->prio[w] == SHL_CLASS_OWNER || !owner_wants[ps]);
		if (take)
			b->ok |= UINT64_C(1) << w;
		else if (want[w])
			b->waiting++;
	}
}

/* A memory instruction Dynamic Warp Execution throttles: global, local
 * (generic, texture) loads, stores and atomics; not shared memory, nor the
 * constant and parameter caches (the spec's default, A7.12). */
static int dwe_memory(const struct sm_insn *si)
{
	return si->cls == SM_CLS_MEM && si->space != PTX_S_SHARED && si->space != PTX_S_CONST &&
	       si->space != PTX_S_PARAM;
}

/* warp_issuable for the next cycle: every warp but the non-owners whose
 * next instruction is such an access (Sec. 5.3 on the reference SM 0). */
static void dwe_gate(struct rfs_share *b, const struct sm_rf_in *in)
{
	b->issuable = ~UINT64_C(0);
	b->dwe_held = 0;
	if (!b->cfg->sharing.dwe || !b->mode)
		return;
	for (unsigned w = 0; w < b->nw && w < 64; w++)
		if ((in->warp_valid >> w & 1u) && in->warp_insn[w] && paired(b, w) &&
		    b->prio[w] == SHL_CLASS_NONOWNER && dwe_memory(in->warp_insn[w])) {
			b->issuable &= ~(UINT64_C(1) << w);
			b->dwe_held++;
		}
}

static void share_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_share *b = m;
	const struct gpurf_cfg *cfg = b->cfg;
	struct rfb_req rq;
	struct rfb_grants rg;
	unsigned cw[16], used;
	struct cmd head;
	int have = 0;

	if (b->first) {
		st->rfs[C_PAIRS] += b->pairs;
		st->rfs[C_UNSHARED] += b->unshared;
		b->first = 0;
	}
	take_events(b, in, st);
	memset(b->lin, 0, b->ldesc->in_words * sizeof *b->lin);
	used = lock_checks(b, in, cw);
	if (b->qn) {
		head = b->q[b->qh];
		have = 1;
		cmd_inputs(b, &head);
	}
	share_lock_ops.eval(b->lock, b->lin, b->lout);
	for (unsigned s = 0; s < cfg->schedulers; s++) {
		if (!(used >> s & 1u))
			continue;
		if (!lget(b, SHL_CHK_GNT_O, s))
			st->rfs[C_REFUSED]++;
		if (lget(b, SHL_CHK_ACQ_O, s)) {
			b->holder[lock_of(b, cw[s])] = cw[s];
			b->held[b->w_slot[cw[s]]]++;
			st->rfs[C_ACQ]++;
		}
	}
	share_lock_ops.tick(b->lock, b->lin);
	if (have) {
		b->qh = (b->qh + 1) % QMAX;
		b->qn--;
		cmd_done(b, &head, st);
	}
	memset(b->lin, 0, b->ldesc->in_words * sizeof *b->lin);
	share_lock_ops.eval(b->lock, b->lin, b->lout);
	for (unsigned w = 0; w < b->nw && w < 64; w++)
		b->prio[w] = (uint8_t)lget(b, SHL_CLASS_O, w);
	compute_ok(b, in);
	dwe_gate(b, in);
	st->rfs[C_WAIT_CYCLES] += b->waiting;
	st->rfs[C_DWE_HELD] += b->dwe_held;
	/* the register file */
	rq.rd_req = in->rd_req;
	rq.wr_req = in->wr_req;
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v), p = phys(b, in->rd_warp[c], in->rd_reg[c]);

		rq.rd_warp[c] = p / b->rpw;
		rq.rd_reg[c] = p % b->rpw;
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned q = (unsigned)__builtin_ctzll(v), p = phys(b, in->wr_warp[q], in->wr_reg[q]);

		rq.wr_warp[q] = p / b->rpw;
		rq.wr_reg[q] = p % b->rpw;
		rq.wr_mask[q] = in->wr_mask[q];
		rq.wr_data[q] = in->wr_data[q];
	}
	rf_banked_step(b->rf, &rq, &rg);
	sm_rfsys_count_banks(cfg, &rq, &rg, st);
	g->rd_gnt = rg.rd_gnt;
	g->wr_gnt = rg.wr_gnt;
	g->nctl = 0;
}

static void share_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_share *b = m;
	struct rfb_out o;

	rf_banked_outputs(b->rf, &o);
	sm_rfsys_pass_reads(&o, out);
	out->launch_slots = ~0u;
	out->busy = b->qn != 0;
	out->reg_gate = b->mode;
	memcpy(out->reg_gated, b->gated, sizeof b->gated);
	out->reg_ok = b->ok;
	out->warp_prio_on = b->mode;
	out->warp_gate = b->issuable != ~UINT64_C(0);
	out->warp_issuable = b->issuable;
	memcpy(out->warp_prio, b->prio, sizeof b->prio);
}

static void share_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_share *b = m;

	st->rfs[C_WAIT_CYCLES] += n * b->waiting;
	st->rfs[C_DWE_HELD] += n * b->dwe_held;
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
	share_create, share_free, share_outputs, share_step, share_skip, share_resident, share_counters,
};

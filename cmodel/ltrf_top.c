/* ltrf_top.c: cycle model of ltrf_top (common/ltrf_top_desc.h has the
 * protocol): the LTRF subsystem as the SM model composes it.  The four unit
 * models (wcb, ltrf_cache, ltrf_engine, rf_banked) are composed through
 * cmodel/compose_units.h along ltrf_top_wiring, plus the top's own glue,
 * mirrored flop for flop by gen/emit_ltrf_top.c:
 *   - commands: the WCB's working-set write (PREFETCH) and offset write
 *     and the global AAU's allocation (cmd_alloc_i);
 *   - row freeing: a row whose DEACTIVATE was taken (pend_q) goes back to
 *     the global AAU once its engine job is over and the command is at
 *     least two edges old (fresh_q: commanded at the last edge), one per
 *     cycle, the row of the lowest warp (rowwarp_q) first;
 *   - accesses: per collector and write port, the (warp, reg) of the WCB
 *     lookup answered this cycle (lk_*_q flops); an access matching it
 *     goes to the register cache (a hit) or, a write, to the main file (a
 *     miss); a write bringing its location (wr_loc_i) goes there at once;
 *     the others ask for a lookup port, writes by port first, then reads
 *     by collector, then destination lookups by collector (their answers
 *     on dl_*_o the cycle after);
 *   - main file: the engine's beat on its port k ([ltrf] engine_ports P) on
 *     read port k / write port k as a lane-masked access of the whole
 *     register, direct writes on ports P..P+write_ports-1; per engine port a
 *     delay line as long as the main file's read latency carries each read
 *     beat's number to pick its lanes out of the data.
 * eval runs the unit models in dependency order (engine and WCB outputs
 * come from flops; the cache's and the main file's grants from this
 * cycle's requests); tick re-runs that, clocks every unit with its inputs,
 * then the glue. */
#include "ltrf_top.h"

#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "eval_memo.h"
#include "ltrf_cache.h"
#include "ltrf_cache_desc.h"
#include "ltrf_engine.h"
#include "ltrf_engine_desc.h"
#include "ltrf_top_desc.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "wcb.h"
#include "wcb_desc.h"

enum { NSUB = 4, MAXC = 32, MAXWP = 16, DW = 64, MAXA = 64 };

/* the main file's model unpacks its write ports into a struct rfb_req */
_Static_assert(sizeof ((struct rfb_req *)0)->wr_warp / sizeof(unsigned) >= LTRF_MRF_MAX_WRITE_PORTS,
	       "rf_banked's request holds every write port of LTRF's main file");

/* A lookup answered this cycle: which port, for which register. */
struct lt_look {
	unsigned v, lp, warp, reg;
};

/* One cycle's decisions. */
struct lt_cycle {
	int rd_cache[MAXC], rd_miss[MAXC];
	int wr_path[MAXWP];		/* 0 none, 1 cache, 2 main file */
	int lk_rd[MAXC], lk_wr[MAXWP], lk_dl[MAXC];	/* lookup port given, -1 none */
	unsigned issued, stalled;
	int free;			/* a row freed: free_row */
	unsigned free_row;
};

struct lt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct gpurf_cfg mrf_cfg;
	struct compose_units cu;
	unsigned nc, nwp, nlk, na, xw, lanes, lat, np;
	struct lt_look lkr[MAXC], lkw[MAXWP], lkd[MAXC];
	uint8_t pend[MAXA], fresh[MAXA];	/* DEACTIVATE taken, not freed; commanded at the last edge */
	unsigned rowwarp[MAXA];		/* the warp of each row's last command */
	unsigned *beat_q;		/* [np][lat] per engine port: read beat numbers, parallel to the main file's pipeline */
	struct eval_memo memo;		/* the last evaluation's inputs (its results still stand) */
	struct lt_cycle cy;
};

static const struct port_desc *tport(const struct lt_model *m, enum ltrf_top_port p)
{
	return &m->desc->ports[p];
}

static uint64_t tin(const struct lt_model *m, const uint32_t *in, enum ltrf_top_port p, unsigned e)
{
	return bus_get(in, tport(m, p), e);
}

static void lt_destroy(void *vm)
{
	struct lt_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	free(m->beat_q);
	eval_memo_free(&m->memo);
	free(m);
}

static void *lt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	static const struct unit_ops *const ops[NSUB] = {&wcb_ops, &ltrf_cache_ops, &ltrf_engine_ops, &rf_banked_ops};
	struct lt_model *m = calloc(1, sizeof *m);
	struct module_desc sub[NSUB];
	const struct gpurf_cfg *cfgs[NSUB];

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->mrf_cfg = ltrf_mrf_cfg(cfg);
	m->nc = cfg->collectors;
	m->nwp = cfg->write_ports;
	m->nlk = cfg->ltrf.lookup_ports;
	m->na = cfg->ltrf.active_warps;
	m->xw = cfg->ltrf.d.xbar_width / 32u;
	m->lanes = cfg->lanes;
	m->lat = m->mrf_cfg.read_latency;
	m->np = cfg->ltrf.engine_ports;
	m->beat_q = calloc((size_t)m->np * m->lat + 1u, sizeof *m->beat_q);
	if (!m->beat_q || eval_memo_init(&m->memo, desc->in_words, desc->out_words) || m->nc > MAXC || m->nwp > MAXWP || m->lanes > DW || m->na > MAXA) {
		lt_destroy(m);
		return NULL;
	}
	ltrf_top_subdescs(cfg, &m->mrf_cfg, sub);
	for (unsigned u = 0; u < NSUB; u++)
		cfgs[u] = u == LT_U_MRF ? &m->mrf_cfg : cfg;
	if (cu_create(&m->cu, desc, &ltrf_top_wiring, NSUB, sub, cfgs, ops)) {
		free(m->beat_q);
		eval_memo_free(&m->memo);
		free(m);
		return NULL;
	}
	return m;
}

static void lt_reset(void *vm)
{
	struct lt_model *m = vm;

	cu_reset(&m->cu);
	eval_memo_forget(&m->memo);
	memset(m->lkr, 0, sizeof m->lkr);
	memset(m->lkw, 0, sizeof m->lkw);
	memset(m->lkd, 0, sizeof m->lkd);
	memset(m->pend, 0, sizeof m->pend);
	memset(m->fresh, 0, sizeof m->fresh);
	memset(m->rowwarp, 0, sizeof m->rowwarp);
	memset(m->beat_q, 0, (size_t)m->np * m->lat * sizeof *m->beat_q);
}

static int matches(const struct lt_look *l, unsigned warp, unsigned reg)
{
	return l->v && l->warp == warp && l->reg == reg;
}

/* One lookup port to an access wanting one (*lk: its port or -1). */
static void give_lookup(struct lt_model *m, unsigned warp, unsigned reg, int *lk)
{
	struct compose_units *c = &m->cu;
	unsigned k = m->cy.issued;

	*lk = -1;
	if (k >= m->nlk) {
		m->cy.stalled++;
		return;
	}
	*lk = (int)k;
	m->cy.issued++;
	cu_set(c, LT_U_WCB, WCB_LK_REQ_I, k, 1);
	cu_set(c, LT_U_WCB, WCB_LK_WARP_I, k, warp);
	cu_set(c, LT_U_WCB, WCB_LK_REG_I, k, reg);
}

/* Accesses: the answered ones to the cache (writes missing: the main
 * file), the others to the lookup ports; writes first. */
static void comb_access(struct lt_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	struct lt_cycle *cy = &m->cy;
	uint32_t data[DW];

	for (unsigned p = 0; p < m->nwp; p++) {
		unsigned warp = (unsigned)tin(m, in, LT_WR_WARP_I, p), reg = (unsigned)tin(m, in, LT_WR_REG_I, p);
		unsigned lp = m->lkw[p].lp;

		cy->lk_wr[p] = -1;
		if (!tin(m, in, LT_WR_REQ_I, p))
			continue;
		int loc = tin(m, in, LT_WR_LOC_I, p) != 0;

		if (!tin(m, in, LT_WR_CACHED_I, p)) {
			cy->wr_path[p] = 2;
		} else if (!loc && !matches(&m->lkw[p], warp, reg)) {
			give_lookup(m, warp, reg, &cy->lk_wr[p]);
		} else if (loc ? tin(m, in, LT_WR_HIT_I, p) != 0 : cu_get(c, LT_U_WCB, WCB_LK_HIT_O, lp) != 0) {
			cy->wr_path[p] = 1;
			cu_set(c, LT_U_CACHE, LC_WR_REQ_I, p, 1);
			cu_set(c, LT_U_CACHE, LC_WR_BANK_I, p,
			       loc ? tin(m, in, LT_WR_BANK_I, p) : cu_get(c, LT_U_WCB, WCB_LK_BANK_O, lp));
			cu_set(c, LT_U_CACHE, LC_WR_OFF_I, p,
			       loc ? tin(m, in, LT_WR_OFF_I, p) : cu_get(c, LT_U_WCB, WCB_LK_OFFSET_O, lp));
			cu_set(c, LT_U_CACHE, LC_WR_MASK_I, p, tin(m, in, LT_WR_MASK_I, p));
			bus_get_words(in, tport(m, LT_WR_DATA_I), p, data);
			bus_set_words(c->in[LT_U_CACHE], cu_port(c, LT_U_CACHE, LC_WR_DATA_I), p, data);
		} else {
			cy->wr_path[p] = 2;
		}
	}
	for (unsigned k = 0; k < m->nc; k++) {
		unsigned warp = (unsigned)tin(m, in, LT_RD_WARP_I, k), reg = (unsigned)tin(m, in, LT_RD_REG_I, k);
		unsigned lp = m->lkr[k].lp;

		cy->lk_rd[k] = -1;
		if (!tin(m, in, LT_RD_REQ_I, k))
			continue;
		if (!matches(&m->lkr[k], warp, reg)) {
			give_lookup(m, warp, reg, &cy->lk_rd[k]);
		} else if (cu_get(c, LT_U_WCB, WCB_LK_HIT_O, lp)) {
			cy->rd_cache[k] = 1;
			cu_set(c, LT_U_CACHE, LC_RD_REQ_I, k, 1);
			cu_set(c, LT_U_CACHE, LC_RD_BANK_I, k, cu_get(c, LT_U_WCB, WCB_LK_BANK_O, lp));
			cu_set(c, LT_U_CACHE, LC_RD_OFF_I, k, cu_get(c, LT_U_WCB, WCB_LK_OFFSET_O, lp));
		} else {
			cy->rd_miss[k] = 1;
		}
	}
	for (unsigned k = 0; k < m->nc; k++) {
		cy->lk_dl[k] = -1;
		if (tin(m, in, LT_DL_REQ_I, k))
			give_lookup(m, (unsigned)tin(m, in, LT_DL_WARP_I, k), (unsigned)tin(m, in, LT_DL_REG_I, k),
				    &cy->lk_dl[k]);
	}
}

/* Row freeing (global AAU): of the deactivated rows whose engine job is
 * over, the one of the lowest warp. */
static void comb_free(struct lt_model *m)
{
	struct compose_units *c = &m->cu;

	for (unsigned a = 0; a < m->na; a++) {
		if (!m->pend[a] || m->fresh[a] || cu_get(c, LT_U_ENGINE, LE_BUSY_O, a))
			continue;
		if (!m->cy.free || m->rowwarp[a] < m->rowwarp[m->cy.free_row]) {
			m->cy.free = 1;
			m->cy.free_row = a;
		}
	}
	cu_set(c, LT_U_CACHE, LC_OF_REQ_I, 0, (unsigned)m->cy.free);
	cu_set(c, LT_U_CACHE, LC_OF_OFF_I, 0, m->cy.free_row);
}

/* The main file: engine port k's beat on read / write port k (lanes of
 * its beat), direct writes on np.. */
static void comb_mrf(struct lt_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	uint32_t beat[DW], wdat[DW];

	for (unsigned k = 0; k < m->np; k++) {
		unsigned warp = (unsigned)cu_get(c, LT_U_ENGINE, LE_MRF_WARP_O, k);
		unsigned reg = (unsigned)cu_get(c, LT_U_ENGINE, LE_MRF_REG_O, k);
		unsigned lo = (unsigned)cu_get(c, LT_U_ENGINE, LE_MRF_BEAT_O, k) * m->xw;

		if (!cu_get(c, LT_U_ENGINE, LE_MRF_REQ_O, k))
			continue;
		if (cu_get(c, LT_U_ENGINE, LE_MRF_WE_O, k)) {
			bus_get_words(c->out[LT_U_ENGINE], cu_port(c, LT_U_ENGINE, LE_MRF_WDATA_O), k, beat);
			memset(wdat, 0, sizeof wdat);
			memcpy(wdat + lo, beat, m->xw * sizeof *beat);
			cu_set(c, LT_U_MRF, RFB_WR_REQ_I, k, 1);
			cu_set(c, LT_U_MRF, RFB_WR_WARP_I, k, warp);
			cu_set(c, LT_U_MRF, RFB_WR_REG_I, k, reg);
			cu_set(c, LT_U_MRF, RFB_WR_MASK_I, k,
			       (m->xw >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->xw) - 1u) << lo);
			bus_set_words(c->in[LT_U_MRF], cu_port(c, LT_U_MRF, RFB_WR_DATA_I), k, wdat);
		} else {
			cu_set(c, LT_U_MRF, RFB_RD_REQ_I, k, 1);
			cu_set(c, LT_U_MRF, RFB_RD_WARP_I, k, warp);
			cu_set(c, LT_U_MRF, RFB_RD_REG_I, k, reg);
		}
	}
	for (unsigned p = 0; p < m->nwp; p++) {
		unsigned q = m->np + p;

		if (m->cy.wr_path[p] != 2)
			continue;
		cu_set(c, LT_U_MRF, RFB_WR_REQ_I, q, 1);
		cu_set(c, LT_U_MRF, RFB_WR_WARP_I, q, tin(m, in, LT_WR_WARP_I, p));
		cu_set(c, LT_U_MRF, RFB_WR_REG_I, q, tin(m, in, LT_WR_REG_I, p));
		cu_set(c, LT_U_MRF, RFB_WR_MASK_I, q, tin(m, in, LT_WR_MASK_I, p));
		bus_get_words(in, tport(m, LT_WR_DATA_I), p, wdat);
		bus_set_words(c->in[LT_U_MRF], cu_port(c, LT_U_MRF, RFB_WR_DATA_I), q, wdat);
	}
}

/* Engine port k's beat granted: by main-file read or write port k. */
static unsigned beat_gnt(const struct lt_model *m, unsigned k)
{
	const struct compose_units *c = &m->cu;

	return (unsigned)(cu_get(c, LT_U_MRF, RFB_RD_GNT_O, k) | cu_get(c, LT_U_MRF, RFB_WR_GNT_O, k));
}

/* The engine's glue inputs: the main file's grants of its beats, the read
 * beats returning (their lanes), LTRF+ liveness. */
static void comb_engine(struct lt_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	uint32_t row[DW];

	for (unsigned k = 0; k < m->np; k++) {
		cu_set(c, LT_U_ENGINE, LE_MRF_GNT_I, k, beat_gnt(m, k));
		if (!cu_get(c, LT_U_MRF, RFB_RD_VALID_O, k))
			continue;
		bus_get_words(c->out[LT_U_MRF], cu_port(c, LT_U_MRF, RFB_RD_DATA_O), k, row);
		cu_set(c, LT_U_ENGINE, LE_MRF_RVALID_I, k, 1);
		bus_set_words(c->in[LT_U_ENGINE], cu_port(c, LT_U_ENGINE, LE_MRF_RDATA_I), k,
			      row + m->beat_q[k * m->lat + m->lat - 1u] * m->xw);
	}
	if (m->cfg->ltrf.d.liveness) {
		bus_get_words(in, tport(m, LT_CMD_LIVE_I), 0, row);
		bus_set_words(c->in[LT_U_ENGINE], cu_port(c, LT_U_ENGINE, LE_CMD_LIVE_I), 0, row);
	}
}

/* Every unit's inputs and outputs of this cycle, and the glue's decisions,
 * in dependency order. */
static void lt_comb(struct lt_model *m, const uint32_t *in, uint32_t *top_out)
{
	struct compose_units *c = &m->cu;
	int cmd = tin(m, in, LT_CMD_REQ_I, 0) != 0;

	memset(&m->cy, 0, sizeof m->cy);
	cu_clear_inputs(c);
	cu_eval(c, LT_U_ENGINE);
	cu_eval(c, LT_U_WCB);
	cu_wire(c, LT_U_CACHE, in, top_out);
	comb_access(m, in);
	comb_free(m);
	cu_set(c, LT_U_CACHE, LC_OA_REQ_I, 0, cmd && tin(m, in, LT_CMD_ALLOC_I, 0));
	cu_eval(c, LT_U_CACHE);
	comb_mrf(m, in);
	cu_eval(c, LT_U_MRF);
	cu_wire(c, LT_U_ENGINE, in, top_out);
	comb_engine(m, in);
	cu_wire(c, LT_U_WCB, in, top_out);
	cu_set(c, LT_U_WCB, WCB_WS_WE_I, 0, cmd && tin(m, in, LT_CMD_OP_I, 0) == LE_OP_PREFETCH);
	cu_set(c, LT_U_WCB, WCB_OF_WE_I, 0, cmd && tin(m, in, LT_CMD_ALLOC_I, 0));
}

static void lt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct lt_model *m = vm;
	struct compose_units *c = &m->cu;
	unsigned pend = 0;

	memset(out, 0, m->desc->out_words * sizeof *out);
	lt_comb(m, in, out);
	eval_memo_note(&m->memo, in);
	cu_wire(c, LT_U_TOP, in, out);
	for (unsigned k = 0; k < m->nc; k++) {
		const struct lt_look *d = &m->lkd[k];

		bus_set(out, tport(m, LT_RD_MISS_O), k, (unsigned)m->cy.rd_miss[k]);
		pend |= m->lkr[k].v | d->v;
		bus_set(out, tport(m, LT_DL_GNT_O), k, (unsigned)(m->cy.lk_dl[k] >= 0));
		bus_set(out, tport(m, LT_DL_VALID_O), k, d->v);
		if (!d->v)
			continue;
		bus_set(out, tport(m, LT_DL_HIT_O), k, cu_get(c, LT_U_WCB, WCB_LK_HIT_O, d->lp));
		bus_set(out, tport(m, LT_DL_BANK_O), k, cu_get(c, LT_U_WCB, WCB_LK_BANK_O, d->lp));
		bus_set(out, tport(m, LT_DL_OFF_O), k, cu_get(c, LT_U_WCB, WCB_LK_OFFSET_O, d->lp));
	}
	for (unsigned p = 0; p < m->nwp; p++) {
		int direct = m->cy.wr_path[p] == 2;

		bus_set(out, tport(m, LT_WR_DIRECT_O), p, (unsigned)direct);
		bus_set(out, tport(m, LT_WR_GNT_O), p,
			direct ? cu_get(c, LT_U_MRF, RFB_WR_GNT_O, m->np + p) : cu_get(c, LT_U_CACHE, LC_WR_GNT_O, p));
		pend |= m->lkw[p].v;
	}
	bus_set(out, tport(m, LT_FREE_O), 0, (unsigned)m->cy.free);
	bus_set(out, tport(m, LT_FREE_ROW_O), 0, m->cy.free_row);
	bus_set(out, tport(m, LT_LK_ISSUED_O), 0, m->cy.issued);
	bus_set(out, tport(m, LT_LK_STALLED_O), 0, m->cy.stalled);
	bus_set(out, tport(m, LT_LK_PENDING_O), 0, pend);
	for (unsigned k = 0; k < m->np; k++)
		bus_set(out, tport(m, LT_MON_BEAT_GNT_O), k, beat_gnt(m, k));
}

static void lt_tick(void *vm, const uint32_t *in)
{
	struct lt_model *m = vm;
	struct compose_units *c = &m->cu;

	/* the last evaluation's submodule inputs and decisions stand if it saw
	 * these inputs (the SM evaluates, then clocks) */
	if (!eval_memo_hit(&m->memo, in))
		lt_comb(m, in, m->memo.out);
	eval_memo_forget(&m->memo);
	for (unsigned a = 0; a < m->na; a++) {
		int cmd = tin(m, in, LT_CMD_REQ_I, 0) && tin(m, in, LT_CMD_ROW_I, 0) == a;

		if (cmd)
			m->rowwarp[a] = (unsigned)tin(m, in, LT_CMD_WARP_I, 0);
		m->pend[a] = (uint8_t)((m->pend[a] && !(m->cy.free && m->cy.free_row == a)) ||
				       (cmd && tin(m, in, LT_CMD_OP_I, 0) == LE_OP_DEACTIVATE));
		m->fresh[a] = (uint8_t)cmd;
	}
	for (unsigned k = 0; k < m->nc; k++)
		m->lkr[k] = (struct lt_look){m->cy.lk_rd[k] >= 0, m->cy.lk_rd[k] >= 0 ? (unsigned)m->cy.lk_rd[k] : 0,
					     (unsigned)tin(m, in, LT_RD_WARP_I, k), (unsigned)tin(m, in, LT_RD_REG_I, k)};
	for (unsigned k = 0; k < m->nc; k++)	/* a destination's answer goes out: no access to match */
		m->lkd[k] = (struct lt_look){m->cy.lk_dl[k] >= 0, m->cy.lk_dl[k] >= 0 ? (unsigned)m->cy.lk_dl[k] : 0, 0, 0};
	for (unsigned p = 0; p < m->nwp; p++)
		m->lkw[p] = (struct lt_look){m->cy.lk_wr[p] >= 0, m->cy.lk_wr[p] >= 0 ? (unsigned)m->cy.lk_wr[p] : 0,
					     (unsigned)tin(m, in, LT_WR_WARP_I, p), (unsigned)tin(m, in, LT_WR_REG_I, p)};
	for (unsigned k = 0; k < m->np; k++) {
		unsigned *bq = m->beat_q + (size_t)k * m->lat;

		for (unsigned s = m->lat - 1u; s > 0; s--)
			bq[s] = bq[s - 1u];
		bq[0] = cu_get(c, LT_U_MRF, RFB_RD_GNT_O, k) ? (unsigned)cu_get(c, LT_U_ENGINE, LE_MRF_BEAT_O, k) : 0;
	}
	cu_tick(c);
}

const struct unit_ops ltrf_top_ops = {
	"ltrf_top", lt_create, lt_reset, lt_eval, lt_tick, lt_destroy,
};

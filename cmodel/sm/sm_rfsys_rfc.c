/* sm_rfsys_rfc.c: `scheme = rfc` behind the SM's register-file subsystem
 * interface (sm_rfsys.h): Gebhart et al.'s register file cache
 * (cmodel/rfc.c) in front of the main register file (MRF,
 * cmodel/rf_banked.c), the active set of the two-level warp scheduler
 * (cmodel/sched_2level.c) and the compiler's last-use hints
 * (compiler/rfc_hints.c).  The units are driven through their bus
 * interfaces, exactly as the lockstep benches drive them against the RTL.
 *
 * Per cycle (step):
 *   sched_2level  valid / barrier / long-latency wait of every warp from the
 *                 core (SM_RF_EV_WARP_STATE), ready = the warp the core
 *                 issued; demotes, flushes (through the RFC) and promotes;
 *                 the core issues only from its active set (warp_gate);
 *   writes        a full-warp result of an active warp goes into the RFC
 *                 (a long-latency result as an RFC bypass: to the MRF, the
 *                 cached copy invalidated); a partial-mask result first
 *                 tag-checks its register: a miss writes the MRF under the
 *                 mask, a hit merges the cached value with it and writes
 *                 the whole register into the RFC the next cycle; a warp
 *                 without a slot writes the MRF; a draining warp waits;
 *   reads         one tag check per cycle: up to src_ports collectors of
 *                 one active warp (rotating priority); hits are served by
 *                 the RFC the next cycle, misses read the MRF; a warp
 *                 without a slot reads the MRF, a draining one waits;
 *   MRF           the RFC's write-back (eviction, bypass, flush step) is
 *                 the MRF's only write in its cycle and any read of that
 *                 register waits a cycle (rf_banked reads before it writes).
 * Last-use hints: source i of instruction pc carries the hint when the
 * compiler's last_use bit of its source slot is set, i is the last source
 * of pc naming that register, and no other read of it by the warp is
 * pending (collectors read out of order; docs/sm.md). */
#include <stdlib.h>
#include <string.h>

#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "rfc.h"
#include "rfc_desc.h"
#include "sched_2level.h"
#include "sched_2level_desc.h"
#include "sm_core.h"
#include "sm_hints.h"
#include "sm_prog.h"
#include "sm_rfsys.h"

enum { SLOT_FREE, SLOT_ACTIVE, SLOT_DRAIN };
enum { NO_COL = 255, MERGE_COL = 254, MAX_SLOTS = 64, MAX_PORTS = 3 };

enum {
	C_RFC_READS, C_MRF_READS, C_RFC_WRITES, C_RFC_WRITE_HITS, C_MRF_WRITES, C_MRF_EVICT,
	C_MRF_BYPASS, C_MRF_FLUSH, C_MRF_DIRECT, C_TAG_CHECKS, C_LAST_USE, C_MERGES, C_DEMOTIONS,
	C_PROMOTIONS, C_ACTIVE_CYCLES,
};

static const char *const rfc_counters[] = {
	"rfc_reads", "mrf_reads", "rfc_writes", "rfc_write_hits", "mrf_writes", "mrf_evict_writes",
	"mrf_bypass_writes", "mrf_flush_writes", "mrf_direct_writes", "rfc_tag_checks",
	"rfc_last_use_hits", "rfc_merges", "demotions", "promotions", "active_set_warp_cycles", NULL,
};

struct rfs_rfc {
	struct gpurf_cfg ucfg;		/* the units' configuration (RFC tag wide enough) */
	const struct gpurf_cfg *cfg;
	const struct sm_prog *prog;
	void *rf;
	unsigned spw, rpw, lanes, na, ns, nw;
	uint64_t full;
	struct module_desc *rdesc, *sdesc;
	void *rfc, *s2l;
	uint32_t *rin, *rout, *rev, *sin, *sout;	/* RFC in, stashed out, this cycle's out; 2L */
	/* the active set, as sched_2level's outputs announced it */
	uint8_t slot_st[MAX_SLOTS];
	unsigned slot_warp[MAX_SLOTS];
	int warp_slot[64];
	uint8_t port_col[MAX_PORTS];	/* collector of each RFC read port's data (NO_COL, MERGE_COL) */
	uint32_t *hit_data;		/* [ports][lanes] */
	/* operand buffers: sources a collector's tag check found cached (their
	 * data) or not (read the MRF when asked), served one per request */
	uint16_t cov_hit[64], cov_miss[64];
	uint32_t *cbuf;			/* [collector][source][lanes] */
	uint64_t serve;			/* collectors served from cbuf this cycle */
	uint8_t serve_idx[64];
	uint32_t *mw_data, *mg_data;	/* [lanes] */
	int mg_v;			/* a merge: its cached value arrives on RFC port 0 */
	unsigned mg_port, mg_warp, mg_reg;
	uint16_t *pend_rd;		/* [warp][256] issued, not yet granted reads */
	uint8_t *ll_wr;			/* [warp][256] the pending write is a long-latency result */
	uint16_t *last;			/* [pc] bit i: source i carries the last-use hint */
	unsigned rd_ptr;
	uint64_t issuable;
	int busy;
};

static void rfc_free(void *m)
{
	struct rfs_rfc *b = m;

	if (!b)
		return;
	rf_banked_free(b->rf);
	if (b->rfc)
		rfc_ops.destroy(b->rfc);
	if (b->s2l)
		sched_2level_ops.destroy(b->s2l);
	free(b->rdesc);
	free(b->sdesc);
	free(b->rin);
	free(b->rout);
	free(b->rev);
	free(b->sin);
	free(b->sout);
	free(b->hit_data);
	free(b->cbuf);
	free(b->mw_data);
	free(b->mg_data);
	free(b->pend_rd);
	free(b->ll_wr);
	free(b->last);
	free(b);
}

static void *rfc_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_rfc *b = calloc(1, sizeof *b);
	unsigned regs = k->regs ? k->regs : 1;

	if (!b)
		goto oom;
	b->cfg = cfg;
	b->ucfg = *cfg;
	b->prog = k->prog;
	b->rpw = cfg->d.regs_per_warp;
	b->spw = (regs + b->rpw - 1) / b->rpw;
	b->lanes = cfg->lanes;
	b->full = cfg->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg->lanes) - 1;
	b->na = cfg->rfc.active_warps;
	b->ns = cfg->rfc.src_ports;
	b->nw = k->hw_warps;
	if (cfg->read_latency != 1 || cfg->warps > 64 || b->na > MAX_SLOTS || b->ns > MAX_PORTS) {
		free(b);
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: [sm] scheme = rfc in the SM model needs [rf] read_latency = 1 (the RFC "
			   "answers the next cycle), at most 64 warps and %u active warps",
			   cfg->path, (unsigned)MAX_SLOTS);
		return NULL;
	}
	/* The RTL's TAG_W covers one warp's registers in the MRF
	 * (regs_per_warp); a kernel whose threads use more registers needs a
	 * wider tag in this SM's instance. */
	if (regs > b->rpw)
		b->ucfg.rfc.d.tag_bits = cfg_index_bits(regs);
	b->rdesc = calloc(1, sizeof *b->rdesc);
	b->sdesc = calloc(1, sizeof *b->sdesc);
	if (!b->rdesc || !b->sdesc || !(b->rf = rf_banked_create(cfg)))
		goto oom;
	desc_rfc(&b->ucfg, b->rdesc);
	desc_sched_2level(&b->ucfg, b->sdesc);
	b->rfc = rfc_ops.create(&b->ucfg, b->rdesc);
	b->s2l = sched_2level_ops.create(&b->ucfg, b->sdesc);
	b->rin = calloc(b->rdesc->in_words, sizeof *b->rin);
	b->rout = calloc(b->rdesc->out_words, sizeof *b->rout);
	b->rev = calloc(b->rdesc->out_words, sizeof *b->rev);
	b->sin = calloc(b->sdesc->in_words, sizeof *b->sin);
	b->sout = calloc(b->sdesc->out_words, sizeof *b->sout);
	b->hit_data = calloc((size_t)MAX_PORTS * b->lanes, sizeof *b->hit_data);
	b->cbuf = calloc((size_t)cfg->collectors * SM_MAX_SRC * b->lanes, sizeof *b->cbuf);
	b->mw_data = calloc(b->lanes, sizeof *b->mw_data);
	b->mg_data = calloc(b->lanes, sizeof *b->mg_data);
	b->pend_rd = calloc((size_t)64 * 256, sizeof *b->pend_rd);
	b->ll_wr = calloc((size_t)64 * 256, 1);
	if (!b->rfc || !b->s2l || !b->rin || !b->rout || !b->rev || !b->sin || !b->sout || !b->hit_data || !b->cbuf ||
	    !b->mw_data || !b->mg_data || !b->pend_rd || !b->ll_wr || (b->prog && !(b->last = sm_hints_rfc_last_use(b->prog))))
		goto oom;
	rfc_ops.reset(b->rfc);
	sched_2level_ops.reset(b->s2l);
	memset(b->port_col, NO_COL, sizeof b->port_col);
	for (unsigned w = 0; w < 64; w++)
		b->warp_slot[w] = -1;
	rfc_ops.eval(b->rfc, b->rin, b->rout);
	return b;
oom:
	rfc_free(b);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register file cache");
	return NULL;
}

static void rfc_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_rfc *b = m;
	struct rfb_out o;

	rf_banked_outputs(b->rf, &o);
	sm_rfsys_pass_reads(&o, out);
	for (unsigned k = 0; k < b->ns; k++)
		if (b->port_col[k] < 64) {
			out->rd_valid |= UINT64_C(1) << b->port_col[k];
			out->rd_data[b->port_col[k]] = b->hit_data + (size_t)k * b->lanes;
		}
	for (uint64_t v = b->serve; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		out->rd_valid |= UINT64_C(1) << c;
		out->rd_data[c] = b->cbuf + ((size_t)c * SM_MAX_SRC + b->serve_idx[c]) * b->lanes;
	}
	out->launch_slots = ~0u;
	out->busy = b->busy;
	out->warp_gate = 1;
	out->warp_issuable = b->issuable;
}

static uint64_t rget(const struct rfs_rfc *b, const uint32_t *bus, enum rfc_port p, unsigned e)
{
	return bus_get(bus, &b->rdesc->ports[p], e);
}

static void rset(struct rfs_rfc *b, enum rfc_port p, unsigned e, uint64_t v)
{
	bus_set(b->rin, &b->rdesc->ports[p], e, v);
}

static uint64_t sget(const struct rfs_rfc *b, enum sched_2level_port p, unsigned e)
{
	return bus_get(b->sout, &b->sdesc->ports[p], e);
}

static void sset(struct rfs_rfc *b, enum sched_2level_port p, unsigned e, uint64_t v)
{
	bus_set(b->sin, &b->sdesc->ports[p], e, v);
}

/* ISSUE events: pending reads (for the last-use rule) and whether the
 * instruction's results are long-latency (RFC bypass). */
static uint64_t take_events(struct rfs_rfc *b, const struct sm_rf_in *in)
{
	uint64_t issued = 0;

	for (unsigned i = 0; i < in->nev; i++) {
		const struct sm_rf_ev *ev = &in->ev[i];
		const struct sm_insn *si;

		if (ev->kind != SM_RF_EV_ISSUE || ev->warp >= 64)
			continue;
		issued |= UINT64_C(1) << ev->warp;
		if (!(si = ev->insn) || si->cls >= SM_CLS_BRANCH)
			continue;	/* no operand reads, no register results */
		for (unsigned s = 0; s < si->nsrc; s++)
			b->pend_rd[ev->warp * 256 + si->src[s]]++;
		for (unsigned d = 0; d < si->ndst; d++)
			b->ll_wr[ev->warp * 256 + si->dst[d]] = si->longlat != 0;
	}
	return issued;
}

/* sched_2level's inputs from the core's warp state; its outputs. */
static void s2l_eval(struct rfs_rfc *b, const struct sm_rf_in *in, uint64_t issued, unsigned flush_done)
{
	memset(b->sin, 0, b->sdesc->in_words * sizeof *b->sin);
	for (unsigned w = 0; w < b->nw && w < 64; w++) {
		unsigned v = in->warp_valid >> w & 1u, bar = in->warp_bar >> w & 1u;
		unsigned ll = in->warp_llwait >> w & 1u;

		sset(b, S2L_VALID_I, w, v);
		sset(b, S2L_READY_I, w, issued >> w & 1u);
		sset(b, S2L_LLC_I, w, ll);
		sset(b, S2L_BAR_I, w, bar);
		sset(b, S2L_WAKE_I, w, v && !bar && !ll);
	}
	sset(b, S2L_FLUSH_DONE_I, 0, flush_done);
	sched_2level_ops.eval(b->s2l, b->sin, b->sout);
}

static void rfc_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_rfc *b = m;
	const struct gpurf_cfg *cfg = b->cfg;
	const struct port_desc *rp = b->rdesc->ports;
	uint64_t issued = take_events(b, in);
	uint64_t rd_mrf = 0, wr_direct = 0, rd_gnt = 0, wr_gnt = 0, wake, serve = 0;
	unsigned gcol = 0, ng = 0, mw_v, mw_warp = 0, mw_reg = 0, fl, fl_done;
	int probe = -1, wport = -1, merged = -1;
	struct rfb_req rq;
	struct rfb_grants rg;
	uint8_t next_col[MAX_PORTS], fill_idx[MAX_PORTS];

	g->nctl = 0;
	memset(next_col, NO_COL, sizeof next_col);
	memset(fill_idx, NO_COL, sizeof fill_idx);
	/* the RFC's main-file write of this cycle (its state) */
	mw_v = (unsigned)rget(b, b->rout, RFC_MRF_WR_O, 0);
	if (mw_v) {
		unsigned kind = (unsigned)rget(b, b->rout, RFC_MRF_WR_KIND_O, 0);

		mw_warp = b->slot_warp[rget(b, b->rout, RFC_MRF_WR_SLOT_O, 0) % MAX_SLOTS];
		mw_reg = (unsigned)rget(b, b->rout, RFC_MRF_WR_REG_O, 0);
		bus_get_words(b->rout, &rp[RFC_MRF_WR_DATA_O], 0, b->mw_data);
		st->rfs[kind == RFC_MRF_EVICT ? C_MRF_EVICT : kind == RFC_MRF_BYPASS ? C_MRF_BYPASS
										: C_MRF_FLUSH]++;
	}
	/* the active set: flush requests go to the RFC */
	s2l_eval(b, in, issued, 0);
	memset(b->rin, 0, b->rdesc->in_words * sizeof *b->rin);
	fl = (unsigned)sget(b, S2L_FLUSH_O, 0);
	if (fl) {
		rset(b, RFC_FL_I, 0, 1);
		rset(b, RFC_FL_SLOT_I, 0, sget(b, S2L_FLUSH_SLOT_O, 0));
		rset(b, RFC_FL_DROP_I, 0, sget(b, S2L_FLUSH_DROP_O, 0));
	}
	/* writes: a merge whose cached value arrived, then the ports in order */
	if (b->mg_v) {
		unsigned p = b->mg_port, w = b->mg_warp;
		int s = b->warp_slot[w];

		b->mg_v = 0;
		if ((in->wr_req >> p & 1u) && in->wr_warp[p] == w && in->wr_reg[p] == b->mg_reg && s >= 0 &&
		    b->slot_st[s] == SLOT_ACTIVE && rget(b, b->rout, RFC_RD_VALID_O, 0)) {
			bus_get_words(b->rout, &rp[RFC_RD_DATA_O], 0, b->mg_data);
			for (uint64_t l = in->wr_mask[p]; l; l &= l - 1) {
				unsigned x = (unsigned)__builtin_ctzll(l);

				b->mg_data[x] = in->wr_data[p][x];
			}
			merged = wport = (int)p;
			rset(b, RFC_WR_I, 0, 1);
			rset(b, RFC_WR_SLOT_I, 0, (unsigned)s);
			rset(b, RFC_WR_REG_I, 0, b->mg_reg);
			rset(b, RFC_WR_BYPASS_I, 0, b->ll_wr[w * 256 + b->mg_reg]);
			bus_set_words(b->rin, &rp[RFC_WR_DATA_I], 0, b->mg_data);
			st->rfs[C_MERGES]++;
		}
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v), w = in->wr_warp[p], r = in->wr_reg[p];
		int s = w < 64 ? b->warp_slot[w] : -1;

		if ((int)p == merged || (s >= 0 && b->slot_st[s] == SLOT_DRAIN))
			continue;	/* merged above / waits for its warp's flush */
		if (s < 0) {
			wr_direct |= UINT64_C(1) << p;
		} else if ((in->wr_mask[p] & in->wr_live[p]) == in->wr_live[p]) {
			if (wport >= 0)
				continue;	/* one RFC write per cycle */
			wport = (int)p;
			rset(b, RFC_WR_I, 0, 1);
			rset(b, RFC_WR_SLOT_I, 0, (unsigned)s);
			rset(b, RFC_WR_REG_I, 0, r);
			rset(b, RFC_WR_BYPASS_I, 0, b->ll_wr[w * 256 + r]);
			bus_set_words(b->rin, &rp[RFC_WR_DATA_I], 0, in->wr_data[p]);
		} else if (probe < 0) {
			probe = (int)p;		/* partial mask: is the register cached? */
			rset(b, RFC_RD_I, 0, 1);
			rset(b, RFC_RD_SLOT_I, 0, (unsigned)s);
			rset(b, RFC_RD_REGV_I, 0, 1);
			rset(b, RFC_RD_REG_I, 0, r);
		}
	}
	/* reads: a source the last tag check covered is served from the
	 * collector's operand buffer (hit) or read from the MRF (miss); else
	 * one tag check (unless a probe took it) of the first requesting
	 * collector of an active warp, over its instruction's sources from
	 * the requested one on; warps without a slot read the MRF */
	for (unsigned o = 0; o < cfg->collectors; o++) {
		unsigned c = (b->rd_ptr + o) % cfg->collectors, w, i;
		int s;

		if (!(in->rd_req >> c & 1u))
			continue;
		w = in->rd_warp[c];
		i = in->rd_src[c];
		s = w < 64 ? b->warp_slot[w] : -1;
		if (b->cov_hit[c] >> i & 1u) {
			b->cov_hit[c] &= (uint16_t)~(1u << i);
			rd_gnt |= UINT64_C(1) << c;
			serve |= UINT64_C(1) << c;
			b->serve_idx[c] = (uint8_t)i;
		} else if ((b->cov_miss[c] >> i & 1u) || s < 0) {
			rd_mrf |= UINT64_C(1) << c;
		} else if (b->slot_st[s] == SLOT_ACTIVE && probe < 0 && ng == 0) {
			const struct sm_insn *si = b->prog && in->rd_pc[c] >= 0 ? &b->prog->insns[in->rd_pc[c]] : NULL;

			ng = si ? si->nsrc - i : 1;
			if (ng > b->ns)
				ng = b->ns;
			gcol = c;
			rset(b, RFC_RD_I, 0, 1);
			rset(b, RFC_RD_SLOT_I, 0, (unsigned)s);
			for (unsigned k = 0; k < ng; k++) {
				unsigned r = si ? si->src[i + k] : in->rd_reg[c], occ = 0;

				for (unsigned j = i; si && j < si->nsrc; j++)
					occ += si->src[j] == r;
				rset(b, RFC_RD_REGV_I, k, 1);
				rset(b, RFC_RD_REG_I, k, r);
				rset(b, RFC_RD_LAST_I, k,
				     si && (b->last[in->rd_pc[c]] >> (i + k) & 1u) && b->pend_rd[w * 256 + r] == occ);
			}
		}
	}
	if (ng)
		b->rd_ptr = (gcol + 1) % cfg->collectors;
	rfc_ops.eval(b->rfc, b->rin, b->rev);
	if (ng || probe >= 0)
		st->rfs[C_TAG_CHECKS]++;
	for (unsigned k = 0; k < ng; k++) {
		unsigned j = in->rd_src[gcol] + k;
		int hit = (int)rget(b, b->rev, RFC_RD_HIT_O, k);

		st->rfs[C_RFC_READS] += (unsigned)hit;
		st->rfs[C_LAST_USE] += hit && rget(b, b->rin, RFC_RD_LAST_I, k);
		if (k == 0 && hit) {
			rd_gnt |= UINT64_C(1) << gcol;
			next_col[0] = (uint8_t)gcol;
		} else if (k == 0) {
			rd_mrf |= UINT64_C(1) << gcol;
			b->cov_miss[gcol] |= (uint16_t)(1u << j);	/* a refused read retries there */
		} else if (hit) {
			b->cov_hit[gcol] |= (uint16_t)(1u << j);
			fill_idx[k] = (uint8_t)j;
		} else {
			b->cov_miss[gcol] |= (uint16_t)(1u << j);
		}
	}
	if (probe >= 0) {
		if (rget(b, b->rev, RFC_RD_HIT_O, 0)) {
			b->mg_v = 1;
			b->mg_port = (unsigned)probe;
			b->mg_warp = in->wr_warp[probe];
			b->mg_reg = in->wr_reg[probe];
			next_col[0] = MERGE_COL;
		} else {
			wr_direct |= UINT64_C(1) << probe;
		}
	}
	if (wport >= 0) {
		wr_gnt |= UINT64_C(1) << wport;
		st->rfs[C_RFC_WRITES]++;
		st->rfs[C_RFC_WRITE_HITS] += rget(b, b->rev, RFC_WR_HIT_O, 0);
	}
	fl_done = fl && rget(b, b->rev, RFC_FL_DONE_O, 0);
	/* the MRF: the RFC's write-back alone, else the direct writes */
	rq.rd_req = rq.wr_req = 0;
	if (mw_v) {
		rq.wr_req = 1;
		rq.wr_warp[0] = mw_warp * b->spw + mw_reg / b->rpw;
		rq.wr_reg[0] = mw_reg % b->rpw;
		rq.wr_mask[0] = b->full;
		rq.wr_data[0] = b->mw_data;
	} else {
		for (uint64_t v = wr_direct; v; v &= v - 1) {
			unsigned p = (unsigned)__builtin_ctzll(v);

			rq.wr_req |= UINT64_C(1) << p;
			rq.wr_warp[p] = in->wr_warp[p] * b->spw + in->wr_reg[p] / b->rpw;
			rq.wr_reg[p] = in->wr_reg[p] % b->rpw;
			rq.wr_mask[p] = in->wr_mask[p];
			rq.wr_data[p] = in->wr_data[p];
		}
	}
	for (uint64_t v = rd_mrf; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		if (mw_v && in->rd_warp[c] == mw_warp && in->rd_reg[c] == mw_reg)
			continue;	/* its write-back lands this cycle */
		rq.rd_req |= UINT64_C(1) << c;
		rq.rd_warp[c] = in->rd_warp[c] * b->spw + in->rd_reg[c] / b->rpw;
		rq.rd_reg[c] = in->rd_reg[c] % b->rpw;
	}
	rf_banked_step(b->rf, &rq, &rg);
	sm_rfsys_count_banks(cfg, &rq, &rg, st);
	st->rfs[C_MRF_READS] += (uint64_t)__builtin_popcountll(rg.rd_gnt);
	st->rfs[C_MRF_WRITES] += (uint64_t)__builtin_popcountll(rg.wr_gnt);
	rd_gnt |= rg.rd_gnt;
	if (!mw_v) {
		wr_gnt |= rg.wr_gnt;
		st->rfs[C_MRF_DIRECT] += (uint64_t)__builtin_popcountll(rg.wr_gnt);
	}
	for (uint64_t v = rg.rd_gnt; v; v &= v - 1)
		b->cov_miss[__builtin_ctzll(v)] &= (uint16_t)~(1u << in->rd_src[__builtin_ctzll(v)]);
	for (uint64_t v = rd_gnt; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v), w = in->rd_warp[c];

		if (w < 64 && b->pend_rd[w * 256 + in->rd_reg[c]])
			b->pend_rd[w * 256 + in->rd_reg[c]]--;
	}
	g->rd_gnt = rd_gnt;
	g->wr_gnt = wr_gnt;
	/* the edge */
	s2l_eval(b, in, issued, fl_done);
	sched_2level_ops.tick(b->s2l, b->sin);
	rfc_ops.tick(b->rfc, b->rin);
	if (sget(b, S2L_DEMOTE_O, 0)) {
		b->slot_st[sget(b, S2L_DEMOTE_SLOT_O, 0)] = SLOT_DRAIN;
		st->rfs[C_DEMOTIONS]++;
	}
	if (fl_done) {
		unsigned s = (unsigned)sget(b, S2L_FLUSH_SLOT_O, 0);

		b->slot_st[s] = SLOT_FREE;
		b->warp_slot[b->slot_warp[s]] = -1;
	}
	if (sget(b, S2L_PROMOTE_O, 0)) {
		unsigned s = (unsigned)sget(b, S2L_PROMOTE_SLOT_O, 0), w = (unsigned)sget(b, S2L_PROMOTE_WARP_O, 0);

		b->slot_st[s] = SLOT_ACTIVE;
		b->slot_warp[s] = w;
		b->warp_slot[w] = (int)s;
		st->rfs[C_PROMOTIONS]++;
	}
	/* the outputs of the next cycle (state only) */
	memset(b->rin, 0, b->rdesc->in_words * sizeof *b->rin);
	rfc_ops.eval(b->rfc, b->rin, b->rout);
	memcpy(b->port_col, next_col, sizeof next_col);
	b->serve = serve;
	for (unsigned k = 0; k < b->ns; k++) {
		if (b->port_col[k] < 64)
			bus_get_words(b->rout, &rp[RFC_RD_DATA_O], k, b->hit_data + (size_t)k * b->lanes);
		if (fill_idx[k] != NO_COL)
			bus_get_words(b->rout, &rp[RFC_RD_DATA_O], k,
				      b->cbuf + ((size_t)gcol * SM_MAX_SRC + fill_idx[k]) * b->lanes);
	}
	b->issuable = 0;
	wake = in->warp_valid & ~in->warp_bar & ~in->warp_llwait;
	b->busy = b->mg_v || rget(b, b->rout, RFC_MRF_WR_O, 0);
	for (unsigned s = 0; s < b->na; s++) {
		unsigned w = b->slot_warp[s];

		if (b->slot_st[s] == SLOT_ACTIVE) {
			b->issuable |= UINT64_C(1) << w;
			wake &= ~(UINT64_C(1) << w);
			/* a demotion is due */
			b->busy |= !(in->warp_valid >> w & 1u) || (in->warp_llwait >> w & 1u) ||
				   (in->warp_bar >> w & 1u);
		} else if (b->slot_st[s] == SLOT_DRAIN) {
			wake &= ~(UINT64_C(1) << w);
			b->busy = 1;
		}
	}
	for (unsigned s = 0; s < b->na; s++)
		b->busy |= b->slot_st[s] == SLOT_FREE && wake != 0;
	st->rfs[C_ACTIVE_CYCLES] += (uint64_t)__builtin_popcountll(b->issuable);
}

static void rfc_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_rfc *b = m;

	st->rfs[C_ACTIVE_CYCLES] += n * (uint64_t)__builtin_popcountll(b->issuable);
}

static unsigned rfc_resident(void *m, unsigned core_limit)
{
	(void)m;
	return core_limit;
}

const struct sm_rfsys_ops sm_rfsys_rfc = {
	"rfc",
	1u << SM_RF_EV_ISSUE | 1u << SM_RF_EV_WARP_STATE,
	rfc_create, rfc_free, rfc_outputs, rfc_step, rfc_skip, rfc_resident, rfc_counters,
};

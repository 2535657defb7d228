/* regvirt_top.c: cycle model of regvirt_top (common/regvirt_top_desc.h has
 * the boundary): rename_table, release_flag_cache and rf_banked composed
 * through their buses along regvirt_top_wiring (cmodel/compose_units.h),
 * plus the top's own glue, mirrored gate for gate by gen/emit_regvirt_top.c:
 *   - issue ports -> flag cache: the first issue port whose instruction
 *     starts a pir probes the cache (one probe port); the first starting
 *     one that did not hit fills it with its decoded payload (one fill
 *     port); the first rfc_ports issues in a pir window whose slot the
 *     cache holds read it (select-stage ports, in issue-port order); an
 *     issue's release flags are the cache's on a read hit, else the
 *     decoded ones;
 *   - physical register {bank b, index i} -> the file's warp slot i,
 *     register (b - i) mod banks (bank_map 0) or b (bank_map 1);
 *   - CTA control: the table CTA slots (in use until their last sweep;
 *     live from launch to exit), the control queue of CTA events (2 x
 *     ctas entries; the head entry walks its CTA's warps, one warp launch
 *     or exit sweep per cycle, an exit only when no sweep runs and the
 *     warp has no pending free or rename chunk), the sweep in flight and
 *     the slot it counts down, the launched bit per table warp (from its
 *     warp launch to its exit sweep);
 *   - the rename queue (rename_queue entries, oldest first, closing up):
 *     a port holding an unrenamed chunk presents it again, each free port
 *     (in port order) takes the oldest chunk of a launched warp with no
 *     chunk in a port and no older chunk queued; pushed lanes enter behind
 *     the rest at the edge; a warp's exit also waits for its chunks;
 *   - the GPU-shrink throttle: while throttle_o, every live CTA slot but
 *     the favoured one (throttle_cta_o) is suspended;
 *   - kernel launch flushes the flag cache and latches warps per CTA.
 * Combinational paths into a submodule from another's outputs: the fill
 * from the cache's probe hit (the cache's outputs do not depend on its
 * fill), the table's warp launch / exit from its sweep_busy_o (a flop).
 * The rename ports' chunks depend only on flops (queue, held chunks,
 * launched warps).
 * eval runs the submodels in that order; tick reuses that evaluation when
 * it saw the same inputs (eval_memo.h), else repeats it, then clocks every
 * submodel, then the control flops. */
#include "regvirt_top.h"

#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "eval_memo.h"
#include "regvirt_top_desc.h"
#include "release_flag_cache.h"
#include "release_flag_cache_desc.h"
#include "rename_table.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"

enum { MAXT = 64, MAXW = 256, MAXQ = 256, MAXP = 4 };

/* One rename chunk: rename_table's ren_* fields of one port. */
struct rvt_chunk {
	unsigned warp;
	uint8_t sv[RT_SRCS], rel[RT_SRCS], dv;
	unsigned src[RT_SRCS], dst;
};

/* The rename queue (entries 0..cnt-1, oldest first) and the chunks the
 * rename ports hold (not renamed yet: ren_ready_o was 0). */
struct rvt_rq {
	struct rvt_chunk e[MAXQ];
	unsigned cnt;
	struct rvt_chunk held[MAXP];
	uint8_t held_v[MAXP];
};

/* One cycle's rename-port choice (eval), applied by tick. */
struct rvt_rq_cycle {
	int take[MAXP];				/* queue entry port p takes, -1 */
	uint8_t ren_v[MAXP];			/* a chunk is in port p */
	struct rvt_chunk ren[MAXP];
	uint8_t cbusy[MAXW];			/* the warp has a chunk queued, held or just renamed */
};

/* The control flops (CTA slots, control queue, sweep, launched warps). */
struct rvt_ctl {
	unsigned wpc;				/* warps per CTA (kernel launch) */
	uint8_t f_exit[2 * MAXT];		/* control queue: CTA events */
	unsigned f_ct[2 * MAXT];
	unsigned head, cnt, k;			/* head entry, entries, head's next warp */
	uint8_t used[MAXT], live[MAXT];
	unsigned sweeps[MAXT];			/* sweeps still to run before the slot is free */
	int sweeping;
	unsigned sweep_ct;
	uint8_t launched[MAXW];
};

/* One cycle's control decisions (eval), applied by tick. */
struct rvt_ctl_cycle {
	int end, last, go, go_exit, spill;
	unsigned tw;
	int slot[MAXT];				/* per CTA event: the launch's slot, -1 */
};

struct rvt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct gpurf_cfg rf_cfg;
	struct compose_units cu;
	unsigned ip, nrd, slots, nc, nwp, T, W, np, Q, L;
	struct eval_memo memo;	/* the last evaluation's inputs */
	struct rvt_ctl ctl;
	struct rvt_ctl_cycle cy;
	struct rvt_rq rq;
	struct rvt_rq_cycle rqc;
};

static uint64_t tget(const struct rvt_model *m, const uint32_t *bus, enum regvirt_top_port p, unsigned e)
{
	return bus_get(bus, &m->desc->ports[p], e);
}

static void tset(const struct rvt_model *m, uint32_t *bus, enum regvirt_top_port p, unsigned e, uint64_t v)
{
	bus_set(bus, &m->desc->ports[p], e, v);
}

static void rvt_destroy(void *vm)
{
	struct rvt_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	eval_memo_free(&m->memo);
	free(m);
}

static void *rvt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	static const struct unit_ops *const ops[3] = {&rename_table_ops, &release_flag_cache_ops, &rf_banked_ops};
	struct rvt_model *m = calloc(1, sizeof *m);
	struct module_desc sub[3];
	const struct gpurf_cfg *cfgs[3];

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->rf_cfg = regvirt_top_rf_cfg(cfg);
	m->ip = regvirt_top_issue_ports(cfg);
	m->nrd = cfg->regvirt.rfc_ports;
	m->slots = cfg->regvirt.rfc_slots;
	m->nc = cfg->collectors;
	m->nwp = cfg->write_ports;
	m->T = cfg->ctas;
	m->W = cfg->warps;
	m->np = cfg->regvirt.rename_ports;
	m->Q = cfg->regvirt.rename_queue;
	m->L = cfg->regvirt.rename_lanes;
	regvirt_top_subdescs(cfg, &m->rf_cfg, sub);
	cfgs[RVT_U_RT] = cfg;
	cfgs[RVT_U_FC] = cfg;
	cfgs[RVT_U_RF] = &m->rf_cfg;
	if (m->ip > 16 || m->T > MAXT || m->W > MAXW || m->Q > MAXQ || m->np > MAXP ||
	    eval_memo_init(&m->memo, desc->in_words, desc->out_words) ||
	    cu_create(&m->cu, desc, &regvirt_top_wiring, 3, sub, cfgs, ops)) {
		eval_memo_free(&m->memo);
		free(m);
		return NULL;
	}
	return m;
}

static void rvt_reset(void *vm)
{
	struct rvt_model *m = vm;

	cu_reset(&m->cu);
	memset(&m->ctl, 0, sizeof m->ctl);
	memset(&m->rq, 0, sizeof m->rq);
	eval_memo_forget(&m->memo);
}

/* Issue ports -> the flag cache's probe, fill and read ports; the release
 * flags back. */
static void comb_flags(struct rvt_model *m, const uint32_t *in, uint32_t *out)
{
	struct compose_units *c = &m->cu;
	int probe = -1, rd_of[16];
	unsigned used = 0;

	for (unsigned k = 0; k < m->ip; k++) {
		int pir = (int)tget(m, in, RVT_ISS_PIR_I, k);

		rd_of[k] = -1;
		if (pir && tget(m, in, RVT_ISS_STARTS_I, k) && probe < 0) {
			probe = (int)k;
			cu_set(c, RVT_U_FC, RFLAG_PROBE_VALID_I, 0, 1);
			cu_set(c, RVT_U_FC, RFLAG_PROBE_PC_I, 0, tget(m, in, RVT_ISS_PC_I, k));
		}
		if (pir && tget(m, in, RVT_ISS_SLOT_I, k) < m->slots && used < m->nrd) {
			rd_of[k] = (int)used;
			cu_set(c, RVT_U_FC, RFLAG_RD_VALID_I, used, 1);
			cu_set(c, RVT_U_FC, RFLAG_RD_PC_I, used, tget(m, in, RVT_ISS_PC_I, k));
			cu_set(c, RVT_U_FC, RFLAG_RD_SLOT_I, used, tget(m, in, RVT_ISS_SLOT_I, k));
			used++;
		}
	}
	cu_eval(c, RVT_U_FC);
	for (unsigned k = 0; k < m->ip; k++) {
		int hit = probe == (int)k && cu_get(c, RVT_U_FC, RFLAG_PROBE_HIT_O, 0);
		int cached = rd_of[k] >= 0 && cu_get(c, RVT_U_FC, RFLAG_RD_HIT_O, (unsigned)rd_of[k]);

		tset(m, out, RVT_ISS_PROBE_HIT_O, k, (uint64_t)hit);
		tset(m, out, RVT_ISS_CACHED_O, k, (uint64_t)cached);
		tset(m, out, RVT_ISS_REL_O, k,
		     cached ? cu_get(c, RVT_U_FC, RFLAG_RD_FLAGS_O, (unsigned)rd_of[k]) : tget(m, in, RVT_ISS_REL_I, k));
	}
	/* the fill: the first starting issue whose probe did not hit */
	for (unsigned k = 0; k < m->ip; k++)
		if (tget(m, in, RVT_ISS_PIR_I, k) && tget(m, in, RVT_ISS_STARTS_I, k) &&
		    !tget(m, out, RVT_ISS_PROBE_HIT_O, k)) {
			cu_set(c, RVT_U_FC, RFLAG_FILL_VALID_I, 0, 1);
			cu_set(c, RVT_U_FC, RFLAG_FILL_PC_I, 0, tget(m, in, RVT_ISS_PC_I, k));
			cu_set(c, RVT_U_FC, RFLAG_FILL_FLAGS_I, 0, tget(m, in, RVT_ISS_PAYLOAD_I, k));
			break;
		}
}

/* Physical register ids -> the file's {warp slot, register}. */
static void comb_file(struct rvt_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	unsigned w, r;

	for (unsigned p = 0; p < m->nc; p++)
		if (tget(m, in, RVT_RD_REQ_I, p)) {
			regvirt_top_rf_addr(m->cfg, (unsigned)tget(m, in, RVT_RD_PID_I, p), &w, &r);
			cu_set(c, RVT_U_RF, RFB_RD_WARP_I, p, w);
			cu_set(c, RVT_U_RF, RFB_RD_REG_I, p, r);
		}
	for (unsigned p = 0; p < m->nwp; p++)
		if (tget(m, in, RVT_WR_REQ_I, p)) {
			regvirt_top_rf_addr(m->cfg, (unsigned)tget(m, in, RVT_WR_PID_I, p), &w, &r);
			cu_set(c, RVT_U_RF, RFB_WR_WARP_I, p, w);
			cu_set(c, RVT_U_RF, RFB_WR_REG_I, p, r);
		}
}

/* The rename ports' chunks: a port holding one presents it again; each
 * free port, in port order, takes the oldest queued chunk of a launched
 * warp with no chunk in a port and no older chunk queued (the warp's first
 * entry).  The first entries have distinct warps, so the free ports take
 * the eligible entries in queue order. */
static void comb_rename_queue(struct rvt_model *m)
{
	const struct rvt_rq *q = &m->rq;
	struct rvt_rq_cycle *r = &m->rqc;
	struct compose_units *c = &m->cu;
	uint8_t inport[MAXW] = {0}, *seen = r->cbusy;	/* the warps queued so far */
	int elig[MAXQ];
	unsigned next = 0;

	memset(r->cbusy, 0, sizeof r->cbusy);
	for (unsigned p = 0; p < m->np; p++)
		if (q->held_v[p])
			inport[q->held[p].warp] = 1;
	for (unsigned i = 0; i < q->cnt; i++) {
		unsigned w = q->e[i].warp;

		elig[i] = !seen[w] && m->ctl.launched[w] && !inport[w];
		seen[w] = 1;
	}
	for (unsigned p = 0; p < m->np; p++)
		if (q->held_v[p])
			r->cbusy[q->held[p].warp] = 1;	/* queued or held: the exit waits */
	for (unsigned p = 0; p < m->np; p++) {
		r->take[p] = -1;
		r->ren_v[p] = q->held_v[p];
		memset(&r->ren[p], 0, sizeof r->ren[p]);
		if (q->held_v[p]) {
			r->ren[p] = q->held[p];
		} else {
			while (next < q->cnt && !elig[next])
				next++;
			if (next < q->cnt) {
				r->take[p] = (int)next;
				r->ren_v[p] = 1;
				r->ren[p] = q->e[next++];
			}
		}
		if (!r->ren_v[p])
			continue;
		cu_set(c, RVT_U_RT, RT_REN_VALID_I, p, 1);
		cu_set(c, RVT_U_RT, RT_REN_WARP_I, p, r->ren[p].warp);
		for (unsigned s = 0; s < RT_SRCS; s++) {
			cu_set(c, RVT_U_RT, RT_REN_SRC_VALID_I, p * RT_SRCS + s, r->ren[p].sv[s]);
			cu_set(c, RVT_U_RT, RT_REN_SRC_I, p * RT_SRCS + s, r->ren[p].src[s]);
			cu_set(c, RVT_U_RT, RT_REN_REL_I, p * RT_SRCS + s, r->ren[p].rel[s]);
		}
		cu_set(c, RVT_U_RT, RT_REN_DST_VALID_I, p, r->ren[p].dv);
		cu_set(c, RVT_U_RT, RT_REN_DST_I, p, r->ren[p].dst);
	}
}

/* The warps whose exit waits for their chunks: comb_rename_queue marked
 * the queued and held ones; add those renamed last cycle (out_valid_o:
 * results the SM still takes).  After the table's evaluation. */
static void comb_chunk_busy(struct rvt_model *m)
{
	struct compose_units *c = &m->cu;

	for (unsigned p = 0; p < m->np; p++)
		if (cu_get(c, RVT_U_RT, RT_OUT_VALID_O, p))
			m->rqc.cbusy[cu_get(c, RVT_U_RT, RT_OUT_WARP_O, p) % MAXW] = 1;
}

/* The rename queue's outputs (state, and this cycle's ports). */
static void out_rename_queue(struct rvt_model *m, uint32_t *out)
{
	int busy = m->rq.cnt > 0;

	for (unsigned p = 0; p < m->np; p++) {
		tset(m, out, RVT_REN_VALID_O, p, m->rqc.ren_v[p]);
		busy |= m->rq.held_v[p] || cu_get(&m->cu, RVT_U_RT, RT_OUT_VALID_O, p);
	}
	tset(m, out, RVT_RQ_COUNT_O, 0, m->rq.cnt);
	tset(m, out, RVT_RQ_BUSY_O, 0, (uint64_t)busy);
}

/* The rename queue at the edge: the ports' chunks leave it (closing up),
 * the pushed ones enter behind the rest in lane order (those past the
 * last entry are lost: the SM's issue gate keeps room); a port whose
 * chunk was not renamed holds it. */
static void tick_rename_queue(struct rvt_model *m, const uint32_t *in)
{
	struct rvt_rq *q = &m->rq;
	const struct rvt_rq_cycle *r = &m->rqc;
	uint8_t gone[MAXQ] = {0};
	unsigned n = 0;

	for (unsigned p = 0; p < m->np; p++)
		if (r->take[p] >= 0)
			gone[r->take[p]] = 1;
	for (unsigned i = 0; i < q->cnt; i++)
		if (!gone[i])
			q->e[n++] = q->e[i];
	for (unsigned l = 0; l < m->L; l++) {
		struct rvt_chunk *e;

		if (!tget(m, in, RVT_PUSH_VALID_I, l) || n == m->Q)
			continue;
		e = &q->e[n++];
		e->warp = (unsigned)tget(m, in, RVT_PUSH_WARP_I, l);
		for (unsigned s = 0; s < RT_SRCS; s++) {
			e->sv[s] = (uint8_t)tget(m, in, RVT_PUSH_SRC_VALID_I, l * RT_SRCS + s);
			e->src[s] = (unsigned)tget(m, in, RVT_PUSH_SRC_I, l * RT_SRCS + s);
			e->rel[s] = (uint8_t)tget(m, in, RVT_PUSH_REL_I, l * RT_SRCS + s);
		}
		e->dv = (uint8_t)tget(m, in, RVT_PUSH_DST_VALID_I, l);
		e->dst = (unsigned)tget(m, in, RVT_PUSH_DST_I, l);
	}
	q->cnt = n;
	for (unsigned p = 0; p < m->np; p++) {
		q->held_v[p] = r->ren_v[p] && !cu_get(&m->cu, RVT_U_RT, RT_REN_READY_O, p);
		q->held[p] = r->ren[p];
	}
}

/* CTA control: the sweep that ended, the head entry's warp launch or
 * exit sweep into the table (needs sweep_busy_o), the slot of each launch
 * event (the next free one, counting a slot whose last sweep ends now). */
static void comb_ctl(struct rvt_model *m, const uint32_t *in, uint32_t *out)
{
	const struct rvt_ctl *s = &m->ctl;
	struct rvt_ctl_cycle *cy = &m->cy;
	struct compose_units *c = &m->cu;
	int busy = (int)cu_get(c, RVT_U_RT, RT_SWEEP_BUSY_O, 0);
	uint8_t avail[MAXT];
	unsigned free_slots = 0;

	cy->end = s->sweeping && !busy;
	cy->last = cy->end && s->sweeps[s->sweep_ct] == 1;
	cy->go = cy->go_exit = 0;
	cy->tw = 0;
	if (s->cnt) {
		unsigned ct = s->f_ct[s->head];

		cy->tw = ct * s->wpc + s->k;
		if (!s->f_exit[s->head]) {
			cy->go = 1;
			cu_set(c, RVT_U_RT, RT_WL_VALID_I, 0, 1);
			cu_set(c, RVT_U_RT, RT_WL_WARP_I, 0, cy->tw);
			cu_set(c, RVT_U_RT, RT_WL_CTA_I, 0, ct);
		} else if (!busy && !tget(m, in, RVT_FREE_PENDING_I, cy->tw) && !m->rqc.cbusy[cy->tw]) {
			cy->go = cy->go_exit = 1;
			cu_set(c, RVT_U_RT, RT_EXIT_VALID_I, 0, 1);
			cu_set(c, RVT_U_RT, RT_EXIT_WARP_I, 0, cy->tw);
		}
	}
	/* a spill sweep takes the table's sweep port when no sweep runs and
	 * no exit sweep wants it */
	cy->spill = !busy && !cy->go_exit && tget(m, in, RVT_SPILL_VALID_I, 0);
	tset(m, out, RVT_SPILL_ACK_O, 0, (uint64_t)cy->spill);
	if (cy->spill) {
		cu_set(c, RVT_U_RT, RT_EXIT_VALID_I, 0, 1);
		cu_set(c, RVT_U_RT, RT_EXIT_WARP_I, 0, tget(m, in, RVT_SPILL_WARP_I, 0));
		cu_set(c, RVT_U_RT, RT_EXIT_SPILL_I, 0, 1);
		{
			uint32_t keep[RT_KEEP_WORDS] = {0};

			bus_get_words(in, &m->desc->ports[RVT_SPILL_KEEP_I], 0, keep);
			bus_set_words(c->in[RVT_U_RT], cu_port(c, RVT_U_RT, RT_EXIT_KEEP_I), 0, keep);
		}
	}
	for (unsigned ct = 0; ct < m->T; ct++) {
		avail[ct] = !s->used[ct] || (cy->last && ct == s->sweep_ct);
		free_slots += !s->used[ct];
	}
	for (unsigned e = 0; e < m->T; e++) {
		cy->slot[e] = -1;
		if (!tget(m, in, RVT_CEV_VALID_I, e) || tget(m, in, RVT_CEV_EXIT_I, e))
			continue;
		for (unsigned ct = 0; ct < m->T && cy->slot[e] < 0; ct++)
			if (avail[ct]) {
				avail[ct] = 0;
				cy->slot[e] = (int)ct;
				tset(m, out, RVT_CEV_SLOT_O, e, ct);
			}
	}
	for (unsigned w = 0; w < m->W; w++)
		tset(m, out, RVT_LAUNCHED_O, w, s->launched[w]);
	tset(m, out, RVT_FREE_SLOTS_O, 0, free_slots);
	tset(m, out, RVT_CTL_BUSY_O, 0, (uint64_t)(s->cnt || s->sweeping));
	tset(m, out, RVT_SWEEPING_O, 0, (uint64_t)(s->sweeping && busy));
}

/* The control flops at the edge: the ended sweep, the head, the events. */
static void tick_ctl(struct rvt_model *m, const uint32_t *in)
{
	struct rvt_ctl *s = &m->ctl;
	const struct rvt_ctl_cycle *cy = &m->cy;
	unsigned depth = 2 * m->T;

	if (tget(m, in, RVT_LAUNCH_I, 0))
		s->wpc = (unsigned)tget(m, in, RVT_LAUNCH_WPC_I, 0);
	if (cy->end) {
		s->sweeping = 0;
		if (--s->sweeps[s->sweep_ct] == 0)
			s->used[s->sweep_ct] = 0;
	}
	if (cy->go) {
		/* a warp is launched from its launch to its exit sweep */
		s->launched[cy->tw] = (uint8_t)!cy->go_exit;
		if (cy->go_exit) {
			s->sweeping = 1;
			s->sweep_ct = s->f_ct[s->head];
		}
		if (++s->k == s->wpc) {
			s->k = 0;
			s->head = (s->head + 1) % depth;
			s->cnt--;
		}
	}
	for (unsigned e = 0; e < m->T; e++) {
		int ex = (int)tget(m, in, RVT_CEV_EXIT_I, e);
		unsigned ct = ex ? (unsigned)tget(m, in, RVT_CEV_SLOT_I, e) : (unsigned)cy->slot[e];

		if (!tget(m, in, RVT_CEV_VALID_I, e) || (!ex && cy->slot[e] < 0))
			continue;
		s->f_exit[(s->head + s->cnt) % depth] = (uint8_t)ex;
		s->f_ct[(s->head + s->cnt) % depth] = ct;
		s->cnt++;
		if (ex) {
			s->live[ct] = 0;
			s->sweeps[ct] = s->wpc;
		} else {
			s->used[ct] = s->live[ct] = 1;
		}
	}
}

/* The throttle's suspend vector over the table CTA slots. */
static void comb_throttle(struct rvt_model *m, uint32_t *out)
{
	int thr = (int)cu_get(&m->cu, RVT_U_RT, RT_THROTTLE_O, 0);
	uint64_t fav = cu_get(&m->cu, RVT_U_RT, RT_THROTTLE_CTA_O, 0);

	for (unsigned ct = 0; ct < m->T; ct++)
		tset(m, out, RVT_CTA_SUSP_O, ct, (uint64_t)(thr && m->ctl.live[ct] && fav != ct));
}

static void rvt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rvt_model *m = vm;
	struct compose_units *c = &m->cu;

	memset(out, 0, m->desc->out_words * sizeof *out);
	cu_clear_inputs(c);
	for (unsigned u = 0; u < RVT_U_TOP; u++)
		cu_wire(c, u, in, out);
	comb_flags(m, in, out);
	comb_file(m, in);
	comb_rename_queue(m);
	cu_eval(c, RVT_U_RT);		/* sweep_busy_o, out_*: state */
	comb_chunk_busy(m);
	comb_ctl(m, in, out);
	if (m->cy.go)			/* the table's inputs changed */
		cu_eval(c, RVT_U_RT);
	cu_eval(c, RVT_U_RF);
	cu_wire(c, RVT_U_TOP, in, out);
	comb_throttle(m, out);
	out_rename_queue(m, out);
	eval_memo_note(&m->memo, in);
}

static void rvt_tick(void *vm, const uint32_t *in)
{
	struct rvt_model *m = vm;

	if (!eval_memo_hit(&m->memo, in))
		rvt_eval(m, in, m->memo.out);
	tick_rename_queue(m, in);	/* needs ren_ready_o before the table's edge */
	cu_tick(&m->cu);
	tick_ctl(m, in);
	eval_memo_forget(&m->memo);
}

const struct unit_ops regvirt_top_ops = {
	"regvirt_top", rvt_create, rvt_reset, rvt_eval, rvt_tick, rvt_destroy,
};

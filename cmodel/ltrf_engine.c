/* ltrf_engine.c: cycle model of the LTRF prefetch / write-back engine
 * (common/ltrf_engine_desc.h has the protocol).
 *
 * State, as the RTL's flops: per row busy, act, warp, want (working set),
 * live (LTRF+), inc (registers cached), held (banks), map (bank -> reg);
 * [ltrf] engine_inflight transfer slots, each: state, row, register, bank,
 * kind (fetch or write-back), request and response beat counters, a
 * register buffer; per MRF port ([ltrf] engine_ports) a tag FIFO naming
 * the slot of each read beat granted on it and not yet returned (a port's
 * beats return in grant order).
 * One edge:
 *   - while a slot is free, the round-robin arbiter (cmodel/rr_arb.c)
 *     picks a row with a register to move that no slot holds (inc & ~want
 *     & ~pend: write back; else, once the row has no write-back left at
 *     all, want & ~inc & ~pend: fetch); its lowest such registers, up to
 *     [ltrf] pick_width (W) of them, are latched by the W lowest free slots,
 *     the j-th lowest register by the j-th lowest slot (a write-back with
 *     its bank from the map search).
 *     A dead (LTRF+) write-back goes straight to COMMIT; a dead fetch (a
 *     register not live at the interval's start) straight to RWAIT: it
 *     takes its bank and commits with no MRF read and no fill (the slot is
 *     valid, its contents undefined: the register is written before read);
 *   - MRF port k serves the k-th lowest slot with a beat to move (RD / WR;
 *     one port: the lowest); fill lane k ([ltrf] fill_ports) the k-th
 *     lowest slot asking for each other kind: the eviction read, the fill,
 *     the row AAU allocation (a fetch's first RWAIT cycle; fetches with
 *     their data on the way before dead ones; the j-th lane naming a row
 *     gets its j-th unused bank), the commit (table write, bank free) but
 *     for the WCB's table banks: commit lane k the (k / B)-th lowest slot
 *     committing a register r with r % B == k % B ([ltrf] wcb_banks = B);
 *     with [ltrf] slot_binding = bound, MRF port k and the eviction-read
 *     and fill lanes k serve only slots s with s % P == k (s % F == k),
 *     the lowest of them asking (allocation and commit lanes stay pooled);
 *   - EVRD -> EVWAIT -> WR (beats) -> COMMIT; RD (beats) -> RWAIT -> FILL ->
 *     COMMIT (RWAIT ends when every beat is back and the bank is in: with
 *     several ports, fetches may queue for the one allocation a cycle);
 *     dead: RWAIT (bank) -> COMMIT; eviction data returns on the lane that
 *     granted the read (the slot keeps it); a read beat returning on port
 *     k goes to the slot at the head of port k's tag FIFO (the main file's
 *     latency is the same on every port and a slot asks for one beat a
 *     cycle, so a slot's beats come back one a cycle, in order);
 *   - COMMIT: tw_* is driven; inc, held, map are updated; back to IDLE;
 *   - a busy row with no work left becomes idle (DEACTIVATE: inactive);
 *   - a command to a row that is not busy is taken.
 * With one slot this is the serial engine, cycle for cycle. */
#include "ltrf_engine.h"

#include <stdlib.h>
#include <string.h>

#include "ltrf_engine_desc.h"
#include "rr_arb.h"
#include "wcb_desc.h"

/* 256-bit vectors, 1024-bit registers; a port's tag FIFO holds every read
 * beat the slots can have in flight: MAXS slots x DW beats (32-bit crossbar). */
enum { VW = 8, DW = 32, MAXS = 64, MAXP = 16, MAXF = 16, TQ = MAXS * DW };

struct le_row {
	int busy, act, deact;
	unsigned warp;
	uint32_t want[VW], live[VW], inc[VW];
	uint64_t held;
	unsigned map[64];
};

struct le_slot {
	unsigned xs, row, reg, bank, req_beat, rsp_beat;
	int fetch, alloc, dead;	/* dead: an LTRF+ fetch of a register not live */
	int full;		/* every read beat is back (the bank may still be due) */
	unsigned lane;		/* the fill lane its eviction read was granted on */
	uint32_t buf[DW];
};

struct le_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned na, nr, nb, vw, beats, xw, dw, ns, np, nf, nw;
	int bound;	/* [ltrf] slot_binding = bound: slot s only on port s % np, lane s % nf */
	struct le_row row[64];
	unsigned ptr;
	struct le_slot slot[MAXS];
	unsigned tag[MAXP][TQ], th[MAXP], tt[MAXP];	/* per MRF port: slots of its read beats in flight */
};

/* Which slot each port serves this cycle (-1: none): MRF port k, fill
 * lane k (eviction read, fill, row-AAU allocation, commit). */
struct le_sel {
	int port[MAXP], ev[MAXF], fill[MAXF], ba[MAXF], com[MAXF], free;
};

static const struct port_desc *port(const struct le_model *m, enum ltrf_engine_port p)
{
	return &m->desc->ports[p];
}

static unsigned in_u(const struct le_model *m, const uint32_t *in, enum ltrf_engine_port p)
{
	return (unsigned)bus_get(in, port(m, p), 0);
}

static int bit(const uint32_t *v, unsigned r)
{
	return (int)(v[r / 32u] >> (r % 32u) & 1u);
}

static void put(uint32_t *v, unsigned r, int b)
{
	if (b)
		v[r / 32u] |= 1u << (r % 32u);
	else
		v[r / 32u] &= ~(1u << (r % 32u));
}

/* Lowest register of a & ~b & ~skip (skip may be NULL); -1 if none. */
static int lowest_diff(const struct le_model *m, const uint32_t *a, const uint32_t *b, const uint32_t *skip)
{
	for (unsigned r = 0; r < m->nr; r++)
		if (bit(a, r) && !bit(b, r) && !(skip && bit(skip, r)))
			return (int)r;
	return -1;
}

static int row_work(const struct le_model *m, const struct le_row *rw)
{
	return rw->busy && (lowest_diff(m, rw->inc, rw->want, NULL) >= 0 ||
			    lowest_diff(m, rw->want, rw->inc, NULL) >= 0);
}

/* Registers of row a some slot is moving. */
static void row_pend(const struct le_model *m, unsigned a, uint32_t *pend)
{
	memset(pend, 0, VW * sizeof *pend);
	for (unsigned s = 0; s < m->ns; s++)
		if (m->slot[s].xs != LE_X_IDLE && m->slot[s].row == a)
			put(pend, m->slot[s].reg, 1);
}

/* The next register row a may start moving: a write-back no slot holds;
 * else, with no write-back left, a fetch no slot holds.  -1 if none;
 * *fetch says which. */
static int row_next(const struct le_model *m, unsigned a, int *fetch)
{
	const struct le_row *rw = &m->row[a];
	uint32_t pend[VW];
	int r;

	if (!rw->busy)
		return -1;
	row_pend(m, a, pend);
	*fetch = 0;
	r = lowest_diff(m, rw->inc, rw->want, pend);
	if (r >= 0 || lowest_diff(m, rw->inc, rw->want, NULL) >= 0)
		return r;
	*fetch = 1;
	return lowest_diff(m, rw->want, rw->inc, pend);
}

static int lowest_in(const struct le_model *m, unsigned xs)
{
	for (unsigned s = 0; s < m->ns; s++)
		if (m->slot[s].xs == xs)
			return (int)s;
	return -1;
}

/* Slot s asks for one of n ports (want); which port serves it: pooled,
 * port k the k-th lowest asking; bound, port s % n the lowest of its own. */
static void serve(const struct le_model *m, const int *want, unsigned n, int *port)
{
	unsigned k = 0;

	for (unsigned j = 0; j < n; j++)
		port[j] = -1;
	for (unsigned s = 0; s < m->ns; s++) {
		if (!want[s])
			continue;
		if (m->bound && port[s % n] < 0)
			port[s % n] = (int)s;
		else if (!m->bound && k < n)
			port[k++] = (int)s;
	}
}

/* Lane k of a kind: the slot in state xs lane k serves. */
static void lanes_in(const struct le_model *m, unsigned xs, int *lane)
{
	int want[MAXS] = {0};

	for (unsigned s = 0; s < m->ns; s++)
		want[s] = m->slot[s].xs == xs;
	serve(m, want, m->nf, lane);
}

/* Commit lane k (a table write): the (k / B)-th lowest slot committing a
 * register of WCB table bank k % B ([ltrf] wcb_banks, common/wcb_desc.h),
 * so each bank's write ports see only its own registers. */
static void commit_lanes(const struct le_model *m, int *lane)
{
	unsigned nb = wcb_banks(m->cfg), per = m->nf / nb;

	for (unsigned j = 0; j < m->nf; j++)
		lane[j] = -1;
	for (unsigned b = 0; b < nb; b++) {
		unsigned j = 0;

		for (unsigned s = 0; s < m->ns && j < per; s++)
			if (m->slot[s].xs == LE_X_COMMIT && wcb_table_bank(m->cfg, m->slot[s].reg) == b)
				lane[b + nb * j++] = (int)s;
	}
}

/* The fetches the row AAUs serve: those waiting for a bank with their data
 * on the way first, then dead ones, each in slot order. */
static void ba_lanes(const struct le_model *m, int *lane)
{
	unsigned k = 0;

	for (unsigned j = 0; j < m->nf; j++)
		lane[j] = -1;
	for (int dead = 0; dead < 2; dead++)
		for (unsigned s = 0; s < m->ns && k < m->nf; s++)
			if (m->slot[s].xs == LE_X_RWAIT && !m->slot[s].alloc && m->slot[s].dead == dead)
				lane[k++] = (int)s;
}

/* Lanes below k allocating in the same row as lane k: which of the row's
 * unused banks (from the head) lane k gets. */
static unsigned ba_rank(const struct le_model *m, const struct le_sel *q, unsigned k)
{
	unsigned r = 0;

	for (unsigned j = 0; j < k; j++)
		r += m->slot[q->ba[j]].row == m->slot[q->ba[k]].row;
	return r;
}

static struct le_sel select_slots(const struct le_model *m)
{
	struct le_sel q;
	int beat[MAXS] = {0};

	memset(&q, 0, sizeof q);	/* lanes past fill_ports are never read */

	/* MRF port k: a slot with a beat to move (serve) */
	for (unsigned p = 0; p < MAXP; p++)
		q.port[p] = -1;
	for (unsigned s = 0; s < m->ns; s++)
		beat[s] = m->slot[s].xs == LE_X_RD || m->slot[s].xs == LE_X_WR;
	serve(m, beat, m->np, q.port);
	lanes_in(m, LE_X_EVRD, q.ev);
	lanes_in(m, LE_X_FILL, q.fill);
	ba_lanes(m, q.ba);
	commit_lanes(m, q.com);
	q.free = lowest_in(m, LE_X_IDLE);
	return q;
}

static void *le_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct le_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->na = cfg->ltrf.active_warps;
	m->nr = cfg->ltrf.d.arch_regs;
	m->nb = cfg->ltrf.regs_per_interval;
	m->vw = (m->nr + 31u) / 32u;
	m->beats = cfg->ltrf.d.beats;
	m->xw = cfg->ltrf.d.xbar_width / 32u;
	m->dw = cfg->d.warp_bits / 32u;
	m->ns = cfg->ltrf.engine_inflight ? cfg->ltrf.engine_inflight : 1u;
	m->np = cfg->ltrf.engine_ports ? cfg->ltrf.engine_ports : 1u;
	m->nf = cfg->ltrf.fill_ports ? cfg->ltrf.fill_ports : 1u;
	m->nw = cfg->ltrf.pick_width ? cfg->ltrf.pick_width : 1u;
	m->bound = cfg->ltrf.slot_binding == LTRF_SLOTS_BOUND;
	if (m->nw > m->ns || m->nf > MAXF || m->nf > m->ns || m->np > MAXP || m->np > m->ns || m->vw > VW || m->dw > DW || m->na > 64 || m->nb > 64 || m->ns > MAXS ||
	    m->ns * m->beats > TQ) {
		free(m);
		return NULL;
	}
	return m;
}

static void le_destroy(void *vm)
{
	free(vm);
}

static void le_reset(void *vm)
{
	struct le_model *m = vm;

	memset(m->row, 0, sizeof m->row);
	memset(m->slot, 0, sizeof m->slot);
	m->ptr = 0;
	memset(m->th, 0, sizeof m->th);
	memset(m->tt, 0, sizeof m->tt);
	for (unsigned s = 0; s < MAXS; s++)
		m->slot[s].xs = LE_X_IDLE;
}

/* Fill lane k's requests: fill, eviction read, row-AAU allocation, commit
 * (table write, bank free). */
static void eval_lane(const struct le_model *m, const struct le_sel *q, unsigned k, uint32_t *out)
{
	if (q->fill[k] >= 0) {
		const struct le_slot *x = &m->slot[q->fill[k]];

		bus_set(out, port(m, LE_FILL_REQ_O), k, 1);
		bus_set(out, port(m, LE_FILL_BANK_O), k, x->bank);
		bus_set(out, port(m, LE_FILL_OFF_O), k, x->row);
		bus_set_words(out, port(m, LE_FILL_DATA_O), k, x->buf);
	}
	if (q->ev[k] >= 0) {
		bus_set(out, port(m, LE_EV_REQ_O), k, 1);
		bus_set(out, port(m, LE_EV_BANK_O), k, m->slot[q->ev[k]].bank);
		bus_set(out, port(m, LE_EV_OFF_O), k, m->slot[q->ev[k]].row);
	}
	if (q->ba[k] >= 0) {
		bus_set(out, port(m, LE_BA_REQ_O), k, 1);
		bus_set(out, port(m, LE_BA_OFF_O), k, m->slot[q->ba[k]].row);
	}
	if (q->com[k] >= 0) {
		const struct le_slot *x = &m->slot[q->com[k]];

		if (!x->fetch) {
			bus_set(out, port(m, LE_BF_REQ_O), k, 1);
			bus_set(out, port(m, LE_BF_OFF_O), k, x->row);
			bus_set(out, port(m, LE_BF_BANK_O), k, x->bank);
		}
		bus_set(out, port(m, LE_TW_REQ_O), k, 1);
		bus_set(out, port(m, LE_TW_WARP_O), k, m->row[x->row].warp);
		bus_set(out, port(m, LE_TW_REG_O), k, x->reg);
		bus_set(out, port(m, LE_TW_VALID_O), k, (unsigned)x->fetch);
		bus_set(out, port(m, LE_TW_BANK_O), k, x->bank);
	}
}

static void le_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct le_model *m = vm;
	struct le_sel q = select_slots(m);

	(void)in;	/* every output comes from flops */
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned a = 0; a < m->na; a++) {
		bus_set(out, port(m, LE_BUSY_O), a, (unsigned)m->row[a].busy);
		bus_set(out, port(m, LE_READY_O), a, (unsigned)(m->row[a].act && !m->row[a].busy));
	}
	for (unsigned k = 0; k < m->np; k++) {
		const struct le_slot *x;
		int wr;

		if (q.port[k] < 0)	/* bound: a port may idle below a busy one */
			continue;
		x = &m->slot[q.port[k]];
		wr = x->xs == LE_X_WR;
		bus_set(out, port(m, LE_MRF_REQ_O), k, 1);
		bus_set(out, port(m, LE_MRF_WE_O), k, (unsigned)wr);
		bus_set(out, port(m, LE_MRF_WARP_O), k, m->row[x->row].warp);
		bus_set(out, port(m, LE_MRF_REG_O), k, x->reg);
		bus_set(out, port(m, LE_MRF_BEAT_O), k, x->req_beat);
		if (wr)
			bus_set_words(out, port(m, LE_MRF_WDATA_O), k, x->buf + x->req_beat * m->xw);
	}
	for (unsigned k = 0; k < m->nf; k++)
		eval_lane(m, &q, k, out);
}

/* A free slot takes register r of row a (a write-back unless fetch). */
static void le_pick(struct le_model *m, struct le_slot *x, unsigned a, int r, int fetch)
{
	struct le_row *rw = &m->row[a];

	x->row = a;
	x->reg = (unsigned)r;
	x->req_beat = x->rsp_beat = 0;
	x->alloc = 0;
	x->full = 0;
	x->fetch = fetch;
	x->dead = fetch && m->cfg->ltrf.d.liveness && !bit(rw->live, (unsigned)r);
	x->bank = 0;	/* a fetch's from the row AAU in RWAIT */
	if (fetch) {
		x->xs = x->dead ? LE_X_RWAIT : LE_X_RD;
		return;
	}
	for (unsigned b = 0; b < m->nb; b++)
		if ((rw->held >> b & 1u) && rw->map[b] == (unsigned)r)
			x->bank = b;
	x->xs = (!m->cfg->ltrf.d.liveness || bit(rw->live, (unsigned)r)) ? LE_X_EVRD : LE_X_COMMIT;
}

/* Up to W registers of row a, the lowest first, into the lowest free
 * slots: each pick is pending for the next (row_next sees its slot). */
static void pick_row(struct le_model *m, unsigned a)
{
	for (unsigned j = 0; j < m->nw; j++) {
		int s = lowest_in(m, LE_X_IDLE), fetch, r;

		if (s < 0)
			return;
		r = row_next(m, a, &fetch);
		if (r < 0)
			return;
		le_pick(m, &m->slot[s], a, r, fetch);
	}
}

/* The slots' edge: the picks into free slots (from the state before the
 * edge: a register committing now is still pending), then the shared ports. */
static void tick_slots(struct le_model *m, const uint32_t *in)
{
	struct le_sel q = select_slots(m);
	unsigned last = m->beats - 1u;

	if (q.free >= 0) {
		uint64_t req = 0;
		int reg[64], fetch[64];

		for (unsigned a = 0; a < m->na; a++) {
			reg[a] = row_next(m, a, &fetch[a]);
			if (reg[a] >= 0)
				req |= UINT64_C(1) << a;
		}
		if (req) {
			struct rr_grant g = rr_arb_grant(m->na, m->ptr, req, 1);
			unsigned a = 0;

			while (!(g.gnt >> a & 1u))
				a++;
			m->ptr = g.next_ptr;
			pick_row(m, a);
		}
	}
	/* the row AAU's bank, in a fetch's first RWAIT cycle: lane k takes
	 * its row's next unused bank after those of lower lanes in that row */
	for (unsigned k = 0; k < m->nf && q.ba[k] >= 0; k++) {
		struct le_slot *x = &m->slot[q.ba[k]];

		x->bank = (unsigned)bus_get(in, port(m, LE_BA_BANK_I), x->row * m->nf + ba_rank(m, &q, k));
		x->alloc = 1;
		if (x->dead)
			x->xs = LE_X_COMMIT;
		else if (x->full)
			x->xs = LE_X_FILL;	/* its data came before its bank */
	}
	for (unsigned k = 0; k < m->np; k++) {
		/* a read beat on port k returns to the slot at its tag FIFO's head */
		if (bus_get(in, port(m, LE_MRF_RVALID_I), k) && m->th[k] != m->tt[k]) {
			struct le_slot *x = &m->slot[m->tag[k][m->th[k] % TQ]];

			m->th[k]++;
			bus_get_words(in, port(m, LE_MRF_RDATA_I), k, x->buf + x->rsp_beat * m->xw);
			if (x->rsp_beat == last) {
				x->full = 1;
				/* fetches may wait for a row-AAU lane: fill once
				 * the bank is in */
				if (x->xs == LE_X_RWAIT && x->alloc)
					x->xs = LE_X_FILL;
			}
			x->rsp_beat++;
		}
	}
	for (unsigned k = 0; k < m->np; k++) {
		struct le_slot *x;

		if (q.port[k] < 0 || !bus_get(in, port(m, LE_MRF_GNT_I), k))
			continue;
		x = &m->slot[q.port[k]];
		if (x->xs == LE_X_RD)
			m->tag[k][m->tt[k]++ % TQ] = (unsigned)q.port[k];
		if (x->req_beat == last)
			x->xs = x->xs == LE_X_WR ? LE_X_COMMIT : LE_X_RWAIT;
		else
			x->req_beat++;
	}
	/* eviction data on the lane that granted the read (before this edge's
	 * grants: a slot granted now waits a cycle) */
	for (unsigned s = 0; s < m->ns; s++) {
		struct le_slot *x = &m->slot[s];

		if (x->xs == LE_X_EVWAIT && bus_get(in, port(m, LE_EV_VALID_I), x->lane)) {
			bus_get_words(in, port(m, LE_EV_DATA_I), x->lane, x->buf);
			x->xs = LE_X_WR;
		}
	}
	for (unsigned k = 0; k < m->nf; k++) {
		if (q.ev[k] >= 0 && bus_get(in, port(m, LE_EV_GNT_I), k)) {
			m->slot[q.ev[k]].xs = LE_X_EVWAIT;
			m->slot[q.ev[k]].lane = k;
		}
		if (q.fill[k] >= 0 && bus_get(in, port(m, LE_FILL_GNT_I), k))
			m->slot[q.fill[k]].xs = LE_X_COMMIT;
	}
	for (unsigned k = 0; k < m->nf; k++) {	/* a lane may be empty below a busy one (table banks) */
		struct le_slot *x;
		struct le_row *rw;

		if (q.com[k] < 0)
			continue;
		x = &m->slot[q.com[k]];
		rw = &m->row[x->row];

		put(rw->inc, x->reg, x->fetch);
		if (x->fetch) {
			rw->held |= UINT64_C(1) << x->bank;
			rw->map[x->bank] = x->reg;
		} else {
			rw->held &= ~(UINT64_C(1) << x->bank);
		}
		x->xs = LE_X_IDLE;
	}
}

static void le_tick(void *vm, const uint32_t *in)
{
	struct le_model *m = vm;
	int done[64];

	for (unsigned a = 0; a < m->na; a++)
		done[a] = m->row[a].busy && !row_work(m, &m->row[a]);
	tick_slots(m, in);
	/* rows: completion, then a command to an idle row */
	for (unsigned a = 0; a < m->na; a++)
		if (done[a]) {
			m->row[a].busy = 0;
			if (m->row[a].deact)
				m->row[a].act = 0;
		}
	if (in_u(m, in, LE_CMD_REQ_I)) {
		unsigned a = in_u(m, in, LE_CMD_ROW_I);
		struct le_row *rw = &m->row[a];

		if (!rw->busy && !done[a]) {
			int deact = in_u(m, in, LE_CMD_OP_I) == LE_OP_DEACTIVATE;

			rw->busy = 1;
			rw->deact = deact;
			rw->act = 1;
			rw->warp = in_u(m, in, LE_CMD_WARP_I);
			memset(rw->want, 0, sizeof rw->want);
			if (!deact)
				bus_get_words(in, port(m, LE_CMD_VEC_I), 0, rw->want);
			memset(rw->live, 0, sizeof rw->live);
			if (m->cfg->ltrf.d.liveness)
				bus_get_words(in, port(m, LE_CMD_LIVE_I), 0, rw->live);
		}
	}
}

const struct unit_ops ltrf_engine_ops = {
	"ltrf_engine", le_create, le_reset, le_eval, le_tick, le_destroy,
};

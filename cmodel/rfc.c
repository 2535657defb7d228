/* rfc.c: cycle model of the register file cache (Gebhart et al. Sec. 3.1,
 * 5.2-5.3).  This file is the specification the RTL is checked against;
 * docs/rfc.md lists every decision the paper leaves open.
 *
 * State per slot (one per active warp) and entry: valid, tag (register),
 * dirty, and an age rank (FIFO: allocation order; LRU: last allocation or
 * read); the data array (an SRAM, not reset); the read-data stage and the
 * main-file (MRF) write stage.
 *
 * One cycle, decided from the state and the inputs (eval):
 *   tag check   each valid source looks up the read slot's tags: rd_hit_o,
 *               and mrf_rd_o for a miss (reads never allocate);
 *   result      a bypass result goes to the MRF and invalidates a cached
 *               copy; any other result updates its entry in place on a hit
 *               (dirty, no reordering) or, on a miss, takes the lowest
 *               invalid entry, else the oldest; a valid dirty victim is
 *               written back unless this cycle's read marks it dead;
 *   flush       blocking (victim_entries = 0): when the MRF write port is
 *               free and fl_hold_i is low, the lowest dirty entry of the
 *               flushing slot is written back; with none left fl_done_o
 *               rises and the slot empties at the edge; a drop empties it
 *               at once.
 *               With a victim buffer: when all the slot's dirty entries
 *               fit in the buffer's free entries they are copied at this
 *               edge (lowest entry first, to the tail), fl_done_o rises and
 *               the slot empties; otherwise the flush waits for room;
 *   buffer      a FIFO of (warp, register, data); when the result path
 *               leaves the MRF port free and fl_hold_i is low (the
 *               enclosing top has a result of its own for the port) its
 *               head is written back (an entry copied at the last edge
 *               waits one cycle: its data is still on the array's read
 *               ports); an eviction or bypass
 *               write-back of the same (warp, register) kills an older
 *               buffered copy, which then leaves the head without a
 *               write, so the older value never overwrites the newer.
 * At the edge: hit data is read (read-first: before this edge's write),
 * last-use hints clear dirty, the result is written, the victim or flushed
 * entry is read for the write-back, which appears on mrf_wr_o next cycle. */
#include "rfc.h"

#include <stdlib.h>
#include <string.h>

#include "age_rank.h"
#include "rfc_desc.h"

enum { RFC_MAX_SRC = 3 };

struct rfc_cycle {
	unsigned hit[RFC_MAX_SRC], hidx[RFC_MAX_SRC];
	unsigned wr, whit, widx, alloc, evict;	/* result path */
	unsigned bypass;
	unsigned fstep, fidx, fdone;		/* flush */
	unsigned fcopy;				/* flush into the victim buffer */
	unsigned pop, drain;			/* buffer head leaves; written back */
	uint64_t kill;				/* buffer entries a direct write-back supersedes */
};

struct rfc_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned na, nn, ns, lanes, lru, nv;
	uint8_t *valid, *dirty;		/* [slot * N + entry] */
	unsigned *tag;
	uint16_t *rank;			/* [slot][N] */
	uint32_t *data;			/* [row][lanes] */
	/* read-data stage */
	unsigned rd_v[RFC_MAX_SRC];
	uint32_t *rd_data;		/* [src][lanes] */
	/* victim buffer: a FIFO of nv entries from vb_head */
	uint8_t *vb_live, *vb_fresh;	/* [nv] holds a value to drain; copied at the last edge */
	unsigned *vb_warp, *vb_reg;	/* [nv] */
	uint32_t *vb_data;		/* [nv][lanes] */
	unsigned vb_head, vb_count;
	/* MRF write stage */
	unsigned mw_v, mw_kind, mw_slot, mw_reg, mw_warp;
	uint32_t *mw_data;		/* [lanes] */
	uint32_t *scratch;
};

static uint64_t in_get(const struct rfc_model *m, const uint32_t *in, enum rfc_port p, unsigned e)
{
	return bus_get(in, &m->desc->ports[p], e);
}

/* Entry e of slot s; a slot past the end (never driven) has no entries. */
static int valid_at(const struct rfc_model *m, unsigned s, unsigned e)
{
	return s < m->na && m->valid[s * m->nn + e];
}

static int dirty_at(const struct rfc_model *m, unsigned s, unsigned e)
{
	return s < m->na && m->dirty[s * m->nn + e];
}

/* Lookup: the entry of slot s holding reg, or -1. */
static int lookup(const struct rfc_model *m, unsigned s, unsigned reg)
{
	for (unsigned e = 0; e < m->nn; e++)
		if (valid_at(m, s, e) && m->tag[s * m->nn + e] == reg)
			return (int)e;
	return -1;
}

static void rfc_decide(const struct rfc_model *m, const uint32_t *in, struct rfc_cycle *cy)
{
	unsigned rs = (unsigned)in_get(m, in, RFC_RD_SLOT_I, 0), ws = (unsigned)in_get(m, in, RFC_WR_SLOT_I, 0);
	unsigned fs = (unsigned)in_get(m, in, RFC_FL_SLOT_I, 0);
	int rd = (int)in_get(m, in, RFC_RD_I, 0), hold = (int)in_get(m, in, RFC_FL_HOLD_I, 0);

	memset(cy, 0, sizeof *cy);
	for (unsigned k = 0; k < m->ns; k++) {
		int e = lookup(m, rs, (unsigned)in_get(m, in, RFC_RD_REG_I, k));

		cy->hit[k] = rd && in_get(m, in, RFC_RD_REGV_I, k) && e >= 0;
		cy->hidx[k] = e >= 0 ? (unsigned)e : 0;
	}
	cy->wr = (unsigned)in_get(m, in, RFC_WR_I, 0);
	if (cy->wr) {
		int e = lookup(m, ws, (unsigned)in_get(m, in, RFC_WR_REG_I, 0));

		cy->bypass = (unsigned)in_get(m, in, RFC_WR_BYPASS_I, 0);
		cy->whit = e >= 0;
		cy->widx = e >= 0 ? (unsigned)e : 0;
		if (!cy->bypass && e < 0) {
			int inv = -1;

			for (unsigned j = m->nn; j-- > 0;)
				if (!valid_at(m, ws, j))
					inv = (int)j;
			if (inv >= 0) {
				cy->widx = (unsigned)inv;
			} else {
				for (unsigned j = 0; j < m->nn; j++)
					if (ws < m->na && m->rank[ws * m->nn + j] == 0)
						cy->widx = j;
			}
			cy->alloc = 1;
			cy->evict = valid_at(m, ws, cy->widx) && dirty_at(m, ws, cy->widx);
			/* The victim's last read is this cycle: it is dead, no write-back. */
			for (unsigned k = 0; k < m->ns; k++)
				if (cy->hit[k] && rs == ws && cy->hidx[k] == cy->widx && in_get(m, in, RFC_RD_LAST_I, k))
					cy->evict = 0;
		}
	}
	if (in_get(m, in, RFC_FL_I, 0)) {
		int first = -1;
		unsigned ndirty = 0;

		for (unsigned j = m->nn; j-- > 0;)
			if (valid_at(m, fs, j) && dirty_at(m, fs, j)) {
				first = (int)j;
				ndirty++;
			}
		if (in_get(m, in, RFC_FL_DROP_I, 0) || first < 0) {
			cy->fdone = 1;
		} else if (m->nv) {
			/* Room is counted before this cycle's pop: the copy never
			 * depends on the drain decided in the same cycle. */
			cy->fcopy = cy->fdone = ndirty <= m->nv - m->vb_count;
		} else if (!cy->evict && !(cy->wr && cy->bypass) && !hold) {
			cy->fstep = 1;
			cy->fidx = (unsigned)first;
		}
	}
	if (m->nv) {
		unsigned ww = (unsigned)in_get(m, in, RFC_WR_WARP_I, 0), h = m->vb_head;
		int direct = cy->evict || (cy->wr && cy->bypass);
		unsigned dreg = cy->evict ? m->tag[ws * m->nn + cy->widx] : (unsigned)in_get(m, in, RFC_WR_REG_I, 0);

		for (unsigned b = 0; b < m->nv && direct; b++)
			if (m->vb_live[b] && m->vb_warp[b] == ww && m->vb_reg[b] == dreg)
				cy->kill |= UINT64_C(1) << b;
		if (m->vb_count && !m->vb_live[h]) {
			cy->pop = 1;	/* killed: leaves without a write */
		} else if (m->vb_count && !m->vb_fresh[h] && !direct && !hold) {
			cy->pop = cy->drain = 1;
		}
	}
}

static void rfc_destroy(void *vm)
{
	struct rfc_model *m = vm;

	if (!m)
		return;
	free(m->valid);
	free(m->dirty);
	free(m->tag);
	free(m->rank);
	free(m->data);
	free(m->rd_data);
	free(m->mw_data);
	free(m->scratch);
	free(m->vb_live);
	free(m->vb_fresh);
	free(m->vb_warp);
	free(m->vb_reg);
	free(m->vb_data);
	free(m);
}

static void *rfc_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rfc_model *m = calloc(1, sizeof *m);
	size_t rows;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->na = cfg->rfc.active_warps;
	m->nn = cfg->rfc.entries;
	m->ns = cfg->rfc.src_ports;
	m->lanes = cfg->lanes;
	m->lru = cfg->rfc.replacement == RFC_REPL_LRU;
	m->nv = cfg->rfc.victim_entries;
	rows = (size_t)m->na * m->nn;
	m->valid = calloc(rows, 1);
	m->dirty = calloc(rows, 1);
	m->tag = calloc(rows, sizeof *m->tag);
	m->rank = calloc(rows, sizeof *m->rank);
	m->data = calloc(rows * m->lanes, sizeof *m->data);
	m->rd_data = calloc((size_t)RFC_MAX_SRC * m->lanes, sizeof *m->rd_data);
	m->mw_data = calloc(m->lanes, sizeof *m->mw_data);
	m->scratch = calloc(m->lanes, sizeof *m->scratch);
	m->vb_live = calloc(m->nv + 1u, 1);
	m->vb_fresh = calloc(m->nv + 1u, 1);
	m->vb_warp = calloc(m->nv + 1u, sizeof *m->vb_warp);
	m->vb_reg = calloc(m->nv + 1u, sizeof *m->vb_reg);
	m->vb_data = calloc(((size_t)m->nv + 1u) * m->lanes, sizeof *m->vb_data);
	if (!m->vb_live || !m->vb_fresh || !m->vb_warp || !m->vb_reg || !m->vb_data || m->nv > 64 ||
	    !m->valid || !m->dirty || !m->tag || !m->rank || !m->data || !m->rd_data || !m->mw_data ||
	    !m->scratch || m->ns > RFC_MAX_SRC) {
		rfc_destroy(m);
		return NULL;
	}
	return m;
}

/* Reset clears control state; the data array keeps what it holds. */
static void rfc_reset(void *vm)
{
	struct rfc_model *m = vm;
	size_t rows = (size_t)m->na * m->nn;

	memset(m->valid, 0, rows);
	memset(m->dirty, 0, rows);
	memset(m->tag, 0, rows * sizeof *m->tag);
	for (unsigned s = 0; s < m->na; s++)
		age_rank_reset(m->rank + s * m->nn, m->nn);
	memset(m->rd_v, 0, sizeof m->rd_v);
	m->mw_v = m->mw_kind = m->mw_slot = m->mw_reg = m->mw_warp = 0;
	memset(m->vb_live, 0, m->nv + 1u);
	memset(m->vb_fresh, 0, m->nv + 1u);
	memset(m->vb_warp, 0, (m->nv + 1u) * sizeof *m->vb_warp);
	memset(m->vb_reg, 0, (m->nv + 1u) * sizeof *m->vb_reg);
	m->vb_head = m->vb_count = 0;
}

static void rfc_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rfc_model *m = vm;
	const struct port_desc *p = m->desc->ports;
	struct rfc_cycle cy;

	rfc_decide(m, in, &cy);
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned k = 0; k < m->ns; k++) {
		bus_set(out, &p[RFC_RD_HIT_O], k, cy.hit[k]);
		bus_set(out, &p[RFC_MRF_RD_O], k,
			in_get(m, in, RFC_RD_I, 0) && in_get(m, in, RFC_RD_REGV_I, k) && !cy.hit[k]);
		bus_set(out, &p[RFC_RD_VALID_O], k, m->rd_v[k]);
		if (m->rd_v[k])
			bus_set_words(out, &p[RFC_RD_DATA_O], k, m->rd_data + k * m->lanes);
	}
	bus_set(out, &p[RFC_WR_HIT_O], 0, cy.wr && cy.whit);
	bus_set(out, &p[RFC_FL_DONE_O], 0, cy.fdone);
	bus_set(out, &p[RFC_MRF_WR_O], 0, m->mw_v);
	if (m->mw_v) {
		bus_set(out, &p[RFC_MRF_WR_KIND_O], 0, m->mw_kind);
		bus_set(out, &p[RFC_MRF_WR_SLOT_O], 0, m->mw_slot);
		bus_set(out, &p[RFC_MRF_WR_REG_O], 0, m->mw_reg);
		bus_set_words(out, &p[RFC_MRF_WR_DATA_O], 0, m->mw_data);
		bus_set(out, &p[RFC_MRF_WR_WARP_O], 0, m->mw_warp);
	}
	for (unsigned b = 0; b < m->nv; b++)
		if (m->vb_live[b]) {
			bus_set(out, &p[RFC_VB_VALID_O], b, 1);
			bus_set(out, &p[RFC_VB_WARP_O], b, m->vb_warp[b]);
			bus_set(out, &p[RFC_VB_REG_O], b, m->vb_reg[b]);
		}
}

static void touch(struct rfc_model *m, unsigned s, unsigned e)
{
	if (s < m->na)
		age_rank_touch(m->rank + s * m->nn, m->nn, e);
}

/* The victim buffer's edge: kills, the head leaves, a flush's dirty
 * entries (read-first, lowest entry first) join at the tail. */
static void tick_buffer(struct rfc_model *m, const uint32_t *in, const struct rfc_cycle *cy, unsigned fs)
{
	unsigned tail = (m->vb_head + m->vb_count) % m->nv;
	size_t lb = m->lanes * sizeof(uint32_t);

	for (unsigned b = 0; b < m->nv; b++) {
		if (cy->kill >> b & 1u)
			m->vb_live[b] = 0;
		m->vb_fresh[b] = 0;
	}
	if (cy->pop) {
		m->vb_live[m->vb_head] = 0;
		m->vb_head = (m->vb_head + 1u) % m->nv;
		m->vb_count--;
	}
	for (unsigned e = 0; cy->fcopy && e < m->nn; e++) {
		size_t row = (size_t)fs * m->nn + e;

		if (!valid_at(m, fs, e) || !dirty_at(m, fs, e))
			continue;
		m->vb_live[tail] = m->vb_fresh[tail] = 1;
		m->vb_warp[tail] = (unsigned)in_get(m, in, RFC_FL_WARP_I, 0);
		m->vb_reg[tail] = m->tag[row];
		memcpy(m->vb_data + (size_t)tail * m->lanes, m->data + row * m->lanes, lb);
		tail = (tail + 1u) % m->nv;
		m->vb_count++;
	}
}

static void rfc_tick(void *vm, const uint32_t *in)
{
	struct rfc_model *m = vm;
	struct rfc_cycle cy;
	unsigned rs = (unsigned)in_get(m, in, RFC_RD_SLOT_I, 0), ws = (unsigned)in_get(m, in, RFC_WR_SLOT_I, 0);
	unsigned fs = (unsigned)in_get(m, in, RFC_FL_SLOT_I, 0);
	size_t lb = m->lanes * sizeof(uint32_t);

	rfc_decide(m, in, &cy);
	/* Reads sample the array before this edge's write (read-first). */
	for (unsigned k = 0; k < m->ns; k++) {
		m->rd_v[k] = cy.hit[k];
		if (cy.hit[k])
			memcpy(m->rd_data + k * m->lanes, m->data + (rs * m->nn + cy.hidx[k]) * m->lanes, lb);
	}
	/* The MRF write stage: victim / flushed entry (read-first) or bypass data. */
	m->mw_v = cy.evict || cy.fstep || (cy.wr && cy.bypass) || cy.drain;
	if (cy.evict) {
		m->mw_kind = RFC_MRF_EVICT;
		m->mw_slot = ws;
		m->mw_warp = (unsigned)in_get(m, in, RFC_WR_WARP_I, 0);
		m->mw_reg = m->tag[ws * m->nn + cy.widx];
		memcpy(m->mw_data, m->data + (ws * m->nn + cy.widx) * m->lanes, lb);
	} else if (cy.wr && cy.bypass) {
		m->mw_kind = RFC_MRF_BYPASS;
		m->mw_slot = ws;
		m->mw_warp = (unsigned)in_get(m, in, RFC_WR_WARP_I, 0);
		m->mw_reg = (unsigned)in_get(m, in, RFC_WR_REG_I, 0);
		bus_get_words(in, &m->desc->ports[RFC_WR_DATA_I], 0, m->mw_data);
	} else if (cy.fstep) {
		m->mw_kind = RFC_MRF_FLUSH;
		m->mw_slot = fs;
		m->mw_warp = (unsigned)in_get(m, in, RFC_FL_WARP_I, 0);
		m->mw_reg = m->tag[fs * m->nn + cy.fidx];
		memcpy(m->mw_data, m->data + (fs * m->nn + cy.fidx) * m->lanes, lb);
	} else if (cy.drain) {
		/* A drained entry's slot may hold another warp by now: the
		 * slot output is 0, the warp names the register. */
		m->mw_kind = RFC_MRF_FLUSH;
		m->mw_slot = 0;
		m->mw_warp = m->vb_warp[m->vb_head];
		m->mw_reg = m->vb_reg[m->vb_head];
		memcpy(m->mw_data, m->vb_data + (size_t)m->vb_head * m->lanes, lb);
	}
	if (m->nv)
		tick_buffer(m, in, &cy, fs);
	/* Last-use hints: the value is dead, never written back (Sec. 3.3). */
	for (unsigned k = 0; k < m->ns; k++) {
		if (!cy.hit[k])
			continue;
		if (in_get(m, in, RFC_RD_LAST_I, k))
			m->dirty[rs * m->nn + cy.hidx[k]] = 0;
		if (m->lru)
			touch(m, rs, cy.hidx[k]);
	}
	if (cy.wr && cy.bypass && cy.whit) {
		m->valid[ws * m->nn + cy.widx] = 0;
	} else if (cy.wr && !cy.bypass && ws < m->na) {
		size_t row = ws * m->nn + cy.widx;

		bus_get_words(in, &m->desc->ports[RFC_WR_DATA_I], 0, m->data + row * m->lanes);
		m->valid[row] = 1;
		m->dirty[row] = 1;
		m->tag[row] = (unsigned)in_get(m, in, RFC_WR_REG_I, 0);
		if (cy.alloc || m->lru)
			touch(m, ws, cy.widx);
	}
	if (cy.fstep)
		m->dirty[fs * m->nn + cy.fidx] = 0;
	if (cy.fdone && fs < m->na) {
		memset(m->valid + fs * m->nn, 0, m->nn);
		memset(m->dirty + fs * m->nn, 0, m->nn);
	}
}

const struct unit_ops rfc_ops = {
	"rfc", rfc_create, rfc_reset, rfc_eval, rfc_tick, rfc_destroy,
};

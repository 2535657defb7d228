/* ltrf_engine.c: cycle model of the LTRF prefetch / write-back engine
 * (common/ltrf_engine_desc.h has the protocol).
 *
 * State, as the RTL's flops: per row busy, act, warp, want (working set),
 * live (LTRF+), inc (registers cached), held (banks), map (bank -> reg);
 * one transfer in flight: state, row, register, bank, kind (fetch or
 * write-back), request and response beat counters, a register buffer.
 * One edge:
 *   - IDLE: the round-robin arbiter (cmodel/rr_arb.c) picks a row with work
 *     (inc & ~want: write back; else want & ~inc: fetch); the lowest such
 *     register is latched (a write-back with its bank from the map search).
 *     A dead (LTRF+) write-back goes straight to COMMIT;
 *   - a fetch takes its bank from the row AAU (ba_bank_i) in its first RWAIT
 *     cycle (ba_req_o); a write-back frees its bank at COMMIT (bf_req_o);
 *   - EVRD -> EVWAIT -> WR (beats) -> COMMIT; RD (beats) -> RWAIT -> FILL ->
 *     COMMIT; read beats return in order on mrf_rvalid_i in RD and RWAIT;
 *   - COMMIT: tw_* is driven; inc, held, map are updated; back to IDLE;
 *   - a busy row with no work left becomes idle (DEACTIVATE: inactive);
 *   - a command to a row that is not busy is taken. */
#include "ltrf_engine.h"

#include <stdlib.h>
#include <string.h>

#include "ltrf_engine_desc.h"
#include "rr_arb.h"

enum { VW = 8, DW = 32 };	/* 256-bit vectors, 1024-bit registers */

struct le_row {
	int busy, act, deact;
	unsigned warp;
	uint32_t want[VW], live[VW], inc[VW];
	uint64_t held;
	unsigned map[64];
};

struct le_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned na, nr, nb, vw, beats, xw, dw;
	struct le_row row[64];
	unsigned ptr;
	unsigned xs, xrow, xreg, xbank, req_beat, rsp_beat;
	int fetch, alloc;
	uint32_t buf[DW];
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

/* Lowest register of a & ~b (want_b: b's bits taken as is); -1 if none. */
static int lowest_diff(const struct le_model *m, const uint32_t *a, const uint32_t *b)
{
	for (unsigned r = 0; r < m->nr; r++)
		if (bit(a, r) && !bit(b, r))
			return (int)r;
	return -1;
}

static int row_work(const struct le_model *m, const struct le_row *rw)
{
	return rw->busy && (lowest_diff(m, rw->inc, rw->want) >= 0 || lowest_diff(m, rw->want, rw->inc) >= 0);
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
	if (m->vw > VW || m->dw > DW || m->na > 64 || m->nb > 64) {
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
	m->ptr = 0;
	m->xs = LE_X_IDLE;
	m->xrow = m->xreg = m->xbank = m->req_beat = m->rsp_beat = 0;
	m->fetch = m->alloc = 0;
}

static void le_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct le_model *m = vm;
	const struct le_row *cur = &m->row[m->xrow];
	int wr = m->xs == LE_X_WR;

	(void)in;	/* every output comes from flops */
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned a = 0; a < m->na; a++) {
		bus_set(out, port(m, LE_BUSY_O), a, (unsigned)m->row[a].busy);
		bus_set(out, port(m, LE_READY_O), a, (unsigned)(m->row[a].act && !m->row[a].busy));
	}
	if (wr || m->xs == LE_X_RD) {
		bus_set(out, port(m, LE_MRF_REQ_O), 0, 1);
		bus_set(out, port(m, LE_MRF_WE_O), 0, (unsigned)wr);
		bus_set(out, port(m, LE_MRF_WARP_O), 0, cur->warp);
		bus_set(out, port(m, LE_MRF_REG_O), 0, m->xreg);
		bus_set(out, port(m, LE_MRF_BEAT_O), 0, m->req_beat);
		if (wr)
			bus_set_words(out, port(m, LE_MRF_WDATA_O), 0, m->buf + m->req_beat * m->xw);
	}
	if (m->xs == LE_X_FILL) {
		bus_set(out, port(m, LE_FILL_REQ_O), 0, 1);
		bus_set(out, port(m, LE_FILL_BANK_O), 0, m->xbank);
		bus_set(out, port(m, LE_FILL_OFF_O), 0, m->xrow);
		bus_set_words(out, port(m, LE_FILL_DATA_O), 0, m->buf);
	}
	if (m->xs == LE_X_EVRD) {
		bus_set(out, port(m, LE_EV_REQ_O), 0, 1);
		bus_set(out, port(m, LE_EV_BANK_O), 0, m->xbank);
		bus_set(out, port(m, LE_EV_OFF_O), 0, m->xrow);
	}
	if (m->xs == LE_X_RWAIT && !m->alloc) {
		bus_set(out, port(m, LE_BA_REQ_O), 0, 1);
		bus_set(out, port(m, LE_BA_OFF_O), 0, m->xrow);
	}
	if (m->xs == LE_X_COMMIT && !m->fetch) {
		bus_set(out, port(m, LE_BF_REQ_O), 0, 1);
		bus_set(out, port(m, LE_BF_OFF_O), 0, m->xrow);
		bus_set(out, port(m, LE_BF_BANK_O), 0, m->xbank);
	}
	if (m->xs == LE_X_COMMIT) {
		bus_set(out, port(m, LE_TW_REQ_O), 0, 1);
		bus_set(out, port(m, LE_TW_WARP_O), 0, cur->warp);
		bus_set(out, port(m, LE_TW_REG_O), 0, m->xreg);
		bus_set(out, port(m, LE_TW_VALID_O), 0, (unsigned)m->fetch);
		bus_set(out, port(m, LE_TW_BANK_O), 0, m->xbank);
	}
}

/* IDLE: pick the next register of the row the arbiter grants. */
static void le_pick(struct le_model *m, unsigned a)
{
	struct le_row *rw = &m->row[a];
	int r = lowest_diff(m, rw->inc, rw->want);

	m->xrow = a;
	m->req_beat = m->rsp_beat = 0;
	m->alloc = 0;
	if (r >= 0) {
		m->fetch = 0;
		m->xreg = (unsigned)r;
		m->xbank = 0;
		for (unsigned b = 0; b < m->nb; b++)
			if ((rw->held >> b & 1u) && rw->map[b] == (unsigned)r)
				m->xbank = b;
		m->xs = (!m->cfg->ltrf.d.liveness || bit(rw->live, (unsigned)r)) ? LE_X_EVRD : LE_X_COMMIT;
		return;
	}
	m->fetch = 1;
	m->xreg = (unsigned)lowest_diff(m, rw->want, rw->inc);
	m->xbank = 0;	/* from the row AAU in RWAIT */
	m->xs = LE_X_RD;
}

static void le_tick(void *vm, const uint32_t *in)
{
	struct le_model *m = vm;
	struct le_row *cur = &m->row[m->xrow];
	unsigned last = m->beats - 1u, xs = m->xs;
	int done[64];

	for (unsigned a = 0; a < m->na; a++)
		done[a] = m->row[a].busy && !row_work(m, &m->row[a]);
	/* the row AAU's bank, in the first RWAIT cycle */
	if (xs == LE_X_RWAIT && !m->alloc) {
		m->xbank = in_u(m, in, LE_BA_BANK_I);
		m->alloc = 1;
	}
	/* the transfer: read beats return in RD and RWAIT */
	if ((xs == LE_X_RD || xs == LE_X_RWAIT) && in_u(m, in, LE_MRF_RVALID_I)) {
		bus_get_words(in, port(m, LE_MRF_RDATA_I), 0, m->buf + m->rsp_beat * m->xw);
		if (xs == LE_X_RWAIT && m->rsp_beat == last)
			m->xs = LE_X_FILL;
		m->rsp_beat++;
	}
	switch (xs) {
	case LE_X_IDLE: {
		uint64_t req = 0;

		for (unsigned a = 0; a < m->na; a++)
			if (row_work(m, &m->row[a]))
				req |= UINT64_C(1) << a;
		if (req) {
			struct rr_grant g = rr_arb_grant(m->na, m->ptr, req, 1);
			unsigned a = 0;

			while (!(g.gnt >> a & 1u))
				a++;
			m->ptr = g.next_ptr;
			le_pick(m, a);
		}
		break;
	}
	case LE_X_EVRD:
		if (in_u(m, in, LE_EV_GNT_I))
			m->xs = LE_X_EVWAIT;
		break;
	case LE_X_EVWAIT:
		if (in_u(m, in, LE_EV_VALID_I)) {
			bus_get_words(in, port(m, LE_EV_DATA_I), 0, m->buf);
			m->xs = LE_X_WR;
		}
		break;
	case LE_X_WR:
	case LE_X_RD:
		if (in_u(m, in, LE_MRF_GNT_I)) {
			if (m->req_beat == last)
				m->xs = m->xs == LE_X_WR ? LE_X_COMMIT : LE_X_RWAIT;
			else
				m->req_beat++;
		}
		break;
	case LE_X_FILL:
		if (in_u(m, in, LE_FILL_GNT_I))
			m->xs = LE_X_COMMIT;
		break;
	case LE_X_COMMIT:
		put(cur->inc, m->xreg, m->fetch);
		if (m->fetch) {
			cur->held |= UINT64_C(1) << m->xbank;
			cur->map[m->xbank] = m->xreg;
		} else {
			cur->held &= ~(UINT64_C(1) << m->xbank);
		}
		m->xs = LE_X_IDLE;
		break;
	default:
		break;
	}
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

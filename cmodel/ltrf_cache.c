/* ltrf_cache.c: cycle model of the LTRF register cache and its Address
 * Allocation Units (common/ltrf_cache_desc.h).
 *
 * One cycle, as the hardware decides it, per bank:
 *   1. operand reads naming the bank: round-robin, one grant (rr_arb); the
 *      lowest eviction lane naming the bank is granted only if no operand
 *      read names it;
 *   2. execution writes naming the bank: round-robin, one grant; the lowest
 *      fill lane naming the bank is granted only if no execution write
 *      names it (so up to [ltrf] fill_ports fills land a cycle, each in a
 *      different bank);
 *   3. at the edge the granted read samples the bank before the granted
 *      write lands (read-first); its data leaves one cycle later;
 *   4. the allocation queues take their allocs / frees (alloc_queue.h):
 *      a row's j-th allocating lane this cycle gets its queue's j-th id,
 *      frees append in lane order.
 * Only the allocation queues have reset; the banks are SRAM. */
#include "ltrf_cache.h"

#include <stdlib.h>
#include <string.h>

#include "alloc_queue.h"
#include "ltrf_cache_desc.h"
#include "rr_arb.h"

struct lc_cycle {
	uint64_t rd_gnt, wr_gnt;
	uint32_t ev_gnt, fill_gnt;	/* per lane */
	unsigned rd_next[64], wr_next[64];
	int rd_bank[64], wr_bank[64];	/* bank -> granted requester, -1 none */
};

struct ltrf_cache_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned nb, na, nc, nwp, lanes, nf;
	uint32_t *data;			/* [bank][row][lane] */
	unsigned rd_ptr[64], wr_ptr[64];
	uint8_t rd_v[32];
	uint32_t *rd_data;		/* [collector][lane] */
	uint32_t ev_v;			/* per fill lane */
	uint32_t *ev_data, *scratch;	/* ev_data: [fill lane][lane] */
	struct alloc_queue offq, bankq[64];
};

static const struct port_desc *port(const struct ltrf_cache_model *m, enum ltrf_cache_port p)
{
	return &m->desc->ports[p];
}

static unsigned in_u(const struct ltrf_cache_model *m, const uint32_t *in, enum ltrf_cache_port p, unsigned e)
{
	return (unsigned)bus_get(in, port(m, p), e);
}

static uint32_t *reg_at(struct ltrf_cache_model *m, unsigned bank, unsigned row)
{
	return m->data + ((size_t)bank * m->na + row) * m->lanes;
}

static void lc_arbitrate(const struct ltrf_cache_model *m, const uint32_t *in, struct lc_cycle *cy)
{
	uint64_t rd_req[64] = {0}, wr_req[64] = {0}, ev_taken = 0, fill_taken = 0;

	for (unsigned c = 0; c < m->nc; c++)
		if (in_u(m, in, LC_RD_REQ_I, c))
			rd_req[in_u(m, in, LC_RD_BANK_I, c)] |= UINT64_C(1) << c;
	for (unsigned w = 0; w < m->nwp; w++)
		if (in_u(m, in, LC_WR_REQ_I, w))
			wr_req[in_u(m, in, LC_WR_BANK_I, w)] |= UINT64_C(1) << w;
	memset(cy, 0, sizeof *cy);
	for (unsigned b = 0; b < m->nb; b++) {
		struct rr_grant rg = rr_arb_grant(m->nc, m->rd_ptr[b], rd_req[b], 1);
		struct rr_grant wg = rr_arb_grant(m->nwp, m->wr_ptr[b], wr_req[b], 1);

		cy->rd_gnt |= rg.gnt;
		cy->wr_gnt |= wg.gnt;
		cy->rd_next[b] = rg.next_ptr;
		cy->wr_next[b] = wg.next_ptr;
		cy->rd_bank[b] = cy->wr_bank[b] = -1;
		for (unsigned e = 0; e < 64; e++) {
			if (rg.gnt >> e & 1u)
				cy->rd_bank[b] = (int)e;
			if (wg.gnt >> e & 1u)
				cy->wr_bank[b] = (int)e;
		}
	}
	/* Operand reads before eviction reads, execution writes before fills;
	 * of the lanes naming one bank, the lowest. */
	for (unsigned k = 0; k < m->nf; k++) {
		unsigned eb = in_u(m, in, LC_EV_BANK_I, k), fb = in_u(m, in, LC_FILL_BANK_I, k);

		if (in_u(m, in, LC_EV_REQ_I, k) && eb < m->nb && !rd_req[eb] && !(ev_taken >> eb & 1u)) {
			cy->ev_gnt |= 1u << k;
			ev_taken |= UINT64_C(1) << eb;
		}
		if (in_u(m, in, LC_FILL_REQ_I, k) && fb < m->nb && !wr_req[fb] && !(fill_taken >> fb & 1u)) {
			cy->fill_gnt |= 1u << k;
			fill_taken |= UINT64_C(1) << fb;
		}
	}
}

static void *lc_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct ltrf_cache_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->nb = cfg->ltrf.regs_per_interval;
	m->na = cfg->ltrf.active_warps;
	m->nc = cfg->collectors;
	m->nwp = cfg->write_ports;
	m->lanes = cfg->lanes;
	m->nf = cfg->ltrf.fill_ports;
	m->data = calloc((size_t)m->nb * m->na * m->lanes, sizeof *m->data);
	m->rd_data = calloc((size_t)m->nc * m->lanes, sizeof *m->rd_data);
	m->ev_data = calloc((size_t)m->nf * m->lanes, sizeof *m->ev_data);
	m->scratch = calloc(m->lanes, sizeof *m->scratch);
	if (!m->data || !m->rd_data || !m->ev_data || !m->scratch || m->nc > 32 || m->nf > 32) {
		ltrf_cache_ops.destroy(m);
		return NULL;
	}
	return m;
}

static void lc_destroy(void *vm)
{
	struct ltrf_cache_model *m = vm;

	if (!m)
		return;
	free(m->data);
	free(m->rd_data);
	free(m->ev_data);
	free(m->scratch);
	free(m);
}

static void lc_reset(void *vm)
{
	struct ltrf_cache_model *m = vm;

	memset(m->rd_ptr, 0, sizeof m->rd_ptr);
	memset(m->wr_ptr, 0, sizeof m->wr_ptr);
	memset(m->rd_v, 0, sizeof m->rd_v);
	m->ev_v = 0;
	alloc_queue_reset(&m->offq, m->na);
	for (unsigned s = 0; s < m->na; s++)
		alloc_queue_reset(&m->bankq[s], m->nb);
}

static void lc_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct ltrf_cache_model *m = vm;
	struct lc_cycle cy;
	unsigned ba_off = in_u(m, in, LC_BA_OFF_I, 0);	/* ba_ok_o / ba_bank_o: lane 0's row */
	int ba_ok = ba_off < m->na && alloc_queue_ok(&m->bankq[ba_off]);

	lc_arbitrate(m, in, &cy);
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned c = 0; c < m->nc; c++) {
		bus_set(out, port(m, LC_RD_GNT_O), c, cy.rd_gnt >> c & 1u);
		bus_set(out, port(m, LC_RD_VALID_O), c, m->rd_v[c]);
		if (m->rd_v[c])
			bus_set_words(out, port(m, LC_RD_DATA_O), c, m->rd_data + (size_t)c * m->lanes);
	}
	for (unsigned w = 0; w < m->nwp; w++)
		bus_set(out, port(m, LC_WR_GNT_O), w, cy.wr_gnt >> w & 1u);
	for (unsigned k = 0; k < m->nf; k++) {
		bus_set(out, port(m, LC_FILL_GNT_O), k, cy.fill_gnt >> k & 1u);
		bus_set(out, port(m, LC_EV_GNT_O), k, cy.ev_gnt >> k & 1u);
		bus_set(out, port(m, LC_EV_VALID_O), k, m->ev_v >> k & 1u);
		if (m->ev_v >> k & 1u)
			bus_set_words(out, port(m, LC_EV_DATA_O), k, m->ev_data + (size_t)k * m->lanes);
	}
	bus_set(out, port(m, LC_OA_OK_O), 0, (unsigned)alloc_queue_ok(&m->offq));
	bus_set(out, port(m, LC_OA_OFF_O), 0, alloc_queue_ok(&m->offq) ? alloc_queue_head(&m->offq) : 0u);
	bus_set(out, port(m, LC_BA_OK_O), 0, (unsigned)ba_ok);
	bus_set(out, port(m, LC_BA_BANK_O), 0, ba_ok ? alloc_queue_head(&m->bankq[ba_off]) : 0u);
	bus_set(out, port(m, LC_ROWS_USED_O), 0, m->offq.occupied);
	for (unsigned s = 0; s < m->na; s++) {
		bus_set(out, port(m, LC_BANKS_HELD_O), s, m->bankq[s].occupied);
		for (unsigned j = 0; j < m->nf; j++)
			bus_set(out, port(m, LC_BA_HEADS_O), s * m->nf + j, alloc_queue_at(&m->bankq[s], j));
	}
}

static void lc_tick(void *vm, const uint32_t *in)
{
	struct ltrf_cache_model *m = vm;
	struct lc_cycle cy;

	lc_arbitrate(m, in, &cy);
	/* Reads sample before this edge's writes. */
	for (unsigned c = 0; c < m->nc; c++)
		m->rd_v[c] = 0;
	for (unsigned b = 0; b < m->nb; b++) {
		int c = cy.rd_bank[b];

		if (c >= 0) {
			m->rd_v[c] = 1;
			memcpy(m->rd_data + (size_t)c * m->lanes, reg_at(m, b, in_u(m, in, LC_RD_OFF_I, (unsigned)c)),
			       m->lanes * sizeof *m->rd_data);
		}
	}
	m->ev_v = cy.ev_gnt;
	for (unsigned k = 0; k < m->nf; k++)
		if (cy.ev_gnt >> k & 1u)
			memcpy(m->ev_data + (size_t)k * m->lanes,
			       reg_at(m, in_u(m, in, LC_EV_BANK_I, k), in_u(m, in, LC_EV_OFF_I, k)),
			       m->lanes * sizeof *m->ev_data);
	for (unsigned b = 0; b < m->nb; b++) {
		int w = cy.wr_bank[b];
		uint64_t mask;
		uint32_t *dst;

		if (w < 0)
			continue;
		dst = reg_at(m, b, in_u(m, in, LC_WR_OFF_I, (unsigned)w));
		mask = bus_get(in, port(m, LC_WR_MASK_I), (unsigned)w);
		bus_get_words(in, port(m, LC_WR_DATA_I), (unsigned)w, m->scratch);
		for (unsigned l = 0; l < m->lanes; l++)
			if (mask >> l & 1u)
				dst[l] = m->scratch[l];
	}
	for (unsigned k = 0; k < m->nf; k++)
		if (cy.fill_gnt >> k & 1u)
			bus_get_words(in, port(m, LC_FILL_DATA_I), k,
				      reg_at(m, in_u(m, in, LC_FILL_BANK_I, k), in_u(m, in, LC_FILL_OFF_I, k)));
	for (unsigned b = 0; b < m->nb; b++) {
		m->rd_ptr[b] = cy.rd_next[b];
		m->wr_ptr[b] = cy.wr_next[b];
	}
	alloc_queue_tick(&m->offq, (int)in_u(m, in, LC_OA_REQ_I, 0), (int)in_u(m, in, LC_OF_REQ_I, 0),
			 in_u(m, in, LC_OF_OFF_I, 0));
	for (unsigned s = 0; s < m->na; s++) {
		unsigned nalloc = 0, nfree = 0, ids[32];

		for (unsigned k = 0; k < m->nf; k++) {
			nalloc += in_u(m, in, LC_BA_REQ_I, k) && in_u(m, in, LC_BA_OFF_I, k) == s;
			if (in_u(m, in, LC_BF_REQ_I, k) && in_u(m, in, LC_BF_OFF_I, k) == s)
				ids[nfree++] = in_u(m, in, LC_BF_BANK_I, k);
		}
		alloc_queue_tick_n(&m->bankq[s], nalloc, nfree, ids);
	}
}

const struct unit_ops ltrf_cache_ops = {
	"ltrf_cache", lc_create, lc_reset, lc_eval, lc_tick, lc_destroy,
};

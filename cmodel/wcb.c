/* wcb.c: cycle model of the LTRF Warp Control Block (common/wcb_desc.h).
 *
 * One cycle, as the RTL decides it:
 *   - while initialising (after reset), row init_cnt of every address-table
 *     bank (and, for the first `warps` cycles, of the vectors) is cleared, and
 *     every input is ignored; ready_o = !init_busy;
 *   - lookups and vector reads sample the arrays and the offsets at the edge
 *     before this edge's writes (read-first) and answer the next cycle,
 *     gated by valid (a lookup's bank and offset also by the entry's valid);
 *   - liveness: the clear (dead-operand bit) is applied before the set, so
 *     a register both cleared and set ends live (spec A16).
 * The arrays start zeroed here; in the RTL they start undefined, which is
 * why the initialisation exists and why nothing is read before ready_o. */
#include "wcb.h"

#include <stdlib.h>
#include <string.h>

#include "wcb_desc.h"

enum { VEC_WORDS_MAX = 8 };	/* 256-bit vectors */

struct wcb_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned nw, nr, lp, vw;	/* warps, regs, lookup ports, vector words */
	unsigned tb, rows;		/* table banks, rows per bank */
	uint8_t *valid, *bank;		/* [table bank * rows + row] address table */
	unsigned *off;			/* [warp] */
	uint32_t *ws, *live;		/* [warp][vw] */
	int init_busy;
	unsigned init_cnt;
	/* answer registers */
	uint8_t lk_v[4], lk_valid[4], lk_bank[4];
	unsigned lk_off[4];
	int vr_v;
	unsigned vr_off;
	uint32_t vr_ws[VEC_WORDS_MAX], vr_live[VEC_WORDS_MAX];
};

static const struct port_desc *port(const struct wcb_model *m, enum wcb_port p)
{
	return &m->desc->ports[p];
}

static unsigned in_u(const struct wcb_model *m, const uint32_t *in, enum wcb_port p, unsigned e)
{
	return (unsigned)bus_get(in, port(m, p), e);
}

/* Row `row` of table bank b in the arrays. */
static size_t at(const struct wcb_model *m, unsigned b, unsigned row)
{
	return (size_t)b * m->rows + row;
}

/* Where (warp, reg) lives in the banked table (common/wcb_desc.h). */
static size_t entry(const struct wcb_model *m, unsigned w, unsigned r)
{
	return at(m, wcb_table_bank(m->cfg, r), wcb_table_row(m->cfg, w, r));
}

static void *wcb_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct wcb_model *m = calloc(1, sizeof *m);
	size_t entries;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->nw = cfg->warps;
	m->nr = cfg->ltrf.d.arch_regs;
	m->lp = cfg->ltrf.lookup_ports;
	m->vw = (m->nr + 31u) / 32u;
	m->tb = wcb_banks(cfg);
	m->rows = wcb_bank_rows(cfg);
	entries = (size_t)m->tb * m->rows;
	m->valid = calloc(entries, 1);
	m->bank = calloc(entries, 1);
	m->off = calloc(m->nw, sizeof *m->off);
	m->ws = calloc((size_t)m->nw * m->vw, sizeof *m->ws);
	m->live = calloc((size_t)m->nw * m->vw, sizeof *m->live);
	if (!m->valid || !m->bank || !m->off || !m->ws || !m->live || m->lp > 4 || m->vw > VEC_WORDS_MAX) {
		wcb_ops.destroy(m);
		return NULL;
	}
	return m;
}

static void wcb_destroy(void *vm)
{
	struct wcb_model *m = vm;

	if (!m)
		return;
	free(m->valid);
	free(m->bank);
	free(m->off);
	free(m->ws);
	free(m->live);
	free(m);
}

/* Reset clears control state; the arrays keep their contents (SRAM) until
 * the initialisation clears them. */
static void wcb_reset(void *vm)
{
	struct wcb_model *m = vm;

	m->init_busy = 1;
	m->init_cnt = 0;
	memset(m->off, 0, m->nw * sizeof *m->off);
	memset(m->lk_v, 0, sizeof m->lk_v);
	m->vr_v = 0;
}

static void wcb_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct wcb_model *m = vm;

	(void)in;	/* every output comes from registers */
	memset(out, 0, m->desc->out_words * sizeof *out);
	bus_set(out, port(m, WCB_READY_O), 0, !m->init_busy);
	for (unsigned p = 0; p < m->lp; p++) {
		int hit = m->lk_v[p] && m->lk_valid[p];

		bus_set(out, port(m, WCB_LK_VALID_O), p, m->lk_v[p]);
		bus_set(out, port(m, WCB_LK_HIT_O), p, (unsigned)hit);
		bus_set(out, port(m, WCB_LK_BANK_O), p, hit ? m->lk_bank[p] : 0u);
		bus_set(out, port(m, WCB_LK_OFFSET_O), p, hit ? m->lk_off[p] : 0u);
	}
	bus_set(out, port(m, WCB_VR_VALID_O), 0, (unsigned)m->vr_v);
	if (!m->vr_v)
		return;
	bus_set(out, port(m, WCB_VR_OFFSET_O), 0, m->vr_off);
	bus_set_words(out, port(m, WCB_VR_WS_O), 0, m->vr_ws);
	if (m->cfg->ltrf.d.liveness)
		bus_set_words(out, port(m, WCB_VR_LIVE_O), 0, m->vr_live);
}

static void vec_put(uint32_t *vec, unsigned r, int v)
{
	if (v)
		vec[r / 32u] |= 1u << (r % 32u);
	else
		vec[r / 32u] &= ~(1u << (r % 32u));
}

/* The post-reset clearing of one row of every table bank (and a vector row). */
static void wcb_init_step(struct wcb_model *m)
{
	for (unsigned b = 0; b < m->tb; b++) {
		m->valid[at(m, b, m->init_cnt)] = 0;
		m->bank[at(m, b, m->init_cnt)] = 0;
	}
	if (m->init_cnt < m->nw) {
		memset(m->ws + (size_t)m->init_cnt * m->vw, 0, m->vw * sizeof *m->ws);
		memset(m->live + (size_t)m->init_cnt * m->vw, 0, m->vw * sizeof *m->live);
	}
	if (m->init_cnt + 1u == m->rows)
		m->init_busy = 0;
	m->init_cnt++;
}

static void wcb_tick(void *vm, const uint32_t *in)
{
	struct wcb_model *m = vm;
	unsigned w, r;

	if (m->init_busy) {
		for (unsigned p = 0; p < m->lp; p++)
			m->lk_v[p] = 0;
		m->vr_v = 0;
		wcb_init_step(m);
		return;
	}
	/* Reads sample before this edge's writes. */
	for (unsigned p = 0; p < m->lp; p++) {
		m->lk_v[p] = (uint8_t)in_u(m, in, WCB_LK_REQ_I, p);
		if (!m->lk_v[p])
			continue;
		w = in_u(m, in, WCB_LK_WARP_I, p);
		r = in_u(m, in, WCB_LK_REG_I, p);
		m->lk_valid[p] = m->valid[entry(m, w, r)];
		m->lk_bank[p] = m->bank[entry(m, w, r)];
		m->lk_off[p] = m->off[w];
	}
	m->vr_v = (int)in_u(m, in, WCB_VR_REQ_I, 0);
	if (m->vr_v) {
		w = in_u(m, in, WCB_VR_WARP_I, 0);
		memcpy(m->vr_ws, m->ws + (size_t)w * m->vw, m->vw * sizeof *m->ws);
		memcpy(m->vr_live, m->live + (size_t)w * m->vw, m->vw * sizeof *m->live);
		m->vr_off = m->off[w];
	}
	/* [ltrf] fill_ports table writes (the engine never names one entry twice
	 * in a cycle: its transfer slots hold different registers).  Lane k
	 * writes bank k % wcb_banks: a register of another bank (which the
	 * engine never sends there) lands in that bank at the register's row. */
	for (unsigned k = 0; k < m->cfg->ltrf.fill_ports; k++) {
		size_t e;

		if (!in_u(m, in, WCB_TW_REQ_I, k))
			continue;
		e = at(m, k % m->tb, wcb_table_row(m->cfg, in_u(m, in, WCB_TW_WARP_I, k), in_u(m, in, WCB_TW_REG_I, k)));
		m->valid[e] = (uint8_t)in_u(m, in, WCB_TW_VALID_I, k);
		m->bank[e] = (uint8_t)in_u(m, in, WCB_TW_BANK_I, k);
	}
	if (in_u(m, in, WCB_OF_WE_I, 0))
		m->off[in_u(m, in, WCB_OF_WARP_I, 0)] = in_u(m, in, WCB_OF_OFFSET_I, 0);
	if (in_u(m, in, WCB_WS_WE_I, 0))
		bus_get_words(in, port(m, WCB_WS_VEC_I), 0, m->ws + (size_t)in_u(m, in, WCB_WS_WARP_I, 0) * m->vw);
	if (!m->cfg->ltrf.d.liveness)
		return;
	if (in_u(m, in, WCB_LV_CLR_I, 0))
		vec_put(m->live + (size_t)in_u(m, in, WCB_LV_CLR_WARP_I, 0) * m->vw, in_u(m, in, WCB_LV_CLR_REG_I, 0), 0);
	if (in_u(m, in, WCB_LV_SET_I, 0))
		vec_put(m->live + (size_t)in_u(m, in, WCB_LV_SET_WARP_I, 0) * m->vw, in_u(m, in, WCB_LV_SET_REG_I, 0), 1);
}

const struct unit_ops wcb_ops = {
	"wcb", wcb_create, wcb_reset, wcb_eval, wcb_tick, wcb_destroy,
};

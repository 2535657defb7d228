/* ltrf_top.c: cycle model of ltrf_top (common/ltrf_top_desc.h has the
 * protocol): the four unit models (wcb, ltrf_cache, ltrf_engine, rf_banked)
 * composed through their buses along ltrf_top_wiring (common/compose.h), plus the top's own
 * glue, mirrored flop for flop by gen/emit_ltrf_top.c:
 *   - command control: IDLE takes a command (cmd_gnt_o) when the WCB is
 *     initialised and, for (RE)ACTIVATE, the global AAU has a row; it writes
 *     the working set (ACTIVATE, PREFETCH) and the warp offset (new row) and
 *     reads the warp's WCB vectors; LOOK latches the row (old offset) and,
 *     for REACTIVATE, the stored working set; ISSUE hands the engine the
 *     command once the row is not busy.  A row whose DEACTIVATE finished is
 *     freed in the global AAU (lowest such row, one per cycle); a
 *     (RE)ACTIVATE of a warp whose old row is not yet freed waits;
 *   - accesses: the WCB lookup, then (hit) the register-cache port of the
 *     same number, read or write; ack = the cache's grant, err = a miss;
 *   - main file: each engine beat is one access of rf_banked's one read or
 *     write port, to word ltrf_mrf_word(reg, beat) (the main file's words
 *     are xbar_width bits); a delay line adds read_latency x
 *     (mrf_latency_mult - 1) cycles to the read beats;
 *   - ready_o[w]: some row is ready (engine) and holds w.
 * eval runs the unit models in dependency order (engine and WCB outputs
 * come from flops; the cache's and the main file's grants from this
 * cycle's requests) into scratch buses; tick re-runs that, clocks every
 * unit with its inputs, then the glue. */
#include "ltrf_top.h"

#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "ltrf_cache.h"
#include "ltrf_cache_desc.h"
#include "ltrf_engine.h"
#include "ltrf_engine_desc.h"
#include "ltrf_top_desc.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "wcb.h"
#include "wcb_desc.h"

enum { VW = 8, DW = 32, MAXP = 4, MAXA = 64 };

struct lt_cycle {
	int cmd_gnt, need_row, of_req;
	unsigned of_off;
};

struct lt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct gpurf_cfg mrf_cfg;
	struct compose_units cu;	/* wcb, ltrf_cache, ltrf_engine, rf_banked (LT_U_*) */
	unsigned P, na, nw, beats, xw, dw, delay;
	/* glue state */
	unsigned cs, c_op, c_warp, c_row;
	uint32_t c_vec[VW], c_live[VW];
	unsigned rowwarp[MAXA];
	int pend[MAXA];
	unsigned a_we[MAXP];
	uint64_t a_mask[MAXP];
	uint32_t a_data[MAXP][DW];
	uint32_t *scratch;	/* tick's throw-away top outputs */
	uint8_t *dl_v;		/* [delay] */
	uint32_t *dl_d;		/* [delay][xw] */
	struct lt_cycle cy;
};

static const struct port_desc *tport(const struct lt_model *m, enum ltrf_top_port p)
{
	return &m->desc->ports[p];
}

static const struct port_desc *sport(const struct lt_model *m, unsigned u, unsigned p)
{
	return cu_port(&m->cu, u, p);
}

static uint64_t sget(const struct lt_model *m, unsigned u, unsigned p, unsigned e)
{
	return cu_get(&m->cu, u, p, e);
}

static void sset(struct lt_model *m, unsigned u, unsigned p, unsigned e, uint64_t v)
{
	cu_set(&m->cu, u, p, e, v);
}

static void lt_destroy(void *vm)
{
	struct lt_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	free(m->scratch);
	free(m->dl_v);
	free(m->dl_d);
	free(m);
}

static void *lt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	static const struct unit_ops *const ops[LT_U_TOP] = {&wcb_ops, &ltrf_cache_ops, &ltrf_engine_ops,
							     &rf_banked_ops};
	struct lt_model *m = calloc(1, sizeof *m);
	struct module_desc sub[LT_U_TOP];
	const struct gpurf_cfg *cfgs[LT_U_TOP];

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->mrf_cfg = ltrf_mrf_cfg(cfg);
	ltrf_top_subdescs(cfg, &m->mrf_cfg, sub);
	for (unsigned u = 0; u < LT_U_TOP; u++)
		cfgs[u] = u == LT_U_MRF ? &m->mrf_cfg : cfg;
	m->P = cfg->ltrf.lookup_ports;
	m->na = cfg->ltrf.active_warps;
	m->nw = cfg->warps;
	m->beats = cfg->ltrf.d.beats;
	m->xw = cfg->ltrf.d.xbar_width / 32u;
	m->dw = cfg->d.warp_bits / 32u;
	m->delay = ltrf_top_delay(cfg);
	m->dl_v = calloc(m->delay + 1u, 1);
	m->dl_d = calloc((size_t)(m->delay + 1u) * m->xw, sizeof *m->dl_d);
	m->scratch = calloc(desc->out_words + 1u, sizeof *m->scratch);
	if (!m->scratch || !m->dl_v || !m->dl_d || m->P > MAXP || m->na > MAXA || m->dw > DW ||
	    cfg->ltrf.d.arch_regs > 32u * VW) {
		lt_destroy(m);
		return NULL;
	}
	if (cu_create(&m->cu, desc, &ltrf_top_wiring, LT_U_TOP, sub, cfgs, ops)) {
		lt_destroy(m);
		return NULL;
	}
	return m;
}

static void lt_reset(void *vm)
{
	struct lt_model *m = vm;

	cu_reset(&m->cu);
	m->cs = LT_C_IDLE;
	m->c_op = m->c_warp = m->c_row = 0;
	memset(m->c_vec, 0, sizeof m->c_vec);
	memset(m->c_live, 0, sizeof m->c_live);
	memset(m->rowwarp, 0, sizeof m->rowwarp);
	memset(m->pend, 0, sizeof m->pend);
	memset(m->a_we, 0, sizeof m->a_we);
	memset(m->a_mask, 0, sizeof m->a_mask);
	memset(m->a_data, 0, sizeof m->a_data);
	memset(m->dl_v, 0, m->delay + 1u);
	memset(m->dl_d, 0, (size_t)(m->delay + 1u) * m->xw * sizeof *m->dl_d);
}

/* The wires of ltrf_top_wiring into unit dst (LT_U_TOP: the top's outputs). */
static void wire(struct lt_model *m, unsigned dst, const uint32_t *top_in, uint32_t *top_out)
{
	cu_wire(&m->cu, dst, top_in, top_out);
}

static int needs_row(unsigned op)
{
	return op == LT_OP_ACTIVATE || op == LT_OP_REACTIVATE;
}

/* Register-cache ports p: last cycle's access, on a lookup hit. */
static void comb_access(struct lt_model *m)
{
	for (unsigned p = 0; p < m->P; p++) {
		int hit = sget(m, LT_U_WCB, WCB_LK_VALID_O, p) && sget(m, LT_U_WCB, WCB_LK_HIT_O, p);
		unsigned bank = (unsigned)sget(m, LT_U_WCB, WCB_LK_BANK_O, p);
		unsigned off = (unsigned)sget(m, LT_U_WCB, WCB_LK_OFFSET_O, p);

		if (!hit)
			continue;
		if (m->a_we[p]) {
			sset(m, LT_U_CACHE, LC_WR_REQ_I, p, 1);
			sset(m, LT_U_CACHE, LC_WR_BANK_I, p, bank);
			sset(m, LT_U_CACHE, LC_WR_OFF_I, p, off);
			sset(m, LT_U_CACHE, LC_WR_MASK_I, p, m->a_mask[p]);
			bus_set_words(m->cu.in[LT_U_CACHE], sport(m, LT_U_CACHE, LC_WR_DATA_I), p, m->a_data[p]);
		} else {
			sset(m, LT_U_CACHE, LC_RD_REQ_I, p, 1);
			sset(m, LT_U_CACHE, LC_RD_BANK_I, p, bank);
			sset(m, LT_U_CACHE, LC_RD_OFF_I, p, off);
		}
	}
}

/* Command control's decisions (taking a command, freeing a row) and the
 * global AAU's inputs; needs the cache's AAU outputs (state only). */
static void comb_command(struct lt_model *m, const uint32_t *in)
{
	struct lt_cycle *cy = &m->cy;
	unsigned warp = (unsigned)bus_get(in, tport(m, LT_CMD_WARP_I), 0);

	cy->need_row = needs_row((unsigned)bus_get(in, tport(m, LT_CMD_OP_I), 0));
	cy->cmd_gnt = bus_get(in, tport(m, LT_CMD_REQ_I), 0) && m->cs == LT_C_IDLE &&
		      sget(m, LT_U_WCB, WCB_READY_O, 0) && (!cy->need_row || sget(m, LT_U_CACHE, LC_OA_OK_O, 0));
	for (unsigned a = 0; a < m->na; a++)	/* (re)activation waits for its old row's freeing */
		if (cy->need_row && m->pend[a] && m->rowwarp[a] == warp)
			cy->cmd_gnt = 0;
	for (unsigned a = m->na; a-- > 0;)
		if (m->pend[a] && !sget(m, LT_U_ENGINE, LE_BUSY_O, a)) {
			cy->of_req = 1;
			cy->of_off = a;
		}
	if (cy->cmd_gnt && cy->need_row)
		sset(m, LT_U_CACHE, LC_OA_REQ_I, 0, 1);
	if (cy->of_req) {
		sset(m, LT_U_CACHE, LC_OF_REQ_I, 0, 1);
		sset(m, LT_U_CACHE, LC_OF_OFF_I, 0, cy->of_off);
	}
}

/* The main file's port: the engine's beat as one word access. */
static void comb_mrf(struct lt_model *m)
{
	unsigned w = (unsigned)sget(m, LT_U_ENGINE, LE_MRF_WARP_O, 0);
	unsigned word = ltrf_mrf_word(m->cfg, (unsigned)sget(m, LT_U_ENGINE, LE_MRF_REG_O, 0),
				      (unsigned)sget(m, LT_U_ENGINE, LE_MRF_BEAT_O, 0));
	uint32_t beat[DW];

	if (!sget(m, LT_U_ENGINE, LE_MRF_REQ_O, 0))
		return;
	if (!sget(m, LT_U_ENGINE, LE_MRF_WE_O, 0)) {
		sset(m, LT_U_MRF, RFB_RD_REQ_I, 0, 1);
		sset(m, LT_U_MRF, RFB_RD_WARP_I, 0, w);
		sset(m, LT_U_MRF, RFB_RD_REG_I, 0, word);
		return;
	}
	bus_get_words(m->cu.out[LT_U_ENGINE], sport(m, LT_U_ENGINE, LE_MRF_WDATA_O), 0, beat);
	sset(m, LT_U_MRF, RFB_WR_REQ_I, 0, 1);
	sset(m, LT_U_MRF, RFB_WR_WARP_I, 0, w);
	sset(m, LT_U_MRF, RFB_WR_REG_I, 0, word);
	sset(m, LT_U_MRF, RFB_WR_MASK_I, 0, m->xw >= 64u ? ~UINT64_C(0) : (UINT64_C(1) << m->xw) - 1u);
	bus_set_words(m->cu.in[LT_U_MRF], sport(m, LT_U_MRF, RFB_WR_DATA_I), 0, beat);
}

/* The engine's glue inputs: its command (ISSUE), the main file's grant and
 * read beats (through the delay line). */
static void comb_engine(struct lt_model *m)
{
	int we = sget(m, LT_U_ENGINE, LE_MRF_WE_O, 0) != 0;
	uint32_t beat[DW];

	if (m->cs == LT_C_ISSUE) {
		sset(m, LT_U_ENGINE, LE_CMD_REQ_I, 0, 1);
		sset(m, LT_U_ENGINE, LE_CMD_OP_I, 0, m->c_op == LT_OP_DEACTIVATE);
		sset(m, LT_U_ENGINE, LE_CMD_ROW_I, 0, m->c_row);
		sset(m, LT_U_ENGINE, LE_CMD_WARP_I, 0, m->c_warp);
		bus_set_words(m->cu.in[LT_U_ENGINE], sport(m, LT_U_ENGINE, LE_CMD_VEC_I), 0, m->c_vec);
		if (m->cfg->ltrf.d.liveness)
			bus_set_words(m->cu.in[LT_U_ENGINE], sport(m, LT_U_ENGINE, LE_CMD_LIVE_I), 0, m->c_live);
	}
	sset(m, LT_U_ENGINE, LE_MRF_GNT_I, 0, sget(m, LT_U_MRF, we ? RFB_WR_GNT_O : RFB_RD_GNT_O, 0));
	if (m->delay) {
		sset(m, LT_U_ENGINE, LE_MRF_RVALID_I, 0, m->dl_v[m->delay - 1u]);
		bus_set_words(m->cu.in[LT_U_ENGINE], sport(m, LT_U_ENGINE, LE_MRF_RDATA_I), 0,
			      m->dl_d + (size_t)(m->delay - 1u) * m->xw);
		return;
	}
	bus_get_words(m->cu.out[LT_U_MRF], sport(m, LT_U_MRF, RFB_RD_DATA_O), 0, beat);
	sset(m, LT_U_ENGINE, LE_MRF_RVALID_I, 0, sget(m, LT_U_MRF, RFB_RD_VALID_O, 0));
	bus_set_words(m->cu.in[LT_U_ENGINE], sport(m, LT_U_ENGINE, LE_MRF_RDATA_I), 0, beat);
}

/* The WCB's glue inputs for a command taken: working set, offset, vector read. */
static void comb_wcb(struct lt_model *m, const uint32_t *in)
{
	unsigned op = (unsigned)bus_get(in, tport(m, LT_CMD_OP_I), 0);
	unsigned warp = (unsigned)bus_get(in, tport(m, LT_CMD_WARP_I), 0);

	if (!m->cy.cmd_gnt)
		return;
	if (op == LT_OP_ACTIVATE || op == LT_OP_PREFETCH) {
		uint32_t vec[VW] = {0};

		bus_get_words(in, tport(m, LT_CMD_VEC_I), 0, vec);
		sset(m, LT_U_WCB, WCB_WS_WE_I, 0, 1);
		sset(m, LT_U_WCB, WCB_WS_WARP_I, 0, warp);
		bus_set_words(m->cu.in[LT_U_WCB], sport(m, LT_U_WCB, WCB_WS_VEC_I), 0, vec);
	}
	if (m->cy.need_row) {
		sset(m, LT_U_WCB, WCB_OF_WE_I, 0, 1);
		sset(m, LT_U_WCB, WCB_OF_WARP_I, 0, warp);
		sset(m, LT_U_WCB, WCB_OF_OFFSET_I, 0, sget(m, LT_U_CACHE, LC_OA_OFF_O, 0));
	}
	sset(m, LT_U_WCB, WCB_VR_REQ_I, 0, 1);
	sset(m, LT_U_WCB, WCB_VR_WARP_I, 0, warp);
}

/* Every unit's inputs and outputs of this cycle, and the glue's decisions,
 * in dependency order: engine and WCB outputs come from flops; the cache's
 * and the main file's grants from this cycle's requests. */
static void lt_comb(struct lt_model *m, const uint32_t *in, uint32_t *top_out)
{
	const struct lt_cycle zero = {0};

	m->cy = zero;
	cu_clear_inputs(&m->cu);
	cu_eval(&m->cu, LT_U_ENGINE);
	cu_eval(&m->cu, LT_U_WCB);
	wire(m, LT_U_CACHE, in, top_out);
	comb_access(m);
	cu_eval(&m->cu, LT_U_CACHE);
	comb_command(m, in);	/* AAU outputs do not depend on the AAU inputs it sets */
	cu_eval(&m->cu, LT_U_CACHE);
	comb_mrf(m);
	cu_eval(&m->cu, LT_U_MRF);
	wire(m, LT_U_ENGINE, in, top_out);
	comb_engine(m);
	wire(m, LT_U_WCB, in, top_out);
	comb_wcb(m, in);
}

static void lt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct lt_model *m = vm;

	memset(out, 0, m->desc->out_words * sizeof *out);
	lt_comb(m, in, out);
	wire(m, LT_U_TOP, in, out);
	bus_set(out, tport(m, LT_CMD_GNT_O), 0, (unsigned)m->cy.cmd_gnt);
	for (unsigned a = 0; a < m->na; a++)
		if (sget(m, LT_U_ENGINE, LE_READY_O, a))
			bus_set(out, tport(m, LT_READY_O), m->rowwarp[a], 1);
	for (unsigned p = 0; p < m->P; p++) {
		int lk = sget(m, LT_U_WCB, WCB_LK_VALID_O, p) != 0, hit = sget(m, LT_U_WCB, WCB_LK_HIT_O, p) != 0;

		bus_set(out, tport(m, LT_ACC_ACK_O), p,
			sget(m, LT_U_CACHE, LC_RD_GNT_O, p) | sget(m, LT_U_CACHE, LC_WR_GNT_O, p));
		bus_set(out, tport(m, LT_ACC_ERR_O), p, (unsigned)(lk && !hit));
	}
}

static void lt_tick(void *vm, const uint32_t *in)
{
	struct lt_model *m = vm;
	unsigned op = (unsigned)bus_get(in, tport(m, LT_CMD_OP_I), 0), mrf_valid;
	struct lt_cycle cy;
	uint32_t beat[DW];

	lt_comb(m, in, m->scratch);
	cy = m->cy;
	mrf_valid = (unsigned)sget(m, LT_U_MRF, RFB_RD_VALID_O, 0);
	bus_get_words(m->cu.out[LT_U_MRF], sport(m, LT_U_MRF, RFB_RD_DATA_O), 0, beat);
	/* command control (uses this cycle's unit outputs: before the units tick) */
	switch (m->cs) {
	case LT_C_IDLE:
		if (cy.cmd_gnt) {
			m->c_op = op;
			m->c_warp = (unsigned)bus_get(in, tport(m, LT_CMD_WARP_I), 0);
			bus_get_words(in, tport(m, LT_CMD_VEC_I), 0, m->c_vec);
			if (m->cfg->ltrf.d.liveness)
				bus_get_words(in, tport(m, LT_CMD_LIVE_I), 0, m->c_live);
			if (cy.need_row) {
				m->c_row = (unsigned)sget(m, LT_U_CACHE, LC_OA_OFF_O, 0);
				m->rowwarp[m->c_row] = m->c_warp;
			}
			m->cs = LT_C_LOOK;
		}
		break;
	case LT_C_LOOK:
		if (!needs_row(m->c_op))
			m->c_row = (unsigned)sget(m, LT_U_WCB, WCB_VR_OFFSET_O, 0);
		if (m->c_op == LT_OP_REACTIVATE)
			bus_get_words(m->cu.out[LT_U_WCB], sport(m, LT_U_WCB, WCB_VR_WS_O), 0, m->c_vec);
		m->cs = LT_C_ISSUE;
		break;
	default:
		if (!sget(m, LT_U_ENGINE, LE_BUSY_O, m->c_row)) {
			if (m->c_op == LT_OP_DEACTIVATE)
				m->pend[m->c_row] = 1;
			m->cs = LT_C_IDLE;
		}
		break;
	}
	if (cy.of_req)
		m->pend[cy.of_off] = 0;
	/* access stage */
	for (unsigned p = 0; p < m->P; p++) {
		int wr = bus_get(in, tport(m, LT_ACC_REQ_I), p) && bus_get(in, tport(m, LT_ACC_WE_I), p);

		m->a_we[p] = (unsigned)wr;
		if (wr) {
			m->a_mask[p] = bus_get(in, tport(m, LT_ACC_MASK_I), p);
			bus_get_words(in, tport(m, LT_ACC_DATA_I), p, m->a_data[p]);
		}
	}
	/* main-file read beats: the delay line */
	if (m->delay) {
		for (unsigned s = m->delay - 1u; s > 0; s--) {
			m->dl_v[s] = m->dl_v[s - 1u];
			memcpy(m->dl_d + (size_t)s * m->xw, m->dl_d + (size_t)(s - 1u) * m->xw, m->xw * sizeof *m->dl_d);
		}
		m->dl_v[0] = (uint8_t)mrf_valid;
		memcpy(m->dl_d, beat, m->xw * sizeof *m->dl_d);
	}
	cu_tick(&m->cu);
}

const struct unit_ops ltrf_top_ops = {
	"ltrf_top", lt_create, lt_reset, lt_eval, lt_tick, lt_destroy,
};

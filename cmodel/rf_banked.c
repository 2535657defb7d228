/* rf_banked.c: cycle model of the banked register file.
 *
 * One cycle, in the order the hardware decides it:
 *   1. each request is steered to its bank (rf_banked_bank / _row);
 *   2. per bank, write requests are arbitrated first, round-robin, up to
 *      min(bank_write_ports, bank_ports) grants: writes win the bank;
 *   3. reads get min(bank_read_ports, bank_ports - writes granted) grants,
 *      round-robin among the collectors asking for that bank;
 *   4. at the edge, granted reads sample the bank (read-first: a write to
 *      the same row in the same cycle is not seen), then granted writes
 *      update the lanes their mask selects;
 *   5. read data leaves rd_data_o read_latency cycles after the grant.
 * docs/rf_banked.md has the timing diagram. */
#include "rf_banked.h"

#include <stdlib.h>
#include <string.h>

#include "eval_memo.h"
#include "rf_banked_desc.h"
#include "rr_arb.h"

/* Grants of one cycle, derived from inputs and arbiter state. */
struct rfb_cycle {
	uint64_t rd_gnt, wr_gnt, conflict;
	uint64_t banks;			/* banks asked: only their pointers move */
	unsigned rd_next[64], wr_next[64];
};

struct rf_banked_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned lanes;
	uint32_t *data;		/* [bank][row][lane] */
	unsigned *rd_ptr;	/* [bank] read arbiter pointer */
	unsigned *wr_ptr;	/* [bank] write arbiter pointer */
	/* Read pipeline: stage s of collector c; stage read_latency-1 is on
	 * the outputs. */
	uint8_t *pipe_valid;	/* [stage][collector] */
	uint64_t *pipe_vmask;	/* [stage]: pipe_valid as a collector mask */
	uint32_t *pipe_data;	/* [stage][collector][lane] */
	uint32_t *scratch;	/* write data of every write port (bus tick) */
	/* eval's arbitration, reused by the tick that follows it with the same
	 * inputs (the usual eval-then-tick order); recomputed otherwise. */
	struct eval_memo memo;	/* the inputs `last` was arbitrated for */
	struct rfb_cycle *last;
	struct module_desc *owned_desc;	/* rf_banked_create's, freed with the model */
};

static const struct port_desc *port(const struct rf_banked_model *m, enum rf_banked_port p)
{
	return &m->desc->ports[p];
}

/* Arbitration of one cycle on a decoded request: the single implementation
 * behind both the bus interface (eval/tick) and the typed one (rf_banked_step). */
static void rfb_arbitrate(const struct rf_banked_model *m, const struct rfb_req *rq, struct rfb_cycle *cy)
{
	const struct gpurf_cfg *cfg = m->cfg;
	uint64_t rd_req[64], wr_req[64];	/* valid for the banks in banks_used */
	unsigned wr_limit = cfg->bank_write_ports < cfg->bank_ports ? cfg->bank_write_ports : cfg->bank_ports;
	uint64_t banks_used = 0;

	for (uint64_t r = rq->rd_req; r; r &= r - 1) {
		unsigned c = (unsigned)__builtin_ctzll(r), b = rf_banked_bank(cfg, rq->rd_warp[c], rq->rd_reg[c]);

		if (!(banks_used >> b & 1u))
			rd_req[b] = wr_req[b] = 0;
		rd_req[b] |= UINT64_C(1) << c;
		banks_used |= UINT64_C(1) << b;
	}
	for (uint64_t r = rq->wr_req; r; r &= r - 1) {
		unsigned w = (unsigned)__builtin_ctzll(r), b = rf_banked_bank(cfg, rq->wr_warp[w], rq->wr_reg[w]);

		if (!(banks_used >> b & 1u))
			rd_req[b] = wr_req[b] = 0;
		wr_req[b] |= UINT64_C(1) << w;
		banks_used |= UINT64_C(1) << b;
	}
	cy->rd_gnt = cy->wr_gnt = cy->conflict = 0;
	/* A bank nobody asks for grants nothing and keeps its pointers. */
	cy->banks = banks_used;
	for (; banks_used; banks_used &= banks_used - 1) {
		unsigned b = (unsigned)__builtin_ctzll(banks_used);
		struct rr_grant wg = wr_req[b] ? rr_arb_grant(cfg->write_ports, m->wr_ptr[b], wr_req[b], wr_limit)
					       : (struct rr_grant){0, 0, m->wr_ptr[b]};	/* no writer: no grant */
		unsigned left = cfg->bank_ports - wg.count;
		unsigned rd_limit = cfg->bank_read_ports < left ? cfg->bank_read_ports : left;
		struct rr_grant rg = rr_arb_grant(cfg->collectors, m->rd_ptr[b], rd_req[b], rd_limit);

		cy->wr_gnt |= wg.gnt;
		cy->rd_gnt |= rg.gnt;
		cy->wr_next[b] = wg.next_ptr;
		cy->rd_next[b] = rg.next_ptr;
		if ((wr_req[b] & ~wg.gnt) || (rd_req[b] & ~rg.gnt))
			cy->conflict |= UINT64_C(1) << b;
	}
}

/* Decodes the input bus into a typed request; write data pointers point
 * into `data` (write_ports x lanes words). */
static void rfb_decode(const struct rf_banked_model *m, const uint32_t *in, struct rfb_req *rq, uint32_t *data)
{
	memset(rq, 0, sizeof *rq);
	rq->rd_req = bus_get_mask(in, port(m, RFB_RD_REQ_I));
	for (uint64_t v = rq->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		rq->rd_warp[c] = (unsigned)bus_get_inline(in, port(m, RFB_RD_WARP_I), c);
		rq->rd_reg[c] = (unsigned)bus_get_inline(in, port(m, RFB_RD_REG_I), c);
	}
	rq->wr_req = bus_get_mask(in, port(m, RFB_WR_REQ_I));
	for (uint64_t v = rq->wr_req; v; v &= v - 1) {
		unsigned w = (unsigned)__builtin_ctzll(v);

		rq->wr_warp[w] = (unsigned)bus_get_inline(in, port(m, RFB_WR_WARP_I), w);
		rq->wr_reg[w] = (unsigned)bus_get_inline(in, port(m, RFB_WR_REG_I), w);
		rq->wr_mask[w] = bus_get_inline(in, port(m, RFB_WR_MASK_I), w);
		if (data) {
			bus_get_words(in, port(m, RFB_WR_DATA_I), w, data + (size_t)w * m->lanes);
			rq->wr_data[w] = data + (size_t)w * m->lanes;
		}
	}
}

/* One register row (lanes words); rows of 32 lanes copy without a call. */
static void copy_row(uint32_t *dst, const uint32_t *src, unsigned lanes)
{
	if (lanes == 32)
		memcpy(dst, src, 32 * sizeof *dst);
	else
		memcpy(dst, src, lanes * sizeof *dst);
}

static uint32_t *reg_lanes(struct rf_banked_model *m, unsigned w, unsigned r)
{
	size_t bank = rf_banked_bank(m->cfg, w, r), row = rf_banked_row(m->cfg, w, r);

	return m->data + (bank * m->cfg->d.rows_per_bank + row) * m->lanes;
}

static void *rfb_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rf_banked_model *m = calloc(1, sizeof *m);
	size_t regs = (size_t)cfg->banks * cfg->d.rows_per_bank;
	size_t stages = cfg->read_latency, c = cfg->collectors;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->lanes = cfg->lanes;
	m->data = calloc(regs * cfg->lanes, sizeof *m->data);
	m->rd_ptr = calloc(cfg->banks, sizeof *m->rd_ptr);
	m->wr_ptr = calloc(cfg->banks, sizeof *m->wr_ptr);
	m->pipe_valid = calloc(stages * c, 1);
	m->pipe_vmask = calloc(stages, sizeof *m->pipe_vmask);
	m->pipe_data = calloc(stages * c * cfg->lanes, sizeof *m->pipe_data);
	m->scratch = calloc((size_t)cfg->write_ports * cfg->lanes, sizeof *m->scratch);
	m->last = calloc(1, sizeof *m->last);
	if (!m->data || !m->rd_ptr || !m->wr_ptr || !m->pipe_valid || !m->pipe_vmask || !m->pipe_data || !m->scratch ||
	    eval_memo_init(&m->memo, desc->in_words, 0) || !m->last) {
		rf_banked_ops.destroy(m);
		return NULL;
	}
	return m;
}

static void rfb_destroy(void *vm)
{
	struct rf_banked_model *m = vm;

	if (!m)
		return;
	free(m->data);
	free(m->rd_ptr);
	free(m->wr_ptr);
	free(m->pipe_valid);
	free(m->pipe_vmask);
	free(m->pipe_data);
	free(m->scratch);
	eval_memo_free(&m->memo);
	free(m->last);
	free(m->owned_desc);
	free(m);
}

/* Reset clears control state (pointers, pipeline valid bits); the SRAM
 * keeps whatever it holds, as real SRAM does. */
static void rfb_reset(void *vm)
{
	struct rf_banked_model *m = vm;

	memset(m->rd_ptr, 0, m->cfg->banks * sizeof *m->rd_ptr);
	memset(m->wr_ptr, 0, m->cfg->banks * sizeof *m->wr_ptr);
	memset(m->pipe_valid, 0, (size_t)m->cfg->read_latency * m->cfg->collectors);
	memset(m->pipe_vmask, 0, m->cfg->read_latency * sizeof *m->pipe_vmask);
	eval_memo_forget(&m->memo);
}

/* The cycle's arbitration for these inputs: eval's if it saw the same. */
static const struct rfb_cycle *rfb_cycle_for(struct rf_banked_model *m, const uint32_t *in)
{
	if (!eval_memo_hit(&m->memo, in)) {
		struct rfb_req rq;

		rfb_decode(m, in, &rq, NULL);
		rfb_arbitrate(m, &rq, m->last);
		eval_memo_note(&m->memo, in);
	}
	return m->last;
}

static void rfb_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rf_banked_model *m = vm;
	const struct rfb_cycle *cy = rfb_cycle_for(m, in);
	struct rfb_grants g = {cy->rd_gnt, cy->wr_gnt, cy->conflict};
	struct rfb_out o;

	rf_banked_outputs(m, &o);
	rf_banked_bus_out(m, &g, &o, out);
}

/* The clock edge, given the cycle's request and its arbitration: advance
 * the read pipeline, sample granted reads into stage 0 before any write of
 * this edge lands (read-first), then land granted writes. */
static void rfb_commit(struct rf_banked_model *m, const struct rfb_req *rq, const struct rfb_cycle *cy)
{
	const struct gpurf_cfg *cfg = m->cfg;
	unsigned nc = cfg->collectors, lanes = m->lanes;

	for (unsigned s = cfg->read_latency - 1; s > 0; s--) {
		memcpy(m->pipe_valid + (size_t)s * nc, m->pipe_valid + (size_t)(s - 1) * nc, nc);
		m->pipe_vmask[s] = m->pipe_vmask[s - 1];
		memcpy(m->pipe_data + (size_t)s * nc * lanes, m->pipe_data + (size_t)(s - 1) * nc * lanes,
		       (size_t)nc * lanes * sizeof *m->pipe_data);
	}
	memset(m->pipe_valid, 0, nc);
	m->pipe_vmask[0] = cy->rd_gnt;
	for (uint64_t g = cy->rd_gnt; g; g &= g - 1) {
		unsigned c = (unsigned)__builtin_ctzll(g);

		m->pipe_valid[c] = 1;
		copy_row(m->pipe_data + (size_t)c * lanes, reg_lanes(m, rq->rd_warp[c], rq->rd_reg[c]), lanes);
	}
	for (uint64_t g = cy->wr_gnt; g; g &= g - 1) {
		unsigned w = (unsigned)__builtin_ctzll(g);
		uint32_t *dst = reg_lanes(m, rq->wr_warp[w], rq->wr_reg[w]);
		uint64_t mask = rq->wr_mask[w];
		const uint32_t *src = rq->wr_data[w];

		if (mask == (lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << lanes) - 1))
			copy_row(dst, src, lanes);
		else
			for (; mask; mask &= mask - 1) {
				unsigned l = (unsigned)__builtin_ctzll(mask);

				dst[l] = src[l];
			}
	}
	for (uint64_t bs = cy->banks; bs; bs &= bs - 1) {
		unsigned b = (unsigned)__builtin_ctzll(bs);

		m->rd_ptr[b] = cy->rd_next[b];
		m->wr_ptr[b] = cy->wr_next[b];
	}
	eval_memo_forget(&m->memo);	/* state changed: the next cycle arbitrates anew */
}

static void rfb_tick(void *vm, const uint32_t *in)
{
	struct rf_banked_model *m = vm;
	struct rfb_cycle cy = *rfb_cycle_for(m, in);
	struct rfb_req rq;

	rfb_decode(m, in, &rq, m->scratch);
	rfb_commit(m, &rq, &cy);
}

/* ---- typed interface (the SM model) ------------------------------------ */

void *rf_banked_create(const struct gpurf_cfg *cfg)
{
	struct module_desc *desc = calloc(1, sizeof *desc);
	struct rf_banked_model *m;

	if (!desc)
		return NULL;
	desc_rf_banked(cfg, desc);
	m = rfb_create(cfg, desc);
	if (!m) {
		free(desc);
		return NULL;
	}
	m->owned_desc = desc;
	rfb_reset(m);
	return m;
}

void rf_banked_free(void *vm)
{
	rfb_destroy(vm);
}

void rf_banked_outputs(void *vm, struct rfb_out *out)
{
	struct rf_banked_model *m = vm;
	const struct gpurf_cfg *cfg = m->cfg;
	size_t last = (size_t)(cfg->read_latency - 1) * cfg->collectors;

	out->rd_valid = m->pipe_vmask[cfg->read_latency - 1];
	for (uint64_t v = out->rd_valid; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		out->rd_data[c] = m->pipe_data + (last + c) * m->lanes;
	}
}

void rf_banked_step(void *vm, const struct rfb_req *rq, struct rfb_grants *g)
{
	struct rf_banked_model *m = vm;
	struct rfb_cycle cy;

	rfb_arbitrate(m, rq, &cy);
	g->rd_gnt = cy.rd_gnt;
	g->wr_gnt = cy.wr_gnt;
	g->conflict = cy.conflict;
	rfb_commit(m, rq, &cy);
}

const uint32_t *rf_banked_peek(void *vm, unsigned warp, unsigned reg)
{
	return reg_lanes(vm, warp, reg);
}

const struct unit_ops rf_banked_ops = {
	"rf_banked", rfb_create, rfb_reset, rfb_eval, rfb_tick, rfb_destroy,
};

/* ---- the typed interface on the bus (co-simulation) -------------------- */

/* The SM model drives the typed interface; the SM-driven co-simulation
 * (tb/cosim_sm.cpp) puts the same cycle on the RTL's ports.  These two
 * functions are the typed <-> bus translation, next to rfb_decode, its
 * inverse. */
const struct module_desc *rf_banked_desc(void *vm)
{
	return ((struct rf_banked_model *)vm)->desc;
}

void rf_banked_bus_in(void *vm, const struct rfb_req *rq, uint32_t *in)
{
	struct rf_banked_model *m = vm;

	memset(in, 0, m->desc->in_words * sizeof *in);
	for (uint64_t v = rq->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		bus_set_inline(in, port(m, RFB_RD_REQ_I), c, 1);
		bus_set_inline(in, port(m, RFB_RD_WARP_I), c, rq->rd_warp[c]);
		bus_set_inline(in, port(m, RFB_RD_REG_I), c, rq->rd_reg[c]);
	}
	for (uint64_t v = rq->wr_req; v; v &= v - 1) {
		unsigned w = (unsigned)__builtin_ctzll(v);

		bus_set_inline(in, port(m, RFB_WR_REQ_I), w, 1);
		bus_set_inline(in, port(m, RFB_WR_WARP_I), w, rq->wr_warp[w]);
		bus_set_inline(in, port(m, RFB_WR_REG_I), w, rq->wr_reg[w]);
		bus_set_inline(in, port(m, RFB_WR_MASK_I), w, rq->wr_mask[w]);
		bus_set_words(in, port(m, RFB_WR_DATA_I), w, rq->wr_data[w]);
	}
}

void rf_banked_bus_out(void *vm, const struct rfb_grants *g, const struct rfb_out *o, uint32_t *out)
{
	struct rf_banked_model *m = vm;

	memset(out, 0, m->desc->out_words * sizeof *out);
	bus_set_mask(out, port(m, RFB_RD_GNT_O), g->rd_gnt);
	bus_set_mask(out, port(m, RFB_RD_VALID_O), o->rd_valid);
	for (uint64_t v = o->rd_valid; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		bus_set_words(out, port(m, RFB_RD_DATA_O), c, o->rd_data[c]);
	}
	bus_set_mask(out, port(m, RFB_WR_GNT_O), g->wr_gnt);
	bus_set_mask(out, port(m, RFB_BANK_CONFLICT_O), g->conflict);
}

/* n cycles with no request: only the read pipeline moves, so at most
 * read_latency of them change anything. */
void rf_banked_idle(void *vm, uint64_t n)
{
	struct rf_banked_model *m = vm;
	struct rfb_req none = {0};
	struct rfb_grants g;

	for (uint64_t i = 0; i < n && i < m->cfg->read_latency; i++)
		rf_banked_step(vm, &none, &g);
}

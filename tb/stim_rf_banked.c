/* stim_rf_banked.c: stimulus and scoreboard for the banked register file.
 *
 * Protocol the stimulus keeps (docs/rf_banked.md):
 *   - a collector reads only registers whose every lane has been written,
 *     so no read returns what the SRAM held at power-up;
 *   - two write ports never write the same register in one cycle;
 *   - warp and register indices are in range.
 * A refused request is usually held and retried, like an operand collector
 * waiting for its bank; request rates change every few hundred cycles so
 * runs see idle, busy and saturated stretches.
 *
 * Scoreboard: a flat copy of the register file.  A read granted at cycle t
 * must return, at t + read_latency, the value before cycle t's writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_banked_desc.h"
#include "rng.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_BANK_CONFLICT };

static const char *const scenarios[] = {"random", "bank_conflict", NULL};

struct pending_read {
	uint64_t due;
	unsigned reg;		/* flat register id */
	uint32_t *value;	/* lanes words */
};

struct rfb_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned nregs, lanes;
	uint64_t full_mask;
	uint32_t *ref;		/* [reg][lane] */
	uint64_t *written;	/* [reg] lanes ever written */
	unsigned *readable;	/* regs with every lane written */
	unsigned nreadable;
	/* per collector: FIFO of reads in flight (at most read_latency) */
	struct pending_read *inflight;	/* [collector][read_latency + 1] */
	unsigned *head, *count;
	/* requests of the last cycle, to hold when refused */
	int *rd_held;		/* [collector] flat reg or -1 */
	unsigned rd_pct, wr_pct;	/* current request rates */
	uint32_t *scratch;
};

static const struct port_desc *port(const struct rfb_stim *s, enum rf_banked_port p)
{
	return &s->m->ports[p];
}

static unsigned warp_of(const struct rfb_stim *s, unsigned reg)
{
	return reg / s->cfg->d.regs_per_warp;
}

static unsigned idx_of(const struct rfb_stim *s, unsigned reg)
{
	return reg % s->cfg->d.regs_per_warp;
}

static void *rfb_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct rfb_stim *s = calloc(1, sizeof *s);
	unsigned depth = cfg->read_latency + 1u;

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scenario = strcmp(scenario, "bank_conflict") == 0 ? SCEN_BANK_CONFLICT : SCEN_RANDOM;
	s->nregs = cfg->warps * cfg->d.regs_per_warp;
	s->lanes = cfg->lanes;
	s->full_mask = cfg->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg->lanes) - 1u;
	s->ref = calloc((size_t)s->nregs * s->lanes, sizeof *s->ref);
	s->written = calloc(s->nregs, sizeof *s->written);
	s->readable = calloc(s->nregs, sizeof *s->readable);
	s->inflight = calloc((size_t)cfg->collectors * depth, sizeof *s->inflight);
	s->head = calloc(cfg->collectors, sizeof *s->head);
	s->count = calloc(cfg->collectors, sizeof *s->count);
	s->rd_held = calloc(cfg->collectors, sizeof *s->rd_held);
	s->scratch = calloc(s->lanes, sizeof *s->scratch);
	if (!s->ref || !s->written || !s->readable || !s->inflight || !s->head || !s->count ||
	    !s->rd_held || !s->scratch)
		return NULL;	/* the driver reports out of memory and exits */
	for (size_t i = 0; i < (size_t)cfg->collectors * depth; i++) {
		s->inflight[i].value = calloc(s->lanes, sizeof(uint32_t));
		if (!s->inflight[i].value)
			return NULL;
	}
	for (unsigned c = 0; c < cfg->collectors; c++)
		s->rd_held[c] = -1;
	s->rd_pct = 60;
	s->wr_pct = 40;
	return s;
}

static void rfb_stim_destroy(void *vs)
{
	struct rfb_stim *s = vs;
	size_t n;

	if (!s)
		return;
	n = (size_t)s->cfg->collectors * (s->cfg->read_latency + 1u);
	for (size_t i = 0; s->inflight && i < n; i++)
		free(s->inflight[i].value);
	free(s->ref);
	free(s->written);
	free(s->readable);
	free(s->inflight);
	free(s->head);
	free(s->count);
	free(s->rd_held);
	free(s->scratch);
	free(s);
}

static void set_read(struct rfb_stim *s, uint32_t *in, unsigned c, unsigned reg)
{
	bus_set(in, port(s, RFB_RD_REQ_I), c, 1);
	bus_set(in, port(s, RFB_RD_WARP_I), c, warp_of(s, reg));
	bus_set(in, port(s, RFB_RD_REG_I), c, idx_of(s, reg));
}

static void set_write(struct rfb_stim *s, uint32_t *in, unsigned w, unsigned reg, uint64_t mask)
{
	bus_set(in, port(s, RFB_WR_REQ_I), w, 1);
	bus_set(in, port(s, RFB_WR_WARP_I), w, warp_of(s, reg));
	bus_set(in, port(s, RFB_WR_REG_I), w, idx_of(s, reg));
	bus_set(in, port(s, RFB_WR_MASK_I), w, mask);
	for (unsigned l = 0; l < s->lanes; l++)
		s->scratch[l] = (uint32_t)rng_next(&s->rng);
	bus_set_words(in, port(s, RFB_WR_DATA_I), w, s->scratch);
}

/* Random traffic, rates re-drawn every 256 cycles. */
static void drive_random(struct rfb_stim *s, uint64_t cycle, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned chosen[16];

	if (cycle % 256 == 0) {
		static const unsigned rates[] = {0, 10, 30, 60, 90, 100};

		s->rd_pct = rates[rng_below(&s->rng, 6)];
		s->wr_pct = rates[rng_below(&s->rng, 5)];
	}
	for (unsigned c = 0; c < cfg->collectors; c++) {
		if (s->rd_held[c] >= 0 && rng_chance(&s->rng, 85)) {
			set_read(s, in, c, (unsigned)s->rd_held[c]);
			continue;
		}
		s->rd_held[c] = -1;
		if (s->nreadable && rng_chance(&s->rng, s->rd_pct))
			set_read(s, in, c, s->readable[rng_below(&s->rng, s->nreadable)]);
	}
	for (unsigned w = 0; w < cfg->write_ports; w++) {
		unsigned reg;
		uint64_t mask;
		int dup;

		if (w >= s->nregs)	/* fewer registers than write ports */
			break;
		if (!rng_chance(&s->rng, s->wr_pct))
			continue;
		do {
			reg = rng_below(&s->rng, s->nregs);
			dup = 0;
			for (unsigned k = 0; k < w; k++)
				dup |= bus_get(in, port(s, RFB_WR_REQ_I), k) && chosen[k] == reg;
		} while (dup);
		chosen[w] = reg;
		mask = rng_chance(&s->rng, 60) ? s->full_mask : rng_next(&s->rng) & s->full_mask;
		set_write(s, in, w, reg, mask);
	}
}

/* Directed: fill warp 0 and 1, then every collector asks bank 0 at once
 * while a write takes the bank, then random traffic. */
static void drive_bank_conflict(struct rfb_stim *s, uint64_t cycle, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned fill = 2u * cfg->d.regs_per_warp < s->nregs ? 2u * cfg->d.regs_per_warp : s->nregs;
	uint64_t fill_cycles = (fill + cfg->write_ports - 1u) / cfg->write_ports;

	if (cycle < fill_cycles) {
		for (unsigned w = 0; w < cfg->write_ports; w++) {
			unsigned reg = (unsigned)cycle * cfg->write_ports + w;

			if (reg < fill)
				set_write(s, in, w, reg, s->full_mask);
		}
		return;
	}
	if (cycle < fill_cycles + 2u * cfg->collectors + 4u) {
		/* Register c*banks of warp 0 is in bank 0 under both maps. */
		for (unsigned c = 0; c < cfg->collectors; c++) {
			unsigned reg = (c * cfg->banks) % fill;

			if (s->rd_held[c] != -2)
				set_read(s, in, c, reg);
		}
		if (cycle == fill_cycles + 1u || cycle == fill_cycles + 2u)
			set_write(s, in, 0, cfg->banks % fill, s->full_mask);
		return;
	}
	drive_random(s, cycle, in);
}

static void rfb_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rfb_stim *s = vs;

	if (s->scenario == SCEN_BANK_CONFLICT)
		drive_bank_conflict(s, cycle, in);
	else
		drive_random(s, cycle, in);
}

static int rfb_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out,
			    char *msg, size_t msg_n)
{
	struct rfb_stim *s = vs;
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned depth = cfg->read_latency + 1u;

	/* 1. data due this cycle */
	for (unsigned c = 0; c < cfg->collectors; c++) {
		int valid = (int)bus_get(out, port(s, RFB_RD_VALID_O), c);
		struct pending_read *p = s->count[c] ? &s->inflight[c * depth + s->head[c]] : NULL;
		int due = p && p->due == cycle;

		if (valid != due) {
			snprintf(msg, msg_n, "scoreboard: collector %u rd_valid_o = %d but %s", c, valid,
				 due ? "a read granted read_latency cycles ago is due" : "no read is due");
			return -1;
		}
		if (!due)
			continue;
		bus_get_words(out, port(s, RFB_RD_DATA_O), c, s->scratch);
		for (unsigned l = 0; l < s->lanes; l++)
			if (s->scratch[l] != p->value[l]) {
				snprintf(msg, msg_n, "scoreboard: collector %u read of warp %u reg %u lane %u "
						     "returned 0x%08x, last written 0x%08x", c,
					 warp_of(s, p->reg), idx_of(s, p->reg), l, s->scratch[l], p->value[l]);
				return -1;
			}
		s->head[c] = (s->head[c] + 1u) % depth;
		s->count[c]--;
	}
	/* 2. reads granted now see the file before this cycle's writes */
	for (unsigned c = 0; c < cfg->collectors; c++) {
		unsigned reg;
		struct pending_read *p;

		if (!bus_get(in, port(s, RFB_RD_REQ_I), c))
			continue;
		reg = (unsigned)(bus_get(in, port(s, RFB_RD_WARP_I), c) * cfg->d.regs_per_warp +
				 bus_get(in, port(s, RFB_RD_REG_I), c));
		if (!bus_get(out, port(s, RFB_RD_GNT_O), c)) {
			s->rd_held[c] = (int)reg;
			continue;
		}
		s->rd_held[c] = s->scenario == SCEN_BANK_CONFLICT ? -2 : -1;
		p = &s->inflight[c * depth + (s->head[c] + s->count[c]) % depth];
		p->due = cycle + cfg->read_latency;
		p->reg = reg;
		memcpy(p->value, s->ref + (size_t)reg * s->lanes, s->lanes * sizeof *p->value);
		s->count[c]++;
	}
	/* 3. granted writes land */
	for (unsigned w = 0; w < cfg->write_ports; w++) {
		unsigned reg;
		uint64_t mask;

		if (!bus_get(in, port(s, RFB_WR_REQ_I), w) || !bus_get(out, port(s, RFB_WR_GNT_O), w))
			continue;
		reg = (unsigned)(bus_get(in, port(s, RFB_WR_WARP_I), w) * cfg->d.regs_per_warp +
				 bus_get(in, port(s, RFB_WR_REG_I), w));
		mask = bus_get(in, port(s, RFB_WR_MASK_I), w);
		bus_get_words(in, port(s, RFB_WR_DATA_I), w, s->scratch);
		for (unsigned l = 0; l < s->lanes; l++)
			if (mask >> l & 1u)
				s->ref[(size_t)reg * s->lanes + l] = s->scratch[l];
		if (s->written[reg] != s->full_mask && (s->written[reg] | mask) == s->full_mask)
			s->readable[s->nreadable++] = reg;
		s->written[reg] |= mask;
	}
	return 0;
}

const struct stim_ops rf_banked_stim = {
	"rf_banked", scenarios, rfb_stim_create, rfb_stim_drive, rfb_stim_observe, rfb_stim_destroy,
};

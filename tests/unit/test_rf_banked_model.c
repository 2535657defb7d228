/* test_rf_banked_model.c: the banked register file's C model against
 * hand-worked cycles (independent of the RTL and of the random stimulus). */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"

static CHECK_STATE;

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[64], out[64];
};

static void setup(struct tb *t, unsigned latency, unsigned bank_ports)
{
	struct gpurf_err err = {0};

	cfg_defaults(&t->cfg);
	t->cfg.warps = 4;
	t->cfg.ctas = 2;
	t->cfg.threads = 8;
	t->cfg.schedulers = 2;
	t->cfg.lanes = 2;
	t->cfg.rf_bytes = 4 * 8 * 8;	/* 32 warp registers of 8 bytes */
	t->cfg.banks = 4;
	t->cfg.collectors = 3;
	t->cfg.write_ports = 2;
	t->cfg.read_latency = latency;
	t->cfg.bank_ports = bank_ports;
	CHECK_EQ(cfg_finish(&t->cfg, &err), 0);
	desc_rf_banked(&t->cfg, &t->m);
	t->model = rf_banked_ops.create(&t->cfg, &t->m);
	rf_banked_ops.reset(t->model);
}

static const struct port_desc *P(struct tb *t, enum rf_banked_port p)
{
	return &t->m.ports[p];
}

static void rd(struct tb *t, unsigned c, unsigned warp, unsigned reg)
{
	bus_set(t->in, P(t, RFB_RD_REQ_I), c, 1);
	bus_set(t->in, P(t, RFB_RD_WARP_I), c, warp);
	bus_set(t->in, P(t, RFB_RD_REG_I), c, reg);
}

static void wr(struct tb *t, unsigned p, unsigned warp, unsigned reg, unsigned mask, uint32_t l0, uint32_t l1)
{
	uint32_t d[2] = {l0, l1};

	bus_set(t->in, P(t, RFB_WR_REQ_I), p, 1);
	bus_set(t->in, P(t, RFB_WR_WARP_I), p, warp);
	bus_set(t->in, P(t, RFB_WR_REG_I), p, reg);
	bus_set(t->in, P(t, RFB_WR_MASK_I), p, mask);
	bus_set_words(t->in, P(t, RFB_WR_DATA_I), p, d);
}

/* eval then tick; returns with outputs of this cycle in t->out, inputs cleared */
static void cycle(struct tb *t)
{
	rf_banked_ops.eval(t->model, t->in, t->out);
	rf_banked_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
}

static uint64_t out(struct tb *t, enum rf_banked_port p, unsigned e)
{
	return bus_get(t->out, P(t, p), e);
}

static uint32_t lane(struct tb *t, unsigned c, unsigned l)
{
	uint32_t d[2];

	bus_get_words(t->out, P(t, RFB_RD_DATA_O), c, d);
	return d[l];
}

int main(void)
{
	struct tb t;

	memset(&t, 0, sizeof t);
	setup(&t, 1, 1);
	/* address map: 8 regs per warp, 4 banks, bank = (reg + warp) % 4 */
	CHECK_EQ(rf_banked_bank(&t.cfg, 1, 2), 3);
	CHECK_EQ(rf_banked_row(&t.cfg, 1, 2), 2);	/* (1*8+2)/4 */
	CHECK_EQ(rf_banked_row(&t.cfg, 3, 7), 7);

	/* cycle 0: write w0 r0 (bank 0) fully; cycle 1: read it; data at cycle 2 */
	wr(&t, 0, 0, 0, 3, 0xaaaa0000u, 0xbbbb0000u);
	cycle(&t);
	CHECK_EQ(out(&t, RFB_WR_GNT_O, 0), 1);
	rd(&t, 0, 0, 0);
	cycle(&t);
	CHECK_EQ(out(&t, RFB_RD_GNT_O, 0), 1);
	CHECK_EQ(out(&t, RFB_RD_VALID_O, 0), 0);
	cycle(&t);
	CHECK_EQ(out(&t, RFB_RD_VALID_O, 0), 1);
	CHECK_EQ(lane(&t, 0, 0), 0xaaaa0000u);
	CHECK_EQ(lane(&t, 0, 1), 0xbbbb0000u);
	cycle(&t);	/* valid for one cycle only, data zero when not valid */
	CHECK_EQ(out(&t, RFB_RD_VALID_O, 0), 0);
	CHECK_EQ(lane(&t, 0, 0), 0);

	/* writes win: a read and a write to bank 0 in one cycle, one port */
	rd(&t, 1, 0, 0);
	wr(&t, 1, 0, 4, 1, 0x1234u, 0);	/* r4 of w0 is bank 0 too */
	cycle(&t);
	CHECK_EQ(out(&t, RFB_WR_GNT_O, 1), 1);
	CHECK_EQ(out(&t, RFB_RD_GNT_O, 1), 0);
	CHECK_EQ(out(&t, RFB_BANK_CONFLICT_O, 0), 1);
	CHECK_EQ(out(&t, RFB_BANK_CONFLICT_O, 1), 0);

	/* read-first: read and write of the same register with two ports */
	rf_banked_ops.destroy(t.model);
	memset(&t, 0, sizeof t);
	setup(&t, 2, 2);
	wr(&t, 0, 2, 5, 3, 1, 2);
	cycle(&t);
	rd(&t, 2, 2, 5);
	wr(&t, 0, 2, 5, 1, 7, 8);	/* lane 0 only */
	cycle(&t);
	CHECK_EQ(out(&t, RFB_RD_GNT_O, 2), 1);
	CHECK_EQ(out(&t, RFB_WR_GNT_O, 0), 1);
	cycle(&t);
	CHECK_EQ(out(&t, RFB_RD_VALID_O, 2), 0);	/* latency 2 */
	cycle(&t);
	CHECK_EQ(out(&t, RFB_RD_VALID_O, 2), 1);
	CHECK_EQ(lane(&t, 2, 0), 1);	/* old value */
	CHECK_EQ(lane(&t, 2, 1), 2);
	rd(&t, 0, 2, 5);
	cycle(&t);
	cycle(&t);
	cycle(&t);
	CHECK_EQ(lane(&t, 0, 0), 7);	/* masked write kept lane 1 */
	CHECK_EQ(lane(&t, 0, 1), 2);

	/* round robin: three collectors on bank 0, one port: 0, 1, 2 */
	rf_banked_ops.destroy(t.model);
	memset(&t, 0, sizeof t);
	setup(&t, 1, 1);
	{
		unsigned order[3] = {9, 9, 9}, held = 7;	/* bit c: collector c still wants */

		for (unsigned cy = 0; cy < 3; cy++) {
			for (unsigned c = 0; c < 3; c++)
				if (held >> c & 1u)
					rd(&t, c, 0, 4 * c % 8);	/* w0 r0 / r4 / r0: bank 0 */
			cycle(&t);
			for (unsigned c = 0; c < 3; c++)
				if (out(&t, RFB_RD_GNT_O, c)) {
					order[cy] = c;
					held &= ~(1u << c);
				}
		}
		CHECK_EQ(order[0], 0);
		CHECK_EQ(order[1], 1);
		CHECK_EQ(order[2], 2);
	}
	rf_banked_ops.destroy(t.model);
	return CHECK_DONE();
}

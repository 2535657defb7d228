/* test_rfc_model.c: the register file cache model on hand-worked cases
 * (Gebhart Sec. 3.1, 3.3, 5.2): FIFO eviction with and without the
 * last-use hint, a value killed in the cycle it is evicted, a dead value
 * never written back, the flush of a demoted warp, a bypassed result.
 * Expected values are worked out by hand from the paper's policy. */
#include <string.h>

#include "check.h"
#include "rfc.h"
#include "rfc_desc.h"

static CHECK_STATE;

struct rig {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[64], out[64];
};

static void rig_init(struct rig *r)
{
	struct gpurf_err err = {0};

	cfg_defaults(&r->cfg);
	r->cfg.scheme = SCHEME_RFC;
	r->cfg.warps = 4;
	r->cfg.ctas = 1;
	r->cfg.threads = 4;
	r->cfg.schedulers = 1;
	r->cfg.lanes = 1;
	r->cfg.rf_bytes = 4 * 16 * 4;	/* 16 registers per warp */
	r->cfg.banks = 4;
	r->cfg.rfc.active_warps = 2;
	r->cfg.rfc.entries = 3;
	r->cfg.rfc.src_ports = 3;
	CHECK_EQ(cfg_finish(&r->cfg, &err), 0);
	desc_rfc(&r->cfg, &r->m);
	r->model = rfc_ops.create(&r->cfg, &r->m);
	rfc_ops.reset(r->model);
	memset(r->in, 0, sizeof r->in);
}

static void set(struct rig *r, enum rfc_port p, unsigned e, uint64_t v)
{
	bus_set(r->in, &r->m.ports[p], e, v);
}

static uint64_t get(struct rig *r, enum rfc_port p, unsigned e)
{
	return bus_get(r->out, &r->m.ports[p], e);
}

static void wr(struct rig *r, unsigned reg, uint32_t data)
{
	set(r, RFC_WR_I, 0, 1);
	set(r, RFC_WR_SLOT_I, 0, 0);
	set(r, RFC_WR_REG_I, 0, reg);
	set(r, RFC_WR_DATA_I, 0, data);
}

static void rd(struct rig *r, unsigned k, unsigned reg, unsigned last)
{
	set(r, RFC_RD_I, 0, 1);
	set(r, RFC_RD_REGV_I, k, 1);
	set(r, RFC_RD_REG_I, k, reg);
	set(r, RFC_RD_LAST_I, k, last);
}

/* eval, then the edge; inputs cleared for the next cycle */
static void step(struct rig *r)
{
	rfc_ops.eval(r->model, r->in, r->out);
	rfc_ops.tick(r->model, r->in);
	memset(r->in, 0, sizeof r->in);
}

/* eval only, to look at this cycle's outputs */
static void look(struct rig *r)
{
	rfc_ops.eval(r->model, r->in, r->out);
}

static void expect_mrf(struct rig *r, unsigned kind, unsigned reg, uint32_t data)
{
	CHECK_EQ(get(r, RFC_MRF_WR_O, 0), 1);
	CHECK_EQ(get(r, RFC_MRF_WR_KIND_O, 0), kind);
	CHECK_EQ(get(r, RFC_MRF_WR_REG_O, 0), reg);
	CHECK_EQ(get(r, RFC_MRF_WR_DATA_O, 0), data);
}

/* Fill r1, r2, r3, then r4 evicts the oldest (r1, dirty: written back).
 * Then r5 evicts r2 in the cycle r2 is read: with the hint r2 is dead and
 * is not written back; without it, it is. */
static void eviction(unsigned hint)
{
	struct rig r;

	rig_init(&r);
	wr(&r, 1, 0x11);
	step(&r);
	wr(&r, 2, 0x22);
	step(&r);
	wr(&r, 3, 0x33);
	step(&r);
	wr(&r, 4, 0x44);			/* FIFO victim: r1 */
	look(&r);
	CHECK_EQ(get(&r, RFC_WR_HIT_O, 0), 0);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	step(&r);
	rd(&r, 0, 2, hint);			/* r2's last use ... */
	wr(&r, 5, 0x55);			/* ... while r5 evicts it */
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 0), 1);
	CHECK_EQ(get(&r, RFC_MRF_RD_O, 0), 0);
	expect_mrf(&r, RFC_MRF_EVICT, 1, 0x11);	/* last cycle's eviction */
	step(&r);
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_VALID_O, 0), 1);
	CHECK_EQ(get(&r, RFC_RD_DATA_O, 0), 0x22);
	if (hint)
		CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);	/* dead: no write-back */
	else
		expect_mrf(&r, RFC_MRF_EVICT, 2, 0x22);
	/* Reads never allocate: r1 (now only in the MRF) misses twice. */
	rd(&r, 1, 1, 0);
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 1), 0);
	CHECK_EQ(get(&r, RFC_MRF_RD_O, 1), 1);
	step(&r);
	rd(&r, 1, 1, 0);
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 1), 0);
	rfc_ops.destroy(r.model);
}

/* A value killed earlier stays dead; a flush writes back the dirty rest,
 * lowest entry first, then the slot is empty; a bypass goes to the MRF. */
static void dead_flush_bypass(void)
{
	struct rig r;

	rig_init(&r);
	wr(&r, 1, 0x11);	/* e0 */
	step(&r);
	wr(&r, 2, 0x22);	/* e1 */
	step(&r);
	wr(&r, 3, 0x33);	/* e2 */
	step(&r);
	rd(&r, 0, 1, 1);	/* r1 dead */
	step(&r);
	wr(&r, 4, 0x44);	/* evicts r1 (oldest, e0): dead, nothing written */
	step(&r);
	look(&r);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	wr(&r, 2, 0x2a);	/* write hit: in place, FIFO order kept */
	look(&r);
	CHECK_EQ(get(&r, RFC_WR_HIT_O, 0), 1);
	step(&r);
	wr(&r, 5, 0x55);	/* evicts r2 (e1, still oldest): written back */
	step(&r);
	look(&r);
	expect_mrf(&r, RFC_MRF_EVICT, 2, 0x2a);
	/* Flush: e0 = r4, e1 = r5, e2 = r3, all dirty. */
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 0);
	step(&r);
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 4, 0x44);
	step(&r);
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 5, 0x55);
	step(&r);
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 3, 0x33);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);
	step(&r);
	rd(&r, 0, 3, 0);	/* the slot is cold */
	set(&r, RFC_WR_BYPASS_I, 0, 1);
	wr(&r, 6, 0x66);
	set(&r, RFC_WR_BYPASS_I, 0, 1);
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 0), 0);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	step(&r);
	rd(&r, 0, 6, 0);	/* a bypassed result is not cached */
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 0), 0);
	expect_mrf(&r, RFC_MRF_BYPASS, 6, 0x66);
	rfc_ops.destroy(r.model);
}

int main(void)
{
	eviction(1);
	eviction(0);
	dead_flush_bypass();
	return CHECK_DONE();
}

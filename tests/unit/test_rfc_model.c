/* test_rfc_model.c: the register file cache model on hand-worked cases
 * (Gebhart Sec. 3.1, 3.3, 5.2): FIFO eviction with and without the
 * last-use hint, a value killed in the cycle it is evicted, a dead value
 * never written back, the flush of a demoted warp, a bypassed result; with
 * a victim buffer (issue 22): a flush copied in one cycle and drained in
 * order, a read of a buffered register, a newer write-back killing the
 * older buffered copy, a flush waiting for room; the top's hold on flush
 * write-backs (flush_yields).
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

static void rig_init_v(struct rig *r, unsigned victim)
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
	r->cfg.rfc.victim_entries = victim;
	CHECK_EQ(cfg_finish(&r->cfg, &err), 0);
	desc_rfc(&r->cfg, &r->m);
	r->model = rfc_ops.create(&r->cfg, &r->m);
	rfc_ops.reset(r->model);
	memset(r->in, 0, sizeof r->in);
}

/* The blocking flush of the hand-worked cases before issue 22. */
static void rig_init(struct rig *r)
{
	rig_init_v(r, 0);
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

static int vb_shows(struct rig *r, unsigned warp, unsigned reg)
{
	for (unsigned b = 0; b < r->cfg.rfc.victim_entries; b++)
		if (get(r, RFC_VB_VALID_O, b) && get(r, RFC_VB_WARP_O, b) == warp && get(r, RFC_VB_REG_O, b) == reg)
			return 1;
	return 0;
}

static void flush_slot0(struct rig *r, unsigned warp)
{
	set(r, RFC_FL_I, 0, 1);
	set(r, RFC_FL_SLOT_I, 0, 0);
	set(r, RFC_FL_WARP_I, 0, warp);
}

/* Warp `warp` in slot 0 writes r`first`..r`last` (value 0x11 * k), one a
 * cycle: all dirty. */
static void fill_slot0(struct rig *r, unsigned first, unsigned last, unsigned warp)
{
	for (unsigned k = first; k <= last; k++) {
		wr(r, k, 0x10 * k + k);
		set(r, RFC_WR_WARP_I, 0, warp);
		step(r);
	}
}

/* A victim buffer of 3 (= entries): warp 2 in slot 0 writes r1..r3 (all
 * dirty); its flush copies the three at once (fl_done_o in the first
 * cycle), the slot is empty at the edge; the buffer drains r1, r2, r3 in
 * order from the cycle after next (a copy's data needs a cycle), in cycles the
 * result path leaves the MRF port free.  Warp 2
 * returns to slot 0: a miss on r3 finds it buffered (the environment
 * waits); a bypass of r3 kills the buffered copy, so r3's old value is
 * never written after the new one.  A second flush of three dirty entries
 * waits until the buffer has room for all three. */
static void victim_buffer(void)
{
	struct rig r;

	rig_init_v(&r, 3);
	fill_slot0(&r, 1, 3, 2);
	flush_slot0(&r, 2);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);		/* all three fit: done at once */
	step(&r);
	look(&r);					/* cycle 1: copies in, r1 fresh */
	CHECK_EQ(vb_shows(&r, 2, 1) && vb_shows(&r, 2, 2) && vb_shows(&r, 2, 3), 1);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	rd(&r, 0, 3, 0);				/* warp 2 back in slot 0: r3 misses ... */
	look(&r);
	CHECK_EQ(get(&r, RFC_RD_HIT_O, 0), 0);		/* ... and is buffered: the MRF read waits */
	CHECK_EQ(vb_shows(&r, 2, 3), 1);
	step(&r);					/* cycle 2: r1 drains */
	set(&r, RFC_WR_BYPASS_I, 0, 1);			/* a newer r3 straight to the MRF */
	wr(&r, 3, 0x3b);
	set(&r, RFC_WR_BYPASS_I, 0, 1);
	set(&r, RFC_WR_WARP_I, 0, 2);
	look(&r);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	step(&r);					/* cycle 3: the bypass had the port; r3's copy killed */
	look(&r);
	expect_mrf(&r, RFC_MRF_BYPASS, 3, 0x3b);
	CHECK_EQ(vb_shows(&r, 2, 3), 0);
	CHECK_EQ(vb_shows(&r, 2, 2), 1);
	step(&r);					/* cycle 4: r1, drained in cycle 3 */
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 1, 0x11);
	CHECK_EQ(get(&r, RFC_MRF_WR_WARP_O, 0), 2);
	/* Slot 0 gets r4..r6 dirty while r2 and the dead r3 are still in. */
	for (unsigned k = 4; k <= 6; k++) {
		wr(&r, k, 0x10 * k + k);
		set(&r, RFC_WR_WARP_I, 0, 1);
		step(&r);
		look(&r);
		if (k == 4)
			expect_mrf(&r, RFC_MRF_FLUSH, 2, 0x22);	/* in order: r2 after r1 */
		else
			CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);	/* the killed r3 left without a write */
	}
	flush_slot0(&r, 1);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);		/* buffer empty again: fits */
	step(&r);
	/* A third fill of slot 0 and a flush while the second is still
	 * buffered: three entries need three free ones, so it waits. */
	fill_slot0(&r, 7, 9, 3);
	flush_slot0(&r, 3);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 0);		/* r6 still buffered: no room */
	CHECK_EQ(vb_shows(&r, 1, 6), 1);
	step(&r);
	flush_slot0(&r, 3);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);		/* r6 drained: room for three */
	rfc_ops.destroy(r.model);
}

/* fl_hold_i (the top's result wants the MRF port) stops every flush
 * write-back and nothing else.  Victim buffer: r1..r3 copied, held in
 * cycles 2 and 3, so r1 drains in cycle 4 (written in 5) and the buffer
 * still shows all three until then.  Blocking flush: a held cycle steps
 * nothing, the next one writes r1 back. */
static void held_flush(void)
{
	struct rig r;

	rig_init_v(&r, 3);
	fill_slot0(&r, 1, 3, 2);
	flush_slot0(&r, 2);
	set(&r, RFC_FL_HOLD_I, 0, 1);			/* the copy is not a write-back: it goes */
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);
	step(&r);					/* cycle 1: r1 fresh */
	for (unsigned c = 2; c <= 3; c++) {
		set(&r, RFC_FL_HOLD_I, 0, 1);
		step(&r);				/* cycles 2, 3: held */
		look(&r);
		CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
		CHECK_EQ(vb_shows(&r, 2, 1), 1);
	}
	step(&r);					/* cycle 4: r1 drains */
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 1, 0x11);
	CHECK_EQ(vb_shows(&r, 2, 1), 0);
	rfc_ops.destroy(r.model);

	rig_init(&r);
	wr(&r, 1, 0x11);
	step(&r);
	set(&r, RFC_FL_I, 0, 1);
	set(&r, RFC_FL_HOLD_I, 0, 1);
	look(&r);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 0);
	step(&r);					/* held: no step */
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	CHECK_EQ(get(&r, RFC_MRF_WR_O, 0), 0);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 0);
	step(&r);					/* steps r1 */
	set(&r, RFC_FL_I, 0, 1);
	look(&r);
	expect_mrf(&r, RFC_MRF_FLUSH, 1, 0x11);
	CHECK_EQ(get(&r, RFC_FL_DONE_O, 0), 1);
	rfc_ops.destroy(r.model);
}

int main(void)
{
	eviction(1);
	eviction(0);
	dead_flush_bypass();
	victim_buffer();
	held_flush();
	return CHECK_DONE();
}

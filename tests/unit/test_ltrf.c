/* test_ltrf.c: LTRF structures against the paper's numbers and hand-worked
 * cycles (independent of the RTL and of the random stimulus):
 *   - WCB storage of the paper's SM (Sec. 4.3): 64 x (256 x 5 + 3 + 256 +
 *     256) = 114,880 bits, and the 16 KB register cache (Table 3);
 *   - the Address Allocation Unit of Fig. 8: unused queue full at reset,
 *     allocation takes the head, a freed bank goes to the tail;
 *   - the WCB's one-cycle lookup, read-first, and LTRF+ clear-then-set. */
#include <string.h>

#include "alloc_queue.h"
#include "cfg.h"
#include "check.h"
#include "ltrf_cache_desc.h"
#include "wcb.h"
#include "wcb_desc.h"

static CHECK_STATE;

static unsigned long mem_bits(const struct module_desc *m)
{
	unsigned long bits = 0;

	for (unsigned i = 0; i < m->nmems; i++)
		bits += (unsigned long)m->mems[i].instances * m->mems[i].rows * m->mems[i].width;
	return bits;
}

static void test_paper_storage(void)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct module_desc m;

	CHECK_EQ(cfg_load(&cfg, "configs/ltrf_dwm.ini", &err), 0);
	CHECK_EQ(cfg.ltrf.d.arch_regs, 256);
	CHECK_EQ(cfg.ltrf.d.bank_bits + 1u, 5);	/* 4-bit bank + valid: the formula's 5 */
	CHECK_EQ(cfg.ltrf.d.offset_bits, 3);
	desc_wcb(&cfg, &m);
	/* arrays + the warp-offset flops */
	CHECK_EQ(mem_bits(&m) + (unsigned long)cfg.warps * cfg.ltrf.d.offset_bits, 114880);
	desc_ltrf_cache(&cfg, &m);
	CHECK_EQ(mem_bits(&m), 16ul * 1024 * 8);	/* 16 KB */
	CHECK_EQ(m.mems[0].instances, 16);
	CHECK_EQ(m.mems[0].rows, 8);
	/* LTRF without liveness: 64 x (256 x 5 + 3 + 256) */
	cfg.scheme = SCHEME_LTRF;
	CHECK_EQ(cfg_finish(&cfg, &err), 0);
	desc_wcb(&cfg, &m);
	CHECK_EQ(mem_bits(&m) + (unsigned long)cfg.warps * cfg.ltrf.d.offset_bits, 114880ul - 64 * 256);
}

static void test_fig8_queue(void)
{
	struct alloc_queue q;

	alloc_queue_reset(&q, 4);
	CHECK(alloc_queue_ok(&q));
	CHECK_EQ(alloc_queue_head(&q), 0);
	alloc_queue_tick(&q, 1, 0, 0);		/* bank 0 */
	alloc_queue_tick(&q, 1, 0, 0);		/* bank 1 */
	alloc_queue_tick(&q, 1, 0, 0);		/* bank 2 */
	CHECK_EQ(q.occupied, 0x7);
	alloc_queue_tick(&q, 0, 1, 1);		/* free bank 1: unused = [3, 1] */
	CHECK_EQ(q.occupied, 0x5);
	CHECK_EQ(alloc_queue_head(&q), 3);
	alloc_queue_tick(&q, 1, 1, 0);		/* take 3, free 0: unused = [1, 0] */
	CHECK_EQ(alloc_queue_head(&q), 1);
	CHECK_EQ(q.occupied, 0xc);
	alloc_queue_tick(&q, 1, 0, 0);
	alloc_queue_tick(&q, 1, 0, 0);
	CHECK(!alloc_queue_ok(&q));
	CHECK_EQ(q.occupied, 0xf);
	alloc_queue_tick(&q, 1, 1, 2);		/* empty: the allocation is refused, the free lands */
	CHECK(alloc_queue_ok(&q));
	CHECK_EQ(alloc_queue_head(&q), 2);
	CHECK_EQ(q.occupied, 0xb);
}

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[64], out[64];
};

static void set(struct tb *t, enum wcb_port p, unsigned e, uint64_t v)
{
	bus_set(t->in, &t->m.ports[p], e, v);
}

static unsigned get(struct tb *t, enum wcb_port p, unsigned e)
{
	return (unsigned)bus_get(t->out, &t->m.ports[p], e);
}

static void cycle(struct tb *t)
{
	wcb_ops.eval(t->model, t->in, t->out);
	wcb_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
	wcb_ops.eval(t->model, t->in, t->out);
}

static void test_wcb_cycles(void)
{
	struct tb t;
	struct gpurf_err err = {0};
	uint32_t vec[8] = {0};

	memset(&t, 0, sizeof t);
	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	desc_wcb(&t.cfg, &t.m);
	t.model = wcb_ops.create(&t.cfg, &t.m);
	wcb_ops.reset(t.model);
	/* 4 warps x 16 registers in 4 table banks (r % 4): a bank has 4 warps x
	 * 4 rows, all cleared at once, so ready after 16 cycles */
	CHECK_EQ(wcb_banks(&t.cfg), 4);
	for (unsigned c = 0; c < 16; c++) {
		wcb_ops.eval(t.model, t.in, t.out);
		CHECK_EQ(get(&t, WCB_READY_O, 0), 0);
		cycle(&t);
	}
	CHECK_EQ(get(&t, WCB_READY_O, 0), 1);
	/* warp 1: offset 1, register 5 in bank 3 (written on lane 1: r5 is in
	 * table bank 1); a lookup in the same cycle sees the old (invalid) entry */
	set(&t, WCB_OF_WE_I, 0, 1);
	set(&t, WCB_OF_WARP_I, 0, 1);
	set(&t, WCB_OF_OFFSET_I, 0, 1);
	set(&t, WCB_TW_REQ_I, 1, 1);
	set(&t, WCB_TW_WARP_I, 1, 1);
	set(&t, WCB_TW_REG_I, 1, 5);
	set(&t, WCB_TW_VALID_I, 1, 1);
	set(&t, WCB_TW_BANK_I, 1, 3);
	set(&t, WCB_LK_REQ_I, 0, 1);
	set(&t, WCB_LK_WARP_I, 0, 1);
	set(&t, WCB_LK_REG_I, 0, 5);
	cycle(&t);
	CHECK_EQ(get(&t, WCB_LK_VALID_O, 0), 1);
	CHECK_EQ(get(&t, WCB_LK_HIT_O, 0), 0);	/* read-first: not cached yet */
	set(&t, WCB_LK_REQ_I, 1, 1);		/* port 1 this time */
	set(&t, WCB_LK_WARP_I, 1, 1);
	set(&t, WCB_LK_REG_I, 1, 5);
	set(&t, WCB_LK_REQ_I, 0, 1);		/* r4: the same row of table bank 0 */
	set(&t, WCB_LK_WARP_I, 0, 1);
	set(&t, WCB_LK_REG_I, 0, 4);
	cycle(&t);
	CHECK_EQ(get(&t, WCB_LK_VALID_O, 0), 1);
	CHECK_EQ(get(&t, WCB_LK_HIT_O, 0), 0);
	CHECK_EQ(get(&t, WCB_LK_VALID_O, 1), 1);
	CHECK_EQ(get(&t, WCB_LK_HIT_O, 1), 1);
	CHECK_EQ(get(&t, WCB_LK_BANK_O, 1), 3);
	CHECK_EQ(get(&t, WCB_LK_OFFSET_O, 1), 1);
	cycle(&t);
	CHECK_EQ(get(&t, WCB_LK_VALID_O, 1), 0);
	/* LTRF+: clear and set of register 7 of warp 2 in one cycle ends live
	 * (A16); a clear alone of register 9 leaves it dead */
	set(&t, WCB_LV_SET_I, 0, 1);
	set(&t, WCB_LV_SET_WARP_I, 0, 2);
	set(&t, WCB_LV_SET_REG_I, 0, 9);
	cycle(&t);
	set(&t, WCB_LV_CLR_I, 0, 1);
	set(&t, WCB_LV_CLR_WARP_I, 0, 2);
	set(&t, WCB_LV_CLR_REG_I, 0, 7);
	set(&t, WCB_LV_SET_I, 0, 1);
	set(&t, WCB_LV_SET_WARP_I, 0, 2);
	set(&t, WCB_LV_SET_REG_I, 0, 7);
	vec[0] = 0x0280;			/* working set {7, 9} */
	set(&t, WCB_WS_WE_I, 0, 1);
	set(&t, WCB_WS_WARP_I, 0, 2);
	bus_set_words(t.in, &t.m.ports[WCB_WS_VEC_I], 0, vec);
	cycle(&t);
	set(&t, WCB_LV_CLR_I, 0, 1);
	set(&t, WCB_LV_CLR_WARP_I, 0, 2);
	set(&t, WCB_LV_CLR_REG_I, 0, 9);
	cycle(&t);
	set(&t, WCB_VR_REQ_I, 0, 1);
	set(&t, WCB_VR_WARP_I, 0, 2);
	cycle(&t);
	CHECK_EQ(get(&t, WCB_VR_VALID_O, 0), 1);
	CHECK_EQ(get(&t, WCB_VR_WS_O, 0), 0x0280);
	CHECK_EQ(get(&t, WCB_VR_LIVE_O, 0), 0x0080);
	wcb_ops.destroy(t.model);
}

int main(void)
{
	test_paper_storage();
	test_fig8_queue();
	test_wcb_cycles();
	return CHECK_DONE();
}

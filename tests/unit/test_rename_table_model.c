/* test_rename_table_model.c: RegVirt's renaming unit's C model against
 * hand-worked cycles (independent of the RTL and of the random stimulus).
 *
 * Configuration: 4 warps, 2 CTAs, 4 banks of 8 physical registers (2
 * subarrays of 4), 8 architected registers, the full table (K = 8: 2 rows
 * per warp per bank), 2 rename ports, 2 free ports, one table lookup per
 * bank per cycle (two in test_two_lookups), wake-up 2 cycles, bank
 * map (r + w) mod 4.  Physical ids are {bank, index}: pid = bank * 8 + index.
 * Every expected value below is worked out in the comment beside it. */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "rename_table.h"
#include "rename_table_desc.h"

static CHECK_STATE;

enum { WORDS = 64 };

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[WORDS], out[WORDS];
};

static void setup_ports(struct tb *t, unsigned throttle, unsigned rt_ports)
{
	struct gpurf_err err = {0};

	memset(t, 0, sizeof *t);
	cfg_defaults(&t->cfg);
	t->cfg.scheme = SCHEME_REGVIRT;
	t->cfg.warps = 4;
	t->cfg.ctas = 2;
	t->cfg.threads = 16;
	t->cfg.schedulers = 2;
	t->cfg.lanes = 4;
	t->cfg.rf_bytes = 32 * 16;	/* 32 warp registers of 4 lanes x 4 bytes */
	t->cfg.banks = 4;
	t->cfg.collectors = 4;
	t->cfg.write_ports = 2;
	t->cfg.regvirt.arch_regs = 8;
	t->cfg.regvirt.rt_bytes = 0;
	t->cfg.regvirt.rename_ports = 2;
	t->cfg.regvirt.free_ports = 2;
	t->cfg.regvirt.rt_ports = rt_ports;
	t->cfg.regvirt.throttle = throttle;
	t->cfg.regvirt.subarrays = 2;
	t->cfg.regvirt.wake_latency = 2;
	CHECK_EQ(cfg_finish(&t->cfg, &err), 0);
	CHECK_EQ(t->cfg.regvirt.d.kcap, 8);
	CHECK_EQ(t->cfg.regvirt.d.rows_per_warp, 2);
	CHECK_EQ(t->cfg.regvirt.d.idx_bits, 3);
	desc_rename_table(&t->cfg, &t->m);
	CHECK(t->m.in_words <= WORDS && t->m.out_words <= WORDS);
	t->model = rename_table_ops.create(&t->cfg, &t->m);
	CHECK(t->model != NULL);
	rename_table_ops.reset(t->model);
}

/* One lookup per table bank: the cycles of the first four tests. */
static void setup(struct tb *t, unsigned throttle)
{
	setup_ports(t, throttle, 1);
}

static void set(struct tb *t, enum rename_table_port p, unsigned e, unsigned v)
{
	bus_set(t->in, &t->m.ports[p], e, v);
}

static unsigned out(struct tb *t, enum rename_table_port p, unsigned e)
{
	return (unsigned)bus_get(t->out, &t->m.ports[p], e);
}

/* eval, then the clock edge; t->out holds this cycle's outputs, inputs are cleared */
static void cycle(struct tb *t)
{
	rename_table_ops.eval(t->model, t->in, t->out);
	rename_table_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
}

/* only the outputs of the coming cycle (no edge) */
static void peek(struct tb *t)
{
	rename_table_ops.eval(t->model, t->in, t->out);
}

static void launch(struct tb *t, unsigned n, unsigned demand, unsigned bank_demand)
{
	set(t, RT_LAUNCH_I, 0, 1);
	set(t, RT_LAUNCH_EXEMPT_I, 0, n);
	set(t, RT_LAUNCH_DEMAND_I, 0, demand);
	set(t, RT_LAUNCH_BANK_DEMAND_I, 0, bank_demand);
	cycle(t);
}

static void warp_launch(struct tb *t, unsigned w, unsigned cta)
{
	set(t, RT_WL_VALID_I, 0, 1);
	set(t, RT_WL_WARP_I, 0, w);
	set(t, RT_WL_CTA_I, 0, cta);
	cycle(t);
}

static void ren(struct tb *t, unsigned p, unsigned w)
{
	set(t, RT_REN_VALID_I, p, 1);
	set(t, RT_REN_WARP_I, p, w);
}

static void src(struct tb *t, unsigned p, unsigned i, unsigned reg, unsigned rel)
{
	set(t, RT_REN_SRC_VALID_I, p * RT_SRCS + i, 1);
	set(t, RT_REN_SRC_I, p * RT_SRCS + i, reg);
	set(t, RT_REN_REL_I, p * RT_SRCS + i, rel);
}

static void dst(struct tb *t, unsigned p, unsigned reg)
{
	set(t, RT_REN_DST_VALID_I, p, 1);
	set(t, RT_REN_DST_I, p, reg);
}

static void free_reg(struct tb *t, unsigned f, unsigned pid, unsigned w)
{
	set(t, RT_FREE_VALID_I, f, 1);
	set(t, RT_FREE_PID_I, f, pid);
	set(t, RT_FREE_WARP_I, f, w);
}

/* Allocation, exempt map, power gating, release ordering, repeated
 * sources, write in place and the warp-exit sweep of warp 1 (beside a
 * rename of warp 0). */
static void test_lifecycle(void)
{
	struct tb t;

	setup(&t, RV_THROTTLE_PER_BANK);
	/* N = 2: ceil(2/4) = 1 exempt row per warp, 4 warps -> indices 0..3 of
	 * every bank reserved: 4 free per bank, subarray 0 on, subarray 1 off. */
	launch(&t, 2, 0, 0);
	warp_launch(&t, 1, 0);
	peek(&t);
	for (unsigned b = 0; b < 4; b++) {
		CHECK_EQ(out(&t, RT_FREE_CNT_O, b), 4);
		CHECK_EQ(out(&t, RT_PG_ON_O, b * 2 + 0), 1);
		CHECK_EQ(out(&t, RT_PG_ON_O, b * 2 + 1), 0);
	}

	/* c0: w1 writes r2: bank (2+1)%4 = 3, row 1*2 + (2-2)/4 = 2, unmapped.
	 * Bank 3's powered subarray 0 is full (exempt), so the lowest free
	 * register of the gated one: index 4, pid 3*8+4 = 28, waking it.
	 * The source r1 is exempt: bank (1+1)%4 = 2, index 1*1 + 1/4 = 1 -> pid 17. */
	ren(&t, 0, 1);
	src(&t, 0, 0, 1, 0);
	dst(&t, 0, 2);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);	/* same cycle: one lookup in bank 3 */
	CHECK_EQ(out(&t, RT_OUT_VALID_O, 0), 0);	/* the extra rename cycle */
	/* c1: the renamed instruction appears; bank 3 has 3 free, subarray 1 on and waking (2 cycles) */
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_VALID_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_WARP_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 0), 17);
	CHECK_EQ(out(&t, RT_OUT_SRC_MAPPED_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 0), 0);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 28);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_WAKE_O, 0), 1);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 3), 3);
	CHECK_EQ(out(&t, RT_PG_ON_O, 3 * 2 + 1), 1);
	CHECK_EQ(out(&t, RT_PG_WAKING_O, 3 * 2 + 1), 1);
	/* c2: w1 writes r2 again (a partial-lane write): mapped, written in place */
	ren(&t, 0, 1);
	dst(&t, 0, 2);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	CHECK_EQ(out(&t, RT_PG_WAKING_O, 3 * 2 + 1), 1);	/* second wake cycle */
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 28);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 0);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 3), 3);
	CHECK_EQ(out(&t, RT_PG_WAKING_O, 3 * 2 + 1), 0);	/* awake */

	/* w1: r6 <- r2 (last read: pir bit).  r6 is in bank (6+1)%4 = 3 too, so
	 * the destination waits a cycle for the source: c0 the source looks up
	 * and unmaps r2 at the edge (ready 0); c1 the destination (row 1*2 +
	 * (6-2)/4 = 3) allocates the lowest free register of the powered
	 * subarray 1: index 5 (index 4, r2's, waits for its read-time free). */
	ren(&t, 0, 1);
	src(&t, 0, 0, 2, 1);
	dst(&t, 0, 6);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 0);
	ren(&t, 0, 1);
	src(&t, 0, 0, 2, 1);
	dst(&t, 0, 6);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_VALID_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 0), 28);
	CHECK_EQ(out(&t, RT_OUT_SRC_MAPPED_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 29);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_WAKE_O, 0), 0);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 3), 2);	/* 28 pending, 29 mapped */

	/* The operand collector read r2: free pid 28.  The same cycle w1 reads
	 * r2 again (a pbr on a path that never rewrote it): unmapped, a no-op. */
	free_reg(&t, 0, 28, 1);
	ren(&t, 1, 1);
	src(&t, 1, 0, 2, 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 3), 3);
	CHECK_EQ(out(&t, RT_OUT_VALID_O, 1), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_MAPPED_O, 1 * RT_SRCS + 0), 0);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 1 * RT_SRCS + 0), 0);

	/* Repeated source r6 twice, the pir bit on the second read only: one
	 * lookup, both report pid 29, the release is reported once (slot 0). */
	ren(&t, 0, 1);
	src(&t, 0, 0, 6, 0);
	src(&t, 0, 1, 6, 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 0), 29);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 1), 29);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 1), 0);
	free_reg(&t, 1, 29, 1);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 3), 4);
	CHECK_EQ(out(&t, RT_PG_ON_O, 3 * 2 + 1), 0);	/* its last register freed: gated */

	/* w1 writes r3 (bank 0, row 1*2 + 1/4 = 2: pid 0*8+4 = 4) and r7
	 * (bank 0, row 3: pid 5) in two cycles, then exits: the sweep visits
	 * rows 2 and 3 of every bank, one per cycle, and frees both. */
	ren(&t, 0, 1);
	dst(&t, 0, 3);
	cycle(&t);
	ren(&t, 0, 1);
	dst(&t, 0, 7);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 4);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 5);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 2);
	set(&t, RT_EXIT_VALID_I, 0, 1);
	set(&t, RT_EXIT_WARP_I, 0, 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_SWEEP_BUSY_O, 0), 0);
	/* Other warps rename during the sweep: w0 reads its unmapped r3
	 * (bank (3+0)%4 = 3, row 0*2 + (3-2)/4 = 0), looked up at once. */
	ren(&t, 0, 0);
	src(&t, 0, 0, 3, 0);
	cycle(&t);
	CHECK_EQ(out(&t, RT_SWEEP_BUSY_O, 0), 1);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	cycle(&t);		/* row 2 freed at the last edge: pid 4 */
	CHECK_EQ(out(&t, RT_SWEEP_BUSY_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_VALID_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_WARP_O, 0), 0);
	CHECK_EQ(out(&t, RT_OUT_SRC_MAPPED_O, 0), 0);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 3);
	peek(&t);		/* row 3 freed: pid 5; the sweep is over */
	CHECK_EQ(out(&t, RT_SWEEP_BUSY_O, 0), 0);
	for (unsigned b = 0; b < 4; b++)
		CHECK_EQ(out(&t, RT_FREE_CNT_O, b), 4);
	CHECK_EQ(out(&t, RT_PG_ON_O, 0 * 2 + 1), 0);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);	/* no CTA resident */
	rename_table_ops.destroy(t.model);
}

/* Two ports in one bank: the round-robin arbiter grants one lookup per
 * bank and cycle, so the second instruction leaves a cycle later. */
static void test_bank_conflict(void)
{
	struct tb t;

	setup(&t, RV_THROTTLE_PER_BANK);
	launch(&t, 0, 0, 0);
	warp_launch(&t, 0, 0);
	warp_launch(&t, 1, 1);
	/* w0 r0 -> bank 0; w1 r3 -> bank (3+1)%4 = 0 as well.  Pointer at 0:
	 * port 0's destination (slot 3) wins, port 1 waits. */
	ren(&t, 0, 0);
	dst(&t, 0, 0);
	ren(&t, 1, 1);
	dst(&t, 1, 3);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 0);
	ren(&t, 1, 1);
	dst(&t, 1, 3);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 0);	/* no exempt region: index 0 */
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 1), 1);	/* the next free index */
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 6);
	rename_table_ops.destroy(t.model);
}

/* Global check (Sec. 8.1): throttle when free <= min_i(C - k_i) + ports. */
static void test_throttle_global(void)
{
	struct tb t;

	setup(&t, RV_THROTTLE_GLOBAL);
	launch(&t, 0, 28, 0);
	warp_launch(&t, 0, 0);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);	/* 32 <= 28 + 2 is false */
	/* w0 writes r0 (bank 0) and r1 (bank 1) on both ports: CTA 0 holds 2 */
	ren(&t, 0, 0);
	dst(&t, 0, 0);
	ren(&t, 1, 0);
	dst(&t, 1, 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 1);
	warp_launch(&t, 1, 1);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);	/* 30 <= 26 + 2 is false */
	/* w1 (CTA 1) writes r0 (bank 1) and r1 (bank 2): free 28, needs 26
	 * (CTA 0) and 26 (CTA 1): 28 <= 26 + 2, throttle, tie -> CTA 0 */
	ren(&t, 0, 1);
	dst(&t, 0, 0);
	ren(&t, 1, 1);
	dst(&t, 1, 1);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 1);
	CHECK_EQ(out(&t, RT_THROTTLE_CTA_O, 0), 0);
	/* one more for CTA 1 (r2 -> bank 3, admitted by the margin): free 27,
	 * CTA 1 needs 25 < CTA 0's 26 -> CTA 1 favoured */
	ren(&t, 0, 1);
	dst(&t, 0, 2);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 1);	/* 27 <= 25 + 2 */
	CHECK_EQ(out(&t, RT_THROTTLE_CTA_O, 0), 1);
	/* CTA 1 frees two (pids of w1 r0 = bank 1 index 1 -> 9, r1 = bank 2
	 * index 0 -> 16): free 29, CTA 1 needs 27, CTA 0 26: 29 <= 28 false */
	free_reg(&t, 0, 9, 1);
	free_reg(&t, 1, 16, 1);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);
	rename_table_ops.destroy(t.model);
}

/* per_bank check: one favoured CTA kept while it is resident; throttle
 * when some bank has free_b <= C_b - k_fav,b + ports. */
static void test_throttle_per_bank(void)
{
	struct tb t;

	setup(&t, RV_THROTTLE_PER_BANK);
	launch(&t, 0, 10, 5);	/* C = 10 only ranks the CTAs: need_i = 10 - k_i */
	warp_launch(&t, 0, 0);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);	/* 8 <= 5 + 2 is false */
	/* w0 writes r0 (bank 0): free_0 7, k_0,0 = 1: 7 <= 4 + 2 false */
	ren(&t, 0, 0);
	dst(&t, 0, 0);
	cycle(&t);
	warp_launch(&t, 1, 1);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);
	/* w1 (CTA 1) writes r3 and r7 (both bank 0): after the first, free_0
	 * 6 <= 4 + 2; after the second CTA 1 holds 2 (global need 8 < CTA 0's
	 * 9) but CTA 0 stays favoured until it retires */
	ren(&t, 0, 1);
	dst(&t, 0, 3);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 1);	/* 6 <= 6 */
	CHECK_EQ(out(&t, RT_THROTTLE_CTA_O, 0), 0);
	ren(&t, 0, 1);
	dst(&t, 0, 7);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 1);
	CHECK_EQ(out(&t, RT_THROTTLE_CTA_O, 0), 0);	/* sticky */
	/* CTA 0's only warp exits: the sweep frees pid 0 (2 rows, 2 cycles);
	 * CTA 1 is favoured next: free_0 6, k_1,0 = 2: 6 <= 3 + 2 false */
	set(&t, RT_EXIT_VALID_I, 0, 1);
	set(&t, RT_EXIT_WARP_I, 0, 0);
	cycle(&t);
	cycle(&t);
	cycle(&t);
	peek(&t);
	CHECK_EQ(out(&t, RT_SWEEP_BUSY_O, 0), 0);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 6);
	CHECK_EQ(out(&t, RT_THROTTLE_O, 0), 0);
	CHECK_EQ(out(&t, RT_THROTTLE_CTA_O, 0), 1);
	rename_table_ops.destroy(t.model);
}

/* rt_ports = 2: two lookups per table bank but one allocation; a
 * destination shares the lookup of a source of the same register. */
static void test_two_lookups(void)
{
	struct tb t;

	setup_ports(&t, RV_THROTTLE_PER_BANK, 2);
	launch(&t, 0, 0, 0);	/* N = 0: nothing reserved, every subarray gated */
	warp_launch(&t, 0, 0);
	warp_launch(&t, 1, 1);
	/* c0: port 0 w0 writes r0 (bank 0, row 0), port 1 w1 writes r3 (bank
	 * (3+1)%4 = 0, row 1*2 + 0 = 2): both looked up in bank 0, but one
	 * allocation per bank: port 0 (the lower slot) takes index 0 (the
	 * lowest free, in gated subarray 0: wake), port 1 retries. */
	ren(&t, 0, 0);
	dst(&t, 0, 0);
	ren(&t, 1, 1);
	dst(&t, 1, 3);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 0);
	/* c1: port 1 allocates index 1 (subarray 0 is now on: no wake) */
	ren(&t, 1, 1);
	dst(&t, 1, 3);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 1), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 0);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_WAKE_O, 0), 1);
	/* c2: w0 r0 <- r0 with the pir bit: the destination shares the
	 * source's lookup (pid 0, released), so it allocates in the same
	 * cycle: index 2 (0 awaits its read-time free, 1 is w1's r3). */
	ren(&t, 0, 0);
	src(&t, 0, 0, 0, 1);
	dst(&t, 0, 0);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 1), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_WAKE_O, 1), 0);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 0), 0);
	CHECK_EQ(out(&t, RT_OUT_SRC_REL_O, 0), 1);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 2);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 1);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 5);	/* 8 - {0 pending, 1, 2} */
	/* c4: w0 r0 <- r0 + r4 without release: the shared lookup finds pid 2
	 * mapped (in place); r4 (bank 0, row 1, unmapped) is the second lookup
	 * of bank 0 in the same cycle: ready at once. */
	ren(&t, 0, 0);
	src(&t, 0, 0, 0, 0);
	src(&t, 0, 1, 4, 0);
	dst(&t, 0, 0);
	cycle(&t);
	CHECK_EQ(out(&t, RT_REN_READY_O, 0), 1);
	cycle(&t);
	CHECK_EQ(out(&t, RT_OUT_SRC_PID_O, 0), 2);
	CHECK_EQ(out(&t, RT_OUT_SRC_MAPPED_O, 1), 0);
	CHECK_EQ(out(&t, RT_OUT_DST_PID_O, 0), 2);
	CHECK_EQ(out(&t, RT_OUT_DST_NEW_O, 0), 0);
	CHECK_EQ(out(&t, RT_FREE_CNT_O, 0), 5);
	rename_table_ops.destroy(t.model);
}

int main(void)
{
	test_lifecycle();
	test_bank_conflict();
	test_throttle_global();
	test_throttle_per_bank();
	test_two_lookups();
	return CHECK_DONE();
}

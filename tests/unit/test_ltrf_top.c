/* test_ltrf_top.c: the LTRF subsystem model (ltrf_top: WCB, register cache
 * and AAUs, engine, main file composed as the SM drives them) through one
 * warp's life (docs/ltrf.md, "ltrf_top"), on tiny_ltrf_plus: 4 warps x 16
 * registers, 2 rows of 4 banks, 4 beats per register, main-file latency
 * 1 x 2, the serial engine:
 *   1. the WCB clears 64 rows after reset: init_done_o at cycle 64;
 *   2. warp 2 has no row: a write of register 3 goes straight to the main
 *      file (wr_direct_o, granted in its cycle, no lookup);
 *   3. activation of warp 2 {1, 3} (both live) at 66: row 0 (the global
 *      AAU's head), the engine fetches register 1 -> bank 0, register 3 ->
 *      bank 1 (address-table writes), row_ready_o[0] once both are in;
 *   4. a cached write of register 1: lookup (lk_issued_o), granted by the
 *      cache the cycle after; reads of 3 and 1: lookup, cache grant, data
 *      the next cycle (register 3 is the value written to the main file in
 *      2); register 5, outside the working set: rd_miss_o, never served;
 *      a cached write of register 5: the lookup misses, the main file;
 *      collector 2's destination lookup of register 3: a lookup port
 *      (dl_gnt_o), the answer the cycle after (bank 1, row 0), register 5:
 *      not cached; a write of register 3 bringing that location
 *      (wr_loc_i): granted by the cache in its cycle, no lookup; one of
 *      register 5 bringing "not cached": the main file, no lookup;
 *   5. DEACTIVATE with only register 3 live: register 1 dropped (table write
 *      valid 0, no beat), register 3 written back (4 write beats); the top
 *      frees the row (free_o) once the engine is done: rows_used falls;
 *   6. activation {3, 5}: row 1 (row 0 went to the tail), reading 3 and 5
 *      returns what was written last in 4 (round trips through the main
 *      file).
 * And ltrf_dwm's main file: the paper's 2 MB, the SM's ports. */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "ltrf_engine_desc.h"
#include "ltrf_top.h"
#include "ltrf_top_desc.h"

static CHECK_STATE;

enum { MAXTW = 16 };

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[512], out[512];
	unsigned cycle, beats_wr, beats_rd;
	unsigned tw_at[MAXTW], tw_reg[MAXTW], tw_valid[MAXTW], tw_bank[MAXTW], ntw;
};

static uint64_t get(struct tb *t, enum ltrf_top_port p, unsigned e)
{
	return bus_get(t->out, &t->m.ports[p], e);
}

static void set(struct tb *t, enum ltrf_top_port p, unsigned e, uint64_t v)
{
	bus_set(t->in, &t->m.ports[p], e, v);
}

/* Evaluates the current cycle's outputs (inputs as set so far). */
static void look(struct tb *t)
{
	ltrf_top_ops.eval(t->model, t->in, t->out);
}

/* Finishes the current cycle: outputs, the edge, inputs cleared. */
static void step(struct tb *t)
{
	look(t);
	if (get(t, LT_MON_TW_REQ_O, 0) && t->ntw < MAXTW) {
		t->tw_at[t->ntw] = t->cycle;
		t->tw_reg[t->ntw] = (unsigned)get(t, LT_MON_TW_REG_O, 0);
		t->tw_valid[t->ntw] = (unsigned)get(t, LT_MON_TW_VALID_O, 0);
		t->tw_bank[t->ntw++] = (unsigned)get(t, LT_MON_TW_BANK_O, 0);
	}
	if (get(t, LT_MON_BEAT_GNT_O, 0))
		*(get(t, LT_MON_BEAT_WE_O, 0) ? &t->beats_wr : &t->beats_rd) += 1;
	ltrf_top_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
	t->cycle++;
}

static void run_to(struct tb *t, unsigned c)
{
	while (t->cycle < c)
		step(t);
}

/* Steps until row `row` is ready and not busy (at most 100 cycles). */
static void wait_ready(struct tb *t, unsigned row)
{
	for (unsigned i = 0; i < 100; i++) {
		look(t);
		if (get(t, LT_ROW_READY_O, row) && !get(t, LT_ROW_BUSY_O, row))
			return;
		step(t);
	}
	CHECK(0);
}

static void command(struct tb *t, unsigned op, unsigned row, int alloc, uint32_t vec, uint32_t live)
{
	set(t, LT_CMD_REQ_I, 0, 1);
	set(t, LT_CMD_OP_I, 0, op);
	set(t, LT_CMD_ROW_I, 0, row);
	set(t, LT_CMD_WARP_I, 0, 2);
	set(t, LT_CMD_ALLOC_I, 0, (unsigned)alloc);
	set(t, LT_CMD_VEC_I, 0, vec);
	set(t, LT_CMD_LIVE_I, 0, live);
	step(t);
}

static void write_reg(struct tb *t, unsigned reg, int cached, const uint32_t *data)
{
	set(t, LT_WR_REQ_I, 0, 1);
	set(t, LT_WR_CACHED_I, 0, (unsigned)cached);
	set(t, LT_WR_WARP_I, 0, 2);
	set(t, LT_WR_REG_I, 0, reg);
	set(t, LT_WR_MASK_I, 0, 0xf);
	bus_set_words(t->in, &t->m.ports[LT_WR_DATA_I], 0, data);
}

static void read_reg(struct tb *t, unsigned c, unsigned reg)
{
	set(t, LT_RD_REQ_I, c, 1);
	set(t, LT_RD_WARP_I, c, 2);
	set(t, LT_RD_REG_I, c, reg);
}

/* A read of reg on collector 0 through lookup and cache: its data. */
static void read_back(struct tb *t, unsigned reg, const uint32_t *want)
{
	uint32_t got[4];

	read_reg(t, 0, reg);
	look(t);
	CHECK_EQ(get(t, LT_LK_ISSUED_O, 0), 1);
	CHECK_EQ(get(t, LT_RD_GNT_O, 0), 0);
	step(t);
	read_reg(t, 0, reg);
	look(t);
	CHECK_EQ(get(t, LT_RD_GNT_O, 0), 1);
	CHECK_EQ(get(t, LT_RD_MISS_O, 0), 0);
	step(t);
	look(t);
	CHECK_EQ(get(t, LT_RD_VALID_O, 0), 1);
	bus_get_words(t->out, &t->m.ports[LT_RD_DATA_O], 0, got);
	CHECK_EQ(memcmp(got, want, sizeof got), 0);
}

static void test_top_life(void)
{
	static struct tb t;
	struct gpurf_err err = {0};
	const uint32_t v3[4] = {0x11, 0x22, 0x33, 0x44}, v1[4] = {0x55, 0x66, 0x77, 0x88};
	const uint32_t v5[4] = {0x99, 0xaa, 0xbb, 0xcc}, w3[4] = {0xd1, 0xd2, 0xd3, 0xd4};
	const uint32_t w5[4] = {0xe1, 0xe2, 0xe3, 0xe4};
	unsigned at;

	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	t.cfg.ltrf.engine_inflight = 1;	/* the serial engine: one slot, one port */
	t.cfg.ltrf.engine_ports = 1;
	t.cfg.ltrf.fill_ports = 1;
	t.cfg.ltrf.wcb_banks = 1;	/* one address-table bank: its lanes as the fill lanes */
	t.cfg.ltrf.pick_width = 1;
	desc_ltrf_top(&t.cfg, &t.m);
	t.model = ltrf_top_ops.create(&t.cfg, &t.m);
	CHECK(t.model != NULL);
	if (!t.model)
		return;
	ltrf_top_ops.reset(t.model);

	/* 1. WCB initialisation */
	run_to(&t, 63);
	look(&t);
	CHECK_EQ(get(&t, LT_INIT_DONE_O, 0), 0);
	run_to(&t, 64);
	look(&t);
	CHECK_EQ(get(&t, LT_INIT_DONE_O, 0), 1);
	CHECK_EQ(get(&t, LT_OA_OK_O, 0), 1);
	CHECK_EQ(get(&t, LT_OA_OFF_O, 0), 0);

	/* 2. no row: straight to the main file */
	run_to(&t, 65);
	write_reg(&t, 3, 0, v3);
	look(&t);
	CHECK_EQ(get(&t, LT_WR_DIRECT_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 1);
	CHECK_EQ(get(&t, LT_LK_ISSUED_O, 0), 0);
	step(&t);

	/* 3. activation {1, 3} on row 0 */
	command(&t, LE_OP_PREFETCH, 0, 1, 0xa, 0xa);
	look(&t);
	CHECK_EQ(get(&t, LT_ROW_BUSY_O, 0), 1);
	CHECK_EQ(get(&t, LT_OA_OFF_O, 0), 1);
	wait_ready(&t, 0);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw_reg[0], 1);
	CHECK_EQ(t.tw_bank[0], 0);
	CHECK_EQ(t.tw_reg[1], 3);
	CHECK_EQ(t.tw_bank[1], 1);
	CHECK_EQ(t.beats_rd, 8);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 1);
	CHECK_EQ(get(&t, LT_MON_BANKS_HELD_O, 0), 3);

	/* 4. accesses */
	write_reg(&t, 1, 1, v1);
	look(&t);
	CHECK_EQ(get(&t, LT_LK_ISSUED_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 0);
	step(&t);
	write_reg(&t, 1, 1, v1);
	look(&t);
	CHECK_EQ(get(&t, LT_LK_PENDING_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_DIRECT_O, 0), 0);
	step(&t);
	read_back(&t, 3, v3);
	step(&t);
	read_back(&t, 1, v1);
	step(&t);
	read_reg(&t, 1, 5);	/* collector 1, outside the working set */
	step(&t);
	read_reg(&t, 1, 5);
	look(&t);
	CHECK_EQ(get(&t, LT_RD_MISS_O, 1), 1);
	CHECK_EQ(get(&t, LT_RD_GNT_O, 1), 0);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_RD_VALID_O, 1), 0);
	write_reg(&t, 5, 1, v5);
	step(&t);
	write_reg(&t, 5, 1, v5);
	look(&t);
	CHECK_EQ(get(&t, LT_WR_DIRECT_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 1);
	step(&t);
	/* destination lookups, then writes bringing their locations */
	set(&t, LT_DL_REQ_I, 2, 1);
	set(&t, LT_DL_WARP_I, 2, 2);
	set(&t, LT_DL_REG_I, 2, 3);
	look(&t);
	CHECK_EQ(get(&t, LT_DL_GNT_O, 2), 1);
	CHECK_EQ(get(&t, LT_LK_ISSUED_O, 0), 1);
	step(&t);
	set(&t, LT_DL_REQ_I, 2, 1);
	set(&t, LT_DL_WARP_I, 2, 2);
	set(&t, LT_DL_REG_I, 2, 5);
	look(&t);
	CHECK_EQ(get(&t, LT_DL_VALID_O, 2), 1);
	CHECK_EQ(get(&t, LT_DL_HIT_O, 2), 1);
	CHECK_EQ(get(&t, LT_DL_BANK_O, 2), 1);
	CHECK_EQ(get(&t, LT_DL_OFF_O, 2), 0);
	CHECK_EQ(get(&t, LT_LK_PENDING_O, 0), 1);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_DL_VALID_O, 2), 1);
	CHECK_EQ(get(&t, LT_DL_HIT_O, 2), 0);
	CHECK_EQ(get(&t, LT_DL_BANK_O, 2), 0);
	write_reg(&t, 3, 1, w3);
	set(&t, LT_WR_LOC_I, 0, 1);
	set(&t, LT_WR_HIT_I, 0, 1);
	set(&t, LT_WR_BANK_I, 0, 1);
	set(&t, LT_WR_OFF_I, 0, 0);
	look(&t);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_DIRECT_O, 0), 0);
	CHECK_EQ(get(&t, LT_LK_ISSUED_O, 0), 0);
	step(&t);
	write_reg(&t, 5, 1, w5);
	set(&t, LT_WR_LOC_I, 0, 1);
	look(&t);
	CHECK_EQ(get(&t, LT_WR_GNT_O, 0), 1);
	CHECK_EQ(get(&t, LT_WR_DIRECT_O, 0), 1);
	CHECK_EQ(get(&t, LT_LK_ISSUED_O, 0), 0);
	step(&t);
	read_back(&t, 3, w3);
	step(&t);

	/* 5. DEACTIVATE, register 3 live */
	command(&t, LE_OP_DEACTIVATE, 0, 0, 0, 0x8);
	look(&t);
	CHECK_EQ(get(&t, LT_ROW_BUSY_O, 0), 1);
	for (at = 0; at < 100 && get(&t, LT_ROW_BUSY_O, 0); at++) {
		step(&t);
		look(&t);
	}
	CHECK_EQ(t.ntw, 4);
	CHECK_EQ(t.tw_reg[2], 1);
	CHECK_EQ(t.tw_valid[2], 0);
	CHECK_EQ(t.tw_reg[3], 3);
	CHECK_EQ(t.tw_valid[3], 0);
	CHECK_EQ(t.beats_wr, 4);
	CHECK_EQ(get(&t, LT_MON_BANKS_HELD_O, 0), 0);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 1);
	CHECK_EQ(get(&t, LT_FREE_O, 0), 1);	/* freed by the top at this edge */
	CHECK_EQ(get(&t, LT_FREE_ROW_O, 0), 0);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 0);

	/* 6. activation {3, 5}: row 1 */
	CHECK_EQ(get(&t, LT_OA_OFF_O, 0), 1);
	command(&t, LE_OP_PREFETCH, 1, 1, 0x28, 0x28);
	wait_ready(&t, 1);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 2);
	read_back(&t, 3, w3);
	step(&t);
	read_back(&t, 5, w5);
	ltrf_top_ops.destroy(t.model);
}

/* ltrf_dwm's main file, as ltrf_top (and the SM) builds it: the paper's
 * 2 MB in 64 banks of whole warp registers, the engine's four read and
 * four write ports (engine_ports derived: one per beat) and the execution
 * write ports. */
static void test_dwm_main_file(void)
{
	static struct gpurf_cfg cfg;
	static struct module_desc m;
	struct gpurf_err err = {0};
	struct gpurf_cfg mrf;

	CHECK_EQ(cfg_load(&cfg, "configs/ltrf_dwm.ini", &err), 0);
	desc_ltrf_top(&cfg, &m);
	mrf = ltrf_mrf_cfg(&cfg);
	CHECK_EQ(cfg.ltrf.engine_ports, 16);	/* derived: one per bank (64), at most 16 */
	CHECK_EQ(cfg.ltrf.pick_width, 16);
	CHECK_EQ(mrf.collectors, 16);
	CHECK_EQ(mrf.write_ports, cfg.write_ports + 16);
	CHECK_EQ(mrf.read_latency, cfg.read_latency * cfg.ltrf.mrf_latency_mult);
	CHECK_EQ(m.nmems, 1);
	CHECK_EQ(m.mems[0].instances, 64);
	CHECK_EQ((unsigned long)m.mems[0].instances * m.mems[0].rows * m.mems[0].width, 2ul * 1024 * 1024 * 8);
}

int main(void)
{
	test_top_life();
	test_dwm_main_file();
	return CHECK_DONE();
}

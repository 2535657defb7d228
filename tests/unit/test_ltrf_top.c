/* test_ltrf_top.c: the LTRF subsystem model (ltrf_top: WCB, register cache
 * and AAUs, engine, main file composed) against cycles worked by hand
 * (docs/ltrf.md, "ltrf_top"), on tiny_ltrf_plus: 4 warps x 16 registers,
 * 2 rows of 4 banks, 4 beats per register, main-file latency 1 x 2.
 *   1. the WCB clears 64 rows after reset: init_done_o at cycle 64;
 *   2. ACTIVATE warp 2 {1, 3} (both live: LTRF+ fetches only live
 *      registers from the main file) at 64: IDLE 64, LOOK 65, ISSUE 66 (engine
 *      cycle 0), each fetch 9 cycles from pick to table write: register 1
 *      -> bank 0 at 75, register 3 -> bank 1 at 84, ready_o[2] at 86;
 *   3. write register 3 at 90 (ack 91), read it at 92 (ack 93, data 94);
 *      register 5, outside the working set, read at 95: acc_err_o at 96
 *      and no data at 97;
 *   4. DEACTIVATE with only register 3 live at 100 (engine cycle 0 = 102):
 *      register 1 dropped (table write 104, no traffic), register 3 written
 *      back (eviction read 106, beats 108-111, table write 112); the row is
 *      freed when the engine is done: mon_rows_used_o falls at 115;
 *   5. REACTIVATE warp 2 (1 and 3 live) at 116: the global AAU's head is row 1 (row 0 went
 *      to the tail), the working set {1, 3} comes from the WCB; register 3
 *      at 136 in bank 1; ready at 138; reading it at 140 returns the value
 *      written at 90 (the round trip through the main file).
 * And ltrf_dwm's main file: 2 MB as 64 single-port banks of 256-bit words. */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "ltrf_top.h"
#include "ltrf_top_desc.h"

static CHECK_STATE;

enum { MAXTW = 16 };

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[512], out[512];
	unsigned cycle;
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
	ltrf_top_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
	t->cycle++;
}

static void run_to(struct tb *t, unsigned c)
{
	while (t->cycle < c)
		step(t);
}

static void command(struct tb *t, unsigned op, uint32_t vec, uint32_t live)
{
	set(t, LT_CMD_REQ_I, 0, 1);
	set(t, LT_CMD_OP_I, 0, op);
	set(t, LT_CMD_WARP_I, 0, 2);
	set(t, LT_CMD_VEC_I, 0, vec);
	set(t, LT_CMD_LIVE_I, 0, live);
	look(t);
	CHECK_EQ(get(t, LT_CMD_GNT_O, 0), 1);
}

static void access(struct tb *t, unsigned reg, int we, const uint32_t *data)
{
	set(t, LT_ACC_REQ_I, 0, 1);
	set(t, LT_ACC_WE_I, 0, (unsigned)we);
	set(t, LT_ACC_WARP_I, 0, 2);
	set(t, LT_ACC_REG_I, 0, reg);
	if (we) {
		set(t, LT_ACC_MASK_I, 0, 0xf);
		bus_set_words(t->in, &t->m.ports[LT_ACC_DATA_I], 0, data);
	}
}

static void test_top_cycles(void)
{
	static struct tb t;
	struct gpurf_err err = {0};
	const uint32_t val[4] = {0x11, 0x22, 0x33, 0x44};
	uint32_t got[4];

	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	t.cfg.ltrf.engine_inflight = 1;	/* the serial engine: the cycles below */
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

	/* 2. ACTIVATE {1, 3} */
	command(&t, LT_OP_ACTIVATE, 0xa, 0xa);
	run_to(&t, 85);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw_at[0], 75);
	CHECK_EQ(t.tw_reg[0], 1);
	CHECK_EQ(t.tw_bank[0], 0);
	CHECK_EQ(t.tw_at[1], 84);
	CHECK_EQ(t.tw_reg[1], 3);
	CHECK_EQ(t.tw_bank[1], 1);
	look(&t);
	CHECK_EQ(get(&t, LT_READY_O, 2), 0);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 1);
	CHECK_EQ(get(&t, LT_MON_BANKS_HELD_O, 0), 3);
	run_to(&t, 86);
	look(&t);
	CHECK_EQ(get(&t, LT_READY_O, 2), 1);

	/* 3. accesses */
	run_to(&t, 90);
	access(&t, 3, 1, val);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_ACC_ACK_O, 0), 1);
	step(&t);
	access(&t, 3, 0, NULL);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_ACC_ACK_O, 0), 1);
	step(&t);
	look(&t);
	CHECK_EQ(t.cycle, 94);
	CHECK_EQ(get(&t, LT_RD_VALID_O, 0), 1);
	bus_get_words(t.out, &t.m.ports[LT_RD_DATA_O], 0, got);
	CHECK_EQ(memcmp(got, val, sizeof got), 0);
	step(&t);
	access(&t, 5, 0, NULL);	/* cycle 95 */
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_ACC_ERR_O, 0), 1);
	CHECK_EQ(get(&t, LT_ACC_ACK_O, 0), 0);
	step(&t);
	look(&t);
	CHECK_EQ(get(&t, LT_RD_VALID_O, 0), 0);

	/* 4. DEACTIVATE, register 3 live */
	run_to(&t, 100);
	command(&t, LT_OP_DEACTIVATE, 0, 0x8);
	run_to(&t, 114);
	CHECK_EQ(t.ntw, 4);
	CHECK_EQ(t.tw_at[2], 104);
	CHECK_EQ(t.tw_reg[2], 1);
	CHECK_EQ(t.tw_valid[2], 0);
	CHECK_EQ(t.tw_at[3], 112);
	CHECK_EQ(t.tw_reg[3], 3);
	CHECK_EQ(t.tw_valid[3], 0);
	look(&t);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 1);
	CHECK_EQ(get(&t, LT_MON_BANKS_HELD_O, 0), 0);
	run_to(&t, 115);
	look(&t);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 0);

	/* 5. REACTIVATE: row 1, the stored working set */
	run_to(&t, 116);
	command(&t, LT_OP_REACTIVATE, 0, 0xa);
	run_to(&t, 138);
	CHECK_EQ(t.ntw, 6);
	CHECK_EQ(t.tw_reg[4], 1);
	CHECK_EQ(t.tw_reg[5], 3);
	CHECK_EQ(t.tw_at[5], 136);
	CHECK_EQ(t.tw_bank[5], 1);
	look(&t);
	CHECK_EQ(get(&t, LT_MON_ROWS_USED_O, 0), 2);
	CHECK_EQ(get(&t, LT_MON_BANKS_HELD_O, 1), 3);
	CHECK_EQ(get(&t, LT_READY_O, 2), 1);
	run_to(&t, 140);
	access(&t, 3, 0, NULL);
	run_to(&t, 142);
	look(&t);
	CHECK_EQ(get(&t, LT_RD_VALID_O, 0), 1);
	bus_get_words(t.out, &t.m.ports[LT_RD_DATA_O], 0, got);
	CHECK_EQ(memcmp(got, val, sizeof got), 0);
	ltrf_top_ops.destroy(t.model);
}

/* ltrf_dwm's main file, as ltrf_top builds it: the paper's 2 MB in 64 banks
 * of 256-bit words (the narrowed crossbar's width), one port. */
static void test_dwm_main_file(void)
{
	static struct gpurf_cfg cfg;
	static struct module_desc m;
	struct gpurf_err err = {0};

	CHECK_EQ(cfg_load(&cfg, "configs/ltrf_dwm.ini", &err), 0);
	desc_ltrf_top(&cfg, &m);
	CHECK_EQ(m.nmems, 1);
	CHECK_EQ(m.mems[0].instances, 64);
	CHECK_EQ(m.mems[0].rows, 1024);
	CHECK_EQ(m.mems[0].width, 256);
	CHECK_EQ((unsigned long)m.mems[0].instances * m.mems[0].rows * m.mems[0].width, 2ul * 1024 * 1024 * 8);
	CHECK_EQ(m.mems[0].rw_ports, 1);
	CHECK_EQ(ltrf_mrf_word(&cfg, 255, 3), 1023);
}

int main(void)
{
	test_top_cycles();
	test_dwm_main_file();
	return CHECK_DONE();
}

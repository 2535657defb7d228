/* test_ltrf_engine.c: the LTRF prefetch / write-back engine's model against
 * cycles worked by hand (docs/ltrf.md, "ltrf_engine"), on tiny_ltrf_plus
 * with the serial engine (engine_inflight = 1), with four slots and one
 * port and, last, with the default four ports and 16 slots:
 * 128-bit warp registers over a 32-bit crossbar (4 beats), MRF latency
 * read_latency 1 x mrf_latency_mult 2 = 2 cycles, every grant given.
 *   1. PREFETCH {1, 3} (both live) on an empty row: per register pick 1 + 4
 *      read beats + wait + fill + commit; reg 1 -> bank 0, reg 3 -> bank 1,
 *      ascending;
 *   2. interval change to {3, 5} with reg 1 dead (LTRF+): reg 1 is dropped
 *      (no eviction read, no MRF write), reg 3 (the overlap) never moves,
 *      reg 5 is fetched into bank 2, the head of the row AAU's unused queue
 *      (FIFO: the freed bank 0 went to its tail);
 *   3. DEACTIVATE with only reg 3 live: reg 3 is written back beat by beat
 *      with the eviction data, reg 5 dropped; the row ends inactive;
 *   4. PREFETCH {1, 5} with only reg 5 live (LTRF+): reg 1 is fetched dead
 *      (pick, bank from the row AAU, commit valid: no MRF read, no fill),
 *      then reg 5 as in 1. */
#include <string.h>

#include "alloc_queue.h"
#include "cfg.h"
#include "check.h"
#include "ltrf_engine.h"
#include "ltrf_engine_desc.h"

static CHECK_STATE;

enum { MAXEV = 64, MAXP = 4 };

struct tb {
	struct gpurf_cfg cfg;
	struct module_desc m;
	void *model;
	uint32_t in[128], out[128];
	unsigned cycle;
	unsigned np, nf;			/* MRF ports, fill lanes */
	unsigned fill_from;			/* fill grants only from this cycle on */
	unsigned rsp_at[MAXP][8], rsp_n[MAXP], rsp_h[MAXP];	/* per port: cycles read beats return */
	int ev_due;
	struct alloc_queue aau;		/* row 0's Address Allocation Unit */
	unsigned freed[MAXEV], nfreed;
	/* what happened, and when */
	unsigned mrf_rd[MAXEV], mrf_wr[MAXEV], fill[MAXEV], tw[MAXEV], nrd, nwr, nfill, ntw, nev;
	unsigned wr_reg[MAXEV], rd_reg[MAXEV], rd_port[MAXEV], tw_reg[MAXEV], tw_valid[MAXEV], tw_bank[MAXEV];
	unsigned tw_lane[MAXEV];
	unsigned fill_bank[MAXEV];
	uint32_t wr_data[MAXEV];
};

static unsigned get(struct tb *t, enum ltrf_engine_port p, unsigned e)
{
	return (unsigned)bus_get(t->out, &t->m.ports[p], e);
}

static void set(struct tb *t, enum ltrf_engine_port p, uint64_t v)
{
	bus_set(t->in, &t->m.ports[p], 0, v);
}

static void set_at(struct tb *t, enum ltrf_engine_port p, unsigned e, uint64_t v)
{
	bus_set(t->in, &t->m.ports[p], e, v);
}

/* One cycle with every grant given; read beats return on their port as
 * 0xab00 + (the port's count of returned beats mod 4), eviction data beat
 * k is 0xe0 + k. */
static void cycle(struct tb *t)
{
	for (unsigned k = 0; k < t->np; k++) {
		set_at(t, LE_MRF_GNT_I, k, 1);
		if (t->rsp_h[k] < t->rsp_n[k] && t->rsp_at[k][t->rsp_h[k] % 8] == t->cycle) {
			set_at(t, LE_MRF_RVALID_I, k, 1);
			set_at(t, LE_MRF_RDATA_I, k, 0xab00u + t->rsp_h[k] % 4u);
			t->rsp_h[k]++;
		}
	}
	for (unsigned k = 0; k < t->nf; k++) {
		set_at(t, LE_FILL_GNT_I, k, t->cycle >= t->fill_from);
		set_at(t, LE_EV_GNT_I, k, 1);
		set_at(t, LE_BA_BANK_I, k, alloc_queue_at(&t->aau, k));	/* row 0's first ids */
	}
	if (t->ev_due) {	/* one eviction at a time in these tests: lane 0 */
		uint32_t d[4] = {0xe0, 0xe1, 0xe2, 0xe3};

		set(t, LE_EV_VALID_I, 1);
		bus_set_words(t->in, &t->m.ports[LE_EV_DATA_I], 0, d);
		t->ev_due = 0;
	}
	ltrf_engine_ops.eval(t->model, t->in, t->out);
	{
		unsigned nalloc = 0, nfree = 0, ids[4];

		for (unsigned k = 0; k < t->nf; k++) {
			nalloc += get(t, LE_BA_REQ_O, k);
			if (get(t, LE_BF_REQ_O, k))
				ids[nfree++] = t->freed[t->nfreed++] = get(t, LE_BF_BANK_O, k);
		}
		alloc_queue_tick_n(&t->aau, nalloc, nfree, ids);
	}
	for (unsigned k = 0; k < t->np; k++) {
		if (!get(t, LE_MRF_REQ_O, k))
			continue;
		if (get(t, LE_MRF_WE_O, k)) {
			t->wr_reg[t->nwr] = get(t, LE_MRF_REG_O, k);
			t->wr_data[t->nwr] = get(t, LE_MRF_WDATA_O, k);
			t->mrf_wr[t->nwr++] = t->cycle;
		} else {
			t->rd_reg[t->nrd] = get(t, LE_MRF_REG_O, k);
			t->rd_port[t->nrd] = k;
			t->mrf_rd[t->nrd++] = t->cycle;
			t->rsp_at[k][t->rsp_n[k]++ % 8] = t->cycle + t->cfg.ltrf.d.mrf_latency;
		}
	}
	for (unsigned k = 0; k < t->nf; k++) {
		if (get(t, LE_FILL_REQ_O, k) && t->cycle >= t->fill_from) {
			t->fill_bank[t->nfill] = get(t, LE_FILL_BANK_O, k);
			t->fill[t->nfill++] = t->cycle;
		}
		if (get(t, LE_TW_REQ_O, k)) {
			t->tw_reg[t->ntw] = get(t, LE_TW_REG_O, k);
			t->tw_valid[t->ntw] = get(t, LE_TW_VALID_O, k);
			t->tw_bank[t->ntw] = get(t, LE_TW_BANK_O, k);
			t->tw_lane[t->ntw] = k;
			t->tw[t->ntw++] = t->cycle;
		}
	}
	if (get(t, LE_EV_REQ_O, 0)) {
		t->ev_due = 1;
		t->nev++;
	}
	ltrf_engine_ops.tick(t->model, t->in);
	memset(t->in, 0, sizeof t->in);
	t->cycle++;
}

static void command(struct tb *t, unsigned op, uint32_t vec, uint32_t live)
{
	set(t, LE_CMD_REQ_I, 1);
	set(t, LE_CMD_OP_I, op);
	set(t, LE_CMD_ROW_I, 0);
	set(t, LE_CMD_WARP_I, 2);
	set(t, LE_CMD_VEC_I, vec);
	set(t, LE_CMD_LIVE_I, live);
	cycle(t);
}

/* The engine of t->cfg built, reset and connected: its ports, the row AAU
 * and the lane counts the harness reads.  0 (a failed check) if the model
 * refuses the configuration. */
static int start(struct tb *t)
{
	desc_ltrf_engine(&t->cfg, &t->m);
	t->np = t->cfg.ltrf.engine_ports;
	t->nf = t->cfg.ltrf.fill_ports;
	t->model = ltrf_engine_ops.create(&t->cfg, &t->m);
	CHECK(t->model != NULL);
	if (!t->model)
		return 0;
	ltrf_engine_ops.reset(t->model);
	alloc_queue_reset(&t->aau, t->cfg.ltrf.regs_per_interval);
	return 1;
}

static void test_engine_cycles(void)
{
	static struct tb t;
	struct gpurf_err err = {0};

	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	CHECK_EQ(t.cfg.ltrf.d.beats, 4);
	CHECK_EQ(t.cfg.ltrf.d.mrf_latency, 2);
	t.cfg.ltrf.engine_inflight = 1;	/* the serial engine: the cycles below */
	t.cfg.ltrf.engine_ports = 1;
	t.cfg.ltrf.fill_ports = 1;
	t.cfg.ltrf.wcb_banks = 1;	/* one address-table bank: its lanes as the fill lanes */
	t.cfg.ltrf.pick_width = 1;
	if (!start(&t))
		return;

	/* 1. cycle 0: PREFETCH {1, 3}.  1: pick reg 1.  2-5: read beats,
	 * returning 4-7.  6: wait.  7: the last beat arrived -> 8: fill.
	 * 9: commit.  10: pick reg 3, 11-14 reads, 15 wait, 16 last beat,
	 * 17 fill, 18 commit.  19: no work: done.  20: ready. */
	command(&t, LE_OP_PREFETCH, 0xa, 0xa);
	while (t.cycle < 20)
		cycle(&t);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	cycle(&t);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	CHECK_EQ(get(&t, LE_BUSY_O, 0), 0);
	CHECK_EQ(t.nrd, 8);
	CHECK_EQ(t.mrf_rd[0], 2);
	CHECK_EQ(t.mrf_rd[3], 5);
	CHECK_EQ(t.rd_reg[0], 1);
	CHECK_EQ(t.rd_reg[4], 3);
	CHECK_EQ(t.mrf_rd[4], 11);
	CHECK_EQ(t.nfill, 2);
	CHECK_EQ(t.fill[0], 8);
	CHECK_EQ(t.fill_bank[0], 0);
	CHECK_EQ(t.fill_bank[1], 1);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw[0], 9);
	CHECK_EQ(t.tw[1], 18);
	CHECK_EQ(t.tw_reg[1], 3);
	CHECK_EQ(t.tw_valid[1], 1);

	/* 2. cycle 21: PREFETCH {3, 5}, reg 1 dead.  22: pick reg 1 (dead).
	 * 23: commit {valid 0, bank 0}, no traffic.  24: pick reg 5 into bank
	 * 0; reads 25-28.  */
	command(&t, LE_OP_PREFETCH, 0x28, 0x28);
	while (t.cycle < 45)
		cycle(&t);
	CHECK_EQ(t.ntw, 4);
	CHECK_EQ(t.tw[2], 23);
	CHECK_EQ(t.tw_reg[2], 1);
	CHECK_EQ(t.tw_valid[2], 0);
	CHECK_EQ(t.nev, 0);
	CHECK_EQ(t.nwr, 0);
	CHECK_EQ(t.nrd, 12);
	CHECK_EQ(t.mrf_rd[8], 25);
	for (unsigned i = 8; i < 12; i++)
		CHECK_EQ(t.rd_reg[i], 5);	/* the overlap (reg 3) never moves */
	CHECK_EQ(t.tw_reg[3], 5);
	CHECK_EQ(t.nfreed, 1);
	CHECK_EQ(t.freed[0], 0);		/* reg 1's bank, to the queue's tail */
	CHECK_EQ(t.tw_bank[3], 2);		/* the queue's head: 0, 1 taken, then 2 */
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);

	/* 3. cycle 45: DEACTIVATE, reg 3 live.  46: pick reg 3.  47: eviction
	 * read (granted).  48: data.  49-52: write beats 0xe0..0xe3.
	 * 53: commit.  54: pick reg 5 (dead).  55: commit.  56: done. 57: idle. */
	command(&t, LE_OP_DEACTIVATE, 0, 0x8);
	while (t.cycle < 57)
		cycle(&t);
	CHECK_EQ(t.nev, 1);
	CHECK_EQ(t.nwr, 4);
	CHECK_EQ(t.mrf_wr[0], 49);
	for (unsigned k = 0; k < 4; k++) {
		CHECK_EQ(t.wr_reg[k], 3);
		CHECK_EQ(t.wr_data[k], 0xe0u + k);
	}
	CHECK_EQ(t.ntw, 6);
	CHECK_EQ(t.tw[4], 53);
	CHECK_EQ(t.tw_reg[4], 3);
	CHECK_EQ(t.tw[5], 55);
	CHECK_EQ(t.tw_reg[5], 5);
	CHECK_EQ(t.nfreed, 3);
	CHECK_EQ(t.freed[1], 1);		/* reg 3 */
	CHECK_EQ(t.freed[2], 2);		/* reg 5 */
	CHECK_EQ(t.aau.count, 4);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_BUSY_O, 0), 0);
	CHECK_EQ(get(&t, LE_READY_O, 0), 0);

	/* 4. cycle 57: PREFETCH {1, 5}, only reg 5 live.  58: pick reg 1
	 * (dead: RWAIT).  59: the row AAU's bank (3: the queue is 3, 0, 1, 2).
	 * 60: commit {valid 1, bank 3}.  61: pick reg 5, reads 62-65, data
	 * 64-67, fill 68 into bank 0, commit 69.  70: done.  71: ready. */
	command(&t, LE_OP_PREFETCH, 0x22, 0x20);
	while (t.cycle < 71)
		cycle(&t);
	CHECK_EQ(t.ntw, 8);
	CHECK_EQ(t.tw[6], 60);
	CHECK_EQ(t.tw_reg[6], 1);
	CHECK_EQ(t.tw_valid[6], 1);
	CHECK_EQ(t.tw_bank[6], 3);
	CHECK_EQ(t.nrd, 16);		/* reg 5's four beats only */
	CHECK_EQ(t.mrf_rd[12], 62);
	CHECK_EQ(t.rd_reg[12], 5);
	CHECK_EQ(t.nfill, 4);		/* 3 before (1, 3, 5) and reg 5's */
	CHECK_EQ(t.fill[3], 68);
	CHECK_EQ(t.fill_bank[3], 0);
	CHECK_EQ(t.tw[7], 69);
	CHECK_EQ(t.tw_reg[7], 5);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_BUSY_O, 0), 0);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	ltrf_engine_ops.destroy(t.model);
}

/* Four transfer slots and one port (the defaults before engine_ports), every grant given:
 * PREFETCH {1, 3}.  Register 1 goes as in the serial engine (pick 1, read
 * beats 2-5, fill 8, commit 9); register 3 is picked at 2 by the next free
 * slot, waits for the port and reads 6-9 (beats back 8-11), fills at 12,
 * commits at 13 (serial: 18); busy falls at 14, ready from 15. */
static void test_engine_overlap(void)
{
	static struct tb t;
	struct gpurf_err err = {0};

	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	/* derived: one port per bank (4), four slots per port (16) capped at the
	 * register cache's 2 rows x 4 banks (8) */
	CHECK_EQ(t.cfg.ltrf.engine_ports, 4);
	CHECK_EQ(t.cfg.ltrf.engine_inflight, 8);
	{	/* one row of one bank: one register can move, but the slots keep up with the 4 ports */
		static const char *const one[] = {"ltrf.active_warps=1", "ltrf.regs_per_interval=1"};
		static const char *const given[] = {"ltrf.engine_inflight=16"};
		struct gpurf_cfg c;

		CHECK_EQ(cfg_load_set(&c, "configs/tiny_ltrf_plus.ini", one, 2, &err), 0);
		CHECK_EQ(c.ltrf.engine_ports, 4);
		CHECK_EQ(c.ltrf.engine_inflight, 4);
		CHECK_EQ(cfg_load_set(&c, "configs/tiny_ltrf_plus.ini", given, 1, &err), 0);
		CHECK_EQ(c.ltrf.engine_inflight, 16);	/* a given count is kept */
	}
	{	/* the paper's 16 banks: 16 ports, four slots each (64; at most 16 before 2026-12-02) */
		struct gpurf_cfg c;

		CHECK_EQ(cfg_load(&c, "configs/ltrf_dwm.ini", &err), 0);
		CHECK_EQ(c.ltrf.engine_ports, 16);
		CHECK_EQ(c.ltrf.engine_inflight, 64);
	}
	t.cfg.ltrf.engine_ports = 1;	/* the one-port engine: the cycles below */
	t.cfg.ltrf.engine_inflight = 4;
	t.cfg.ltrf.fill_ports = 1;	/* and one fill lane, as before */
	t.cfg.ltrf.wcb_banks = 1;	/* one address-table bank: its lanes as the fill lanes */
	t.cfg.ltrf.pick_width = 1;
	if (!start(&t))
		return;
	command(&t, LE_OP_PREFETCH, 0xa, 0xa);
	while (t.cycle < 15)
		cycle(&t);
	CHECK_EQ(t.nrd, 8);
	CHECK_EQ(t.mrf_rd[3], 5);
	CHECK_EQ(t.rd_reg[4], 3);
	CHECK_EQ(t.mrf_rd[4], 6);
	CHECK_EQ(t.mrf_rd[7], 9);
	CHECK_EQ(t.nfill, 2);
	CHECK_EQ(t.fill[0], 8);
	CHECK_EQ(t.fill[1], 12);
	CHECK_EQ(t.fill_bank[1], 1);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw[0], 9);
	CHECK_EQ(t.tw[1], 13);
	CHECK_EQ(t.tw_reg[1], 3);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_BUSY_O, 0), 0);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	ltrf_engine_ops.destroy(t.model);
}

/* tiny_ltrf_plus's engine: four MRF ports (one per beat) and 8 slots, every
 * grant given: PREFETCH {1, 3}.  Register 1 as in the serial engine (pick
 * 1, read beats 2-5 on port 0, fill 8, commit 9); register 3 is picked at 2
 * by slot 1 and its beats need not wait: port 1 carries beats 0-2 at 3-5
 * (port 0 is register 1's); beat 3 goes at 6 on port 0 with pooled slots
 * (the lowest slot asking gets port 0, free again) and on port 1 with bound
 * ones (slot 1's own port, free as well): the cycle is the same.  Back at
 * 5-8, bank at 7, fill 9, commit 10 (one port: 13); busy falls at 11,
 * ready from 12. */
static void test_engine_ports(unsigned binding)
{
	const unsigned last_port = binding == LTRF_SLOTS_BOUND ? 1 : 0;	/* register 3's beat 3 */
	static struct tb t;
	struct gpurf_err err = {0};

	memset(&t, 0, sizeof t);	/* run once per binding */
	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	t.cfg.ltrf.pick_width = 1;	/* one register started a cycle: the cycles below */
	t.cfg.ltrf.slot_binding = binding;
	if (!start(&t))
		return;
	CHECK_EQ(t.np, 4);
	command(&t, LE_OP_PREFETCH, 0xa, 0xa);
	while (t.cycle < 12)
		cycle(&t);
	CHECK_EQ(t.nrd, 8);
	CHECK_EQ(t.rd_reg[0], 1);
	CHECK_EQ(t.mrf_rd[0], 2);
	CHECK_EQ(t.rd_reg[2], 3);	/* cycle 3: register 1 on port 0, register 3 on port 1 */
	CHECK_EQ(t.mrf_rd[2], 3);
	CHECK_EQ(t.rd_port[2], 1);
	CHECK_EQ(t.rd_reg[5], 1);	/* cycle 5: register 1's last beat on port 0, 3's third on port 1 */
	CHECK_EQ(t.mrf_rd[5], 5);
	CHECK_EQ(t.rd_reg[6], 3);
	CHECK_EQ(t.rd_port[6], 1);
	CHECK_EQ(t.rd_reg[7], 3);
	CHECK_EQ(t.mrf_rd[7], 6);
	CHECK_EQ(t.rd_port[7], last_port);
	CHECK_EQ(t.nfill, 2);
	CHECK_EQ(t.fill[0], 8);
	CHECK_EQ(t.fill[1], 9);
	CHECK_EQ(t.fill_bank[1], 1);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw[0], 9);
	CHECK_EQ(t.tw[1], 10);
	CHECK_EQ(t.tw_reg[1], 3);
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_BUSY_O, 0), 0);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	ltrf_engine_ops.destroy(t.model);
}

/* Fill lanes by hand (tiny_ltrf_plus's default: 4 ports, 16 slots, 4 fill
 * lanes): PREFETCH {0, 1, 2, 3} on an empty row starts a register a cycle
 * with one pick a cycle, each on its own port, so they complete a cycle
 * apart (fills at 8-11 with every grant); with four picks (the default
 * pick_width) all four start at once and register 3's last beat goes at
 * 5, with register 0's.  With the cache refusing fills until cycle 12, all
 * four wait in FILL: four lanes fill the four banks at 12 and commit at 13
 * (four table writes in one cycle); one lane takes 12-15. */
static void test_engine_fill_lanes(unsigned nf, unsigned nw)
{
	static struct tb t;
	struct gpurf_err err = {0};

	memset(&t, 0, sizeof t);
	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	CHECK_EQ(t.cfg.ltrf.fill_ports, 4);
	CHECK_EQ(t.cfg.ltrf.pick_width, 4);
	t.cfg.ltrf.fill_ports = nf;
	t.cfg.ltrf.wcb_banks = nf;	/* a table bank per lane, as the default derives */
	t.cfg.ltrf.pick_width = nw;
	t.fill_from = 12;
	if (!start(&t))
		return;
	command(&t, LE_OP_PREFETCH, 0xf, 0xf);
	while (t.cycle < 20)
		cycle(&t);
	CHECK_EQ(t.nrd, 16);
	CHECK_EQ(t.mrf_rd[15], (nw == 4 ? 5u : 8u));	/* register 3's last beat */
	CHECK_EQ(t.rd_reg[3], (nw == 4 ? 3u : 0u));	/* four picks: every register's first beat at once */
	CHECK_EQ(t.mrf_rd[3], (nw == 4 ? 2u : 4u));	/* one: register 0's third */
	CHECK_EQ(t.nfill, 4);
	CHECK_EQ(t.ntw, 4);
	for (unsigned i = 0; i < 4; i++) {
		CHECK_EQ(t.fill[i], (nf == 4 ? 12u : 12u + i));	/* 4 lanes: every fill at 12 */
		CHECK_EQ(t.tw[i], (nf == 4 ? 13u : 13u + i));
		CHECK_EQ(t.tw_reg[i], i);
		CHECK_EQ(t.tw_bank[i], i);	/* row 0's queue, in order */
	}
	ltrf_engine_ops.eval(t.model, t.in, t.out);
	CHECK_EQ(get(&t, LE_READY_O, 0), 1);
	ltrf_engine_ops.destroy(t.model);
}

/* Commit lanes by WCB table bank (tiny_ltrf_plus: 4 fill lanes; [ltrf]
 * wcb_banks derives 4): PREFETCH {0, 4} with fills refused until 12 fills
 * both at 12; r0 and r4 are both in table bank 0, so lane 0 commits r0 at
 * 13 and r4 at 14.  With one table bank (four write ports) lanes 0 and 1
 * commit both at 13. */
static void test_engine_commit_banks(unsigned banks)
{
	static struct tb t;
	struct gpurf_err err = {0};

	memset(&t, 0, sizeof t);
	CHECK_EQ(cfg_load(&t.cfg, "configs/tiny_ltrf_plus.ini", &err), 0);
	CHECK_EQ(t.cfg.ltrf.wcb_banks, 4);
	t.cfg.ltrf.wcb_banks = banks;
	t.fill_from = 12;
	if (!start(&t))
		return;
	command(&t, LE_OP_PREFETCH, 0x11, 0x11);
	while (t.cycle < 20)
		cycle(&t);
	CHECK_EQ(t.nfill, 2);
	CHECK_EQ(t.fill[1], 12);
	CHECK_EQ(t.ntw, 2);
	CHECK_EQ(t.tw_reg[0], 0);
	CHECK_EQ(t.tw_lane[0], 0);
	CHECK_EQ(t.tw[0], 13);
	CHECK_EQ(t.tw_reg[1], 4);
	CHECK_EQ(t.tw_lane[1], (banks == 4 ? 0u : 1u));
	CHECK_EQ(t.tw[1], (banks == 4 ? 14u : 13u));
	ltrf_engine_ops.destroy(t.model);
}

int main(void)
{
	test_engine_cycles();
	test_engine_overlap();
	test_engine_ports(LTRF_SLOTS_POOLED);
	test_engine_ports(LTRF_SLOTS_BOUND);
	test_engine_fill_lanes(4, 4);
	test_engine_fill_lanes(4, 1);
	test_engine_fill_lanes(1, 4);
	test_engine_fill_lanes(1, 1);
	test_engine_commit_banks(4);
	test_engine_commit_banks(1);
	return CHECK_DONE();
}

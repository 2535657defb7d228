/* test_sm_mem.c: the detailed memory system's parts against numbers worked
 * out by hand from their documented rules (cmodel/sm/sm_dram.h, sm_gmem.h,
 * sm_l1d.h), on the default [mem] keys (GTX 1080-like: tRCD = tCL = tRP =
 * 12, tRAS = 28, tRC = 40, burst 8 = 4 DRAM clocks, 8 partitions x 2
 * slices, 2 KB rows, l2_latency 120, icnt_latency 8, 32-byte flits):
 *   - DRAM: a read to a closed bank takes tRCD + tCL + 4, a row hit tCL + 4,
 *     a row conflict tRP + tRCD + tCL + 4; tRAS and tRC hold a precharge
 *     back; FR-FCFS serves a younger row hit before an older row miss, FIFO
 *     and a one-entry queue do not;
 *   - L2: lines interleave over the 16 slices, a partition's lines fill a
 *     2 KB row of one bank, then the next bank; an L2 hit's round trip;
 *   - L1: a second miss to a line in flight merges into its MSHR and both
 *     complete with the one fill; a full MSHR (merge limit) takes a new
 *     one; no free MSHR is a reservation fail of that line (the lines
 *     before it went);
 *   - l2_mshrs = 1: a second miss of the slice waits for the first's data,
 *     then takes dram_latency more to reach DRAM. */
#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "sm_dram.h"
#include "sm_gmem.h"
#include "sm_l1d.h"

static CHECK_STATE;

/* Steps ch from cycle *t until it commits a request: returns its tag and
 * sets *done (-1 when nothing within 10000 cycles). */
static long next_served(struct sm_dram_chan *ch, int64_t *t, int64_t *done)
{
	struct sm_dram_req r;

	for (int64_t end = *t + 10000; *t < end; ++*t)
		if (sm_dram_step(ch, *t, &r, done)) {
			++*t;
			return (long)r.tag;
		}
	return -1;
}

static void push(struct sm_dram_chan *ch, int64_t arrive, uint32_t bank, uint32_t row, uint32_t tag)
{
	struct sm_dram_req r = {arrive, 0, bank, row, 1, 0, tag};

	CHECK_EQ(sm_dram_push(ch, &r), 0);
}

static void dram_timing(const struct gpurf_cfg *cfg)
{
	struct sm_dram_chan ch;
	int64_t t = 0, done = 0;

	CHECK_EQ(sm_dram_chan_init(&ch, &cfg->mem), 0);
	push(&ch, 0, 0, 5, 1);
	CHECK_EQ(next_served(&ch, &t, &done), 1);
	CHECK_EQ(done, 0 + 12 + 12 + 4);		/* closed bank: tRCD + tCL + burst */
	push(&ch, 100, 0, 5, 2);
	t = 100;
	CHECK_EQ(next_served(&ch, &t, &done), 2);
	CHECK_EQ(done, 100 + 12 + 4);			/* row hit: tCL + burst */
	push(&ch, 200, 0, 9, 3);
	t = 200;
	CHECK_EQ(next_served(&ch, &t, &done), 3);
	CHECK_EQ(done, 200 + 12 + 12 + 12 + 4);		/* conflict: tRP + tRCD + tCL + burst */
	/* bank 1: ACT at 300 (column at 312); a conflict right after waits for
	 * the column (312), precharges at ACT + tRAS = 328, activates at 340
	 * (= ACT + tRC too), reads at 352 */
	push(&ch, 300, 1, 1, 4);
	push(&ch, 301, 1, 2, 5);
	t = 300;
	CHECK_EQ(next_served(&ch, &t, &done), 4);
	CHECK_EQ(done, 300 + 12 + 12 + 4);
	CHECK_EQ(next_served(&ch, &t, &done), 5);
	CHECK_EQ(t - 1, 312);
	CHECK_EQ(done, 340 + 12 + 12 + 4);
	CHECK_EQ(ch.st.row_hits, 1);
	CHECK_EQ(ch.st.row_misses, 4);
	sm_dram_chan_free(&ch);
}

/* Opens row 5 of bank 0, then queues an older miss (row 9) and a younger
 * hit (row 5): returns the tag served first after them. */
static long first_of_hit_and_miss(struct gpurf_cfg *cfg, int64_t *hit_done)
{
	struct sm_dram_chan ch;
	int64_t t = 0, done = 0;
	long first, second;

	CHECK_EQ(sm_dram_chan_init(&ch, &cfg->mem), 0);
	push(&ch, 0, 0, 5, 1);
	CHECK_EQ(next_served(&ch, &t, &done), 1);
	push(&ch, 50, 0, 9, 2);
	push(&ch, 51, 0, 5, 3);
	t = 52;		/* both have arrived */
	first = next_served(&ch, &t, &done);
	if (first == 3)
		*hit_done = done;
	second = next_served(&ch, &t, &done);
	CHECK_EQ(first + second, 5);
	sm_dram_chan_free(&ch);
	return first;
}

static void dram_frfcfs(struct gpurf_cfg *cfg)
{
	int64_t hit_done = 0;

	CHECK_EQ(first_of_hit_and_miss(cfg, &hit_done), 3);	/* FR-FCFS: the hit first */
	CHECK_EQ(hit_done, 52 + 12 + 4);
	cfg->mem.dram_sched = DRAM_SCHED_FIFO;
	CHECK_EQ(first_of_hit_and_miss(cfg, &hit_done), 2);	/* FIFO: the older */
	cfg->mem.dram_sched = DRAM_SCHED_FRFCFS;
	cfg->mem.dram_queue = 1;	/* the hit waits behind the miss for the queue */
	CHECK_EQ(first_of_hit_and_miss(cfg, &hit_done), 2);
	cfg->mem.dram_queue = 64;
}

static void l2_interleave(const struct gpurf_cfg *cfg)
{
	struct gpurf_err err = {0};
	struct sm_gmem *g = sm_gmem_create(cfg, 1, &err);
	unsigned chan;
	uint32_t bank, row;

	CHECK(g != NULL);
	if (!g)
		return;
	for (uint64_t line = 0; line < 64; line++)
		CHECK_EQ(sm_gmem_slice(g, line), line % 16);
	sm_gmem_dram_addr(g, 1, &chan, &bank, &row);	/* slice 1: partition 0 */
	CHECK_EQ(chan, 0);
	sm_gmem_dram_addr(g, 2, &chan, &bank, &row);	/* slice 2: partition 1 */
	CHECK_EQ(chan, 1);
	sm_gmem_dram_addr(g, 16 * 7 + 1, &chan, &bank, &row);	/* partition 0's 16th line */
	CHECK_EQ(chan, 0);
	CHECK_EQ(bank, 0);
	CHECK_EQ(row, 0);
	sm_gmem_dram_addr(g, 16 * 8, &chan, &bank, &row);	/* its 17th: the next bank */
	CHECK_EQ(bank, 1);
	CHECK_EQ(row, 0);
	sm_gmem_dram_addr(g, 16 * 8 * 16, &chan, &bank, &row);	/* 16 banks later: row 1 */
	CHECK_EQ(bank, 0);
	CHECK_EQ(row, 1);
	sm_gmem_free(g);
}

/* Fill reports of a step, delivered to the L1 under test. */
struct fills {
	struct sm_l1d *l1;
	void *woken[8];
	uint64_t at[8];
	unsigned n;
};

static int wake(void *user, void *token, uint64_t at)
{
	struct fills *f = user;

	if (f->n < 8) {
		f->woken[f->n] = token;
		f->at[f->n++] = at;
	}
	return 0;
}

static int fill(void *user, unsigned sm, unsigned mshr, uint64_t at)
{
	struct fills *f = user;

	CHECK_EQ(sm, 0);
	return sm_l1d_fill(f->l1, mshr, at, wake, f);
}

static void run_until_fills(struct sm_gmem *g, struct fills *f, unsigned want)
{
	for (uint64_t now = 0; now < 5000 && f->n < want; now++)
		if (sm_gmem_step(g, now, fill, f))
			CHECK(0);
}

static unsigned nx;

/* One whole access from its first line (sm_l1d_access's counters reset). */
static int access1(struct sm_l1d *l1, struct sm_gmem *g, const struct sm_lines *ln, uint64_t now, void *token,
		   uint64_t *done, unsigned *waits, unsigned *missed)
{
	nx = 0;
	*done = now + 1;
	*waits = *missed = 0;
	return sm_l1d_access(l1, g, ln, 1, 0, 0, &nx, now, token, done, waits, missed);
}

static void l1_mshr(struct gpurf_cfg *cfg)
{
	struct gpurf_err err = {0};
	struct sm_gmem *g = sm_gmem_create(cfg, 1, &err);
	struct sm_l1d l1;
	struct sm_lines one = {1, {1000}, {0x3}}, other = {1, {2000}, {0x1}};
	struct fills f = {&l1, {0}, {0}, 0};
	int a, b, c;
	uint64_t done, t0;
	unsigned waits, missed;

	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(sm_l1d_init(&l1, cfg, 0), 0);
	CHECK_EQ(access1(&l1, g, &one, 0, &a, &done, &waits, &missed), 0);
	CHECK_EQ(waits, 1);		/* from DRAM: reported later */
	CHECK_EQ(missed, 1);
	CHECK_EQ(access1(&l1, g, &one, 1, &b, &done, &waits, &missed), 0);
	CHECK_EQ(waits, 1);
	CHECK_EQ(l1.st.l1d_misses, 1);
	CHECK_EQ(l1.st.l1d_pending_hits, 1);	/* merged */
	CHECK_EQ(l1.live, 1);
	run_until_fills(g, &f, 2);
	CHECK_EQ(f.n, 2);
	CHECK(f.woken[0] == &a && f.woken[1] == &b);
	CHECK_EQ(f.at[0], f.at[1]);
	/* the data is there: a hit after l1_latency */
	t0 = f.at[0];
	CHECK_EQ(access1(&l1, g, &one, t0, &c, &done, &waits, &missed), 0);
	CHECK_EQ(waits, 0);
	CHECK_EQ(done, t0 + cfg->sim.l1_latency);
	CHECK_EQ(l1.st.l1d_hits, 1);
	/* the other sectors of the line come from the L2 now: one flit there,
	 * 8 + 1 to the slice, 120 in it, 8 + 1 back */
	{
		struct sm_lines rest = {1, {1000}, {0xC}};

		CHECK_EQ(access1(&l1, g, &rest, t0 + 10, &c, &done, &waits, &missed), 0);
		CHECK_EQ(waits, 1);	/* its sectors are not in the L2 either */
	}
	sm_l1d_free(&l1);

	/* merge limit 1: the second miss takes its own MSHR */
	cfg->mem.l1_mshr_merge = 1;
	CHECK_EQ(sm_l1d_init(&l1, cfg, 0), 0);
	CHECK_EQ(access1(&l1, g, &other, 6000, &a, &done, &waits, &missed), 0);
	CHECK_EQ(access1(&l1, g, &other, 6001, &b, &done, &waits, &missed), 0);
	CHECK_EQ(l1.live, 2);
	CHECK_EQ(l1.st.l1d_pending_hits, 0);
	sm_l1d_free(&l1);
	cfg->mem.l1_mshr_merge = 8;

	/* one MSHR: a second line in flight is a reservation fail */
	cfg->mem.l1_mshrs = 1;
	CHECK_EQ(sm_l1d_init(&l1, cfg, 0), 0);
	CHECK_EQ(access1(&l1, g, &one, 7000, &a, &done, &waits, &missed), 0);
	CHECK_EQ(access1(&l1, g, &other, 7001, &b, &done, &waits, &missed), 1);
	CHECK_EQ(l1.st.l1d_reservation_fails, 1);
	CHECK_EQ(l1.st.l1d_accesses, 1);	/* the failed one changed nothing */
	CHECK_EQ(nx, 0);
	CHECK_EQ(l1.live, 1);
	sm_l1d_free(&l1);
	/* two lines, one MSHR: the first goes, the second waits for it */
	CHECK_EQ(sm_l1d_init(&l1, cfg, 0), 0);
	{
		struct sm_lines two = {2, {3000, 3001}, {0x1, 0x1}};

		CHECK_EQ(access1(&l1, g, &two, 8000, &a, &done, &waits, &missed), 1);
		CHECK_EQ(nx, 1);
		CHECK_EQ(l1.st.l1d_misses, 1);
		CHECK_EQ(waits, 1);
	}
	sm_l1d_free(&l1);
	cfg->mem.l1_mshrs = 128;
	sm_gmem_free(g);
}

/* An L2 hit's round trip from an SM: its request flit crosses (8 cycles of
 * interconnect, a cycle at each port), the slice answers 120 cycles later,
 * the one-flit sector comes back the same way. */
static void l2_hit_latency(const struct gpurf_cfg *cfg)
{
	struct gpurf_err err = {0};
	struct sm_gmem *g = sm_gmem_create(cfg, 1, &err);
	uint64_t t, ack = 0;

	CHECK(g != NULL);
	if (!g)
		return;
	sm_gmem_write(g, 0, 77, 0x1, 0, &ack);	/* write-allocate: sector 0 valid in the L2 */
	/* its acknowledgement: two flits out (request + 32 bytes), the slice
	 * takes it 120 cycles, one flit back */
	CHECK_EQ(ack, 0 + 8 + 2 + 120 + 8 + 1);
	t = sm_gmem_read(g, 0, 0, 77, 0x1, 1000, 0);
	CHECK_EQ(t, 1000 + 8 + 1 + 120 + 8 + 1);
	sm_gmem_free(g);
}

/* Fill reports straight from sm_gmem (no L1): the cycle per MSHR number. */
static int record(void *user, unsigned sm, unsigned mshr, uint64_t at)
{
	uint64_t *at_of = user;

	(void)sm;
	if (mshr < 4)
		at_of[mshr] = at;
	return 0;
}

static void l2_mshr_limit(struct gpurf_cfg *cfg)
{
	struct gpurf_err err = {0};
	struct sm_gmem *g;
	struct sm_gmem_stats st;
	uint64_t at[4] = {0};

	cfg->mem.l2_mshrs = 1;
	g = sm_gmem_create(cfg, 1, &err);
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(sm_gmem_read(g, 0, 1, 0, 0x1, 0, 0), SM_GMEM_PENDING);	/* slice 0 */
	CHECK_EQ(sm_gmem_read(g, 0, 2, 16, 0x1, 0, 0), SM_GMEM_PENDING);	/* slice 0 again */
	sm_gmem_stats(g, &st);
	CHECK_EQ(st.l2_reservation_fails, 1);
	for (uint64_t now = 0; now < 5000 && !at[2]; now++)
		if (sm_gmem_step(g, now, record, at))
			CHECK(0);
	CHECK(at[1] != 0 && at[2] != 0);
	/* the second left for DRAM when the first's data came back to the slice */
	CHECK(at[2] >= at[1] + cfg->mem.dram_latency);
	sm_gmem_free(g);
	cfg->mem.l2_mshrs = 1024;
}

/* GPGPU-Sim's non-sectored L2 with the W write-allocate policy
 * (log_gtx1080like's -gpgpu_cache:dl2 N:...,L:B:m:W:L): a read miss of one
 * sector reads the line's four from DRAM; a write miss of two sectors sends
 * those two to DRAM and reads the line's four (clean, so no write-back
 * later); a write to a present line is a hit with no DRAM access.  Counted
 * in 32-byte DRAM reads and writes once the DRAM has served them. */
static void l2_nonsectored_write_alloc(struct gpurf_cfg *cfg)
{
	struct gpurf_err err = {0};
	struct sm_gmem *g;
	struct sm_gmem_stats st;
	uint64_t at[4] = {0}, ack;

	cfg->mem.l2_sectored = 0;
	cfg->mem.l2_write_alloc = 1;	/* fetch */
	g = sm_gmem_create(cfg, 1, &err);
	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_EQ(sm_gmem_read(g, 0, 1, 0, 0x1, 0, 0), SM_GMEM_PENDING);
	CHECK_EQ(sm_gmem_write(g, 0, 16, 0x3, 0, &ack), 0);	/* another line, same slice */
	for (uint64_t now = 0; now < 5000; now++)
		if (sm_gmem_step(g, now, record, at))
			CHECK(0);
	CHECK(at[1] != 0);
	sm_gmem_stats(g, &st);
	CHECK_EQ(st.dram_reads, 4 + 4);
	CHECK_EQ(st.dram_writes, 2);
	CHECK_EQ(sm_gmem_write(g, 0, 16, 0xc, 6000, &ack), 0);	/* present: a hit */
	for (uint64_t now = 5000; now < 8000; now++)
		if (sm_gmem_step(g, now, record, at))
			CHECK(0);
	sm_gmem_stats(g, &st);
	CHECK_EQ(st.dram_reads, 8);
	CHECK_EQ(st.dram_writes, 2);
	sm_gmem_free(g);
	cfg->mem.l2_sectored = 1;
	cfg->mem.l2_write_alloc = 0;
}

int main(void)
{
	struct gpurf_cfg cfg;

	cfg_defaults(&cfg);
	cfg.mem.model = MEM_DETAILED;
	dram_timing(&cfg);
	dram_frfcfs(&cfg);
	l2_interleave(&cfg);
	l1_mshr(&cfg);
	l2_hit_latency(&cfg);
	l2_mshr_limit(&cfg);
	l2_nonsectored_write_alloc(&cfg);
	return CHECK_DONE();
}

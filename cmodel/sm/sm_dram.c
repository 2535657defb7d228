/* sm_dram.c: one DRAM channel: banks, row buffers, timing and the FR-FCFS
 * scheduler (the model is documented in sm_dram.h). */
#include "sm_dram.h"

#include <stdlib.h>
#include <string.h>

#include "sm_grow.h"

enum { NEVER = -1000000 };	/* "long ago": no timing constraint from it */

int sm_dram_chan_init(struct sm_dram_chan *c, const struct cfg_mem *m)
{
	memset(c, 0, sizeof *c);
	c->m = m;
	c->bank = calloc(m->dram_banks, sizeof *c->bank);
	c->q = calloc(m->dram_queue, sizeof *c->q);
	if (!c->bank || !c->q)
		return -1;
	for (unsigned b = 0; b < m->dram_banks; b++)
		c->bank[b].act = c->bank[b].wr_end = NEVER;
	c->last_act = c->last_col = NEVER;
	c->next_try = INT64_MAX;
	return 0;
}

void sm_dram_chan_free(struct sm_dram_chan *c)
{
	free(c->bank);
	free(c->q);
	free(c->wait);
	memset(c, 0, sizeof *c);
}

int sm_dram_busy(const struct sm_dram_chan *c)
{
	return c->nwait || c->nq;
}

int sm_dram_push(struct sm_dram_chan *c, const struct sm_dram_req *r)
{
	unsigned i;

	if (sm_grow((void **)&c->wait, &c->cap_wait, c->nwait + 1, sizeof *c->wait))
		return -1;
	/* requests mostly come in arrival order: insert from the back */
	for (i = c->nwait; i > 0 && c->wait[i - 1].arrive > r->arrive; i--)
		;
	memmove(c->wait + i + 1, c->wait + i, (c->nwait - i) * sizeof *c->wait);
	c->wait[i] = *r;
	c->wait[i].seq = c->seq++;
	c->nwait++;
	if (r->arrive < c->next_try)
		c->next_try = r->arrive;
	return 0;
}

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* Moves arrived requests into the queue while it has room; the first one
 * left waiting blocks those behind it (they arrived later). */
static void admit(struct sm_dram_chan *c, int64_t now)
{
	unsigned n = 0;

	while (n < c->nwait && c->wait[n].arrive <= now && c->nq < c->m->dram_queue)
		c->q[c->nq++] = c->wait[n++];
	if (n) {
		memmove(c->wait, c->wait + n, (c->nwait - n) * sizeof *c->wait);
		c->nwait -= n;
	}
}

/* The queue entry the scheduler takes at `now`, or -1. */
static int pick(const struct sm_dram_chan *c, int64_t now)
{
	if (c->m->dram_sched == DRAM_SCHED_FIFO)
		return c->nq && c->bank[c->q[0].bank].ready <= now ? 0 : -1;
	for (unsigned i = 0; i < c->nq; i++) {
		const struct sm_dram_bank *b = &c->bank[c->q[i].bank];

		if (b->ready <= now && b->open && b->row == c->q[i].row)
			return (int)i;
	}
	for (unsigned i = 0; i < c->nq; i++)
		if (c->bank[c->q[i].bank].ready <= now)
			return (int)i;
	return -1;
}

/* Fixes the commands of request r committed at `now`; returns when its data
 * has moved. */
static int64_t commit(struct sm_dram_chan *c, const struct sm_dram_req *r, int64_t now)
{
	const struct cfg_mem *m = c->m;
	struct sm_dram_bank *b = &c->bank[r->bank];
	int64_t col, beat_clk = m->dram_burst / m->dram_data_ratio, data, start;

	if (b->open && b->row == r->row) {
		col = now;
		c->st.row_hits++;
	} else {
		int64_t act = now;

		if (b->open)
			act = max64(now, max64(b->act + m->dram_tRAS, b->wr_end + m->dram_tWR)) + m->dram_tRP;
		act = max64(act, max64(b->act + m->dram_tRC, c->last_act + m->dram_tRRD));
		b->open = 1;
		b->row = r->row;
		b->act = c->last_act = act;
		col = act + m->dram_tRCD;
		c->st.row_misses++;
	}
	col = max64(col, c->last_col + m->dram_tCCD);
	data = (int64_t)r->bursts * beat_clk;
	start = max64(col + (r->write ? m->dram_tWL : m->dram_tCL), c->bus_free);
	col = start - (r->write ? m->dram_tWL : m->dram_tCL);	/* waits for the bus */
	c->bus_free = start + data;
	c->last_col = col + (int64_t)(r->bursts - 1) * max64(beat_clk, m->dram_tCCD);
	if (r->write) {
		b->wr_end = start + data;
		c->st.writes += r->bursts;
	} else {
		c->st.reads += r->bursts;
	}
	c->st.busy_cycles += (uint64_t)data;
	b->ready = col;
	return start + data;
}

int sm_dram_step(struct sm_dram_chan *c, int64_t now, struct sm_dram_req *out, int64_t *done)
{
	int i;

	if (now < c->next_try)
		return 0;
	admit(c, now);
	i = pick(c, now);
	if (i < 0) {
		/* nothing can start before a bank is ready or a request arrives */
		int64_t next = c->nwait && c->nq < c->m->dram_queue ? max64(c->wait[0].arrive, now + 1)
								      : INT64_MAX;

		for (unsigned k = 0; k < c->nq; k++) {
			int64_t r = max64(c->bank[c->q[k].bank].ready, now + 1);

			if (r < next)
				next = r;
		}
		c->next_try = next;
		return 0;
	}
	*out = c->q[i];
	memmove(c->q + i, c->q + i + 1, (c->nq - (unsigned)i - 1) * sizeof *c->q);
	c->nq--;
	*done = commit(c, out, now);
	c->next_try = sm_dram_busy(c) ? now + 1 : INT64_MAX;
	return 1;
}

/* sm_gmem.c: interconnect, L2 slices and DRAM channels shared by the SMs
 * (the model is documented in sm_gmem.h). */
#include "sm_gmem.h"

#include <stdlib.h>
#include <string.h>

#include "sm_grow.h"
#include "sm_icnt.h"
#include "sm_l2.h"

enum { LINE = 128, SECTOR = 32, IDX_BITS = 20 };
#define NO_TAG UINT32_MAX

struct slice {
	struct sm_l2 l2;
	struct sm_port in, out;		/* interconnect ports */
	struct sm_port pipe;		/* one access per L2 cycle */
	unsigned reads;			/* DRAM reads outstanding (at most l2_mshrs) */
	struct held *held;		/* reads waiting for one of them to finish, oldest first */
	unsigned nheld, capheld, headheld;
};

/* A DRAM read a slice holds back (l2_mshrs outstanding already). */
struct held {
	uint64_t line;
	uint8_t sectors;
	uint32_t tag;
};

struct sm_gmem {
	const struct cfg_mem *m;
	unsigned nsm, nslices;
	struct sm_port *sm_out, *sm_in;	/* per SM */
	struct slice *sl;
	struct sm_dram_chan *ch;
	int64_t *ch_now;		/* last DRAM cycle each channel was stepped to */
	struct sm_gmem_stats st;
};

struct sm_gmem *sm_gmem_create(const struct gpurf_cfg *cfg, unsigned nsms, struct gpurf_err *err)
{
	const struct cfg_mem *m = &cfg->mem;
	struct sm_gmem *g = calloc(1, sizeof *g);

	if (!g)
		goto oom;
	g->m = m;
	g->nsm = nsms;
	g->nslices = m->partitions * m->sub_partitions;
	g->sm_out = calloc(nsms, sizeof *g->sm_out);
	g->sm_in = calloc(nsms, sizeof *g->sm_in);
	g->sl = calloc(g->nslices, sizeof *g->sl);
	g->ch = calloc(m->partitions, sizeof *g->ch);
	g->ch_now = calloc(m->partitions, sizeof *g->ch_now);
	if (!g->sm_out || !g->sm_in || !g->sl || !g->ch || !g->ch_now)
		goto oom;
	for (unsigned s = 0; s < nsms; s++) {
		sm_port_init(&g->sm_out[s], m->core_mhz, m->icnt_mhz);
		sm_port_init(&g->sm_in[s], m->core_mhz, m->icnt_mhz);
	}
	for (unsigned k = 0; k < g->nslices; k++) {
		sm_port_init(&g->sl[k].in, m->core_mhz, m->icnt_mhz);
		sm_port_init(&g->sl[k].out, m->core_mhz, m->icnt_mhz);
		sm_port_init(&g->sl[k].pipe, m->core_mhz, m->l2_mhz);
		if (sm_l2_init(&g->sl[k].l2, m->l2_bytes, m->l2_assoc))
			goto oom;
	}
	for (unsigned c = 0; c < m->partitions; c++) {
		if (sm_dram_chan_init(&g->ch[c], m))
			goto oom;
		g->ch_now[c] = -1;
	}
	return g;
oom:
	sm_gmem_free(g);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	return NULL;
}

void sm_gmem_free(struct sm_gmem *g)
{
	if (!g)
		return;
	if (g->sl)
		for (unsigned k = 0; k < g->nslices; k++) {
			sm_l2_free(&g->sl[k].l2);
			free(g->sl[k].held);
		}
	if (g->ch)
		for (unsigned c = 0; c < g->m->partitions; c++)
			sm_dram_chan_free(&g->ch[c]);
	free(g->sm_out);
	free(g->sm_in);
	free(g->sl);
	free(g->ch);
	free(g->ch_now);
	free(g);
}

unsigned sm_gmem_slice(const struct sm_gmem *g, uint64_t line)
{
	return (unsigned)(line % g->nslices);
}

void sm_gmem_dram_addr(const struct sm_gmem *g, uint64_t line, unsigned *chan, uint32_t *bank, uint32_t *row)
{
	unsigned slice = sm_gmem_slice(g, line), sp = g->m->sub_partitions;
	uint64_t local = (line / g->nslices) * sp + slice % sp;	/* the partition's line number */
	uint64_t row_idx = local * LINE / g->m->dram_row_bytes;

	*chan = slice / sp;
	*bank = (uint32_t)(row_idx % g->m->dram_banks);
	*row = (uint32_t)(row_idx / g->m->dram_banks);
}

/* Core cycle <-> DRAM cycle: the first DRAM cycle at or after core cycle t,
 * and the first core cycle at or after DRAM cycle d. */
static int64_t dram_of(const struct sm_gmem *g, uint64_t t)
{
	return (int64_t)((t * g->m->dram_mhz + g->m->core_mhz - 1) / g->m->core_mhz);
}

static uint64_t core_of(const struct sm_gmem *g, int64_t d)
{
	return ((uint64_t)d * g->m->core_mhz + g->m->dram_mhz - 1) / g->m->dram_mhz;
}

static unsigned flits(const struct sm_gmem *g, unsigned bytes)
{
	return (bytes + g->m->icnt_flit_bytes - 1) / g->m->icnt_flit_bytes;
}

/* A packet of n flits from port a (free from t) to port b: the cycle its
 * last flit reached b. */
static uint64_t traverse(const struct sm_gmem *g, struct sm_port *a, struct sm_port *b, uint64_t t, unsigned n)
{
	uint64_t start;

	sm_port_take(a, t, n, &start);
	return sm_port_take(b, start + g->m->icnt_latency, n, NULL);
}

static int dram_request(struct sm_gmem *g, uint64_t line, uint8_t sectors, uint64_t t, int write, uint32_t tag)
{
	struct sm_dram_req r;
	unsigned chan, atom = g->m->dram_bus_bytes * g->m->dram_burst;
	unsigned bytes = (unsigned)__builtin_popcount(sectors) * SECTOR;

	sm_gmem_dram_addr(g, line, &chan, &r.bank, &r.row);
	r.arrive = dram_of(g, t);
	r.bursts = (bytes + atom - 1) / atom;
	r.write = write;
	r.tag = tag;
	g->st.dram_bytes += bytes;
	return sm_dram_push(&g->ch[chan], &r);
}

/* A DRAM read of slice k reaching the channel at t, unless l2_mshrs reads
 * are outstanding: then it waits for one (read_done sends it). */
static int slice_read(struct sm_gmem *g, unsigned k, uint64_t line, uint8_t sectors, uint64_t t, uint32_t tag)
{
	struct slice *s = &g->sl[k];

	if (s->reads < g->m->l2_mshrs) {
		s->reads++;
		return dram_request(g, line, sectors, t, 0, tag);
	}
	g->st.l2_reservation_fails++;
	if (s->nheld == s->capheld && s->headheld) {	/* compact: the taken entries are before headheld */
		memmove(s->held, s->held + s->headheld, (s->nheld - s->headheld) * sizeof *s->held);
		s->nheld -= s->headheld;
		s->headheld = 0;
	}
	if (sm_grow((void **)&s->held, &s->capheld, s->nheld + 1, sizeof *s->held))
		return -1;
	s->held[s->nheld++] = (struct held){line, sectors, tag};
	return 0;
}

/* A slice access (its port and pipeline) for a request reaching it at t:
 * the cycle the slice answers. Writes back the victim when the lookup
 * evicts a dirty line. */
static uint64_t slice_access(struct sm_gmem *g, struct slice *s, uint64_t t, uint64_t line, uint8_t *valid,
			     int *oom)
{
	uint64_t start, evicted = 0;
	uint8_t dirty;

	sm_port_take(&s->pipe, t, 1, &start);
	g->st.l2_accesses++;
	*valid = sm_l2_lookup(&s->l2, line, 1, &evicted, &dirty);
	if (dirty && dram_request(g, evicted, dirty, start + g->m->l2_latency, 1, NO_TAG))
		*oom = 1;
	return start + g->m->l2_latency;
}

uint64_t sm_gmem_read(struct sm_gmem *g, unsigned sm, unsigned mshr, uint64_t line, uint8_t sectors,
		      uint64_t t, int atomic)
{
	unsigned k = sm_gmem_slice(g, line);
	struct slice *s = &g->sl[k];
	unsigned req = 1 + (atomic ? flits(g, SECTOR) : 0);
	uint64_t at = traverse(g, &g->sm_out[sm], &s->in, t, req), ready;
	uint8_t valid, pending = 0, need;
	int mi = sm_l2_mshr_find(&s->l2, line), oom = 0;
	struct sm_l2_waiter w = {sm, mshr, sectors};

	g->st.icnt_flits += req;
	ready = slice_access(g, s, at, line, &valid, &oom);
	if (oom)
		return 0;
	if (mi >= 0)
		pending = s->l2.m[mi].sectors;
	need = sectors & (uint8_t)~valid;
	if (!need && !(sectors & pending)) {
		unsigned n = flits(g, (unsigned)__builtin_popcount(sectors) * SECTOR);

		if (atomic)
			sm_l2_set(&s->l2, line, sectors, 1);
		g->st.icnt_flits += n;
		return traverse(g, &s->out, &g->sm_in[sm], ready, n);
	}
	if (need) {
		g->st.l2_misses++;
		if (!g->m->l2_sectored)	/* a non-sectored line is read whole */
			need = (uint8_t)(0xf & ~valid & ~pending);
	} else
		g->st.l2_pending_hits++;
	if (mi < 0 && (mi = sm_l2_mshr_alloc(&s->l2, line)) < 0)
		return 0;
	if (need) {
		if (slice_read(g, k, line, need, ready + g->m->dram_latency, (uint32_t)k << IDX_BITS | (uint32_t)mi))
			return 0;
		s->l2.m[mi].reads++;
		s->l2.m[mi].sectors |= need;
		sm_l2_set(&s->l2, line, need, 0);
	}
	if (atomic)
		sm_l2_set(&s->l2, line, sectors, 1);
	if (sm_l2_mshr_wait(&s->l2, mi, &w))
		return 0;
	return SM_GMEM_PENDING;
}

int sm_gmem_write(struct sm_gmem *g, unsigned sm, uint64_t line, uint8_t sectors, uint64_t t, uint64_t *ack)
{
	struct slice *s = &g->sl[sm_gmem_slice(g, line)];
	unsigned n = 1 + flits(g, (unsigned)__builtin_popcount(sectors) * SECTOR);
	uint64_t at = traverse(g, &g->sm_out[sm], &s->in, t, n), ready;
	uint8_t valid;
	int oom = 0;

	g->st.icnt_flits += n;
	g->st.l2_writes++;
	ready = slice_access(g, s, at, line, &valid, &oom);
	if (oom)
		return -1;
	*ack = traverse(g, &s->out, &g->sm_in[sm], ready, 1);
	g->st.icnt_flits++;
	if ((sectors & ~valid) == 0) {
		sm_l2_set(&s->l2, line, sectors, 1);
		return 0;
	}
	g->st.l2_misses++;
	if (g->m->l2_write_alloc == 0) {	/* lazy fetch on read: the sectors stay, dirty */
		sm_l2_set(&s->l2, line, sectors, 1);
		return 0;
	}
	/* write allocate (GPGPU-Sim W): the write goes on to DRAM, and the line's
	 * missing sectors are read into the L2 (clean), through an MSHR nothing waits on */
	if (dram_request(g, line, sectors, ready, 1, NO_TAG))
		return -1;
	{
		unsigned k = sm_gmem_slice(g, line);
		int mi = sm_l2_mshr_find(&s->l2, line);
		uint8_t need = (uint8_t)((g->m->l2_sectored ? sectors : 0xf) & ~valid);

		if (mi >= 0)
			need &= (uint8_t)~s->l2.m[mi].sectors;
		if (!need)
			return 0;
		if (mi < 0 && (mi = sm_l2_mshr_alloc(&s->l2, line)) < 0)
			return -1;
		if (slice_read(g, k, line, need, ready + g->m->dram_latency, (uint32_t)k << IDX_BITS | (uint32_t)mi))
			return -1;
		s->l2.m[mi].reads++;
		s->l2.m[mi].sectors |= need;
		sm_l2_set(&s->l2, line, need, 0);
	}
	return 0;
}

/* A DRAM read finished at DRAM cycle done: when it was its MSHR's last,
 * every waiting request gets its data back. */
static int read_done(struct sm_gmem *g, uint32_t tag, int64_t done, uint64_t now, sm_gmem_fill_fn fill,
		     void *user)
{
	struct slice *s = &g->sl[tag >> IDX_BITS];
	struct sm_l2_mshr *m = &s->l2.m[tag & ((1u << IDX_BITS) - 1)];
	uint64_t t = core_of(g, done) + 1;	/* the fill, then the read of the line */

	if (t <= now)
		t = now + 1;
	s->reads--;
	if (s->headheld < s->nheld) {	/* a held read takes the freed place */
		struct held h = s->held[s->headheld++];

		s->reads++;
		/* it leaves when the data of the read it replaces is back (the
		 * count drops when the channel commits, a few DRAM cycles early) */
		if (dram_request(g, h.line, h.sectors, t + g->m->dram_latency, 0, h.tag))
			return -1;
		if (s->headheld == s->nheld)
			s->headheld = s->nheld = 0;
	}
	if (--m->reads)
		return 0;
	s->l2.live--;
	for (unsigned i = 0; i < m->nw; i++) {
		unsigned n = flits(g, (unsigned)__builtin_popcount(m->w[i].sectors) * SECTOR);

		g->st.icnt_flits += n;
		if (fill(user, m->w[i].sm, m->w[i].mshr, traverse(g, &s->out, &g->sm_in[m->w[i].sm], t, n)))
			return -1;
	}
	m->nw = 0;
	return 0;
}

int sm_gmem_step(struct sm_gmem *g, uint64_t now, sm_gmem_fill_fn fill, void *user)
{
	int64_t dnow = (int64_t)(now * g->m->dram_mhz / g->m->core_mhz);

	for (unsigned c = 0; c < g->m->partitions; c++) {
		struct sm_dram_chan *ch = &g->ch[c];
		int64_t t = g->ch_now[c] + 1;

		if (ch->next_try > t)
			t = ch->next_try;
		for (; t <= dnow; t = ch->next_try > t + 1 ? ch->next_try : t + 1) {
			struct sm_dram_req r;
			int64_t done;

			if (sm_dram_step(ch, t, &r, &done) && !r.write && read_done(g, r.tag, done, now, fill, user))
				return -1;
		}
		g->ch_now[c] = dnow;
	}
	return 0;
}

uint64_t sm_gmem_next_event(const struct sm_gmem *g, uint64_t now)
{
	uint64_t next = UINT64_MAX;

	for (unsigned c = 0; c < g->m->partitions; c++) {
		const struct sm_dram_chan *ch = &g->ch[c];
		int64_t d = ch->next_try > g->ch_now[c] + 1 ? ch->next_try : g->ch_now[c] + 1;
		uint64_t t;

		if (!sm_dram_busy(ch))
			continue;
		t = core_of(g, d);
		if (t <= now)
			t = now + 1;
		if (t < next)
			next = t;
	}
	return next;
}

void sm_gmem_stats(const struct sm_gmem *g, struct sm_gmem_stats *st)
{
	*st = g->st;
	st->dram_reads = st->dram_writes = st->dram_row_hits = st->dram_row_misses = 0;
	for (unsigned c = 0; c < g->m->partitions; c++) {
		st->dram_reads += g->ch[c].st.reads;
		st->dram_writes += g->ch[c].st.writes;
		st->dram_row_hits += g->ch[c].st.row_hits;
		st->dram_row_misses += g->ch[c].st.row_misses;
	}
}

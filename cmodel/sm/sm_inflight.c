/* sm_inflight.c: per-warp records of issued instructions' register
 * operands (sm_inflight.h). */
#include "sm_inflight.h"

#include <stdlib.h>
#include <string.h>

#include "sm_grow.h"

int sm_inflight_init(struct sm_inflight *f, unsigned nwarps, size_t rec_size)
{
	memset(f, 0, sizeof *f);
	f->rec_size = rec_size;
	f->free_head = -1;
	for (unsigned c = 0; c < 64; c++)
		f->col[c] = -1;
	if (!(f->warp = malloc((nwarps ? nwarps : 1) * sizeof *f->warp)))
		return -1;
	f->nwarps = nwarps;
	for (unsigned w = 0; w < nwarps; w++)
		sm_inflight_clear_warp(f, w);
	return 0;
}

void sm_inflight_free(struct sm_inflight *f)
{
	free(f->pool);
	free(f->warp);
	f->pool = NULL;
	f->warp = NULL;
}

void sm_inflight_clear_warp(struct sm_inflight *f, unsigned warp)
{
	f->warp[warp][0] = f->warp[warp][1] = -1;
}

static int new_record(struct sm_inflight *f)
{
	int i;

	if (f->free_head >= 0) {
		i = f->free_head;
		f->free_head = sm_inflight_at(f, i)->next;
	} else {
		if (sm_grow((void **)&f->pool, &f->cap, f->n + 1, f->rec_size))
			return -1;
		i = (int)f->n++;
	}
	memset(sm_inflight_at(f, i), 0, f->rec_size);
	return i;
}

int sm_inflight_add(struct sm_inflight *f, unsigned warp, const struct sm_insn *si)
{
	struct sm_inflight_rec *r;
	int i = new_record(f);

	if (i < 0)
		return -1;
	r = sm_inflight_at(f, i);
	r->next = -1;
	r->nsrc = si->nsrc;
	r->ndst = si->ndst;
	memcpy(r->src, si->src, sizeof r->src);
	memcpy(r->dst, si->dst, sizeof r->dst);
	if (f->warp[warp][1] >= 0)
		sm_inflight_at(f, f->warp[warp][1])->next = i;
	else
		f->warp[warp][0] = i;
	f->warp[warp][1] = i;
	return i;
}

/* A collector is bound at its first request to the warp's oldest record
 * that reads and has no collector yet: a collector holds one instruction,
 * and a warp's instructions reach their collectors in issue order.
 * Matching a read to the oldest record reading the register instead would
 * give one instruction's read to another.  Sources are distinct. */
int sm_inflight_collector(struct sm_inflight *f, unsigned c, unsigned warp, unsigned reg, unsigned *idx)
{
	int ri = f->col[c];
	const struct sm_inflight_rec *r;

	if (ri < 0) {
		for (int i = sm_inflight_head(f, warp); i >= 0 && ri < 0; i = sm_inflight_at(f, i)->next)
			if (sm_inflight_at(f, i)->nsrc && !sm_inflight_at(f, i)->bound)
				ri = i;
		if (ri < 0)
			return -1;
		sm_inflight_at(f, ri)->bound = 1;
		f->col[c] = ri;
	}
	r = sm_inflight_at(f, ri);
	for (unsigned s = 0; s < r->nsrc; s++)
		if (!(r->sread >> s & 1) && r->src[s] == reg) {
			*idx = s;
			return ri;
		}
	return -1;
}

int sm_inflight_find(const struct sm_inflight *f, unsigned warp, unsigned reg, int dst, unsigned *idx)
{
	for (int i = sm_inflight_head(f, warp); i >= 0; i = sm_inflight_at(f, i)->next) {
		const struct sm_inflight_rec *r = sm_inflight_at(f, i);
		unsigned n = dst ? r->ndst : r->nsrc;

		for (unsigned s = 0; s < n; s++) {
			if ((dst ? r->dst[s] : r->src[s]) != reg || ((dst ? r->dwritten : r->sread) >> s & 1))
				continue;
			if (r->pending)
				return -1;
			*idx = s;
			return i;
		}
	}
	return -1;
}

static uint32_t all_of(unsigned n)
{
	return n >= 32 ? ~0u : (1u << n) - 1;
}

int sm_inflight_all_read(const struct sm_inflight_rec *r)
{
	return r->sread == all_of(r->nsrc);
}

int sm_inflight_all_written(const struct sm_inflight_rec *r)
{
	return r->dwritten == all_of(r->ndst);
}

void sm_inflight_mark_read(struct sm_inflight *f, unsigned c, int i, unsigned idx)
{
	struct sm_inflight_rec *r = sm_inflight_at(f, i);

	r->sread |= 1u << idx;
	if (sm_inflight_all_read(r))
		f->col[c] = -1;
}

void sm_inflight_mark_written(struct sm_inflight *f, int i, unsigned idx)
{
	sm_inflight_at(f, i)->dwritten |= 1u << idx;
}

void sm_inflight_retire(struct sm_inflight *f, unsigned warp)
{
	int prev = -1;

	for (int i = f->warp[warp][0]; i >= 0;) {
		struct sm_inflight_rec *r = sm_inflight_at(f, i);
		int next = r->next;

		if (!r->pending && sm_inflight_all_read(r) && sm_inflight_all_written(r)) {
			if (prev >= 0)
				sm_inflight_at(f, prev)->next = next;
			else
				f->warp[warp][0] = next;
			if (f->warp[warp][1] == i)
				f->warp[warp][1] = prev;
			r->next = f->free_head;
			f->free_head = i;
		} else {
			prev = i;
		}
		i = next;
	}
}

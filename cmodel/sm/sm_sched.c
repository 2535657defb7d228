/* sm_sched.c: GTO, LRR and two-level warp scheduling (see sm_sched.h). */
#include "sm_sched.h"

#include <stdlib.h>
#include <string.h>

int sm_sched_init(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned nwarps)
{
	size_t n = nwarps ? nwarps : 1;

	(void)cfg;
	memset(s, 0, sizeof *s);
	s->last = -1;
	s->stale = 1;
	s->warps = calloc(n, sizeof *s->warps);
	s->cand = calloc(n, sizeof *s->cand);
	s->active = calloc(n, sizeof *s->active);
	s->pending = calloc(n, sizeof *s->pending);
	return s->warps && s->cand && s->active && s->pending ? 0 : -1;
}

void sm_sched_free(struct sm_sched *s)
{
	free(s->warps);
	free(s->cand);
	free(s->active);
	free(s->pending);
	memset(s, 0, sizeof *s);
}

static int drop(unsigned *list, unsigned *n, unsigned w)
{
	for (unsigned i = 0; i < *n; i++)
		if (list[i] == w) {
			memmove(list + i, list + i + 1, (*n - i - 1) * sizeof *list);
			(*n)--;
			return (int)i;
		}
	return -1;
}

void sm_sched_add(struct sm_sched *s, unsigned w)
{
	s->warps[s->n++] = w;
	s->pending[s->npending++] = w;
	s->stale = 1;
}

void sm_sched_remove(struct sm_sched *s, unsigned w)
{
	int i = drop(s->warps, &s->n, w);

	if (i < 0)
		return;
	s->stale = 1;
	if (s->fetch_ptr > (unsigned)i)
		s->fetch_ptr--;
	if (s->fetch_ptr >= s->n)
		s->fetch_ptr = 0;
	if (s->last == (int)w)
		s->last = -1;
	drop(s->active, &s->nactive, w);
	drop(s->pending, &s->npending, w);
}

/* The candidates in priority order, into s->cand; their number. */
static unsigned build_order(struct sm_sched *s, const struct gpurf_cfg *cfg)
{
	unsigned k = 0;

	switch (cfg->sim.scheduler) {
	case SCHED_LRR:
		for (unsigned i = 0; i < s->n; i++)
			s->cand[k++] = s->warps[(s->rr + i) % s->n];
		return k;
	case SCHED_TWO_LEVEL:
		while (s->nactive < cfg->sim.active_warps && s->npending) {
			s->active[s->nactive++] = s->pending[0];
			drop(s->pending, &s->npending, s->pending[0]);
		}
		for (unsigned i = 0; i < s->nactive; i++)
			s->cand[k++] = s->active[(s->rr + i) % s->nactive];
		return k;
	default:	/* gto */
		if (s->last >= 0)
			s->cand[k++] = (unsigned)s->last;
		for (unsigned i = 0; i < s->n; i++)
			if ((int)s->warps[i] != s->last)
				s->cand[k++] = s->warps[i];
		return k;
	}
}

/* The list changes only with the order's inputs (warps added or removed,
 * the last issued warp, the round-robin pointer, a demotion), each of which
 * marks it stale: two-level's refill can only start after one of them. */
unsigned sm_sched_order(struct sm_sched *s, const struct gpurf_cfg *cfg)
{
	if (s->stale) {
		s->ncand = build_order(s, cfg);
		s->stale = 0;
	}
	return s->ncand;
}

void sm_sched_issued(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned w)
{
	unsigned at = 0;

	while (at < s->n && s->warps[at] != w)
		at++;
	if (at == s->n)
		return;		/* it finished with this instruction */
	if (s->last != (int)w || cfg->sim.scheduler != SCHED_GTO)
		s->stale = 1;
	s->last = (int)w;
	if (cfg->sim.scheduler == SCHED_LRR) {
		s->rr = (at + 1) % s->n;	/* warps[] holds each warp once */
	} else if (cfg->sim.scheduler == SCHED_TWO_LEVEL) {
		for (unsigned i = 0; i < s->nactive; i++)
			if (s->active[i] == w)
				s->rr = (i + 1) % s->nactive;
	}
}

int sm_sched_demote(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned w)
{
	if (cfg->sim.scheduler != SCHED_TWO_LEVEL || s->npending == 0 || drop(s->active, &s->nactive, w) < 0)
		return 0;
	s->pending[s->npending++] = w;
	s->stale = 1;
	if (s->rr >= s->nactive)
		s->rr = 0;
	return 1;
}

/* sm_trace_prog.c: the static code of a trace kernel and the compiler's
 * analyses on it (see sm_trace_prog.h).  Built once per kernel, before it
 * runs: one pass over the dynamic instructions for the edges, then the
 * compiler's CFG, liveness and hints. */
#include "sm_trace_prog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "kc.h"
#include "live.h"

struct edge_info {
	int taken;		/* the one non-fall-through successor seen, -1 none */
	int two;		/* a second, different one was seen */
	uint8_t fell;		/* the next PC's instruction was seen next */
	uint8_t partial;	/* ran with fewer lanes than its path had */
};

static int cmp_pc(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Index of pc among the sorted distinct PCs. */
static int find_pc(const int64_t *pcs, int n, int64_t pc)
{
	int lo = 0, hi = n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (pcs[mid] == pc)
			return mid;
		if (pcs[mid] < pc)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/* The jumps the warps made.  Consecutive instructions of a warp with
 * overlapping masks are a transfer of those lanes.  Disjoint masks are a
 * warp switching to its other divergent path: the lanes arriving come from
 * the last instruction they ran themselves, a transfer when that was a
 * branch (else they fell through, an edge the code has anyway). */
static void add_edge(struct edge_info *e, int from, int to)
{
	if (to == from + 1)
		e[from].fell = 1;
	else if (e[from].taken < 0)
		e[from].taken = to;
	else if (e[from].taken != to)
		e[from].two = 1;
}

static int edges(const struct sm_trace *t, const struct sm_insn *insns, const uint32_t *index,
		 struct edge_info *e)
{
	int last[64];

	for (uint32_t w = 0; w < t->nwarps; w++) {
		const struct sm_twarp *tw = &t->warps[w];
		uint64_t path = 0, prev_mask = 0;
		int prev = -1, new_path = 1;

		for (int l = 0; l < 64; l++)
			last[l] = -1;
		for (uint32_t i = tw->first; i < tw->first + tw->count; i++) {
			const struct sm_tinst *ti = &t->insts[i];
			int cur = (int)index[ti->si];
			/* an instruction all of whose lanes are predicated off
			 * still passes the warp on: it keeps the previous mask */
			uint64_t m = ti->mask ? ti->mask : prev_mask;

			/* a write is partial (does not kill) when its lanes are
			 * fewer than those of the path it is on: the path's mask
			 * is set by its first instruction after a branch, a switch
			 * of divergent paths or a reconvergence (more lanes) */
			if (new_path || (m & ~path))
				path = m, new_path = 0;
			if (ti->mask != path)
				e[cur].partial = 1;
			if (insns[cur].cls == SM_CLS_BRANCH)
				new_path = 1;
			if (prev >= 0 && (m & prev_mask)) {
				add_edge(e, prev, cur);
			} else if (prev >= 0) {
				for (uint64_t v = m; v; v &= v - 1) {
					int from = last[__builtin_ctzll(v)];

					if (from >= 0 && from + 1 != cur && insns[from].cls == SM_CLS_BRANCH)
						add_edge(e, from, cur);
				}
			}
			for (uint64_t v = ti->mask; v; v &= v - 1)
				last[__builtin_ctzll(v)] = cur;
			prev = cur;
			prev_mask = m;
		}
	}
	return 0;
}

static int analyse(struct kc_kernel *k)
{
	if (kc_cfg_build(&k->mir, &k->cfg) || kc_live_thread(&k->mir, &k->cfg, &k->live_thread) ||
	    kc_live_warp(&k->mir, &k->cfg, &k->live_thread, &k->live_warp) ||
	    kc_rfc_run(&k->mir, &k->cfg, &k->live_warp, &k->rfc))
		return -1;
	kc_renumber_run(&k->mir, &k->renumber);
	return 0;
}

int sm_trace_prog_build(const struct sm_trace *t, struct sm_trace_prog *tp)
{
	int64_t *pcs = malloc(((size_t)t->nsinsns + 1) * sizeof *pcs);
	struct edge_info *e = NULL;
	struct kc_kernel *k = NULL;
	int n = 0, rc = -1;

	memset(tp, 0, sizeof *tp);
	tp->index = malloc(((size_t)t->nsinsns + 1) * sizeof *tp->index);
	if (!pcs || !tp->index)
		goto out;
	for (uint32_t s = 0; s < t->nsinsns; s++)
		pcs[s] = t->sinsns[s].pc;
	qsort(pcs, t->nsinsns, sizeof *pcs, cmp_pc);
	for (uint32_t s = 0; s < t->nsinsns; s++)
		if (!n || pcs[n - 1] != pcs[s])
			pcs[n++] = pcs[s];
	tp->prog.insns = calloc((size_t)n + 1, sizeof *tp->prog.insns);
	e = calloc((size_t)n + 1, sizeof *e);
	k = calloc(1, sizeof *k);
	if (!tp->prog.insns || !e || !k)
		goto out;
	tp->prog.k = k;
	tp->prog.ninsns = n;
	tp->prog.nregs = (int)t->nregs;
	tp->prog.path = t->file;
	tp->prog.entry = t->kernel;
	for (int i = 0; i < n; i++)
		e[i].taken = -1;
	/* the first interned variant of a PC stands for it (a PC whose
	 * register lists differ between executions has several) */
	for (uint32_t s = t->nsinsns; s-- > 0;) {
		int i = find_pc(pcs, n, t->sinsns[s].pc);

		tp->index[s] = (uint32_t)i;
		tp->prog.insns[i] = t->sinsns[s];
		tp->prog.insns[i].pc = i;
	}
	edges(t, tp->prog.insns, tp->index, e);
	kc_options_default(&k->opt);
	k->mir.n = n;
	k->mir.nbits = 256;
	k->mir.insns = calloc((size_t)n + 1, sizeof *k->mir.insns);
	if (!k->mir.insns)
		goto out;
	k->ninsns = n;
	k->nregs = (int)t->nregs;
	for (int i = 0; i < n; i++) {
		const struct sm_insn *si = &tp->prog.insns[i];
		struct mir_insn *mi = &k->mir.insns[i];

		if (e[i].two) {
			snprintf(tp->why, sizeof tp->why, "the instruction at PC 0x%llx was seen jumping to two "
				 "different places (a return to several call sites or an indirect branch); the "
				 "compiler's graph has one target per instruction", (unsigned long long)pcs[i]);
			rc = 1;
			goto out;
		}
		for (unsigned s = 0; s < si->nsrc && mi->nsrc < MIR_MAX_SRC; s++)
			mi->src[mi->nsrc++] = (struct mir_ref){si->src[s], 1, (int)s};
		for (unsigned d = 0; d < si->ndst && mi->ndst < MIR_MAX_DST; d++)
			mi->dst[mi->ndst++] = (struct mir_ref){si->dst[d], 1, 0};
		mi->target = -1;
		mi->line = si->line;
		/* the fall-through edge is kept on every jump and exit but the
		 * last instruction (the trace has no predicates: whether a jump
		 * is unconditional is not known; an extra edge only adds live
		 * registers) */
		if (e[i].taken >= 0) {
			mi->flags |= MIR_F_BRANCH;
			mi->target = e[i].taken;
			if (i + 1 < n)
				mi->flags |= MIR_F_COND;
		}
		if (si->cls == SM_CLS_EXIT)
			mi->flags |= MIR_F_EXIT | (i + 1 < n ? MIR_F_COND : 0);
		if (si->cls == SM_CLS_BAR)
			mi->flags |= MIR_F_BARRIER;
		if (si->longlat)
			mi->flags |= MIR_F_LONGLAT;
		if (e[i].partial)
			mi->flags |= MIR_F_PARTIAL;
	}
	rc = analyse(k) ? -1 : 0;
out:
	free(pcs);
	free(e);
	if (rc)
		sm_trace_prog_free(tp);
	return rc;
}

void sm_trace_prog_free(struct sm_trace_prog *tp)
{
	struct kc_kernel *k = tp->prog.k;
	char why[sizeof tp->why];

	if (k) {
		kc_rfc_free(&k->rfc);
		kc_live_free(&k->live_warp);
		kc_live_free(&k->live_thread);
		kc_cfg_free(&k->cfg);
		free(k->mir.insns);
		free(k);
	}
	free(tp->prog.insns);
	free(tp->index);
	memcpy(why, tp->why, sizeof why);
	memset(tp, 0, sizeof *tp);
	memcpy(tp->why, why, sizeof why);
}

/*
 * ltrf.c: LTRF register intervals (Sadrosadati et al., ASPLOS 2018,
 * Algorithms 1 and 2) with the corrections of the spec's section 4.5:
 *
 *  - a block joins interval i only if all its predecessors are in i
 *    (so back edges, hence loop headers, start new intervals);
 *  - capacity is checked on the whole interval's register union, not per
 *    path: TRAVERSE starts from i.regs, not from the predecessors' lists;
 *  - a block whose instruction would push the union above N is split before
 *    that instruction; the tail becomes a new interval header.  A joining
 *    block that cannot take even its first instruction is not split but
 *    made a header itself; a header always takes its first instruction;
 *  - `<= N`, both passes; every register of a 64-bit pair is counted;
 *  - Algorithm 2 merges interval h into ii when all of h's predecessor
 *    intervals are ii and |ii.regs U h.regs| <= N, and is repeated until
 *    the interval count stops falling.
 *
 * The working set of an interval is its register union: the PREFETCH bit
 * vector placed before its header instruction.
 */
#include "analyses.h"

#include <stdlib.h>
#include <string.h>

#define W KC_REGSET_WORDS
#define UNKNOWN (-1)

struct node {           /* a basic block or the tail of a split one */
    int first, last;
    int nsucc;
    int succ[2];        /* node ids, -1 none */
    int ri;             /* interval */
};

struct ltrf_state {
    const struct mir *m;
    int limit;
    struct node *nodes;
    int nnodes, cap;
    uint64_t (*regs)[W];      /* per interval */
    int *header;              /* per interval: header node */
    int nri, cap_ri, cap_regs;
    int *wl;
    int nwl, cap_wl;
    int nsplits;
    int oom;
};

static int grow(void **p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int ncap = *cap ? *cap : 16;
    while (ncap < need)
        ncap *= 2;
    void *q = realloc(*p, elem * (size_t)ncap);
    if (!q)
        return -1;
    *p = q;
    *cap = ncap;
    return 0;
}

static int new_ri(struct ltrf_state *st, int header)
{
    if (grow((void **)&st->regs, &st->cap_regs, st->nri + 1, sizeof *st->regs) != 0 ||
        grow((void **)&st->header, &st->cap_ri, st->nri + 1, sizeof(int)) != 0) {
        st->oom = 1;
        return 0;
    }
    memset(st->regs[st->nri], 0, sizeof st->regs[st->nri]);
    st->header[st->nri] = header;
    return st->nri++;
}

static void push_wl(struct ltrf_state *st, int node)
{
    if (grow((void **)&st->wl, &st->cap_wl, st->nwl + 1, sizeof(int)) != 0) {
        st->oom = 1;
        return;
    }
    st->wl[st->nwl++] = node;
}

static void insn_regs(const struct mir_insn *in, uint64_t *set)
{
    for (int s = 0; s < in->nsrc; s++)
        mir_ref_bits(&in->src[s], set);
    for (int d = 0; d < in->ndst; d++)
        mir_ref_bits(&in->dst[d], set);
}

static int count(const uint64_t *s)
{
    return bits_count(s, W);
}

/* Predecessor nodes of `x`. */
static int preds_all_in(const struct ltrf_state *st, int x, int ri, int *npred)
{
    int ok = 1;
    *npred = 0;
    for (int y = 0; y < st->nnodes; y++)
        for (int k = 0; k < st->nodes[y].nsucc; k++)
            if (st->nodes[y].succ[k] == x) {
                (*npred)++;
                ok &= st->nodes[y].ri == ri;
            }
    return ok;
}

/* TRAVERSE with the interval-wide union: adds x's instructions to interval
 * ri, splitting x where the union would exceed the limit. */
static void traverse(struct ltrf_state *st, int x)
{
    int ri = st->nodes[x].ri;
    uint64_t cur[W];
    memcpy(cur, st->regs[ri], sizeof cur);
    for (int i = st->nodes[x].first; i <= st->nodes[x].last; i++) {
        uint64_t next[W];
        memcpy(next, cur, sizeof next);
        insn_regs(&st->m->insns[i], next);
        if (count(next) <= st->limit || (i == st->nodes[x].first && st->header[ri] == x)) {
            memcpy(cur, next, sizeof cur);
            continue;
        }
        if (i == st->nodes[x].first) {
            /* cannot even start here: x heads its own interval instead */
            st->nodes[x].ri = new_ri(st, x);
            push_wl(st, x);
            return;
        }
        /* split x before i: the tail inherits x's successors */
        if (grow((void **)&st->nodes, &st->cap, st->nnodes + 1, sizeof *st->nodes) != 0) {
            st->oom = 1;
            return;
        }
        int y = st->nnodes++;
        st->nodes[y] = st->nodes[x];
        st->nodes[y].first = i;
        st->nodes[x].last = i - 1;
        st->nodes[x].nsucc = 1;
        st->nodes[x].succ[0] = y;
        st->nodes[x].succ[1] = -1;
        st->nodes[y].ri = new_ri(st, y);
        st->nsplits++;
        push_wl(st, y);
        break;
    }
    memcpy(st->regs[ri], cur, sizeof cur);
}

static void pass1(struct ltrf_state *st)
{
    st->nodes[0].ri = new_ri(st, 0);
    push_wl(st, 0);
    int head = 0;
    while (head < st->nwl && !st->oom) {
        int x = st->wl[head++];
        int ri = st->nodes[x].ri;
        if (st->header[ri] != x)
            continue;       /* stale entry */
        traverse(st, x);
        for (int grew = 1; grew && !st->oom;) {
            grew = 0;
            for (int h = 1; h < st->nnodes; h++) {
                int npred;
                if (st->nodes[h].ri != UNKNOWN || !preds_all_in(st, h, ri, &npred) || npred == 0)
                    continue;
                st->nodes[h].ri = ri;
                traverse(st, h);
                grew = 1;
            }
        }
        for (int y = 0; y < st->nnodes; y++) {
            if (st->nodes[y].ri != ri)
                continue;
            for (int k = 0; k < st->nodes[y].nsucc; k++) {
                int s = st->nodes[y].succ[k];
                if (s >= 0 && st->nodes[s].ri == UNKNOWN) {
                    st->nodes[s].ri = new_ri(st, s);
                    push_wl(st, s);
                }
            }
        }
    }
    /* nodes unreachable from the entry still need an interval */
    for (int y = 0; y < st->nnodes && !st->oom; y++)
        if (st->nodes[y].ri == UNKNOWN) {
            st->nodes[y].ri = new_ri(st, y);
            traverse(st, y);
        }
}

/* One round of Algorithm 2.  Returns the new interval count. */
static int pass2_round(struct ltrf_state *st)
{
    int nri = st->nri;
    int *group = malloc(sizeof(int) * (size_t)nri);
    uint64_t (*gregs)[W] = malloc(sizeof *gregs * (size_t)nri);
    int *gheader = malloc(sizeof(int) * (size_t)nri);
    int *queue = malloc(sizeof(int) * (size_t)nri);
    unsigned char *pred = malloc((size_t)nri * (size_t)nri);   /* pred[a * nri + b]: a -> b */
    if (!group || !gregs || !gheader || !queue || !pred) {
        free(group); free(gregs); free(gheader); free(queue); free(pred);
        st->oom = 1;
        return nri;
    }
    memset(pred, 0, (size_t)nri * (size_t)nri);
    for (int y = 0; y < st->nnodes; y++)
        for (int k = 0; k < st->nodes[y].nsucc; k++) {
            int s = st->nodes[y].succ[k];
            if (s >= 0 && st->nodes[s].ri != st->nodes[y].ri)
                pred[st->nodes[y].ri * nri + st->nodes[s].ri] = 1;
        }
    for (int i = 0; i < nri; i++)
        group[i] = UNKNOWN;
    int ng = 0, qh = 0, qt = 0;
    int entry = st->nodes[0].ri;
    queue[qt++] = entry;
    group[entry] = ng;
    memcpy(gregs[ng], st->regs[entry], sizeof gregs[ng]);
    gheader[ng++] = st->header[entry];
    for (;;) {
        while (qh < qt) {
            int g = group[queue[qh++]];
            for (int grew = 1; grew;) {
                grew = 0;
                for (int h = 0; h < nri; h++) {
                    if (group[h] != UNKNOWN)
                        continue;
                    int ok = 0;
                    for (int a = 0; a < nri; a++)
                        if (pred[a * nri + h]) {
                            if (group[a] != g) {
                                ok = 0;
                                break;
                            }
                            ok = 1;
                        }
                    if (!ok)
                        continue;
                    uint64_t u[W];
                    for (int w = 0; w < W; w++)
                        u[w] = gregs[g][w] | st->regs[h][w];
                    if (count(u) > st->limit)
                        continue;
                    memcpy(gregs[g], u, sizeof u);
                    group[h] = g;
                    grew = 1;
                }
            }
            /* successors of the group not yet assigned start new groups */
            for (int a = 0; a < nri; a++) {
                if (group[a] != g)
                    continue;
                for (int s = 0; s < nri; s++)
                    if (pred[a * nri + s] && group[s] == UNKNOWN) {
                        group[s] = ng;
                        memcpy(gregs[ng], st->regs[s], sizeof gregs[ng]);
                        gheader[ng++] = st->header[s];
                        queue[qt++] = s;
                    }
            }
        }
        int left = -1;
        for (int i = 0; i < nri && left < 0; i++)
            if (group[i] == UNKNOWN)
                left = i;
        if (left < 0)
            break;
        group[left] = ng;
        memcpy(gregs[ng], st->regs[left], sizeof gregs[ng]);
        gheader[ng++] = st->header[left];
        queue[qt++] = left;
    }
    for (int y = 0; y < st->nnodes; y++)
        st->nodes[y].ri = group[st->nodes[y].ri];
    memcpy(st->regs, gregs, sizeof *gregs * (size_t)ng);
    memcpy(st->header, gheader, sizeof(int) * (size_t)ng);
    st->nri = ng;
    free(group); free(gregs); free(gheader); free(queue); free(pred);
    return ng;
}

void kc_ltrf_free(struct kc_ltrf *lt)
{
    free(lt->iv);
    free(lt->interval_of);
    memset(lt, 0, sizeof *lt);
}

int kc_ltrf_run(const struct mir *m, const struct kc_cfg *cfg, int limit, struct kc_ltrf *lt)
{
    struct ltrf_state st;
    memset(&st, 0, sizeof st);
    memset(lt, 0, sizeof *lt);
    lt->limit = limit;
    st.m = m;
    st.limit = limit;
    lt->interval_of = malloc(sizeof(int) * (size_t)(m->n ? m->n : 1));
    if (!lt->interval_of)
        return -1;
    if (m->n == 0)
        return 0;
    st.cap = cfg->nblocks + 16;
    st.nodes = malloc(sizeof *st.nodes * (size_t)st.cap);
    if (!st.nodes) {
        kc_ltrf_free(lt);
        return -1;
    }
    st.nnodes = cfg->nblocks;
    for (int b = 0; b < cfg->nblocks; b++) {
        struct node *x = &st.nodes[b];
        x->first = cfg->blocks[b].first;
        x->last = cfg->blocks[b].last;
        x->nsucc = 0;
        x->succ[0] = x->succ[1] = -1;
        for (int k = 0; k < cfg->blocks[b].nsucc; k++)
            if (cfg->blocks[b].succ[k] < cfg->nblocks)
                x->succ[x->nsucc++] = cfg->blocks[b].succ[k];
        x->ri = UNKNOWN;
    }
    pass1(&st);
    lt->pass1_intervals = st.nri;
    /* pass 2 keeps an interval adjacency matrix: skip it for huge kernels */
    for (int prev = st.nri + 1; !st.oom && st.nri < prev && st.nri <= 4096;) {
        prev = st.nri;
        pass2_round(&st);
        lt->pass2_rounds++;
    }
    lt->nsplits = st.nsplits;
    if (!st.oom) {
        lt->nintervals = st.nri;
        lt->iv = calloc((size_t)st.nri + 1, sizeof *lt->iv);
        if (!lt->iv)
            st.oom = 1;
    }
    if (!st.oom) {
        for (int r = 0; r < st.nri; r++) {
            struct kc_interval *iv = &lt->iv[r];
            iv->header = st.nodes[st.header[r]].first;
            memcpy(iv->regs, st.regs[r], sizeof iv->regs);
            iv->nregs = count(iv->regs);
        }
        for (int y = 0; y < st.nnodes; y++)
            for (int i = st.nodes[y].first; i <= st.nodes[y].last; i++) {
                lt->interval_of[i] = st.nodes[y].ri;
                lt->iv[st.nodes[y].ri].ninsns++;
            }
    }
    free(st.nodes);
    free(st.regs);
    free(st.header);
    free(st.wl);
    if (st.oom) {
        kc_ltrf_free(lt);
        return -1;
    }
    return 0;
}

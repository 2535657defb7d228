/*
 * regalloc.c: interference-graph colouring of virtual registers.
 *
 * 1. Thread liveness over vregs (live.c on the vreg mir).
 * 2. Interference: every definition interferes with everything live after
 *    it in the same register class, except the source of a plain move
 *    (Chaitin's rule), and with the other definitions of its instruction.
 * 3. Colouring, twice: (a) vregs in order of first definition along the
 *    reverse postorder, which is optimal for strict SSA code and nearly so
 *    for the almost-SSA PTX that NVVM emits; (b) Chaitin-Briggs simplify
 *    order by width-weighted degree.  Each pick is the lowest aligned base
 *    with all the vreg's registers free, preferring a move partner's
 *    register.  The order giving fewer registers wins.
 * 4. If the GPR count exceeds the limit, the vreg with the lowest
 *    (references / degree) among those that could not be placed is
 *    proposed for spilling; kc.c rewrites the program and calls again.
 */
#include "regalloc.h"

#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "live.h"

struct adj {
    int n, cap;
    int *v;
};

static int adj_push(struct adj *a, int v)
{
    if (a->n == a->cap) {
        int ncap = a->cap ? a->cap * 2 : 8;
        int *nv = realloc(a->v, sizeof(int) * (size_t)ncap);
        if (!nv)
            return -1;
        a->v = nv;
        a->cap = ncap;
    }
    a->v[a->n++] = v;
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void adj_unique(struct adj *a)
{
    if (a->n < 2)
        return;
    qsort(a->v, (size_t)a->n, sizeof(int), cmp_int);
    int k = 1;
    for (int i = 1; i < a->n; i++)
        if (a->v[i] != a->v[k - 1])
            a->v[k++] = a->v[i];
    a->n = k;
}

struct graph {
    int n;
    struct adj *adj;
    struct adj *partners;     /* move-related vregs */
    int *refs;                /* static references, for spill choice */
};

static void graph_free(struct graph *g)
{
    if (g->adj)
        for (int i = 0; i < g->n; i++) {
            free(g->adj[i].v);
            free(g->partners[i].v);
        }
    free(g->adj);
    free(g->partners);
    free(g->refs);
}

static int add_edge(struct graph *g, int a, int b)
{
    if (a == b)
        return 0;
    return adj_push(&g->adj[a], b) | adj_push(&g->adj[b], a);
}

static int build_graph(const struct kc_ra_input *in, const struct kc_live *lv, struct graph *g)
{
    const struct mir *m = in->vmir;
    int words = lv->words;
    g->n = in->nvregs;
    g->adj = calloc((size_t)g->n + 1, sizeof *g->adj);
    g->partners = calloc((size_t)g->n + 1, sizeof *g->partners);
    g->refs = calloc((size_t)g->n + 1, sizeof(int));
    if (!g->adj || !g->partners || !g->refs)
        return -1;
    int err = 0;
    for (int i = 0; i < m->n && !err; i++) {
        const struct mir_insn *mi = &m->insns[i];
        const uint64_t *out = kc_live_out(lv, i);
        int copy = in->copy_src ? in->copy_src[i] : -1;
        for (int s = 0; s < mi->nsrc; s++)
            g->refs[mi->src[s].reg]++;
        for (int d = 0; d < mi->ndst && !err; d++) {
            int dv = mi->dst[d].reg;
            g->refs[dv]++;
            for (int w = 0; w < words && !err; w++) {
                uint64_t bits = out[w];
                while (bits && !err) {
                    int v = w * 64 + __builtin_ctzll(bits);
                    bits &= bits - 1;
                    if (v == dv || v == copy || in->vclass[v] != in->vclass[dv])
                        continue;
                    err = add_edge(g, dv, v);
                }
            }
            for (int e = d + 1; e < mi->ndst && !err; e++)
                if (in->vclass[mi->dst[e].reg] == in->vclass[dv])
                    err = add_edge(g, dv, mi->dst[e].reg);
            if (copy >= 0 && !err)
                err = adj_push(&g->partners[dv], copy) | adj_push(&g->partners[copy], dv);
        }
    }
    /* values read before any write (live into the entry) coexist */
    if (m->n > 0 && !err) {
        const uint64_t *entry = kc_live_in(lv, 0);
        for (int a = 0; a < g->n && !err; a++) {
            if (!bits_test(entry, a))
                continue;
            for (int b = a + 1; b < g->n && !err; b++)
                if (bits_test(entry, b) && in->vclass[a] == in->vclass[b])
                    err = add_edge(g, a, b);
        }
    }
    for (int v = 0; v < g->n; v++)
        adj_unique(&g->adj[v]);
    return err ? -1 : 0;
}

/* Lowest aligned base whose `width` registers are all free in `busy`. */
static int pick(const unsigned char *busy, int width, int limit, int prefer)
{
    if (prefer >= 0 && prefer % width == 0 && prefer + width <= limit) {
        int ok = 1;
        for (int k = 0; k < width; k++)
            ok &= !busy[prefer + k];
        if (ok)
            return prefer;
    }
    for (int base = 0; base + width <= limit; base += width) {
        int ok = 1;
        for (int k = 0; k < width && ok; k++)
            ok = !busy[base + k];
        if (ok)
            return base;
    }
    return -1;
}

/* Colours vregs in `order`; returns the number of vregs left uncoloured
 * (colour -1), or -1 on out-of-memory. */
static int colour(const struct kc_ra_input *in, const struct graph *g, const int *order, int n,
                  int *phys)
{
    int failed = 0;
    unsigned char busy[KC_MAX_GPR + 8];
    for (int v = 0; v < g->n; v++)
        phys[v] = -1;
    for (int i = 0; i < n; i++) {
        int v = order[i];
        int width = in->vclass[v] == KC_RC_PRED ? 1 : in->vwidth[v];
        int limit = in->vclass[v] == KC_RC_PRED ? KC_MAX_GPR : in->limit;
        memset(busy, 0, sizeof busy);
        for (int k = 0; k < g->adj[v].n; k++) {
            int u = g->adj[v].v[k];
            if (phys[u] < 0)
                continue;
            int uw = in->vclass[u] == KC_RC_PRED ? 1 : in->vwidth[u];
            for (int j = 0; j < uw && phys[u] + j < KC_MAX_GPR + 8; j++)
                busy[phys[u] + j] = 1;
        }
        int prefer = -1;
        for (int k = 0; k < g->partners[v].n && prefer < 0; k++)
            prefer = phys[g->partners[v].v[k]];
        phys[v] = pick(busy, width, limit, prefer);
        if (phys[v] < 0)
            failed++;
    }
    return failed;
}

static void count_used(const struct kc_ra_input *in, const int *phys, int *ngpr, int *npred)
{
    *ngpr = *npred = 0;
    for (int v = 0; v < in->nvregs; v++) {
        if (phys[v] < 0)
            continue;
        if (in->vclass[v] == KC_RC_PRED) {
            if (phys[v] + 1 > *npred)
                *npred = phys[v] + 1;
        } else if (phys[v] + in->vwidth[v] > *ngpr) {
            *ngpr = phys[v] + in->vwidth[v];
        }
    }
}

/* Order (a): first definition along the reverse postorder. */
static int def_order(const struct kc_ra_input *in, const struct kc_cfg *cfg, const int *used,
                     int *order)
{
    const struct mir *m = in->vmir;
    unsigned char *seen = calloc((size_t)in->nvregs + 1, 1);
    if (!seen)
        return -1;
    int n = 0;
    for (int r = 0; r < cfg->nrpo; r++) {
        const struct kc_block *blk = &cfg->blocks[cfg->rpo[r]];
        for (int i = blk->first; i <= blk->last; i++) {
            const struct mir_insn *mi = &m->insns[i];
            for (int d = 0; d < mi->ndst; d++)
                if (!seen[mi->dst[d].reg]) {
                    seen[mi->dst[d].reg] = 1;
                    order[n++] = mi->dst[d].reg;
                }
        }
    }
    for (int v = 0; v < in->nvregs; v++)    /* never defined, or only in dead code */
        if (used[v] && !seen[v]) {
            seen[v] = 1;
            order[n++] = v;
        }
    free(seen);
    return n;
}

/* Order (b): repeatedly remove the vreg of least width-weighted degree;
 * colour in reverse removal order. */
static int simplify_order(const struct kc_ra_input *in, const struct graph *g, const int *used,
                          int *order)
{
    int nv = in->nvregs, n = 0;
    int *deg = calloc((size_t)nv + 1, sizeof(int));
    unsigned char *gone = calloc((size_t)nv + 1, 1);
    if (!deg || !gone) {
        free(deg);
        free(gone);
        return -1;
    }
    int total = 0;
    for (int v = 0; v < nv; v++) {
        if (!used[v]) {
            gone[v] = 1;
            continue;
        }
        total++;
        for (int k = 0; k < g->adj[v].n; k++) {
            int u = g->adj[v].v[k];
            deg[v] += in->vclass[u] == KC_RC_PRED ? 1 : in->vwidth[u];
        }
    }
    int *stack = order + total;
    while (n < total) {
        int best = -1;
        for (int v = 0; v < nv; v++)
            if (!gone[v] && (best < 0 || deg[v] < deg[best]))
                best = v;
        gone[best] = 1;
        *--stack = best;
        n++;
        int bw = in->vclass[best] == KC_RC_PRED ? 1 : in->vwidth[best];
        for (int k = 0; k < g->adj[best].n; k++)
            deg[g->adj[best].v[k]] -= bw;
    }
    free(deg);
    free(gone);
    return total;
}

void kc_ra_result_free(struct kc_ra_result *r)
{
    free(r->phys);
    r->phys = NULL;
}

int kc_regalloc(const struct kc_ra_input *in, struct kc_ra_result *out)
{
    const struct mir *m = in->vmir;
    struct kc_cfg cfg;
    struct kc_live lv;
    struct graph g;
    int rc = -1;
    memset(out, 0, sizeof *out);
    memset(&g, 0, sizeof g);
    memset(&lv, 0, sizeof lv);
    out->spill_vreg = -1;
    out->phys = malloc(sizeof(int) * (size_t)(in->nvregs + 1));
    int *alt = malloc(sizeof(int) * (size_t)(in->nvregs + 1));
    int *order = malloc(sizeof(int) * (size_t)(in->nvregs + 1));
    int *used = calloc((size_t)in->nvregs + 1, sizeof(int));
    if (!out->phys || !alt || !order || !used || kc_cfg_build(m, &cfg) != 0) {
        free(alt);
        free(order);
        free(used);
        kc_ra_result_free(out);
        return -1;
    }
    if (kc_live_thread(m, &cfg, &lv) != 0 || build_graph(in, &lv, &g) != 0)
        goto done;
    for (int i = 0; i < m->n; i++) {
        for (int s = 0; s < m->insns[i].nsrc; s++)
            used[m->insns[i].src[s].reg] = 1;
        for (int d = 0; d < m->insns[i].ndst; d++)
            used[m->insns[i].dst[d].reg] = 1;
    }
    int n = def_order(in, &cfg, used, order);
    if (n < 0)
        goto done;
    int fail_a = colour(in, &g, order, n, out->phys);
    n = simplify_order(in, &g, used, order);
    if (n < 0)
        goto done;
    int fail_b = colour(in, &g, order, n, alt);
    int ga, pa, gb, pb;
    count_used(in, out->phys, &ga, &pa);
    count_used(in, alt, &gb, &pb);
    if (fail_b < fail_a || (fail_b == fail_a && gb < ga)) {
        int *t = out->phys;
        out->phys = alt;
        alt = t;
        out->order_used = 1;
    }
    count_used(in, out->phys, &out->ngpr, &out->npred);
    out->unplaced = fail_a < fail_b ? fail_a : fail_b;
    if (out->unplaced) {
        /* cheapest spillable GPR vreg: few references, many neighbours;
         * uncoloured ones first, else a neighbour of an uncoloured one (the
         * uncoloured may all be spill temporaries, which cannot spill) */
        for (int pass = 0; pass < 2 && out->spill_vreg < 0; pass++) {
            double best = 0;
            for (int v = 0; v < in->nvregs; v++) {
                if (!used[v] || in->vclass[v] != KC_RC_GPR || (in->no_spill && in->no_spill[v]))
                    continue;
                int eligible = out->phys[v] < 0;
                for (int k = 0; pass == 1 && !eligible && k < g.adj[v].n; k++) {
                    int u = g.adj[v].v[k];
                    eligible = out->phys[u] < 0 && in->vclass[u] == KC_RC_GPR;
                }
                if (!eligible)
                    continue;
                double score = (double)(g.adj[v].n + 1) / (double)(g.refs[v] + 1);
                if (out->spill_vreg < 0 || score > best) {
                    best = score;
                    out->spill_vreg = v;
                }
            }
        }
    }
    rc = 0;
done:
    free(alt);
    free(order);
    free(used);
    graph_free(&g);
    kc_live_free(&lv);
    kc_cfg_free(&cfg);
    if (rc != 0)
        kc_ra_result_free(out);
    return rc;
}

/*
 * rfc_hints.c: compiler hints for the register file cache of Gebhart et al.
 * (ISCA 2011), following the spec's section B5:
 *
 *  - last_use: source slot k reads its register(s) for the last time, so
 *    the cached value need not be written back.  Taken from warp liveness
 *    (a value other lanes still need on a sibling path is not dead), plus
 *    the old value of a register this instruction overwrites completely,
 *    when the instruction is unguarded and outside every divergent region.
 *  - llc: the instruction consumes a result that may still be pending from
 *    a long-latency operation (global/local/texture load): the two-level
 *    scheduler's demotion point.  Forward may-analysis of pending registers.
 *  - bypass: the result is not read before the next llc point, so it can go
 *    straight to the main register file.  Backward may-analysis.
 */
#include "analyses.h"

#include <stdlib.h>
#include <string.h>

#define W KC_REGSET_WORDS

void kc_rfc_free(struct kc_rfc_hints *h)
{
    free(h->last_use);
    free(h->llc);
    free(h->bypass);
    memset(h, 0, sizeof *h);
}

static void refs_bits(const struct mir_ref *refs, int n, uint64_t *set)
{
    memset(set, 0, sizeof(uint64_t) * W);
    for (int i = 0; i < n; i++)
        mir_ref_bits(&refs[i], set);
}

static int intersects(const uint64_t *a, const uint64_t *b)
{
    for (int w = 0; w < W; w++)
        if (a[w] & b[w])
            return 1;
    return 0;
}

/* Instruction-level successors (within the CFG). */
static int insn_succs(const struct kc_cfg *cfg, int i, int *succ)
{
    int b = cfg->block_of[i];
    const struct kc_block *blk = &cfg->blocks[b];
    if (i < blk->last) {
        succ[0] = i + 1;
        return 1;
    }
    int n = 0;
    for (int k = 0; k < blk->nsucc; k++)
        if (blk->succ[k] < cfg->nblocks)
            succ[n++] = cfg->blocks[blk->succ[k]].first;
    return n;
}

int kc_rfc_run(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *warp,
               struct kc_rfc_hints *h)
{
    int n = m->n, nb = cfg->nblocks;
    memset(h, 0, sizeof *h);
    size_t cells = (size_t)(n ? n : 1) * W;
    h->last_use = calloc((size_t)(n ? n : 1), sizeof(uint16_t));
    h->llc = calloc((size_t)(n ? n : 1), 1);
    h->bypass = calloc((size_t)(n ? n : 1), 1);
    uint64_t *p_in = calloc(cells, sizeof(uint64_t));
    uint64_t *n_out = calloc(cells, sizeof(uint64_t));
    uint64_t *n_in = calloc(cells, sizeof(uint64_t));
    unsigned char *divergent = calloc((size_t)(n ? n : 1), 1);
    unsigned char *region = malloc((size_t)nb + 1);
    if (!h->last_use || !h->llc || !h->bypass || !p_in || !n_out || !n_in || !divergent ||
        !region) {
        free(p_in); free(n_out); free(n_in); free(divergent); free(region);
        kc_rfc_free(h);
        return -1;
    }
    for (int b = 0; b < nb; b++) {
        if (!cfg->blocks[b].divergent)
            continue;
        kc_cfg_region(cfg, b, -1, region);
        for (int x = 0; x < nb; x++)
            if (region[x])
                for (int i = cfg->blocks[x].first; i <= cfg->blocks[x].last; i++)
                    divergent[i] = 1;
    }
    /* last-use bits */
    for (int i = 0; i < n; i++) {
        const struct mir_insn *in = &m->insns[i];
        const uint64_t *out = kc_live_out(warp, i);
        uint64_t seen[W] = {0}, killed[W];
        refs_bits(in->dst, in->ndst, killed);
        int kills = !(in->flags & MIR_F_PARTIAL) && !divergent[i];
        for (int s = 0; s < in->nsrc; s++) {
            const struct mir_ref *r = &in->src[s];
            int covered = 1;
            for (int k = 0; k < r->width; k++)
                covered &= bits_test(killed, r->reg + k);
            int dead = !mir_ref_any(r, out) || (kills && covered);
            if (dead && !mir_ref_any(r, seen) && r->slot >= 0 && r->slot < 16)
                h->last_use[i] |= (uint16_t)(1u << r->slot);
            mir_ref_bits(r, seen);
        }
    }
    /* llc: forward, pending long-latency results; iterate to a fixed point */
    int succ[2];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            const struct mir_insn *in = &m->insns[i];
            uint64_t src[W], dst[W], out[W];
            refs_bits(in->src, in->nsrc, src);
            refs_bits(in->dst, in->ndst, dst);
            const uint64_t *pin = p_in + (size_t)i * W;
            int llc = intersects(src, pin);
            for (int w = 0; w < W; w++) {
                out[w] = pin[w] & ~(llc ? src[w] : 0) & ~dst[w];
                if (in->flags & MIR_F_LONGLAT)
                    out[w] |= dst[w];
            }
            h->llc[i] = (uint8_t)llc;
            int ns = insn_succs(cfg, i, succ);
            for (int k = 0; k < ns; k++)
                changed |= bits_or(p_in + (size_t)succ[k] * W, out, W);
        }
    }
    /* bypass: backward, "read before the next llc point" */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = n - 1; i >= 0; i--) {
            const struct mir_insn *in = &m->insns[i];
            uint64_t *nout = n_out + (size_t)i * W, *nin = n_in + (size_t)i * W;
            int ns = insn_succs(cfg, i, succ);
            for (int k = 0; k < ns; k++)
                changed |= bits_or(nout, n_in + (size_t)succ[k] * W, W);
            uint64_t src[W], dst[W], v[W];
            refs_bits(in->src, in->nsrc, src);
            refs_bits(in->dst, in->ndst, dst);
            for (int w = 0; w < W; w++)
                v[w] = h->llc[i] ? 0 : ((nout[w] & ~dst[w]) | src[w]);
            changed |= bits_or(nin, v, W);
        }
    }
    for (int i = 0; i < n; i++) {
        const struct mir_insn *in = &m->insns[i];
        if (in->ndst == 0)
            continue;
        int read = 0;
        for (int d = 0; d < in->ndst; d++)
            read |= mir_ref_any(&in->dst[d], n_out + (size_t)i * W);
        h->bypass[i] = (uint8_t)!read;
    }
    free(p_in); free(n_out); free(n_in); free(divergent); free(region);
    return 0;
}

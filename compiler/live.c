/*
 * live.c: thread and warp liveness over the CFG (see live.h for the rules).
 */
#include "live.h"

#include <stdlib.h>
#include <string.h>

void kc_live_free(struct kc_live *lv)
{
    free(lv->in);
    free(lv->out);
    memset(lv, 0, sizeof *lv);
}

void mir_ref_bits(const struct mir_ref *r, uint64_t *set)
{
    for (int k = 0; k < r->width; k++)
        bits_set(set, r->reg + k);
}

int mir_ref_any(const struct mir_ref *r, const uint64_t *set)
{
    for (int k = 0; k < r->width; k++)
        if (bits_test(set, r->reg + k))
            return 1;
    return 0;
}

static int live_alloc(struct kc_live *lv, int n, int words)
{
    lv->n = n;
    lv->words = words;
    size_t cells = (size_t)(n ? n : 1) * (size_t)words;
    lv->in = calloc(cells, sizeof(uint64_t));
    lv->out = calloc(cells, sizeof(uint64_t));
    if (!lv->in || !lv->out) {
        kc_live_free(lv);
        return -1;
    }
    return 0;
}

/* in = (out - kills) | uses */
static void transfer(const struct mir_insn *in, const uint64_t *out, uint64_t *live_in,
                     int words)
{
    memcpy(live_in, out, sizeof(uint64_t) * (size_t)words);
    if (!(in->flags & MIR_F_PARTIAL))
        for (int d = 0; d < in->ndst; d++)
            for (int k = 0; k < in->dst[d].width; k++)
                bits_clear(live_in, in->dst[d].reg + k);
    for (int s = 0; s < in->nsrc; s++)
        mir_ref_bits(&in->src[s], live_in);
    if (in->flags & MIR_F_PARTIAL)
        for (int d = 0; d < in->ndst; d++)
            mir_ref_bits(&in->dst[d], live_in);
}

int kc_live_thread(const struct mir *m, const struct kc_cfg *cfg, struct kc_live *lv)
{
    int words = mir_words(m->nbits);
    if (live_alloc(lv, m->n, words) != 0)
        return -1;
    uint64_t *tmp = calloc((size_t)words, sizeof(uint64_t));
    if (!tmp) {
        kc_live_free(lv);
        return -1;
    }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int b = cfg->nblocks - 1; b >= 0; b--) {
            const struct kc_block *blk = &cfg->blocks[b];
            memset(tmp, 0, sizeof(uint64_t) * (size_t)words);
            for (int k = 0; k < blk->nsucc; k++) {
                int s = blk->succ[k];
                if (s < cfg->nblocks)
                    bits_or(tmp, kc_live_in(lv, cfg->blocks[s].first), words);
            }
            for (int i = blk->last; i >= blk->first; i--) {
                memcpy(kc_live_out(lv, i), tmp, sizeof(uint64_t) * (size_t)words);
                transfer(&m->insns[i], tmp, tmp, words);
                if (memcmp(kc_live_in(lv, i), tmp, sizeof(uint64_t) * (size_t)words) != 0) {
                    memcpy(kc_live_in(lv, i), tmp, sizeof(uint64_t) * (size_t)words);
                    changed = 1;
                }
            }
        }
    }
    free(tmp);
    return 0;
}

int kc_live_warp(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *thread,
                 struct kc_live *warp)
{
    int words = thread->words, nb = cfg->nblocks;
    if (live_alloc(warp, m->n, words) != 0)
        return -1;
    memcpy(warp->in, thread->in, sizeof(uint64_t) * (size_t)m->n * (size_t)words);
    memcpy(warp->out, thread->out, sizeof(uint64_t) * (size_t)m->n * (size_t)words);
    unsigned char *region = malloc((size_t)nb + 1);
    uint64_t *extra = calloc((size_t)words, sizeof(uint64_t));
    if (!region || !extra) {
        free(region);
        free(extra);
        kc_live_free(warp);
        return -1;
    }
    for (int b = 0; b < nb; b++) {
        const struct kc_block *blk = &cfg->blocks[b];
        if (!blk->divergent)
            continue;
        /* code reached from successor s runs while the lanes of the other
         * successor wait at its entry and finished lanes wait at the IPDOM */
        for (int s = 0; s < blk->nsucc; s++) {
            if (blk->succ[s] >= nb)
                continue;
            memset(extra, 0, sizeof(uint64_t) * (size_t)words);
            for (int t = 0; t < blk->nsucc; t++)
                if (t != s && blk->succ[t] < nb)
                    bits_or(extra, kc_live_in(thread, cfg->blocks[blk->succ[t]].first), words);
            if (blk->ipdom < nb)
                bits_or(extra, kc_live_in(thread, cfg->blocks[blk->ipdom].first), words);
            kc_cfg_region(cfg, b, blk->succ[s], region);
            for (int r = 0; r < nb; r++) {
                if (!region[r])
                    continue;
                for (int i = cfg->blocks[r].first; i <= cfg->blocks[r].last; i++) {
                    bits_or(kc_live_in(warp, i), extra, words);
                    bits_or(kc_live_out(warp, i), extra, words);
                }
            }
        }
    }
    free(region);
    free(extra);
    return 0;
}

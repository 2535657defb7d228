/*
 * regvirt.c: release flags for GPU register file virtualization (Jeon et
 * al., MICRO 2015), following docs/compiler.md and the spec's section 4:
 *
 *  1. start from thread liveness;
 *  2. divergence-safe pin rule: at every divergent branch b with
 *     reconvergence point p, a register live out of b that is live into p or
 *     referenced on both sides is pinned (kept live) through Region(b) and
 *     released at p by a pbr; repeated until nothing changes;
 *  3. LOOP_PIN (the paper's loop rule): a register live into a loop header
 *     and referenced in the loop stays pinned through the loop and is
 *     released at the loop exits;
 *  4. pir flag of source slot k: none of its registers is live after the
 *     instruction (augmented liveness), and no earlier slot read them;
 *  5. pbr list at p: what was live out of b, pinned for p, or defined in the
 *     region, minus what is live into p;
 *  6. exempt registers: the N with the longest static lifetimes are never
 *     renamed, renumbered to ids 0..N-1, and get no flags.
 */
#include "analyses.h"

#include <stdlib.h>
#include <string.h>

#define W KC_REGSET_WORDS

static void set_or(uint64_t *a, const uint64_t *b)
{
    for (int i = 0; i < W; i++)
        a[i] |= b[i];
}

int kc_regvirt_exempt_count(int regs, int resident_warps)
{
    if (resident_warps < 1)
        resident_warps = 1;
    int k = 8192 / (10 * resident_warps);
    return regs > k ? regs - k : 0;
}

uint64_t kc_pir_encode(const uint8_t *flags, int count)
{
    uint64_t w = (uint64_t)(KC_PIR_OPCODE & 0xf) | ((uint64_t)(KC_PIR_OPCODE >> 4) << 58);
    for (int k = 0; k < count && k < KC_PIR_SLOTS; k++)
        w |= (uint64_t)(flags[k] & 7) << (4 + 3 * k);
    return w;
}

uint64_t kc_pbr_encode(const uint8_t *regs, int count)
{
    uint64_t w = (uint64_t)(KC_PBR_OPCODE & 0xf) | ((uint64_t)(KC_PBR_OPCODE >> 4) << 58);
    for (int k = 0; k < KC_PBR_SLOTS; k++) {
        uint64_t id = k < count ? (uint64_t)(regs[k] & 63) : KC_PBR_EMPTY;
        w |= id << (4 + 6 * k);
    }
    return w;
}

void kc_regvirt_free(struct kc_regvirt *rv)
{
    free(rv->release);
    free(rv->live_aug);
    free(rv->pbr);
    free(rv->meta);
    memset(rv, 0, sizeof *rv);
}

/* Registers read or written anywhere in the marked blocks. */
static void region_refs(const struct mir *m, const struct kc_cfg *cfg, const unsigned char *in,
                        uint64_t *refs)
{
    memset(refs, 0, sizeof(uint64_t) * W);
    for (int b = 0; b < cfg->nblocks; b++) {
        if (!in[b])
            continue;
        for (int i = cfg->blocks[b].first; i <= cfg->blocks[b].last; i++) {
            for (int s = 0; s < m->insns[i].nsrc; s++)
                mir_ref_bits(&m->insns[i].src[s], refs);
            for (int d = 0; d < m->insns[i].ndst; d++)
                mir_ref_bits(&m->insns[i].dst[d], refs);
        }
    }
}

static void region_defs(const struct mir *m, const struct kc_cfg *cfg, const unsigned char *in,
                        uint64_t *defs)
{
    memset(defs, 0, sizeof(uint64_t) * W);
    for (int b = 0; b < cfg->nblocks; b++)
        if (in[b])
            for (int i = cfg->blocks[b].first; i <= cfg->blocks[b].last; i++)
                for (int d = 0; d < m->insns[i].ndst; d++)
                    mir_ref_bits(&m->insns[i].dst[d], defs);
}

/* Pins `regs` through every instruction of the marked blocks. */
static int pin(const struct kc_cfg *cfg, const unsigned char *in, const uint64_t *regs,
               uint64_t *aug_in, uint64_t *aug_out)
{
    int changed = 0;
    for (int b = 0; b < cfg->nblocks; b++) {
        if (!in[b])
            continue;
        for (int i = cfg->blocks[b].first; i <= cfg->blocks[b].last; i++) {
            changed |= bits_or(aug_in + (size_t)i * W, regs, W);
            changed |= bits_or(aug_out + (size_t)i * W, regs, W);
        }
    }
    return changed;
}

/* Exempt registers: the longest-lived (most instructions with the register
 * live), ties to the lower id. */
static void choose_exempt(const struct mir *m, const struct kc_live *lv, int n,
                          struct kc_regvirt *rv)
{
    int life[256] = {0}, used[256] = {0};
    for (int i = 0; i < m->n; i++) {
        for (int r = 0; r < 256; r++)
            life[r] += bits_test(kc_live_out(lv, i), r);
        for (int s = 0; s < m->insns[i].nsrc; s++)
            for (int k = 0; k < m->insns[i].src[s].width; k++)
                used[m->insns[i].src[s].reg + k] = 1;
        for (int d = 0; d < m->insns[i].ndst; d++)
            for (int k = 0; k < m->insns[i].dst[d].width; k++)
                used[m->insns[i].dst[d].reg + k] = 1;
    }
    memset(rv->exempt, 0, sizeof rv->exempt);
    rv->exempt_n = 0;
    for (int c = 0; c < n; c++) {
        int best = -1;
        for (int r = 0; r < 256; r++)
            if (used[r] && !bits_test(rv->exempt, r) && (best < 0 || life[r] > life[best]))
                best = r;
        if (best < 0)
            break;
        bits_set(rv->exempt, best);
        rv->exempt_n++;
    }
    int next = 0;
    for (int r = 0; r < 256; r++)
        rv->exempt_map[r] = -1;
    for (int r = 0; r < 256; r++)
        if (bits_test(rv->exempt, r))
            rv->exempt_map[r] = next++;
    for (int r = 0; r < 256; r++)
        if (used[r] && rv->exempt_map[r] < 0)
            rv->exempt_map[r] = next++;
}

static int add_meta(struct kc_regvirt *rv, int *cap, int before, int is_pbr, uint64_t word)
{
    if (rv->nmeta == *cap) {
        int ncap = *cap ? *cap * 2 : 64;
        struct kc_meta *p = realloc(rv->meta, sizeof *p * (size_t)ncap);
        if (!p)
            return -1;
        rv->meta = p;
        *cap = ncap;
    }
    rv->meta[rv->nmeta].before_insn = before;
    rv->meta[rv->nmeta].is_pbr = is_pbr;
    rv->meta[rv->nmeta].word = word;
    rv->nmeta++;
    return 0;
}

/* Natural loops, found from retreating edges t -> h (h no later than t in
 * reverse postorder): the body is h plus every block that reaches t without
 * passing h. */
static void loop_body(const struct kc_cfg *cfg, int h, int t, unsigned char *in)
{
    int nb = cfg->nblocks;
    memset(in, 0, (size_t)nb);
    int *stack = malloc(sizeof(int) * (size_t)(nb + 1));
    if (!stack)
        return;
    int sp = 0;
    in[h] = 1;
    if (!in[t]) {
        in[t] = 1;
        stack[sp++] = t;
    }
    while (sp > 0) {
        int x = stack[--sp];
        for (int k = 0; k < cfg->blocks[x].npred; k++) {
            int q = cfg->blocks[x].pred[k];
            if (!in[q]) {
                in[q] = 1;
                stack[sp++] = q;
            }
        }
    }
    free(stack);
}

int kc_regvirt_run(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *thread,
                   int loop_pin, int exempt_n, struct kc_regvirt *rv)
{
    int n = m->n, nb = cfg->nblocks;
    memset(rv, 0, sizeof *rv);
    size_t cells = (size_t)(n ? n : 1) * W;
    uint64_t *aug_in = malloc(cells * sizeof(uint64_t));
    rv->live_aug = malloc(cells * sizeof(uint64_t));
    rv->release = calloc((size_t)(n ? n : 1), 1);
    uint64_t *cand = calloc((size_t)(nb + 1) * W, sizeof(uint64_t));   /* PBRCAND per block */
    unsigned char *site = calloc((size_t)nb + 1, 1);                    /* pbr site */
    unsigned char *region = malloc((size_t)nb + 1);
    unsigned char *side = malloc((size_t)nb + 1);
    int *rpo_index = malloc(sizeof(int) * (size_t)(nb + 1));
    int err = !aug_in || !rv->live_aug || !rv->release || !cand || !site || !region || !side ||
              !rpo_index;
    if (err)
        goto done;
    for (int i = 0; i < n; i++) {
        memcpy(aug_in + (size_t)i * W, kc_live_in(thread, i), sizeof(uint64_t) * W);
        memcpy(rv->live_aug + (size_t)i * W, kc_live_out(thread, i), sizeof(uint64_t) * W);
    }
    choose_exempt(m, thread, exempt_n, rv);

    /* 2. pin rule to a fixed point */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < nb; b++) {
            const struct kc_block *blk = &cfg->blocks[b];
            if (!blk->divergent)
                continue;
            int p = blk->ipdom;
            const uint64_t *out_b = rv->live_aug + (size_t)blk->last * W;
            const uint64_t *in_p = p < nb ? aug_in + (size_t)cfg->blocks[p].first * W : NULL;
            uint64_t side_refs[2][W], pins[W];
            memset(pins, 0, sizeof pins);
            for (int s = 0; s < blk->nsucc; s++) {
                memset(side_refs[s], 0, sizeof side_refs[s]);
                if (blk->succ[s] >= nb)
                    continue;
                kc_cfg_region(cfg, b, blk->succ[s], side);
                region_refs(m, cfg, side, side_refs[s]);
            }
            for (int r = 0; r < 256; r++) {
                if (!bits_test(out_b, r))
                    continue;
                int nref = 0;
                for (int s = 0; s < blk->nsucc; s++)
                    nref += bits_test(side_refs[s], r);
                if ((in_p && bits_test(in_p, r)) || nref >= 2)
                    bits_set(pins, r);
            }
            kc_cfg_region(cfg, b, -1, region);
            changed |= pin(cfg, region, pins, aug_in, rv->live_aug);
            if (p < nb) {
                site[p] = 1;
                set_or(cand + (size_t)p * W, pins);
            }
        }
    }

    /* 3. loop-carried registers stay until the loop exits */
    if (loop_pin) {
        for (int r = 0; r < cfg->nrpo; r++)
            rpo_index[cfg->rpo[r]] = r;
        for (int b = 0; b < nb; b++) {
            if (!cfg->nrpo)
                break;
            int reachable = 0;
            for (int r = 0; r < cfg->nrpo; r++)
                reachable |= cfg->rpo[r] == b;
            if (!reachable)
                continue;
            for (int s = 0; s < cfg->blocks[b].nsucc; s++) {
                int h = cfg->blocks[b].succ[s];
                if (h >= nb || rpo_index[h] > rpo_index[b])
                    continue;
                loop_body(cfg, h, b, region);
                uint64_t refs[W], pins[W];
                region_refs(m, cfg, region, refs);
                const uint64_t *in_h = kc_live_in(thread, cfg->blocks[h].first);
                for (int w = 0; w < W; w++)
                    pins[w] = in_h[w] & refs[w];
                pin(cfg, region, pins, aug_in, rv->live_aug);
                for (int x = 0; x < nb; x++) {
                    if (!region[x])
                        continue;
                    for (int k = 0; k < cfg->blocks[x].nsucc; k++) {
                        int e = cfg->blocks[x].succ[k];
                        if (e < nb && !region[e]) {
                            site[e] = 1;
                            set_or(cand + (size_t)e * W, pins);
                        }
                    }
                }
            }
        }
    }

    /* 4. pir flags */
    for (int i = 0; i < n; i++) {
        const struct mir_insn *in = &m->insns[i];
        const uint64_t *out = rv->live_aug + (size_t)i * W;
        uint64_t seen[W] = {0};
        for (int s = 0; s < in->nsrc; s++) {
            const struct mir_ref *ref = &in->src[s];
            int dead = !mir_ref_any(ref, out) && !mir_ref_any(ref, seen) &&
                       !mir_ref_any(ref, rv->exempt);
            mir_ref_bits(ref, seen);
            if (!dead)
                continue;
            if (ref->slot >= 0 && ref->slot < 3)
                rv->release[i] |= (uint8_t)(1u << ref->slot);
            else
                rv->unencodable++;
        }
    }

    /* 5. pbr lists at reconvergence points (and loop exits) */
    for (int b = 0; b < nb; b++) {
        const struct kc_block *blk = &cfg->blocks[b];
        if (!blk->divergent || blk->ipdom >= nb)
            continue;
        uint64_t defs[W];
        kc_cfg_region(cfg, b, -1, region);
        region_defs(m, cfg, region, defs);
        uint64_t *c = cand + (size_t)blk->ipdom * W;
        set_or(c, defs);
        set_or(c, rv->live_aug + (size_t)blk->last * W);
    }
    for (int p = 0; p < nb; p++) {
        /* a block that starts by ending the thread needs no pbr: warp exit
         * releases everything the warp still maps */
        const struct mir_insn *head = &m->insns[cfg->blocks[p].first];
        if (!site[p] || ((head->flags & MIR_F_EXIT) && !(head->flags & MIR_F_COND)))
            continue;
        const uint64_t *in_p = aug_in + (size_t)cfg->blocks[p].first * W;
        uint64_t list[W];
        int count = 0;
        for (int w = 0; w < W; w++) {
            list[w] = cand[(size_t)p * W + w] & ~in_p[w] & ~rv->exempt[w];
            count += __builtin_popcountll(list[w]);
        }
        if (!count)
            continue;
        struct kc_pbr *np = realloc(rv->pbr, sizeof *np * (size_t)(rv->npbr + 1));
        if (!np) {
            err = 1;
            goto done;
        }
        rv->pbr = np;
        struct kc_pbr *e = &rv->pbr[rv->npbr++];
        e->block = p;
        e->insn = cfg->blocks[p].first;
        e->nregs = 0;
        for (int r = 0; r < 256; r++)
            if (bits_test(list, r))
                e->regs[e->nregs++] = (uint8_t)r;
    }

    /* 6. metadata layout: pbr(s), then a pir every 18 instructions of a block */
    int cap = 0;
    for (int b = 0; b < nb && !err; b++) {
        const struct kc_block *blk = &cfg->blocks[b];
        for (int e = 0; e < rv->npbr && !err; e++) {
            if (rv->pbr[e].block != b)
                continue;
            uint8_t ids[KC_PBR_SLOTS];
            int k = 0;
            for (int j = 0; j < rv->pbr[e].nregs && !err; j++) {
                int id = rv->exempt_map[rv->pbr[e].regs[j]];
                if (id < 0 || id >= KC_PBR_EMPTY) {
                    rv->unencodable++;
                    continue;
                }
                ids[k++] = (uint8_t)id;
                if (k == KC_PBR_SLOTS) {
                    err |= add_meta(rv, &cap, blk->first, 1, kc_pbr_encode(ids, k));
                    k = 0;
                }
            }
            if (k)
                err |= add_meta(rv, &cap, blk->first, 1, kc_pbr_encode(ids, k));
        }
        for (int i = blk->first; i <= blk->last && !err; i += KC_PIR_SLOTS) {
            int count = blk->last - i + 1 < KC_PIR_SLOTS ? blk->last - i + 1 : KC_PIR_SLOTS;
            err |= add_meta(rv, &cap, i, 0, kc_pir_encode(rv->release + i, count));
        }
    }
done:
    free(aug_in);
    free(cand);
    free(site);
    free(region);
    free(side);
    free(rpo_index);
    if (err) {
        kc_regvirt_free(rv);
        return -1;
    }
    return 0;
}

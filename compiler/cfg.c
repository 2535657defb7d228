/*
 * cfg.c: basic blocks, successors and predecessors, reverse postorder and
 * immediate post-dominators (Cooper, Harvey and Kennedy's iterative
 * algorithm on the reverse graph, with a virtual EXIT node that every
 * exit and every fall-off-the-end block reaches).  Blocks that cannot reach
 * an exit (endless loops) get EXIT as their post-dominator: a warp split
 * there never reconverges before the end.
 */
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

int bits_count(const uint64_t *b, int words)
{
    int n = 0;
    for (int i = 0; i < words; i++)
        n += __builtin_popcountll(b[i]);
    return n;
}

int bits_or(uint64_t *dst, const uint64_t *src, int words)
{
    int changed = 0;
    for (int i = 0; i < words; i++) {
        uint64_t v = dst[i] | src[i];
        changed |= v != dst[i];
        dst[i] = v;
    }
    return changed;
}

void kc_cfg_free(struct kc_cfg *cfg)
{
    if (cfg->blocks)
        for (int b = 0; b < cfg->nblocks; b++)
            free(cfg->blocks[b].pred);
    free(cfg->blocks);
    free(cfg->block_of);
    free(cfg->rpo);
    memset(cfg, 0, sizeof *cfg);
}

static void add_succ(struct kc_block *b, int s)
{
    for (int i = 0; i < b->nsucc; i++)
        if (b->succ[i] == s)
            return;
    b->succ[b->nsucc++] = s;
}

/* Depth-first postorder over successors (explicit stack: kernels can have
 * thousands of blocks). */
static int postorder(const struct kc_cfg *cfg, int *order)
{
    int nb = cfg->nblocks, n = 0;
    int *stack = malloc(sizeof(int) * (size_t)(nb + 1));
    int *edge = calloc((size_t)nb + 1, sizeof(int));
    unsigned char *seen = calloc((size_t)nb + 1, 1);
    if (!stack || !edge || !seen) {
        free(stack);
        free(edge);
        free(seen);
        return -1;
    }
    int sp = 0;
    if (nb > 0) {
        stack[sp++] = 0;
        seen[0] = 1;
    }
    while (sp > 0) {
        int b = stack[sp - 1];
        const struct kc_block *blk = &cfg->blocks[b];
        if (edge[b] < blk->nsucc) {
            int s = blk->succ[edge[b]++];
            if (s < nb && !seen[s]) {
                seen[s] = 1;
                stack[sp++] = s;
            }
        } else {
            order[n++] = b;
            sp--;
        }
    }
    free(stack);
    free(edge);
    free(seen);
    return n;
}

static int intersect(const int *ipdom, const int *po_num, int a, int b)
{
    while (a != b) {
        while (po_num[a] < po_num[b])
            a = ipdom[a];
        while (po_num[b] < po_num[a])
            b = ipdom[b];
    }
    return a;
}

/* Post-dominators: dominators of the reverse graph rooted at EXIT. */
static int compute_ipdom(struct kc_cfg *cfg)
{
    int nb = cfg->nblocks, exit = nb;
    int *order = malloc(sizeof(int) * (size_t)(nb + 1));
    int *po_num = malloc(sizeof(int) * (size_t)(nb + 1));
    int *ipdom = malloc(sizeof(int) * (size_t)(nb + 1));
    int *stack = malloc(sizeof(int) * (size_t)(nb + 1));
    int *edge = calloc((size_t)nb + 1, sizeof(int));
    /* predecessors of EXIT in the forward graph = successors of EXIT in reverse */
    int *exit_preds = malloc(sizeof(int) * (size_t)(nb + 1));
    if (!order || !po_num || !ipdom || !stack || !edge || !exit_preds) {
        free(order); free(po_num); free(ipdom); free(stack); free(edge); free(exit_preds);
        return -1;
    }
    int nexit = 0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < cfg->blocks[b].nsucc; i++)
            if (cfg->blocks[b].succ[i] == exit)
                exit_preds[nexit++] = b;
    for (int b = 0; b <= nb; b++) {
        po_num[b] = -1;
        ipdom[b] = -1;
    }
    /* postorder of the reverse graph from EXIT */
    int n = 0, sp = 0;
    stack[sp++] = exit;
    po_num[exit] = -2;   /* seen marker until numbered */
    while (sp > 0) {
        int b = stack[sp - 1];
        int np = b == exit ? nexit : cfg->blocks[b].npred;
        const int *preds = b == exit ? exit_preds : cfg->blocks[b].pred;
        if (edge[b] < np) {
            int s = preds[edge[b]++];
            if (po_num[s] == -1) {
                po_num[s] = -2;
                stack[sp++] = s;
            }
        } else {
            po_num[b] = n;
            order[n++] = b;
            sp--;
        }
    }
    ipdom[exit] = exit;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = n - 2; i >= 0; i--) {    /* reverse postorder, EXIT first */
            int b = order[i];
            int new_idom = -1;
            const struct kc_block *blk = &cfg->blocks[b];
            for (int k = 0; k < blk->nsucc; k++) {
                int s = blk->succ[k];
                if (po_num[s] < 0 || ipdom[s] < 0)
                    continue;
                new_idom = new_idom < 0 ? s : intersect(ipdom, po_num, s, new_idom);
            }
            if (new_idom >= 0 && ipdom[b] != new_idom) {
                ipdom[b] = new_idom;
                changed = 1;
            }
        }
    }
    for (int b = 0; b < nb; b++)
        cfg->blocks[b].ipdom = ipdom[b] >= 0 ? ipdom[b] : exit;
    free(order); free(po_num); free(ipdom); free(stack); free(edge); free(exit_preds);
    return 0;
}

int kc_cfg_build(const struct mir *m, struct kc_cfg *cfg)
{
    int n = m->n;
    memset(cfg, 0, sizeof *cfg);
    unsigned char *leader = calloc((size_t)n + 1, 1);
    cfg->block_of = malloc(sizeof(int) * (size_t)(n + 1));
    if (!leader || !cfg->block_of) {
        free(leader);
        kc_cfg_free(cfg);
        return -1;
    }
    if (n > 0)
        leader[0] = 1;
    for (int i = 0; i < n; i++) {
        const struct mir_insn *in = &m->insns[i];
        if (in->flags & MIR_F_BRANCH) {
            if (in->target >= 0 && in->target < n)
                leader[in->target] = 1;
            leader[i + 1] = 1;
        }
        if (in->flags & MIR_F_EXIT)
            leader[i + 1] = 1;
    }
    int nb = 0;
    for (int i = 0; i < n; i++)
        nb += leader[i];
    cfg->nblocks = nb;
    cfg->blocks = calloc((size_t)nb + 1, sizeof *cfg->blocks);
    if (!cfg->blocks) {
        free(leader);
        kc_cfg_free(cfg);
        return -1;
    }
    int b = -1;
    for (int i = 0; i < n; i++) {
        if (leader[i]) {
            b++;
            cfg->blocks[b].first = i;
        }
        cfg->blocks[b].last = i;
        cfg->block_of[i] = b;
    }
    cfg->block_of[n] = nb;
    free(leader);
    for (b = 0; b < nb; b++) {
        struct kc_block *blk = &cfg->blocks[b];
        const struct mir_insn *in = &m->insns[blk->last];
        int fall = blk->last + 1 < n ? cfg->block_of[blk->last + 1] : nb;
        int target = (in->target >= 0 && in->target < n) ? cfg->block_of[in->target] : nb;
        if (in->flags & MIR_F_BRANCH) {
            add_succ(blk, target);
            if (in->flags & MIR_F_COND)
                add_succ(blk, fall);
        } else if (in->flags & MIR_F_EXIT) {
            add_succ(blk, nb);
            if (in->flags & MIR_F_COND)
                add_succ(blk, fall);
        } else {
            add_succ(blk, fall);
        }
        blk->divergent = (in->flags & MIR_F_BRANCH) && (in->flags & MIR_F_COND) &&
                         !(in->flags & MIR_F_UNI) &&
                         blk->nsucc == 2;
    }
    /* predecessors */
    int *count = calloc((size_t)nb + 1, sizeof(int));
    if (!count) {
        kc_cfg_free(cfg);
        return -1;
    }
    for (b = 0; b < nb; b++)
        for (int k = 0; k < cfg->blocks[b].nsucc; k++)
            count[cfg->blocks[b].succ[k]]++;
    for (b = 0; b < nb; b++) {
        cfg->blocks[b].pred = malloc(sizeof(int) * (size_t)(count[b] ? count[b] : 1));
        if (!cfg->blocks[b].pred) {
            free(count);
            kc_cfg_free(cfg);
            return -1;
        }
    }
    free(count);
    for (b = 0; b < nb; b++)
        for (int k = 0; k < cfg->blocks[b].nsucc; k++) {
            int s = cfg->blocks[b].succ[k];
            if (s < nb)
                cfg->blocks[s].pred[cfg->blocks[s].npred++] = b;
        }
    cfg->rpo = malloc(sizeof(int) * (size_t)(nb + 1));
    if (!cfg->rpo) {
        kc_cfg_free(cfg);
        return -1;
    }
    int *po = malloc(sizeof(int) * (size_t)(nb + 1));
    int npo = po ? postorder(cfg, po) : -1;
    if (npo < 0) {
        free(po);
        kc_cfg_free(cfg);
        return -1;
    }
    for (int i = 0; i < npo; i++)
        cfg->rpo[i] = po[npo - 1 - i];
    cfg->nrpo = npo;
    free(po);
    if (compute_ipdom(cfg) != 0) {
        kc_cfg_free(cfg);
        return -1;
    }
    return 0;
}

void kc_cfg_region(const struct kc_cfg *cfg, int b, int only_succ, unsigned char *in_region)
{
    int nb = cfg->nblocks;
    int stop = cfg->blocks[b].ipdom;
    memset(in_region, 0, (size_t)nb);
    int *stack = malloc(sizeof(int) * (size_t)(nb + 1));
    if (!stack)
        return;
    int sp = 0;
    for (int k = 0; k < cfg->blocks[b].nsucc; k++) {
        int s = cfg->blocks[b].succ[k];
        if (only_succ >= 0 && s != only_succ)
            continue;
        if (s < nb && s != stop && !in_region[s]) {
            in_region[s] = 1;
            stack[sp++] = s;
        }
    }
    while (sp > 0) {
        int x = stack[--sp];
        for (int k = 0; k < cfg->blocks[x].nsucc; k++) {
            int s = cfg->blocks[x].succ[k];
            if (s < nb && s != stop && !in_region[s]) {
                in_region[s] = 1;
                stack[sp++] = s;
            }
        }
    }
    free(stack);
}

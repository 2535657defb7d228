/*
 * cfg.h: basic blocks, the control-flow graph and immediate post-dominators
 * (the SIMT reconvergence points) of a struct mir.
 */
#ifndef GPURF_COMPILER_CFG_H
#define GPURF_COMPILER_CFG_H

#include "mir.h"

struct kc_block {
    int first, last;      /* instruction range, inclusive */
    int nsucc;
    int succ[2];          /* block ids; cfg->nblocks stands for the virtual EXIT */
    int npred;
    int *pred;
    int ipdom;            /* immediate post-dominator, nblocks = EXIT */
    int divergent;        /* ends in a branch that may split the warp */
};

struct kc_cfg {
    int nblocks;
    struct kc_block *blocks;
    int *block_of;        /* instruction -> block */
    int *rpo;             /* blocks reachable from entry in reverse postorder */
    int nrpo;
};

/* Returns 0, or -1 when out of memory. */
int kc_cfg_build(const struct mir *m, struct kc_cfg *cfg);
void kc_cfg_free(struct kc_cfg *cfg);

/* Blocks reachable from the successors of divergent block b without passing
 * through its IPDOM: the code a warp may run while b's lanes are split.
 * Fills in_region[nblocks] with 1/0.  `only_succ` >= 0 restricts the walk to
 * that successor. */
void kc_cfg_region(const struct kc_cfg *cfg, int b, int only_succ, unsigned char *in_region);

#endif /* GPURF_COMPILER_CFG_H */

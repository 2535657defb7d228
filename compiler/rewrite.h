/*
 * rewrite.h: program transformations done before and during register
 * allocation (parameter rematerialization, spilling).  Internal to kc.c.
 */
#ifndef GPURF_REWRITE_H
#define GPURF_REWRITE_H

#include "ptx.h"

#define KC_SPILL_SYMBOL "__kc_spill"

struct kc_arena;

/* The program being compiled: instructions and vregs owned by `arena`. */
struct kc_prog {
    struct kc_arena *arena;
    int ninsns;
    struct ptx_insn *insns;
    int nvregs, cap_vregs;
    struct ptx_reg *vregs;
};

/* Both return 0, or -1 when out of memory. */
int kc_remat_params(struct kc_prog *p, int *inserted);
int kc_spill_vreg(struct kc_prog *p, int vreg, int offset);

#endif

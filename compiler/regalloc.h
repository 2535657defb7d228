/*
 * regalloc.h: assigning PTX virtual registers to physical per-thread
 * registers.
 *
 * General registers are 32 bits: a 16- or 32-bit vreg takes one (R<n>), a
 * 64-bit vreg an aligned pair (R<2k>, R<2k+1>), a 128-bit vreg an aligned
 * quad.  Predicates go to a separate predicate file (P<n>).  The allocator
 * colours the interference graph built from thread liveness (register
 * contents are per lane, so divergence does not matter here), trying two
 * colouring orders and keeping the better, with copies biased to share a
 * register.
 */
#ifndef GPURF_REGALLOC_H
#define GPURF_REGALLOC_H

#include "mir.h"

#define KC_MAX_GPR 255      /* R0 .. R254; R255 is the zero register on NVIDIA GPUs */

enum kc_regclass { KC_RC_NONE, KC_RC_GPR, KC_RC_PRED };

struct kc_ra_input {
    const struct mir *vmir;          /* over vregs, width 1 each */
    int nvregs;
    const unsigned char *vclass;     /* enum kc_regclass per vreg */
    const unsigned char *vwidth;     /* registers per GPR vreg (1, 2, 4) */
    const int *copy_src;             /* per instruction: vreg a plain move copies, or -1 */
    int limit;                       /* GPRs available */
    const unsigned char *no_spill;   /* per vreg: never propose it (spill temporaries); may be NULL */
};

struct kc_ra_result {
    int *phys;                       /* per vreg: base register / predicate, -1 unused */
    int ngpr, npred;
    int unplaced;                    /* vregs that did not fit under `limit` */
    int spill_vreg;                  /* the one to spill, -1 if none may be spilled */
    int order_used;                  /* 0 = definition order, 1 = simplify order */
};

/* Returns 0, or -1 when out of memory.  When the limit is exceeded
 * (unplaced > 0), spill_vreg names the cheapest vreg to spill and phys is
 * partial. */
int kc_regalloc(const struct kc_ra_input *in, struct kc_ra_result *out);
void kc_ra_result_free(struct kc_ra_result *r);

#endif

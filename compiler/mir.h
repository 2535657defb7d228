/*
 * mir.h: the machine-level view of a kernel that the CFG, liveness and every
 * analysis work on: per instruction, which registers it reads (in source
 * operand order) and writes, and how it transfers control.
 *
 * The same form serves twice: over PTX virtual registers (width 1 each, for
 * the allocator's liveness) and over physical registers after allocation
 * (a 64-bit value is one reference of width 2 to an even base register).
 * The golden tests from the papers build it directly from the papers'
 * listings, so the analyses never depend on PTX.
 */
#ifndef GPURF_MIR_H
#define GPURF_MIR_H

#include <stdint.h>

#define MIR_MAX_SRC 12
#define MIR_MAX_DST 8

enum {
    MIR_F_BRANCH = 1 << 0,    /* transfers control to `target` */
    MIR_F_COND = 1 << 1,      /* ... only for some lanes (guarded, may diverge) */
    MIR_F_UNI = 1 << 2,       /* a conditional branch known not to diverge (bra.uni) */
    MIR_F_EXIT = 1 << 3,      /* ends the thread (ret / exit); with MIR_F_COND: some lanes */
    MIR_F_PARTIAL = 1 << 4,   /* writes may leave old values (guarded): defs do not kill */
    MIR_F_LONGLAT = 1 << 5,   /* result arrives late: global/local/texture load, atomic */
    MIR_F_BARRIER = 1 << 6,   /* bar.sync and friends */
};

struct mir_ref {
    int reg;        /* register (virtual or physical base) */
    int width;      /* consecutive registers covered: 1, 2 or 4 */
    int slot;       /* sources: operand position among register sources, 0-based */
};

struct mir_insn {
    int nsrc, ndst;
    struct mir_ref src[MIR_MAX_SRC];
    struct mir_ref dst[MIR_MAX_DST];
    unsigned flags;
    int target;     /* MIR_F_BRANCH: instruction index */
    int line;       /* source line, for dumps */
};

struct mir {
    int n;
    struct mir_insn *insns;
    int nbits;      /* registers are 0 .. nbits-1 */
};

/* Words of a register bit set of `nbits` bits. */
static inline int mir_words(int nbits)
{
    return (nbits + 63) / 64;
}

static inline void bits_set(uint64_t *b, int r)
{
    b[r >> 6] |= 1ull << (r & 63);
}

static inline void bits_clear(uint64_t *b, int r)
{
    b[r >> 6] &= ~(1ull << (r & 63));
}

static inline int bits_test(const uint64_t *b, int r)
{
    return (int)((b[r >> 6] >> (r & 63)) & 1);
}

int bits_count(const uint64_t *b, int words);
/* dst |= src; returns 1 if dst changed. */
int bits_or(uint64_t *dst, const uint64_t *src, int words);

#endif

/*
 * live.h: register liveness per instruction.
 *
 * Thread liveness is the classic backward dataflow: a register is live into
 * an instruction if some path from it reads the register before writing it.
 * Guarded (partial) writes do not kill, because masked lanes keep the old
 * value.
 *
 * Warp liveness adds what other lanes of the same warp still need while the
 * warp is split by a divergent branch b: lanes parked at the start of b's
 * other successor and lanes waiting at the reconvergence point IPDOM(b).
 * For every instruction reachable from successor s of b before IPDOM(b) it
 * adds LiveIn of b's other successor and LiveIn(IPDOM(b)).  A warp-level consumer (FineReg's saved live
 * set, the RFC's dead hints) that uses the warp vector of the instruction at
 * the top of the SIMT stack is therefore safe without looking at the stack.
 */
#ifndef GPURF_LIVE_H
#define GPURF_LIVE_H

#include <stddef.h>

#include "cfg.h"

struct kc_live {
    int n, words;
    uint64_t *in, *out;     /* n * words each: live-in / live-out of instruction i */
};

int kc_live_thread(const struct mir *m, const struct kc_cfg *cfg, struct kc_live *lv);
int kc_live_warp(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *thread,
                 struct kc_live *warp);
void kc_live_free(struct kc_live *lv);

static inline uint64_t *kc_live_in(const struct kc_live *lv, int i)
{
    return lv->in + (size_t)i * (size_t)lv->words;
}

static inline uint64_t *kc_live_out(const struct kc_live *lv, int i)
{
    return lv->out + (size_t)i * (size_t)lv->words;
}

/* Register-set helpers over a mir reference. */
void mir_ref_bits(const struct mir_ref *r, uint64_t *set);
int mir_ref_any(const struct mir_ref *r, const uint64_t *set);

#endif

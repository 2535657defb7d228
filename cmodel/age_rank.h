/* age_rank.h: relative ages of n things as a permutation of ranks, the one
 * ordering mechanism the RFC's FIFO/LRU replacement and register sharing's
 * oldest-first (Owner Warp First) priority both use.
 *
 * rank[i] in 0..n-1, all distinct; 0 is the oldest.  Reset gives rank[i] =
 * i.  touch(x) makes x the youngest: every rank above x's old rank moves
 * down by one and x gets n-1.  Several touches in one cycle apply in order.
 * Things that are not in use keep a rank; callers mask them out, so the
 * relative order of the ones in use is the order of their last touches.
 * gen/emit_lib.c (emit_age_rank) emits the same policy in Verilog. */
#ifndef GPURF_AGE_RANK_H
#define GPURF_AGE_RANK_H

#include <stdint.h>

void age_rank_reset(uint16_t *rank, unsigned n);
void age_rank_touch(uint16_t *rank, unsigned n, unsigned x);

#endif

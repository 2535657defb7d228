/* bitscan.h: find-first-set and population count, the two bit-vector
 * operations FineReg's structures are made of (free-space monitor, register
 * index decoder, CTA selection).  gen/emit_lib.c's emit_ffs() emits the same
 * find-first-set (lowest index wins) as a tree of muxes. */
#ifndef GPURF_BITSCAN_H
#define GPURF_BITSCAN_H

#include <stdint.h>

/* Lowest i < n with bits[i] != 0 (one byte per bit), or -1. */
int bitscan_first(const uint8_t *bits, unsigned n);

/* Lowest set bit of v, or -1. */
int bitscan_first64(uint64_t v);

unsigned bitscan_popcount64(uint64_t v);

#endif

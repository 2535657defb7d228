/* emit_lib.h: building blocks shared by every structure's emitter. */
#ifndef GPURF_EMIT_LIB_H
#define GPURF_EMIT_LIB_H

#include "design.h"
#include "vwriter.h"

/* Round-robin arbiter over n requesters granting up to limit_i per cycle
 * (limit_i and count_o are cw bits wide); policy of cmodel/rr_arb.h.
 * Emits it once; returns its module name in name (n bytes).  Clocked with
 * rst_ni when n > 1; combinational (no clk_i / rst_ni) when n == 1. */
int emit_rr_arb(struct design *d, unsigned n, unsigned cw, char *name, size_t name_n);

/* Behavioural SRAM macro: synchronous read-first reads, lane-masked writes.
 * Black-boxed by synthesis and charged by the SRAM area model. */
int emit_sram(struct design *d, const struct mem_desc *mem);

#endif

/* Find-first-set (lowest index wins) over the n bits of the vector `vec`,
 * emitted inline into the current module as a balanced tree of 2:1 muxes
 * (depth log2 n, not a chain of n).  Declares `<pfx>_found` and
 * `<pfx>_idx` [cfg_index_bits(n)-1:0], the latter zero when nothing is
 * found.  Policy of cmodel/bitscan.h (bitscan_first). */
void emit_ffs(struct vw *w, const char *pfx, const char *vec, unsigned n);

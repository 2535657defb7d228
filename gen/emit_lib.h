/* emit_lib.h: building blocks shared by every structure's emitter. */
#ifndef GPURF_EMIT_LIB_H
#define GPURF_EMIT_LIB_H

#include "design.h"

/* Round-robin arbiter over n requesters granting up to limit_i per cycle
 * (limit_i and count_o are cw bits wide); policy of cmodel/rr_arb.h.
 * Emits it once; returns its module name in name (n bytes).  Clocked with
 * rst_ni when n > 1; combinational (no clk_i / rst_ni) when n == 1. */
int emit_rr_arb(struct design *d, unsigned n, unsigned cw, char *name, size_t name_n);

/* Behavioural SRAM macro: synchronous read-first reads, lane-masked writes.
 * Black-boxed by synthesis and charged by the SRAM area model. */
int emit_sram(struct design *d, const struct mem_desc *mem);

/* Allocation queue over n ids (LTRF Address Allocation Unit, Fig. 8):
 * an unused FIFO (reset: 0..n-1) and an occupied mask; policy of
 * cmodel/alloc_queue.h.  Ports: alloc_i, free_i, free_id_i, ok_o, id_o (the
 * head, what an allocation gets), occupied_o.  Emits it once; returns its
 * module name in name (name_n bytes). */
int emit_alloc_queue(struct design *d, unsigned n, char *name, size_t name_n);

#endif

/* emit_lib.h: building blocks shared by every structure's emitter. */
#ifndef GPURF_EMIT_LIB_H
#define GPURF_EMIT_LIB_H

#include "cells.h"
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

/* The same queue with f allocations and f frees a cycle
 * (gen/emit_alloc_lanes.c; cmodel/alloc_queue.h alloc_queue_tick_n).
 * Ports: alloc_i[f], free_i[f], free_id_i[f], ok_o, heads_o[f] (the j-th id from
 * the head), occupied_o. */
int emit_alloc_lanes(struct design *d, unsigned n, unsigned f, char *name, size_t name_n);


struct vw;

/* One line `decl = OR over i < n of ({width{sel_i}} & val_i);`: an AND-OR
 * multiplexer with a one-hot (or all-zero: result 0) select.  sel_fmt is
 * printed with (i, i), val_fmt with i (write offsets as "x_q[%u*W +: W]"). */
void emit_and_or(struct vw *w, const char *decl, unsigned n, unsigned width, const char *sel_fmt,
	       const char *val_fmt);

/* `wire [n-1:0] dst`: the lowest set bit of vec, one-hot (priority). */
void emit_first_one(struct vw *w, const char *dst, const char *vec, unsigned n);

/* `wire [iw-1:0] dst`: the index of the set bit of the one-hot (or zero)
 * n-bit vector oh; 0 when none is set. */
void emit_onehot_index(struct vw *w, const char *dst, const char *oh, unsigned n, unsigned iw);

/* One register group: `always @(posedge clk_i or negedge rst_ni)` loading
 * q with d, and reset_value under rst_ni. */
void emit_flop(struct vw *w, const char *q, const char *d, const char *reset_value);

/* Age ranks of n things with k in-order touches per cycle (policy of
 * cmodel/age_rank.h): touch_i[k], touch_idx_i[k], rank_o[n]; reset gives
 * rank i to thing i.  n must be at least 2 (one thing is always rank 0:
 * callers need no instance).  Emits it once; returns its module name. */
int emit_age_rank(struct design *d, unsigned n, unsigned k, char *name, size_t name_n);

/* Find-first-set (lowest index wins) over the n bits of the vector `vec`,
 * emitted inline into the current module as a balanced tree of 2:1 muxes
 * (depth log2 n, not a chain of n).  Declares `<pfx>_found` and
 * `<pfx>_idx` [cfg_index_bits(n)-1:0], the latter zero when nothing is
 * found.  Policy of cmodel/bitscan.h (bitscan_first). */
void emit_ffs(struct vw *w, const char *pfx, const char *vec, unsigned n);

/* `<decl> = {<prefix><n-1>, ..., <prefix>0};` one element a line: the
 * per-bank / per-slot signals of a generator loop as one vector, element 0
 * lowest, for a cell's input. */
void emit_concat(struct vw *w, const char *decl, const char *prefix, unsigned n);

/* An instance `inst` of leaf cell c (cells.h) written as text: params and
 * conns are "name", "value" pairs ending in NULL.  Wide muxes and tables
 * are cells so hierarchical synthesis builds each once and charges it by
 * its instance count (docs/synth.md).  The caller asks for the cell's file
 * once with cell_use. */
void emit_cell_inst(struct vw *w, enum cell c, const char *inst, const char *const *params,
		    const char *const *conns);

/* Bits the fitted signals leave unused, for one `*_unused` wire (Verilator's
 * default unused-regexp exempts the name). */
struct emit_unused {
	char list[8192];
};

/* The signal `name` (an identifier, `from` bits wide) as `to` bits: its low
 * bits (the others noted in u), itself, or zero-extended. */
const char *emit_fit(char *buf, size_t n, const char *name, unsigned from, unsigned to, struct emit_unused *u);
/* Notes signal bits [hi:lo] of `name` in u. */
void emit_unused_add(struct emit_unused *u, const char *name, unsigned hi, unsigned lo);
/* `wire <name> = ^{...};` over what u holds (nothing when it is empty). */
void emit_unused_wire(struct vw *w, const char *name, const struct emit_unused *u);

#endif

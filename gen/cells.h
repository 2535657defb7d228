/* cells.h: the library of parameterized leaf cells (plain Verilog-2005,
 * `parameter`s and `generate`, written for gpurf).
 *
 * A structure that instantiates a cell asks for it here; the cell's file
 * (rtl/gpurf_<cell>.v) and the cells it instantiates are added to the
 * design once and listed in the manifest's "cells", so a generated RTL
 * directory is self-contained.  The texts live in cells.c. */
#ifndef GPURF_CELLS_H
#define GPURF_CELLS_H

#include "design.h"

enum cell {
	CELL_MUX_ONEHOT,	/* gpurf_mux_onehot #(N, W): AND-OR mux, one-hot select */
	CELL_XBAR_ONEHOT,	/* gpurf_xbar_onehot #(N_IN, N_OUT, W): N_OUT mux slices */
	CELL_DECODE,		/* gpurf_decode #(N, IDX_W): index to one-hot */
	CELL_MUX_BIN,		/* gpurf_mux_bin #(N, W, SEL_W): binary select */
	CELL_FFS,		/* gpurf_ffs #(N, IDX_W): find-first-set */
	CELL_ARB_RR,		/* gpurf_arb_rr #(N): round-robin, one grant a cycle */
	CELL_FLOP_ARRAY,	/* gpurf_flop_array #(N, W, IDX_W): flops, 1 write port */
	CELL_FIFO,		/* gpurf_fifo #(W, DEPTH, PTR_W, CNT_W) */
	CELL_PIPE,		/* gpurf_pipe #(W, DEPTH, RESET): delay line */
	CELL_PREFIX_COUNT,	/* gpurf_prefix_count #(N, CNT_W): set bits below each */
	CELL_TABLE_NEXT,	/* gpurf_table_next #(N, W, IDX_W, P): P ordered write ports */
	CELL_COUNT
};

/* Module name of cell c ("gpurf_mux_onehot"). */
const char *cell_module(enum cell c);
/* Adds cell c (and the cells it instantiates) to d once.  0, or -1 when
 * the design is full. */
int cell_use(struct design *d, enum cell c);

#endif

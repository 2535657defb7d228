/* cell_inst.h: one instance of a leaf cell (cells.h) in a module on the
 * module model (vmod.h), with its parameters and every port connected.
 * Arguments are Verilog text: parameter expressions ("NUM_WARPS") and
 * connection expressions; the instance is u_<name>.  The caller asks for
 * the cell's file once with cell_use. */
#ifndef GPURF_CELL_INST_H
#define GPURF_CELL_INST_H

#include "vmod.h"

/* gpurf_decode #(n, idx_w): out = one-hot of idx when en. */
void cell_decode(struct vmod *v, const char *name, const char *n, const char *idx_w,
		 const char *en, const char *idx, const char *out);
/* gpurf_ffs #(n, idx_w): the lowest set bit of vec. */
void cell_ffs(struct vmod *v, const char *name, const char *n, const char *idx_w, const char *vec,
	      const char *found, const char *onehot, const char *idx);
/* gpurf_mux_onehot #(n, w): the w-bit entry of data that sel selects. */
void cell_mux_onehot(struct vmod *v, const char *name, const char *n, const char *w,
		     const char *data, const char *sel, const char *out);
/* gpurf_mux_bin #(n, w, sel_w): entry sel of data (zero past the end). */
void cell_mux_bin(struct vmod *v, const char *name, const char *n, const char *w,
		  const char *sel_w, const char *data, const char *sel, const char *out);

#endif

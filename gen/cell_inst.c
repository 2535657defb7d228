/* cell_inst.c: instances of the leaf cells on the module model, so an
 * emitter names a cell's ports once (cell_inst.h). */
#include "cell_inst.h"

#include "cells.h"

void cell_decode(struct vmod *v, const char *name, const char *n, const char *idx_w,
		 const char *en, const char *idx, const char *out)
{
	struct vinst *i = vmod_inst(v, cell_module(CELL_DECODE), name);

	vinst_param(i, "N", "%s", n);
	vinst_param(i, "IDX_W", "%s", idx_w);
	vinst_conn(i, "en_i", "%s", en);
	vinst_conn(i, "idx_i", "%s", idx);
	vinst_conn(i, "onehot_o", "%s", out);
}

void cell_ffs(struct vmod *v, const char *name, const char *n, const char *idx_w, const char *vec,
	      const char *found, const char *onehot, const char *idx)
{
	struct vinst *i = vmod_inst(v, cell_module(CELL_FFS), name);

	vinst_param(i, "N", "%s", n);
	vinst_param(i, "IDX_W", "%s", idx_w);
	vinst_conn(i, "vec_i", "%s", vec);
	vinst_conn(i, "found_o", "%s", found);
	vinst_conn(i, "onehot_o", "%s", onehot);
	vinst_conn(i, "idx_o", "%s", idx);
}

void cell_mux_onehot(struct vmod *v, const char *name, const char *n, const char *w,
		     const char *data, const char *sel, const char *out)
{
	struct vinst *i = vmod_inst(v, cell_module(CELL_MUX_ONEHOT), name);

	vinst_param(i, "N", "%s", n);
	vinst_param(i, "W", "%s", w);
	vinst_conn(i, "data_i", "%s", data);
	vinst_conn(i, "sel_i", "%s", sel);
	vinst_conn(i, "data_o", "%s", out);
}

void cell_mux_bin(struct vmod *v, const char *name, const char *n, const char *w,
		  const char *sel_w, const char *data, const char *sel, const char *out)
{
	struct vinst *i = vmod_inst(v, cell_module(CELL_MUX_BIN), name);

	vinst_param(i, "N", "%s", n);
	vinst_param(i, "W", "%s", w);
	vinst_param(i, "SEL_W", "%s", sel_w);
	vinst_conn(i, "data_i", "%s", data);
	vinst_conn(i, "sel_i", "%s", sel);
	vinst_conn(i, "data_o", "%s", out);
}

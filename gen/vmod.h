/* vmod.h: the module model.  An emitter describes a Verilog module as
 * data -- ports (from the structure's module_desc, by its port enum),
 * localparams, wires, flop groups, instances with named connections,
 * generate loops -- and one printer (vmod_print.c) turns it into text.
 *
 * The printer owns what every module must get the same way:
 *   naming       instance u_<name>, generate block g_<name>, flop
 *                <name>_q / <name>_d;
 *   shape        one `always` per flop group, asynchronous active-low
 *                reset when the group has one;
 *   layout       two-space indentation, aligned named connections, every
 *                line broken at a space to at most VMOD_COLUMNS columns.
 * Expressions stay text the emitter writes (width helpers: vwriter.h
 * vw_zext, vw_lit).  Allocation failures are remembered and reported once,
 * by vmod_print. */
#ifndef GPURF_VMOD_H
#define GPURF_VMOD_H

#include "cfg.h"
#include "desc.h"
#include "sbuf.h"

enum { VMOD_COLUMNS = 100 };

struct vmod;
struct vinst;

/* A module with m's name and ports (clk_i / rst_ni first when asked);
 * `what` is the one-line banner.  NULL when out of memory. */
struct vmod *vmod_new(const struct gpurf_cfg *cfg, const struct module_desc *m, int clocked,
		      int reset, const char *what);
void vmod_free(struct vmod *v);

/* Port p of the description (its Verilog name). */
const char *vmod_port(const struct vmod *v, unsigned p);

/* Body items, printed in the order they are added. */
void vmod_comment(struct vmod *v, const char *fmt, ...) GPURF_PRINTF(2, 3);
void vmod_blank(struct vmod *v);
/* localparam for the description's parameter `name` (its value). */
void vmod_param(struct vmod *v, const char *name);
/* localparam integer name = value;  // doc (doc may be NULL) */
void vmod_localparam(struct vmod *v, const char *name, unsigned long value, const char *doc);
/* `wire [width-1:0] name` (width 1: no range), with `= expr` when fmt is
 * not NULL.  width is a number or a parameter expression ("ROW_W",
 * "NUM_COLLECTORS*DATA_W"). */
void vmod_wire(struct vmod *v, const char *name, const char *width, const char *fmt, ...)
	GPURF_PRINTF(4, 5);
void vmod_assign(struct vmod *v, const char *lhs, const char *fmt, ...) GPURF_PRINTF(3, 4);

/* Flop groups: every flop of a group is loaded in the group's one always
 * block.  A reset group resets each flop to its reset value; a group
 * without reset has none (data qualified by a valid flop elsewhere). */
unsigned vmod_flop_group(struct vmod *v, const char *doc, int reset);
/* Flop `name_q` of group g, declared with `name_d` = the expression; fmt
 * NULL declares `name_d` alone, for a vmod_assign further down (the logic
 * that reads name_q comes first, its next state after it). */
void vmod_flop(struct vmod *v, unsigned g, const char *name, const char *width,
	       const char *reset_value, const char *fmt, ...) GPURF_PRINTF(6, 7);
/* Where the always blocks of the groups so far go (default: end of body). */
void vmod_flops_here(struct vmod *v);

/* An instance u_<name> of module; parameters and connections in order. */
struct vinst *vmod_inst(struct vmod *v, const char *module, const char *name);
void vinst_param(struct vinst *i, const char *name, const char *fmt, ...) GPURF_PRINTF(3, 4);
void vinst_conn(struct vinst *i, const char *port, const char *fmt, ...) GPURF_PRINTF(3, 4);

/* for (var = 0; var < limit; var = var + 1) begin : g_<name> ... end */
void vmod_for(struct vmod *v, const char *var, const char *limit, const char *name);
/* if (cond) begin : g_<name> ... end (inside a loop) */
void vmod_if(struct vmod *v, const char *cond, const char *name);
void vmod_end(struct vmod *v);
/* Inside a chain loop `for (var ...) begin : g_<loop>`: a wire `prev`
 * (width) that is `first` in iteration 0 and the previous iteration's
 * `link` (g_<loop>[var-1].<link>) after it -- a wire per iteration, so no
 * net feeds itself (Verilator UNOPTFLAT). */
void vmod_chain_prev(struct vmod *v, const char *var, const char *loop, const char *width,
		     const char *first, const char *link);

/* The module's text into out (appended).  0, or -1 when anything ran out
 * of memory or the loops are unbalanced. */
int vmod_print(const struct vmod *v, struct sbuf *out);

#endif

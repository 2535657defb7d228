/* sm_rfsys_top.h: a scheme's subsystem top (a `struct unit_ops` over the
 * ports of common/sm_top_rf.h and its own) as the thin sm_rfsys_<scheme>.c
 * adapters drive it: the SM's cycle (outputs, then step) as bus
 * evaluations and clock edges of the top.
 *
 * The top is created through its unit table's create (what the SM-driven
 * co-simulation wraps).  Inputs held for a kernel (kern_* ports) go on the
 * `base` bus once; every cycle's input bus starts from it. */
#ifndef GPURF_SM_RFSYS_TOP_H
#define GPURF_SM_RFSYS_TOP_H

#include <stdint.h>

#include "desc.h"
#include "sm_rfsys.h"
#include "unit.h"

struct sm_top {
	const struct gpurf_cfg *fcfg;	/* the banked file's configuration (bank statistics) */
	struct module_desc desc;
	const struct unit_ops *ops;
	void *m;
	uint32_t *base, *in, *out;
	uint32_t *rd_data;		/* [collectors][lanes]: read data handed to the SM */
	int have_out;			/* out holds this cycle's outputs */
	int out_is_held;		/* ... evaluated on the held inputs alone */
	/* Quiet cycles: after quiet_edges clock edges in a row on the held
	 * inputs alone, such an edge changes nothing (the baseline file's read
	 * pipeline has drained) and its outputs are all idle, so the top is not
	 * evaluated or clocked until an input moves.  0: the top has state that
	 * idle edges change (sharing's), it is always clocked. */
	unsigned quiet_edges, quiet_run;
	const uint8_t *renumber;	/* NULL, or the register numbering the top sees
					 * (the compiler's: [256]) */
};

/* Creates the top of desc_fn(cfg) with ops under cfg (kept: must outlive
 * it), reset; fcfg is its banked file's configuration.  0, or -1 with err
 * filled (out of memory). */
int sm_top_open(struct sm_top *t, const struct unit_ops *ops, const struct gpurf_cfg *cfg,
		const struct gpurf_cfg *fcfg, void (*desc_fn)(const struct gpurf_cfg *, struct module_desc *),
		struct gpurf_err *err);
void sm_top_close(struct sm_top *t);

static inline const struct port_desc *sm_top_port(const struct sm_top *t, unsigned p)
{
	return &t->desc.ports[p];
}

/* A kernel-held input (on the base bus). */
static inline void sm_top_hold(struct sm_top *t, unsigned p, unsigned e, uint64_t v)
{
	bus_set_inline(t->base, sm_top_port(t, p), e, v);
	t->out_is_held = 0;
	t->quiet_run = 0;
}

/* This cycle's input element / output element. */
static inline void sm_top_set(struct sm_top *t, unsigned p, unsigned e, uint64_t v)
{
	bus_set_inline(t->in, sm_top_port(t, p), e, v);
}

static inline uint64_t sm_top_get(const struct sm_top *t, unsigned p, unsigned e)
{
	return bus_get_inline(t->out, sm_top_port(t, p), e);
}

/* The inputs back to the held ones (then sm_top_set, sm_top_edge: a
 * cycle outside the SM's, e.g. a kernel-start pulse). */
void sm_top_hold_only(struct sm_top *t);
/* Evaluates the outputs of the cycle starting now (the held inputs alone),
 * once per cycle; they stay readable with sm_top_get. */
void sm_top_settle(struct sm_top *t);
/* Outputs at the start of the cycle (from the top's state: evaluated on
 * the held inputs alone); read returns into out. */
void sm_top_outputs(struct sm_top *t, struct sm_rf_out *out);
/* Starts a cycle's inputs: the held ones, then the SM's register requests. */
void sm_top_begin(struct sm_top *t, const struct sm_rf_in *in);
/* Evaluates the cycle's inputs (the caller added its own after
 * sm_top_begin): grants into g, the per-bank statistics from the file-side
 * monitors; the outputs stay readable with sm_top_get until sm_top_edge. */
void sm_top_eval(struct sm_top *t, struct sm_rf_gnt *g, struct sm_stats *st);
/* The clock edge with the cycle's inputs. */
void sm_top_edge(struct sm_top *t);
/* up to n cycles with no inputs but the held ones */
void sm_top_idle(struct sm_top *t, uint64_t n);

#endif

/* emit_finereg_top.h: what the two halves of finereg_top's emitter share
 * (emit_finereg_top.c: submodules, ACRF sharing, deferred writes;
 * emit_finereg_policy.c: the switching policy). */
#ifndef GPURF_EMIT_FINEREG_TOP_H
#define GPURF_EMIT_FINEREG_TOP_H

#include "cfg.h"
#include "desc.h"
#include "emit_compose.h"

struct vw;

struct ft_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct module_desc sub[4];
	const struct gpurf_cfg *cfgs[4];
	struct emit_compose ec;
	unsigned C, W, NC, N, L, CB, KB, RB, SB, AW, AR, RPW, LANES, DB, NB, PW, CW;
	unsigned NS, NL, NE, NQ, RC, SC, QP, QW, XW, YW;
};

/* The policy's flops and logic: per-CTA state after this cycle's events
 * and switch decisions as cta_act_f[NC] / cta_slot_f[NC*SB], the drain as
 * drain_v_f / drain_cta_f; uses dw_left (the draining CTA keeps deferred
 * writes after this cycle).  Declarations first (emit_policy_decl), logic
 * after the ACRF sharing (emit_policy). */
void emit_policy_decl(struct vw *w, const struct ft_geom *g);
void emit_policy(struct vw *w, const struct ft_geom *g);
void emit_policy_tail(struct vw *w, const struct ft_geom *g);

#endif

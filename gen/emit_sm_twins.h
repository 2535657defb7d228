/* emit_sm_twins.h: the RTL top of an SM register-file subsystem's twins
 * (docs/cosim-sm.md): every unit module the SM model composes for a scheme,
 * side by side, each with its own clock and reset, and the Verilator glue
 * that reaches each one's ports. */
#ifndef GPURF_EMIT_SM_TWINS_H
#define GPURF_EMIT_SM_TWINS_H

#include "design.h"

/* Name of the top module and of its glue header (glue/<name>.h). */
#define SM_TWINS_TOP "gpurf_sm_twins"

/* Emits rtl/gpurf_sm_twins.v, glue/gpurf_sm_twins.h, glue/gpurf_sm_twins.gtkw
 * and sm_modules.txt (one "<base> <module>" line per instance) for the
 * modules m[0..n-1], whose own Verilog the caller emitted into d from the
 * configurations cfg[0..n-1] the SM created them with.  `scheme` names the
 * subsystem in the header comments.  -1 when d is full. */
int emit_sm_twins(struct design *d, const char *scheme, const struct module_desc *const *m,
		  const struct gpurf_cfg *const *cfg, unsigned n);

#endif

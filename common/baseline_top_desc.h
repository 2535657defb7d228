/* baseline_top_desc.h: ports, parameters and wiring of baseline_top, the
 * baseline SM register-file subsystem: the banked file (rf_banked) behind
 * the SM's warp / register addressing (docs/baseline-top.md).
 *
 * A hardware warp whose kernel needs R registers per thread occupies
 * kern_slots_i = ceil(R / regs_per_warp) consecutive warp slots of the file
 * (held for the kernel, like a configuration register loaded at launch);
 * its register r is slot warp * kern_slots_i + r / regs_per_warp, index
 * r mod regs_per_warp.  Everything else is the file's: grants in the
 * request's cycle, read data read_latency cycles later. */
#ifndef GPURF_BASELINE_TOP_DESC_H
#define GPURF_BASELINE_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"
#include "sm_top_rf.h"

enum baseline_top_port {
	BT_KERN_SLOTS_I = SMT_NPORTS,	/* warp slots per hardware warp (1 .. warps) */
	BT_NPORTS
};

/* The submodule, and the top itself as a wiring end. */
enum { BT_U_RF, BT_U_TOP, BT_NUNITS };

extern const struct compose_wiring baseline_top_wiring;

int baseline_top_present(const struct gpurf_cfg *cfg);
void desc_baseline_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif

/* sm_dwe.h: Dynamic Warp Execution's probability across the SMs of a run
 * (Jatala et al., Sec. 5.3; docs/sharing.md "Dynamic Warp Execution").
 *
 * SM 0 is the reference: its non-owner warps issue no global / local
 * memory instruction (probability 0, fixed).  Every other SM starts at
 * probability 1 and, at the end of every window of SM_DWE_WINDOW cycles,
 * compares its stall cycles in the window with SM 0's (the one path
 * between SMs, which sm_run owns): more stalls than SM 0, the probability
 * drops by SM_DWE_STEP; fewer, it rises by SM_DWE_STEP; equal, it stays;
 * always within [0, 1].  A stall cycle (the paper's Sec. 2: "if no warp
 * can be scheduled in a cycle, then that is a stall cycle") is a cycle in
 * which the SM has a CTA resident and none of its schedulers issues.
 * Probabilities are in tenths (SHT_DWE_ONE = 1.0), the unit sharing_top's
 * draw takes. */
#ifndef GPURF_SM_DWE_H
#define GPURF_SM_DWE_H

#include <stdint.h>

#include "cfg.h"
#include "sharing_top_desc.h"

enum {
	SM_DWE_WINDOW = 1000,	/* cycles between comparisons (Sec. 5.3) */
	SM_DWE_STEP = 1,	/* p = 0.1 */
	SM_DWE_ONE = SHT_DWE_ONE,	/* probability 1, in tenths (sharing_top's unit) */
};

/* The SMs compare with SM 0 (cfg: scheme = sharing, dwe and dwe_adaptive,
 * more than one SM). */
int sm_dwe_adaptive(const struct gpurf_cfg *cfg);
/* SM `id`'s probability at kernel start: 0 on SM 0 or when the SMs do not
 * adapt (every SM is a reference SM), 1 on the others. */
unsigned sm_dwe_initial(const struct gpurf_cfg *cfg, unsigned id);
/* The probability after a window in which the SM stalled `own` cycles
 * and SM 0 `ref`. */
unsigned sm_dwe_adapt(unsigned prob, uint64_t own, uint64_t ref);

#endif

/* finereg_top.h: cycle model of the FineReg register-file subsystem (see
 * finereg_top.c), and what the SM reads of it besides its ports. */
#ifndef GPURF_CMODEL_FINEREG_TOP_H
#define GPURF_CMODEL_FINEREG_TOP_H

#include "rf_banked.h"
#include "unit.h"

extern const struct unit_ops finereg_top_ops;

/* The ACRF's requests and grants of the last evaluation (the SM's per-bank
 * statistics) and whether the RMU's ACRF write was granted in it. */
void finereg_top_acrf_cycle(void *model, struct rfb_req *rq, struct rfb_grants *g, int *rmu_wr_gnt);
/* The write ports whose write went into the deferred-write buffer in the
 * last evaluation. */
uint64_t finereg_top_deferred(void *model);

#endif

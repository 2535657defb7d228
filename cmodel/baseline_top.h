/* baseline_top.h: cycle model of the baseline register-file subsystem (see baseline_top.c). */
#ifndef GPURF_CMODEL_BASELINE_TOP_H
#define GPURF_CMODEL_BASELINE_TOP_H

#include "unit.h"

extern const struct unit_ops baseline_top_ops;

/* The file's model inside top model m (rf_banked's: tests read stored
 * registers with rf_banked_peek). */
void *baseline_top_file(void *m);

#endif

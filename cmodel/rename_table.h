/* rename_table.h: cycle model of RegVirt's renaming unit (renaming table,
 * availability vectors, CTA throttle, subarray power gating). */
#ifndef GPURF_CMODEL_RENAME_TABLE_H
#define GPURF_CMODEL_RENAME_TABLE_H

#include "unit.h"

extern const struct unit_ops rename_table_ops;

#endif

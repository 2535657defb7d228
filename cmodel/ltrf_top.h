/* ltrf_top.h: cycle model of the LTRF register-file subsystem (see ltrf_top.c). */
#ifndef GPURF_CMODEL_LTRF_TOP_H
#define GPURF_CMODEL_LTRF_TOP_H

#include "unit.h"

extern const struct unit_ops ltrf_top_ops;

#endif

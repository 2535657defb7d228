/* sched_2level.h: cycle model of the two-level warp scheduler (see sched_2level.c). */
#ifndef GPURF_CMODEL_SCHED_2LEVEL_H
#define GPURF_CMODEL_SCHED_2LEVEL_H

#include "unit.h"

extern const struct unit_ops sched_2level_ops;

#endif

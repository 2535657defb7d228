/* ltrf_cache.h: cycle model of the LTRF register cache (see ltrf_cache.c). */
#ifndef GPURF_CMODEL_LTRF_CACHE_H
#define GPURF_CMODEL_LTRF_CACHE_H

#include "unit.h"

extern const struct unit_ops ltrf_cache_ops;

#endif

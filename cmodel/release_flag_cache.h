/* release_flag_cache.h: cycle model of RegVirt's release-flag cache. */
#ifndef GPURF_CMODEL_RELEASE_FLAG_CACHE_H
#define GPURF_CMODEL_RELEASE_FLAG_CACHE_H

#include "unit.h"

extern const struct unit_ops release_flag_cache_ops;

#endif

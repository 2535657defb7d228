/* ltrf_engine.h: cycle model of the LTRF prefetch / write-back engine (see ltrf_engine.c). */
#ifndef GPURF_CMODEL_LTRF_ENGINE_H
#define GPURF_CMODEL_LTRF_ENGINE_H

#include "unit.h"

extern const struct unit_ops ltrf_engine_ops;

#endif

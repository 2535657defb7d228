/* pcrf.h: cycle model of FineReg's PCRF (common/pcrf_desc.h). */
#ifndef GPURF_PCRF_MODEL_H
#define GPURF_PCRF_MODEL_H

#include "pcrf_desc.h"
#include "unit.h"

extern const struct unit_ops pcrf_ops;

#endif

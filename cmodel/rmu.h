/* rmu.h: cycle model of FineReg's register management unit. */
#ifndef GPURF_RMU_MODEL_H
#define GPURF_RMU_MODEL_H

#include "rmu_desc.h"
#include "unit.h"

extern const struct unit_ops rmu_ops;

#endif

/* sharing_top.h: cycle model of the register-sharing subsystem (see sharing_top.c). */
#ifndef GPURF_CMODEL_SHARING_TOP_H
#define GPURF_CMODEL_SHARING_TOP_H

#include "unit.h"

extern const struct unit_ops sharing_top_ops;

#endif

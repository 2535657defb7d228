/* rfc.h: cycle model of the register file cache (see rfc.c). */
#ifndef GPURF_CMODEL_RFC_H
#define GPURF_CMODEL_RFC_H

#include "unit.h"

extern const struct unit_ops rfc_ops;

#endif

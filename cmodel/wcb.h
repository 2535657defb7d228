/* wcb.h: cycle model of the LTRF Warp Control Block (see wcb.c). */
#ifndef GPURF_CMODEL_WCB_H
#define GPURF_CMODEL_WCB_H

#include "unit.h"

extern const struct unit_ops wcb_ops;

#endif

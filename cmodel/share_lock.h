/* share_lock.h: cycle model of register sharing's lock table (see share_lock.c). */
#ifndef GPURF_CMODEL_SHARE_LOCK_H
#define GPURF_CMODEL_SHARE_LOCK_H

#include "unit.h"

extern const struct unit_ops share_lock_ops;

#endif

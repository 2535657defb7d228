/* regvirt_top.h: cycle model of the regvirt register-file subsystem top
 * (see regvirt_top.c; common/regvirt_top_desc.h has the boundary). */
#ifndef GPURF_CMODEL_REGVIRT_TOP_H
#define GPURF_CMODEL_REGVIRT_TOP_H

#include "unit.h"

extern const struct unit_ops regvirt_top_ops;

#endif

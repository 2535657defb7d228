/* rf_banked.h: cycle model of the banked register file (see rf_banked.c). */
#ifndef GPURF_CMODEL_RF_BANKED_H
#define GPURF_CMODEL_RF_BANKED_H

#include "unit.h"

extern const struct unit_ops rf_banked_ops;

#endif

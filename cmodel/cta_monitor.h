/* cta_monitor.h: cycle model of FineReg's CTA status monitor. */
#ifndef GPURF_CTA_MONITOR_MODEL_H
#define GPURF_CTA_MONITOR_MODEL_H

#include "cta_monitor_desc.h"
#include "unit.h"

extern const struct unit_ops cta_monitor_ops;

#endif

/* area_report.h: writing the area report (area.json and area.md) from the
 * one cJSON document gpurf-area builds, so both files always agree. */
#ifndef GPURF_AREA_REPORT_H
#define GPURF_AREA_REPORT_H

#include "err.h"

struct cJSON;

/* Writes dir/area.json and dir/area.md (each through a temporary name and a
 * rename, so a failure leaves no partial file).  Returns 0, or -1 with err
 * filled (GPURF_ERR_IO). */
int area_report_write(const struct cJSON *doc, const char *dir, struct gpurf_err *err);

#endif

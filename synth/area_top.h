/* area_top.h: the area of a configuration's top as a hierarchy (area_top.c). */
#ifndef GPURF_AREA_TOP_H
#define GPURF_AREA_TOP_H

#include "err.h"

struct cJSON;

/* Adds doc's "top" object: the manifest's top module (the one module whose
 * base ends in "_top") with every manifest module it instantiates, each
 * charged by its instance count, and that area split into the banked
 * register file (rf_banked, a manifest row or a submodule synthesized inside
 * another row) and the rest (the scheme's own structures).  rows is doc's
 * "modules" array (area_main.c), manifest the manifest's, synth_dir the
 * run-synth directories.  A manifest without exactly one top adds nothing.
 * Returns 0, or -1 with err filled. */
int area_top_add(struct cJSON *doc, const struct cJSON *rows, const struct cJSON *manifest,
		 const char *synth_dir, struct gpurf_err *err);

#endif

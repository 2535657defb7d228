/* manifest.h: writes manifest.json for a design. */
#ifndef GPURF_MANIFEST_H
#define GPURF_MANIFEST_H

#include "design.h"

int manifest_emit(struct design *d);

#endif

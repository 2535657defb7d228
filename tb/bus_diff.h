/* bus_diff.h: where two output buses of one module differ, in words a
 * person can act on.  Shared by the lockstep driver (tb/lockstep.cpp) and
 * the SM-driven co-simulation (tb/cosim_sm.cpp). */
#ifndef GPURF_TB_BUS_DIFF_H
#define GPURF_TB_BUS_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "desc.h"

/* 0 when every output port of d is equal in exp and act; otherwise 1 and
 * msg holds the first differing element: "port NAME[k] (element k of N,
 * W bits): expected (C model) 0x..., actual (RTL) 0x...". */
int bus_first_diff(const struct module_desc *d, const uint32_t *exp, const uint32_t *act, char *msg, size_t n);

#endif

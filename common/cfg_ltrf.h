/* cfg_ltrf.h: the [ltrf] section of a configuration: LTRF.
 * Fields are filled from cfg_keys_ltrf (cfg_ltrf.c). */
#ifndef GPURF_CFG_LTRF_H
#define GPURF_CFG_LTRF_H

struct cfg_ltrf {
	unsigned reserved;	/* placeholder until the scheme's keys arrive (issue 5) */
	/* derived by cfg_finish_ltrf() */
	struct {
		unsigned reserved;
	} d;
};

#endif

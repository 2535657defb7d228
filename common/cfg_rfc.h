/* cfg_rfc.h: the [rfc] section of a configuration: register file cache / two-level scheduler (Gebhart).
 * Fields are filled from cfg_keys_rfc (cfg_rfc.c). */
#ifndef GPURF_CFG_RFC_H
#define GPURF_CFG_RFC_H

struct cfg_rfc {
	unsigned reserved;	/* placeholder until the scheme's keys arrive (issue 6) */
	/* derived by cfg_finish_rfc() */
	struct {
		unsigned reserved;
	} d;
};

#endif

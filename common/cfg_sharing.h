/* cfg_sharing.h: the [sharing] section of a configuration: register sharing (Jatala).
 * Fields are filled from cfg_keys_sharing (cfg_sharing.c). */
#ifndef GPURF_CFG_SHARING_H
#define GPURF_CFG_SHARING_H

struct cfg_sharing {
	unsigned reserved;	/* placeholder until the scheme's keys arrive (issue 6) */
	/* derived by cfg_finish_sharing() */
	struct {
		unsigned reserved;
	} d;
};

#endif

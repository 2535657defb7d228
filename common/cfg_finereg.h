/* cfg_finereg.h: the [finereg] section of a configuration: FineReg.
 * Fields are filled from cfg_keys_finereg (cfg_finereg.c). */
#ifndef GPURF_CFG_FINEREG_H
#define GPURF_CFG_FINEREG_H

struct cfg_finereg {
	unsigned reserved;	/* placeholder until the scheme's keys arrive (issue 3) */
	/* derived by cfg_finish_finereg() */
	struct {
		unsigned reserved;
	} d;
};

#endif

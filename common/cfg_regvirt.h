/* cfg_regvirt.h: the [regvirt] section of a configuration: register-file virtualization.
 * Fields are filled from cfg_keys_regvirt (cfg_regvirt.c). */
#ifndef GPURF_CFG_REGVIRT_H
#define GPURF_CFG_REGVIRT_H

struct cfg_regvirt {
	unsigned reserved;	/* placeholder until the scheme's keys arrive (issue 4) */
	/* derived by cfg_finish_regvirt() */
	struct {
		unsigned reserved;
	} d;
};

#endif

/* cfg_ltrf.h: the [ltrf] section of a configuration: LTRF and LTRF+
 * (Sadrosadati et al., ASPLOS 2018).  Fields are filled from cfg_keys_ltrf
 * (cfg_ltrf.c); docs/ltrf.md explains each choice. */
#ifndef GPURF_CFG_LTRF_H
#define GPURF_CFG_LTRF_H

struct cfg_ltrf {
	unsigned regs_per_interval;	/* N: register-cache banks, max working set */
	unsigned active_warps;		/* A: register-cache rows (warp offsets) */
	unsigned lookup_ports;		/* WCB address-table read ports */
	/* derived by cfg_finish_ltrf() */
	struct {
		unsigned arch_regs;	/* R: PREFETCH bit-vector length = [rf] regs per warp */
		unsigned bank_bits;	/* address-table bank field: index bits of N */
		unsigned offset_bits;	/* warp-offset field: index bits of A */
		unsigned liveness;	/* 1 for LTRF+: liveness bit-vectors exist */
	} d;
};

#endif

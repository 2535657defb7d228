/* cfg_energy.h: the [energy] section of a configuration: per-access
 * energies of the register-file structures (femtojoules, so the keys stay
 * integers) and the wire model, for the SM model's energy report
 * (cmodel/sm/sm_energy.c, docs/energy.md).  Filled from cfg_keys_energy
 * (cfg_energy.c). */
#ifndef GPURF_CFG_ENERGY_H
#define GPURF_CFG_ENERGY_H

enum energy_scaling { ENERGY_SCALE_SQRT = 0, ENERGY_SCALE_LINEAR = 1, ENERGY_SCALE_NONE = 2 };

struct cfg_energy {
	unsigned mrf_read_fj, mrf_write_fj;	/* per 128-bit access of a reference bank */
	unsigned mrf_ref_bank_bytes;		/* the bank those energies were measured on */
	unsigned bank_scaling;			/* enum energy_scaling */
	unsigned wire_fj_per_mm;		/* 32 bits moved 1 mm */
	unsigned mrf_wire_um;			/* main register file to the ALUs */
	unsigned rfc_read_fj, rfc_write_fj;	/* register file cache, per 128 bits */
	unsigned rfc_wire_um;
	unsigned rename_fj;			/* one renaming-table access */
	unsigned ltrf_cache_read_fj, ltrf_cache_write_fj;	/* per 128 bits */
	unsigned ltrf_cache_wire_um;
	unsigned pcrf_read_fj, pcrf_write_fj;	/* per 128 bits */
	unsigned pcrf_chain_fj;			/* one PCRF tag-chain / pointer-table step */
};

#endif

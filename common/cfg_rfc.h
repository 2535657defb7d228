/* cfg_rfc.h: the [rfc] section of a configuration: register file cache and
 * two-level warp scheduler (Gebhart et al., ISCA 2011).
 * Fields are filled from cfg_keys_rfc (cfg_rfc.c). */
#ifndef GPURF_CFG_RFC_H
#define GPURF_CFG_RFC_H

enum rfc_replacement { RFC_REPL_FIFO = 0, RFC_REPL_LRU = 1 };

struct cfg_rfc {
	unsigned active_warps;	/* A: warps in the active set, each owning one RFC slot */
	unsigned entries;	/* N: RFC entries per thread (per slot) */
	unsigned src_ports;	/* source operands looked up per instruction */
	unsigned replacement;	/* enum rfc_replacement */
	unsigned victim_entries;	/* flush buffer depth in warp registers; 0 = blocking flush */
	unsigned flush_yields;	/* rfc_top: flush write-backs wait while a slotless warp's result wants the MRF */
	/* derived by cfg_finish_rfc() */
	struct {
		unsigned tag_bits;	/* register index width (the RFC tag) */
		unsigned slot_bits;	/* active-slot index width */
		unsigned entry_bits;	/* entry index width within a slot */
		unsigned warp_id_bits;	/* warp index width (victim-buffer owner) */
		/* rfc_top's kernel parameters: the SM model sets them from
		 * its kernel (sm_rfsys_rfc.c); 0 = the configuration's
		 * (rfc_top_geom(), common/rfc_top_desc.h) */
		unsigned top_regs;	/* registers per thread */
		unsigned top_warps;	/* hardware warps the core has */
		unsigned top_srcs;	/* most source registers of one instruction */
		unsigned top_dsts;	/* most destination registers of one instruction */
	} d;
};

#endif

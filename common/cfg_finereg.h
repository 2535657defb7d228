/* cfg_finereg.h: the [finereg] section of a configuration: FineReg (MICRO
 * 2018).  Fields are filled from cfg_keys_finereg (cfg_finereg.c); the
 * derived widths (d) are what the PCRF, RMU and CTA status monitor
 * descriptions, models and emitters share, so a tag field has one width. */
#ifndef GPURF_CFG_FINEREG_H
#define GPURF_CFG_FINEREG_H

enum finereg_resume_policy { FINEREG_RESUME_FIRST = 0, FINEREG_LAUNCH_FIRST = 1 };
enum finereg_rmu { FINEREG_RMU_SERIAL = 0, FINEREG_RMU_PIPELINED = 1 };
enum finereg_lric_hash { FINEREG_LRIC_LOW = 0, FINEREG_LRIC_XOR = 1 };
enum finereg_lric_fetch { FINEREG_FETCH_BLOCKING = 0, FINEREG_FETCH_OVERLAPPED = 1 };
enum finereg_rmu_ports { FINEREG_PORTS_SHARED = 0, FINEREG_PORTS_PRIORITY = 1 };
enum finereg_resume_first { FINEREG_FIRST_VT = 0, FINEREG_FIRST_PCRF = 1 };

struct cfg_finereg {
	unsigned pcrf_entries;	/* PCRF entries, one warp register each */
	unsigned warps_per_cta;	/* warps of one CTA (ACRF slot size in warps) */
	unsigned max_regs;	/* bits of a liveness vector = registers a tag can name */
	unsigned regs_per_warp;	/* registers of an RMU warp in the ACRF; 0 = [rf] regs_per_warp */
	unsigned resident_ctas;	/* pointer-table lines = status-monitor entries */
	unsigned next_bits;	/* NEXT tag field; 0 = derive */
	unsigned count_bits;	/* pointer-table COUNT field; 0 = derive */
	unsigned lric_entries;	/* live-register information cache entries */
	unsigned lric_index_lsb;/* lowest PC bit of the cache index */
	unsigned lric_hash;	/* enum finereg_lric_hash: PC bits as they are, or XOR-folded */
	unsigned pc_bits;	/* PC width (the cache's tag) */
	unsigned pcrf_latency;	/* cycles from a PCRF read to its tag and data */
	unsigned lric_miss_latency; /* cycles of an off-chip liveness-vector fetch */
	unsigned lric_fetch;	/* enum finereg_lric_fetch: one miss at a time, or all of a CTA's at once */
	unsigned resume_policy;	/* enum finereg_resume_policy */
	unsigned rmu;		/* enum finereg_rmu: one register at a time or pipelined */
	unsigned rmu_ports;	/* enum finereg_rmu_ports: ACRF ports the core leaves, or first call */
	unsigned deferred_writes; /* finereg_top's deferred-write buffer entries */
	unsigned vt;		/* Virtual-Thread CTA state: stalled CTAs parked in the ACRF */
	unsigned resume_first;	/* enum finereg_resume_first: the status monitor's ranking */
	/* set by the SM's adapter from the kernel (0: finereg_top's standalone
	 * geometry, one warp slot per warp, warps_per_cta warps) */
	unsigned top_spw;	/* ACRF warp slots per warp */
	unsigned top_kwarps;	/* warps per CTA */
	unsigned monitor_updates;  /* finereg_top's status-monitor update queue entries */
	/* derived by cfg_finish_finereg() */
	struct {
		unsigned warp_regs;	/* regs_per_warp as used */
		unsigned slots;		/* ACRF CTA slots: ACRF registers / (warps_per_cta x warp_regs) */
		unsigned slot_bits;	/* index of a slot */
		unsigned cta_bits;	/* index of a resident CTA */
		unsigned next_bits;	/* NEXT field as used */
		unsigned warp_bits;	/* WARP_ID field: warp within the CTA */
		unsigned reg_bits;	/* REG_IDX field */
		unsigned tag_bits;	/* V + E + NEXT + WARP_ID + REG_IDX */
		unsigned count_bits;	/* COUNT field as used */
		unsigned cta_live_max;	/* live registers one CTA can have */
		unsigned live_bits;	/* a CTA's live count, 0..cta_live_max */
		unsigned free_bits;	/* free-entry count, 0..pcrf_entries */
		unsigned lric_index_bits;
	} d;
};

#endif

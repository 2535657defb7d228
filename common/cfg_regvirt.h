/* cfg_regvirt.h: the [regvirt] section of a configuration: register-file
 * virtualization (Jeon et al., MICRO 2015).  Fields are filled from
 * cfg_keys_regvirt (cfg_regvirt.c); cfg_finish_regvirt() derives `d`.
 *
 * The physical register file is the [rf] section's (size_bytes / (lanes x 4)
 * warp registers in `banks` banks); the architected file is warps x arch_regs
 * warp registers and may be larger (GPU-shrink). */
#ifndef GPURF_CFG_REGVIRT_H
#define GPURF_CFG_REGVIRT_H

enum regvirt_throttle { RV_THROTTLE_GLOBAL = 0, RV_THROTTLE_PER_BANK = 1 };

struct cfg_regvirt {
	unsigned arch_regs;	/* architected registers per thread (ids 0..arch_regs-1) */
	unsigned rt_bytes;	/* renaming-table budget; 0 = full table */
	unsigned rename_ports;	/* instructions renamed per cycle (one per scheduler) */
	unsigned free_ports;	/* read-time frees per cycle (operand collector) */
	unsigned throttle;	/* enum regvirt_throttle */
	unsigned subarrays;	/* power-gating subarrays per bank */
	unsigned wake_latency;	/* cycles to wake a gated subarray */
	unsigned rfc_entries;	/* release-flag cache entries */
	unsigned rfc_slots;	/* 3-bit flag slots per pir */
	unsigned rfc_ports;	/* select-stage flag reads per cycle */
	unsigned pc_bits;	/* instruction address width */
	unsigned occupancy_bytes; /* SM model: file size CTA occupancy is computed for; 0 = [rf] */
	unsigned rt_ports;	/* renaming-table lookups per table bank per cycle */
	unsigned rename_queue;	/* rename chunks waiting for the rename ports (regvirt_top) */
	unsigned rename_lanes;	/* rename chunks the queue takes per cycle (push lanes) */
	unsigned spill;		/* SM model: spill a victim warp when renaming deadlocks (Sec. 8.1) */
	/* derived by cfg_finish_regvirt() */
	struct {
		unsigned phys_regs;	/* physical warp registers (the [rf] file) */
		unsigned bank_regs;	/* physical registers per bank */
		unsigned idx_bits;	/* index of a register inside its bank */
		unsigned bank_bits;	/* clog2(banks), may be 0 */
		unsigned pid_bits;	/* bank + index: the paper's log2(phys regs) */
		unsigned reg_bits;	/* architected register id */
		unsigned kcap;		/* renamable registers per warp (table capacity) */
		unsigned rows_per_warp;	/* table rows of one warp in one bank: ceil(kcap/banks) */
		unsigned rt_rows;	/* table rows per bank: warps x rows_per_warp */
		unsigned sub_regs;	/* registers per subarray */
		unsigned cnt_bits;	/* free / held / demand counters */
		unsigned rfc_tag_bits;	/* tag width of one release-flag cache entry */
	} d;
};

#endif

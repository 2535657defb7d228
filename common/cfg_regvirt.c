/* cfg_regvirt.c: keys of the [regvirt] section (register-file virtualization)
 * and their cross-checks.  Section numbers refer to the paper
 * (../shared/seeds/002_f81a4cd805aa4c4a.txt); docs/regvirt.md explains the
 * decisions taken where it is silent. */
#include "cfg_key.h"

static const char *const throttle_names[] = {"global", "per_bank", NULL};

#define F(field) CFG_FIELD(regvirt.field)

const struct cfg_key cfg_keys_regvirt[] = {
	{"regvirt", "arch_regs", KEY_UINT, F(arch_regs), "63", 1, 255, 0, NULL,
	 "RegVirt Sec. 7.1 (Fermi: 63 registers per thread)",
	 "Architected registers per thread: register ids 0..arch_regs-1."},
	{"regvirt", "rt_bytes", KEY_UINT, F(rt_bytes), "1024", 0, 65536, 0, NULL,
	 "RegVirt Sec. 7.1 (1 KB reduced table)",
	 "Renaming-table budget; the table renames floor(8 x rt_bytes / (log2(physical "
	 "registers) x warps)) registers per warp (the paper's formula), at most arch_regs. "
	 "0 = the full table (every register renamable)."},
	{"regvirt", "rename_ports", KEY_UINT, F(rename_ports), "2", 1, 4, 0, NULL,
	 "RegVirt Sec. 9 (two schedulers, one instruction each)",
	 "Instructions entering the rename stage per cycle."},
	{"regvirt", "free_ports", KEY_UINT, F(free_ports), "2", 1, 8, 0, NULL,
	 "chosen: one per scheduler's operand reads",
	 "Read-time frees per cycle: registers released by pir/pbr are freed once the "
	 "operand collector has read them."},
	{"regvirt", "throttle", KEY_ENUM, F(throttle), "global", 0, 0, 0, throttle_names,
	 "RegVirt Sec. 8.1 (global, the default); spec 3.6 (per_bank)",
	 "CTA throttling: global compares free registers with min(C - k_i) as the paper "
	 "does; it can deadlock when the free registers lie in the wrong banks, which "
	 "[regvirt] spill = 1 (the default) resolves in the SM model; per_bank keeps one "
	 "favoured CTA and checks every bank, which cannot deadlock under the bank "
	 "constraint (the tiny lockstep configurations, which have no spill engine; "
	 "docs/regvirt.md decision 7)."},
	{"regvirt", "subarrays", KEY_UINT, F(subarrays), "4", 1, 64, KEY_POW2, NULL,
	 "RegVirt Sec. 8.2, Fig. 8 (four subarrays)",
	 "Power-gating subarrays per bank; 1 gates whole banks."},
	{"regvirt", "wake_latency", KEY_UINT, F(wake_latency), "1", 0, 15, 0, NULL,
	 "RegVirt Sec. 9.2, Fig. 11b (1, 3, 10 cycles)",
	 "Cycles a gated subarray needs to wake before a newly allocated register in it "
	 "may be written."},
	{"regvirt", "rfc_entries", KEY_UINT, F(rfc_entries), "10", 1, 64, 0, NULL,
	 "RegVirt Sec. 7.2 (10 entries)",
	 "Release-flag cache entries (direct-mapped, indexed by the pir's PC)."},
	{"regvirt", "rfc_slots", KEY_UINT, F(rfc_slots), "18", 1, 21, 0, NULL,
	 "RegVirt Sec. 6, Fig. 5a (18 x 3 bits)",
	 "Instructions one pir covers; each gets 3 release bits."},
	{"regvirt", "rfc_ports", KEY_UINT, F(rfc_ports), "2", 1, 4, 0, NULL,
	 "RegVirt Sec. 9 (two schedulers select one instruction each)",
	 "Flag reads per cycle (select stage) besides the fetch probe."},
	{"regvirt", "pc_bits", KEY_UINT, F(pc_bits), "32", 8, 48, 0, NULL,
	 "chosen (Fermi: 32-bit code addresses, 64-bit instructions)",
	 "Instruction address width; PCs are 8-byte aligned."},
	{"regvirt", "occupancy_bytes", KEY_UINT, F(occupancy_bytes), "0", 0, 16777216, 0, NULL,
	 "RegVirt Sec. 9.3 (GPU-shrink keeps the baseline's CTAs on half the file)",
	 "SM model (gpurf-sim): the register-file size whose per-thread allocation limits "
	 "resident CTAs, as the baseline would; GPU-shrink sets [rf] size_bytes to half of "
	 "it. 0 = [rf] size_bytes."},
	{"regvirt", "rt_ports", KEY_UINT, F(rt_ports), "2", 1, 4, 0, NULL,
	 "RegVirt Sec. 7.1 (four banks, conflicting lookups \"may be serialized\"); docs/regvirt.md decision 13",
	 "Renaming-table lookups per table bank per cycle (read ports; at most one "
	 "allocation per bank per cycle). 1 serializes every same-bank conflict."},
	{"regvirt", "rename_queue", KEY_UINT, F(rename_queue), "128", 4, 256, 0, NULL,
	 "chosen: 52 measured at most on every kernel, plus twice the 2 x 12..32 chunks the gate keeps free (docs/regvirt.md, \"regvirt_top\")",
	 "Rename chunks (3 sources and a destination each) an issued instruction's registers "
	 "wait in for a rename port: regvirt_top's rename queue. With fewer entries free than "
	 "twice the chunks one cycle's issues can add, only the throttle's favoured CTA "
	 "issues; with fewer than once, no warp issues. Smaller than once: refused."},
	{"regvirt", "rename_lanes", KEY_UINT, F(rename_lanes), "32", 1, 64, 0, NULL,
	 "chosen: the most one cycle's issues add on the 15 kernels and every shipped configuration (cfd: 32; docs/regvirt.md, \"regvirt_top\")",
	 "Rename chunks regvirt_top's queue takes in one cycle (its push lanes: an issued "
	 "instruction's chunks and its pbr's). A kernel whose one cycle of issues can add more "
	 "is refused by the SM model."},
	{"regvirt", "spill", KEY_UINT, F(spill), "1", 0, 1, 0, NULL,
	 "RegVirt Sec. 8.1 (\"we rely on conventional register spilling\"); docs/regvirt.md, \"Spilling\"",
	 "SM model (gpurf-sim): 1 (the default) = when renaming cannot proceed (every rename "
	 "port waits for a full bank and no free can come), spill a warp's renamed registers "
	 "to local memory, unmap them (a spill sweep of regvirt_top) and fill them back before "
	 "the warp issues again; 0 = no fallback (the global throttle can deadlock)."},
	{NULL},
};

#undef F

/* Checks the [regvirt] keys against each other and the core keys; fills d. */
int cfg_finish_regvirt(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	struct cfg_regvirt *rv = &cfg->regvirt;
	unsigned long kcap, maxcnt;
	unsigned entry;

	if (cfg->scheme != SCHEME_REGVIRT)
		return 0;
	if (cfg->d.warp_regs % cfg->banks)
		return cfg_bad_combo(cfg, err, "rf", "size_bytes",
				     "%u physical registers do not split into %u banks; allowed: a "
				     "multiple of banks x lanes x 4 bytes", cfg->d.warp_regs, cfg->banks);
	rv->d.phys_regs = cfg->d.warp_regs;
	rv->d.bank_regs = cfg->d.warp_regs / cfg->banks;
	if (rv->d.bank_regs % rv->subarrays)
		return cfg_bad_combo(cfg, err, "regvirt", "subarrays",
				     "does not divide the %u registers of a bank; allowed: a power of "
				     "two dividing %u", rv->d.bank_regs, rv->d.bank_regs);
	rv->d.idx_bits = cfg_index_bits(rv->d.bank_regs);
	rv->d.bank_bits = cfg_clog2(cfg->banks);
	rv->d.pid_bits = rv->d.idx_bits + rv->d.bank_bits;
	rv->d.reg_bits = cfg_index_bits(rv->arch_regs);
	/* The paper's entry width is log2(physical registers) (10 bits for 1024). */
	entry = cfg_index_bits(rv->d.phys_regs);
	kcap = rv->arch_regs;
	if (rv->rt_bytes) {
		kcap = 8UL * rv->rt_bytes / ((unsigned long)entry * cfg->warps);
		if (kcap > rv->arch_regs)
			kcap = rv->arch_regs;
		if (kcap == 0)
			return cfg_bad_combo(cfg, err, "regvirt", "rt_bytes",
					     "renames no register per warp (%u warps x %u-bit entries); "
					     "allowed: 0 (full table) or at least %u",
					     cfg->warps, entry, (cfg->warps * entry + 7) / 8);
	}
	rv->d.kcap = (unsigned)kcap;
	rv->d.rows_per_warp = (rv->d.kcap + cfg->banks - 1) / cfg->banks;
	rv->d.rt_rows = cfg->warps * rv->d.rows_per_warp;
	rv->d.sub_regs = rv->d.bank_regs / rv->subarrays;
	maxcnt = rv->d.phys_regs > (unsigned long)rv->d.kcap * cfg->warps ? rv->d.phys_regs
									  : (unsigned long)rv->d.kcap * cfg->warps;
	rv->d.cnt_bits = cfg_index_bits(maxcnt + 1);
	rv->d.rfc_tag_bits = rv->pc_bits - 3 - ((rv->rfc_entries & (rv->rfc_entries - 1)) == 0
						? cfg_clog2(rv->rfc_entries) : 0);
	if (rv->pc_bits - 3 <= ((rv->rfc_entries & (rv->rfc_entries - 1)) == 0 ? cfg_clog2(rv->rfc_entries) : 0))
		return cfg_bad_combo(cfg, err, "regvirt", "pc_bits",
				     "leaves no tag bit beside the %u-bit index of %u entries; "
				     "allowed: at least %u", cfg_clog2(rv->rfc_entries), rv->rfc_entries,
				     cfg_clog2(rv->rfc_entries) + 4);
	return 0;
}

/* cfg_rfc.c: keys of the [rfc] section (register file cache and two-level
 * warp scheduler, Gebhart et al. ISCA 2011) and their cross-checks. */
#include "cfg_key.h"

static const char *const replacement_names[] = {"fifo", "lru", NULL};

#define F(field) CFG_FIELD(field)

const struct cfg_key cfg_keys_rfc[] = {
	{"rfc", "active_warps", KEY_UINT, F(rfc.active_warps), "8", 1, 64, 0, NULL,
	 "Gebhart Sec. 3.2, Fig. 9 (design point 8)",
	 "Warps in the active set of the two-level scheduler; only they own RFC entries "
	 "(one slot each). At most [sm] warps."},
	{"rfc", "entries", KEY_UINT, F(rfc.entries), "6", 1, 16, 0, NULL,
	 "Gebhart Sec. 3.1, Fig. 6 (knee at 6)",
	 "RFC entries per thread, i.e. per active slot: the registers of one warp the "
	 "cache holds."},
	{"rfc", "src_ports", KEY_UINT, F(rfc.src_ports), "3", 1, 3, 0, NULL,
	 "Gebhart Sec. 3.1 (3R1W RFC banks)",
	 "Source operands of one instruction looked up in the tag-check stage; the "
	 "data array gets one more read port for write-backs (docs/rfc.md)."},
	{"rfc", "replacement", KEY_ENUM, F(rfc.replacement), "fifo", 0, 0, 0, replacement_names,
	 "Gebhart Sec. 3.1 (FIFO; LRU evaluated, +1-2%)",
	 "Victim choice when a result misses and no entry is free: fifo = oldest "
	 "allocation, lru = least recently allocated or read."},
	{"rfc", "victim_entries", KEY_UINT, F(rfc.victim_entries), "8", 0, 64, 0, NULL,
	 "Gebhart Sec. 5.3 (flush: ~10 % more MRF accesses, negligible performance impact)",
	 "Victim (write-back) buffer depth in warp registers: a demoted warp's dirty entries "
	 "are copied into it in one cycle, its slot frees at once and the buffer drains into "
	 "free main-file write cycles in order. 0 = blocking flush (one dirty entry per free "
	 "cycle, the slot stays busy until done); else at least `entries` (docs/rfc.md)."},
	{"rfc", "flush_yields", KEY_UINT, F(rfc.flush_yields), "1", 0, 1, 0, NULL,
	 "chosen: Gebhart Sec. 5.3 (flushing: negligible performance impact) is silent on the MRF "
	 "write port's priority; the spec's suggestion (evictions, then returns, then flushes)",
	 "rfc_top: 1 = a result of a warp without a slot that the RFC's write-back keeps from the "
	 "main file's write port gets the next cycle: the RFC starts no flush write-back "
	 "(victim-buffer drain or blocking flush step) then, unless the buffer holds that "
	 "register (docs/rfc.md); 0 = flush write-backs take every cycle the RFC's own results "
	 "leave free."},
	{NULL},
};

#undef F

/* Checks the [rfc] keys against each other and the core keys; fills d. */
int cfg_finish_rfc(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	struct cfg_rfc *r = &cfg->rfc;

	if (cfg->scheme != SCHEME_RFC)
		return 0;
	if (r->active_warps > cfg->warps)
		return cfg_bad_combo(cfg, err, "rfc", "active_warps",
				     "more active warps than [sm] warps (%u); allowed: 1 to %u",
				     cfg->warps, cfg->warps);
	if (cfg->warps > 64)
		return cfg_bad_combo(cfg, err, "sm", "warps",
				     "the two-level scheduler's promotion arbiter serves at most 64 warps; "
				     "allowed: 1 to 64 with scheme = rfc");
	if (r->entries > cfg->d.regs_per_warp)
		return cfg_bad_combo(cfg, err, "rfc", "entries",
				     "more RFC entries than registers per warp (%u); allowed: 1 to %u",
				     cfg->d.regs_per_warp, cfg->d.regs_per_warp);
	if (r->victim_entries && r->victim_entries < r->entries)
		return cfg_bad_combo(cfg, err, "rfc", "victim_entries",
				     "a victim buffer must hold a whole slot's dirty entries (entries = %u); "
				     "allowed: 0 or %u to 64", r->entries, r->entries);
	r->d.tag_bits = cfg_index_bits(cfg->d.regs_per_warp);
	r->d.slot_bits = cfg_index_bits(r->active_warps);
	r->d.entry_bits = cfg_index_bits(r->entries);
	r->d.warp_id_bits = cfg_index_bits(cfg->warps);
	return 0;
}

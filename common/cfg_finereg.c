/* cfg_finereg.c: keys of the [finereg] section (FineReg) and their
 * cross-checks.  The tag and table widths are derived here, once; a key
 * that fixes one (next_bits, count_bits: the paper's 10 and 6) is checked
 * against what the entry count needs, which is how the paper's 6-bit
 * COUNT is caught (docs/finereg.md, "Decisions"). */
#include "cfg_key.h"

static const char *const resume_policy_names[] = {"resume_first", "launch_first", NULL};
static const char *const rmu_names[] = {"serial", "pipelined", NULL};
static const char *const lric_hash_names[] = {"low", "xor", NULL};
static const char *const lric_fetch_names[] = {"blocking", "overlapped", NULL};
static const char *const rmu_ports_names[] = {"shared", "priority", NULL};
static const char *const resume_first_names[] = {"vt", "pcrf", NULL};

#define F(field) CFG_FIELD(finereg.field)

const struct cfg_key cfg_keys_finereg[] = {
	{"finereg", "pcrf_entries", KEY_UINT, F(pcrf_entries), "1024", 1, 4096, 0, NULL,
	 "FineReg V-D, V-F (1,024 entries, 128 KB)",
	 "PCRF entries, one warp register (lanes x 32 bits) plus a tag each."},
	{"finereg", "warps_per_cta", KEY_UINT, F(warps_per_cta), "32", 1, 64, 0, NULL,
	 "FineReg V-D (5-bit warp ID)",
	 "Warps of one CTA. The ACRF is divided into floor(warps / warps_per_cta) CTA slots "
	 "of consecutive warp slots (the rest stay unused); the tag's WARP_ID is the warp "
	 "within the CTA."},
	{"finereg", "max_regs", KEY_UINT, F(max_regs), "64", 1, 64, 0, NULL,
	 "FineReg V-A, V-D (64-bit vector, 6-bit index)",
	 "Bits of a liveness vector and registers a tag's REG_IDX can name; at least "
	 "[rf] regs_per_warp as used."},
	{"finereg", "regs_per_warp", KEY_UINT, F(regs_per_warp), "0", 0, 255, 0, NULL,
	 "FineReg V-D (the ACRF works as the baseline file)",
	 "Registers of one warp in the ACRF: a CTA slot is warps_per_cta x regs_per_warp "
	 "consecutive registers of the ACRF (register r of warp w of slot s at s x "
	 "warps_per_cta x regs_per_warp + w x regs_per_warp + r, cut into warp slots of "
	 "[rf] regs_per_warp). 0 = [rf] regs_per_warp (one warp slot a warp). The SM sets "
	 "it to the kernel's registers per thread."},
	{"finereg", "resident_ctas", KEY_UINT, F(resident_ctas), "128", 1, 256, 0, NULL,
	 "FineReg V-F (128 resident CTAs)",
	 "Resident CTAs, active and pending: lines of the PCRF pointer table and entries "
	 "of the CTA status monitor. At least [sm] ctas."},
	{"finereg", "next_bits", KEY_UINT, F(next_bits), "0", 0, 16, 0, NULL,
	 "FineReg V-D (10 bits)",
	 "Width of the tag's NEXT field; 0 derives ceil(log2(pcrf_entries)). A given "
	 "value must be at least that."},
	{"finereg", "count_bits", KEY_UINT, F(count_bits), "0", 0, 16, 0, NULL,
	 "FineReg V-F (6 bits, too narrow)",
	 "Width of the pointer table's COUNT field; 0 derives what a CTA's largest live "
	 "set needs. A given value must be at least that (the paper's 6 is not)."},
	{"finereg", "lric_entries", KEY_UINT, F(lric_entries), "32", 1, 256, KEY_POW2, NULL,
	 "FineReg V-C (32 entries, direct-mapped)",
	 "Entries of the live-register information cache; a power of two."},
	{"finereg", "lric_index_lsb", KEY_UINT, F(lric_index_lsb), "3", 0, 31, 0, NULL,
	 "chosen (8-byte instructions, Fig. 7)",
	 "Lowest PC bit of the cache index: index = PC[lsb +: log2(lric_entries)]."},
	{"finereg", "lric_hash", KEY_ENUM, F(lric_hash), "low", 0, 0, 0, lric_hash_names,
	 "FineReg V-C (\"hashing 5 bits of the PC\"; Fig. 10 indexes with low bits)",
	 "How the cache index is made from the PC: low takes PC[lric_index_lsb +: "
	 "log2(lric_entries)]; xor XOR-folds every log2(lric_entries)-bit group of "
	 "PC[pc_bits-1:lric_index_lsb] into one (PCs a multiple of the cache apart no longer "
	 "share a line)."},
	{"finereg", "pc_bits", KEY_UINT, F(pc_bits), "32", 1, 32, 0, NULL,
	 "FineReg V-F (4-byte PC tag)",
	 "PC width; the cache stores and compares the whole PC."},
	{"finereg", "pcrf_latency", KEY_UINT, F(pcrf_latency), "4", 1, 16, 0, NULL,
	 "FineReg V-E (at least 4 cycles)",
	 "Cycles from a PCRF read to its tag and data."},
	{"finereg", "lric_miss_latency", KEY_UINT, F(lric_miss_latency), "400", 1, 100000, 0, NULL,
	 "chosen (paper: long latency, off-chip)",
	 "Cycles the test bench's memory takes to return a liveness vector after a cache "
	 "miss (the RMU waits for the response, whatever its latency)."},
	{"finereg", "lric_fetch", KEY_ENUM, F(lric_fetch), "overlapped", 0, 0, 0, lric_fetch_names,
	 "chosen (V-C: the vectors are off-chip, \"long latency\"; V-E: switching \"hardly observed\"; blocking before issue 21)",
	 "How the RMU's lookups wait for liveness vectors missing in the cache: blocking "
	 "fetches one at a time and looks up the next warp after the response; overlapped "
	 "requests every missing warp's vector in the one pass over the CTA's warps (a "
	 "request a cycle, the vector memory answering in order) and decides once all are "
	 "in, so a CTA pays about one miss latency, not one per missing warp."},
	{"finereg", "resume_policy", KEY_ENUM, F(resume_policy), "resume_first", 0, 0, 0,
	 resume_policy_names,
	 "chosen (V-B and V-E disagree)",
	 "When a ready pending CTA and a launchable new CTA both exist: resume_first "
	 "resumes the pending one, launch_first launches."},
	{"finereg", "rmu", KEY_ENUM, F(rmu), "pipelined", 0, 0, 0, rmu_names,
	 "FineReg V-E (the chain walk is pipelined; serial is ours, the default before issue 21)",
	 "How the register management unit moves registers: serial moves one at a time "
	 "through one buffer (3 cycles per register out, pcrf_latency + 2 in); pipelined "
	 "issues an ACRF read every cycle into a transfer-buffer FIFO of [rf] read_latency "
	 "+ 2 entries and writes one PCRF entry a cycle (docs/finereg.md)."},
	{"finereg", "rmu_ports", KEY_ENUM, F(rmu_ports), "priority", 0, 0, 0, rmu_ports_names,
	 "chosen (the paper's arbitrator has no stated priority; priority measured faster, issue 21)",
	 "Which ACRF ports finereg_top gives the RMU: shared takes the highest collector "
	 "and write port the core leaves free this cycle (collectors first); priority "
	 "gives the RMU the highest collector port and the highest write port whenever it "
	 "asks, and the core's access on that port is refused that cycle (docs/finereg.md)."},
	{"finereg", "vt", KEY_UINT, F(vt), "1", 0, 1, 0, NULL,
	 "FineReg V-B, Table IV (context in shared memory, registers in the ACRF; the default since issue 21)",
	 "1: the Virtual-Thread CTA state. A stalled active CTA is parked (suspended, its "
	 "registers left in its ACRF slot, no RMU command) when an ACRF slot above the "
	 "active cap is free and a launch or a ready pending CTA wants the active place; a "
	 "ready parked CTA resumes by a context switch alone, in place of a stalled active "
	 "one. PCRF evictions only when no ACRF slot is free (V-E). 0: never parked."},
	{"finereg", "resume_first", KEY_ENUM, F(resume_first), "vt", 0, 0, 0, resume_first_names,
	 "FineReg V-B (vt); chosen alternative (pcrf)",
	 "Which ready suspended CTA the status monitor resumes first: vt ranks CTAs whose "
	 "registers are in the ACRF (context 1, registers 2) before those in the PCRF (1/1), "
	 "as V-B says; pcrf the other way round. Lowest CTA first within a class."},
	{"finereg", "deferred_writes", KEY_UINT, F(deferred_writes), "32", 1, 256, 0, NULL,
	 "chosen (measured: at most 27 on the kernel suite)",
	 "Entries of the subsystem's deferred-write buffer (register writes to a CTA whose "
	 "registers are not in the ACRF). A write that finds it full is not granted and "
	 "the core retries it (back-pressure)."},
	{"finereg", "monitor_updates", KEY_UINT, F(monitor_updates), "32", 2, 256, 0, NULL,
	 "chosen (measured: at most 16 queued on the kernel suite)",
	 "Entries of the subsystem's queue of CTA status-monitor updates (launches, exits, "
	 "switch results; the monitor takes two a cycle). An update that finds it full is "
	 "lost and raises the sticky mq_overflow_o, which the SM model reports as an error."},
	{NULL},
};

#undef F

/* Checks the [finereg] keys against each other and the core keys; fills d. */
int cfg_finish_finereg(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	struct cfg_finereg *f = &cfg->finereg;
	unsigned next_need, count_need, lric_ib;

	if (cfg->scheme != SCHEME_FINEREG)
		return 0;
	f->d.warp_regs = f->regs_per_warp ? f->regs_per_warp : cfg->d.regs_per_warp;
	if (f->warps_per_cta * f->d.warp_regs > cfg->warps * cfg->d.regs_per_warp)
		return cfg_bad_combo(cfg, err, "finereg", "warps_per_cta",
				     "a CTA of %u warps x %u registers is more than the ACRF's %u "
				     "registers (the ACRF holds no CTA slot); allowed: 1 to %u",
				     f->warps_per_cta, f->d.warp_regs, cfg->warps * cfg->d.regs_per_warp,
				     cfg->warps * cfg->d.regs_per_warp / f->d.warp_regs);
	if (f->max_regs < f->d.warp_regs)
		return cfg_bad_combo(cfg, err, "finereg", "max_regs",
				     "REG_IDX cannot name all %u registers of a warp; allowed: %u to 64",
				     f->d.warp_regs, f->d.warp_regs);
	f->d.cta_live_max = f->warps_per_cta * f->d.warp_regs;
	if (f->pcrf_entries < f->d.cta_live_max)
		return cfg_bad_combo(cfg, err, "finereg", "pcrf_entries",
				     "PCRF smaller than one CTA's worst-case live set (%u warps x %u "
				     "registers = %u); allowed: at least %u",
				     f->warps_per_cta, f->d.warp_regs, f->d.cta_live_max,
				     f->d.cta_live_max);
	if (f->resident_ctas < cfg->ctas)
		return cfg_bad_combo(cfg, err, "finereg", "resident_ctas",
				     "more CTAs ([sm] ctas = %u) than the pointer table holds; "
				     "allowed: %u to 256", cfg->ctas, cfg->ctas);
	next_need = cfg_index_bits(f->pcrf_entries);
	if (f->next_bits && f->next_bits < next_need)
		return cfg_bad_combo(cfg, err, "finereg", "next_bits",
				     "tag field NEXT too narrow for %u entries; allowed: 0 (derive) or "
				     "%u to 16", f->pcrf_entries, next_need);
	/* COUNT holds a CTA's live count, which the PCRF bounds too. */
	count_need = cfg_index_bits((unsigned long)f->d.cta_live_max + 1u);
	if (f->count_bits && f->count_bits < count_need)
		return cfg_bad_combo(cfg, err, "finereg", "count_bits",
				     "COUNT cannot hold a CTA's live count (up to %u); allowed: 0 "
				     "(derive) or %u to 16", f->d.cta_live_max, count_need);
	lric_ib = cfg_clog2(f->lric_entries);
	if (f->lric_index_lsb + lric_ib > f->pc_bits)
		return cfg_bad_combo(cfg, err, "finereg", "lric_index_lsb",
				     "index bits PC[%u +: %u] beyond pc_bits = %u; allowed: 0 to %u",
				     f->lric_index_lsb, lric_ib, f->pc_bits,
				     f->pc_bits >= lric_ib ? f->pc_bits - lric_ib : 0);
	/* no more CTA slots than warp slots: a CTA has a warp */
	f->d.slots = cfg->warps * cfg->d.regs_per_warp / f->d.cta_live_max;
	if (f->d.slots > cfg->warps)
		f->d.slots = cfg->warps;
	f->d.slot_bits = cfg_index_bits(f->d.slots);
	f->d.cta_bits = cfg_index_bits(f->resident_ctas);
	f->d.next_bits = f->next_bits ? f->next_bits : next_need;
	f->d.warp_bits = cfg_index_bits(f->warps_per_cta);
	f->d.reg_bits = cfg_index_bits(f->max_regs);
	f->d.tag_bits = 2u + f->d.next_bits + f->d.warp_bits + f->d.reg_bits;
	f->d.count_bits = f->count_bits ? f->count_bits : count_need;
	f->d.live_bits = count_need;
	f->d.free_bits = cfg_index_bits((unsigned long)f->pcrf_entries + 1u);
	f->d.lric_index_bits = cfg_index_bits(f->lric_entries);
	return 0;
}

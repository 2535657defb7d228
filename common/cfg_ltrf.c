/* cfg_ltrf.c: keys of the [ltrf] section (LTRF, LTRF+) and their
 * cross-checks.  The architectural register count R (the PREFETCH
 * bit-vector length, the address table's entries per warp) is the main
 * register file's registers per warp, [rf] regs_per_warp: the main file
 * holds every register of every resident warp (paper Sec. 4.1). */
#include "cfg_key.h"

static const char *const deactivate_names[] = {"issue", "miss", "use", NULL};
static const char *const barrier_names[] = {"pending", "stuck", NULL};
static const char *const write_lookup_names[] = {"collector", "writeback", NULL};
static const char *const slot_binding_names[] = {"pooled", "bound", NULL};

#define F(field) CFG_FIELD(ltrf.field)

const struct cfg_key cfg_keys_ltrf[] = {
	{"ltrf", "regs_per_interval", KEY_UINT, F(regs_per_interval), "16", 1, 64, 0, NULL,
	 "LTRF Table 3 (#Registers_per_Interval)",
	 "N: registers one register-interval may use; the register cache has N banks, "
	 "so a warp's working set occupies one row across them."},
	{"ltrf", "active_warps", KEY_UINT, F(active_warps), "8", 1, 64, 0, NULL,
	 "LTRF Table 3 (#Active_Warps)",
	 "A: warps in the active pool; each owns one register-cache row (its warp offset)."},
	{"ltrf", "lookup_ports", KEY_UINT, F(lookup_ports), "0", 0, 4, 0, NULL,
	 "LTRF Sec. 4.1 (\"a 256-entry table per warp\" with \"two read ports for each register "
	 "cache address table\")",
	 "Read ports of the WCB register-cache address table (one SRAM macro for all warps): "
	 "operand locations looked up per cycle, one cycle before the register-cache access. "
	 "0 derives 2 x [sm] schedulers (the paper's two ports of each warp's table, for the "
	 "warps issuing in a cycle), at most [rf] collectors, [rf] write_ports and 4."},
	{"ltrf", "xbar_bits", KEY_UINT, F(xbar_bits), "256", 32, 4096, KEY_POW2, NULL,
	 "LTRF Sec. 4.3 (narrowed 256-bit crossbar, 4 cycles per register)",
	 "Width of the crossbar between the main register file and the register cache; a "
	 "warp register moves in warp_bits / xbar_bits beats (one beat if wider)."},
	{"ltrf", "mrf_latency_mult", KEY_UINT, F(mrf_latency_mult), "1", 1, 8, 0, NULL,
	 "LTRF Sec. 6 (Fig. 12: main register file 1x..8x slower)",
	 "Main-register-file read latency as a multiple of [rf] read_latency, seen by the "
	 "prefetch engine (grant to data)."},
	{"ltrf", "engine_inflight", KEY_UINT, F(engine_inflight), "0", 0, 64, 0, NULL,
	 "LTRF Secs. 4.2-4.3 (bank-level parallelism of the main file behind the narrowed crossbar)",
	 "Registers the prefetch engine keeps in flight at once: a new register's beats start "
	 "while earlier ones wait for main-file data, fill the cache or commit. 1 is the serial "
	 "engine (one register at a time); 0 derives 4 x engine_ports (each port its own four "
	 "slots, which keep a 4-beat port busy up to 8x main-file latency; at most 16 before "
	 "2026-12-02), at most 64 and at most active_warps x regs_per_interval (the "
	 "register-cache entries: no more registers can be moving) unless that is below "
	 "engine_ports."},
	{"ltrf", "engine_ports", KEY_UINT, F(engine_ports), "0", 0, 16, 0, NULL,
	 "LTRF Sec. 4.2 (Interconnect: 256-bit paths, warp registers interleaved over the banks)",
	 "P: transfer ports between the prefetch engine and the main register file, each "
	 "xbar_bits wide (P read and P write ports on the main file, a tag FIFO per port; the "
	 "k-th lowest transfer slot with a beat to move gets port k). 1 is the one-port engine. "
	 "0 derives one per main-file bank ([rf] banks: the paper's 256-bit path per bank, 16 "
	 "banks moving four registers a cycle), at most 16 and at most engine_inflight when "
	 "that is given (before 2026-11-28: warp_bits / xbar_bits). At most engine_inflight."},
	{"ltrf", "fill_ports", KEY_UINT, F(fill_ports), "0", 0, 16, 0, NULL,
	 "LTRF Sec. 4.2 (\"warp registers are interleaved across the register cache banks\")",
	 "F: transfer lanes between the prefetch engine and the register cache, WCB and "
	 "Address Allocation Units: up to F fills (each into a different register-cache bank) "
	 "and F eviction reads (each from a different bank), F address-table writes and F "
	 "bank allocations and frees a cycle (several in one row's AAU at once). The k-th "
	 "lowest transfer slot asking gets lane k; of two lanes naming one bank the lower "
	 "goes. 1 is one fill a cycle (before 2026-11); 0 derives engine_ports (the paper's "
	 "reading: each port's register lands in the cache). At most engine_inflight."},
	{"ltrf", "pick_width", KEY_UINT, F(pick_width), "0", 0, 16, 0, NULL,
	 "LTRF Sec. 4.2 (a 256-bit path per main-file bank; the paper gives no pick rate)",
	 "W: registers the prefetch engine starts a cycle: the fill arbiter grants one row "
	 "and up to W of its next registers (the lowest not in flight) go to the W lowest "
	 "free transfer slots. 1 is one register a cycle (before 2026-11); 0 derives "
	 "engine_ports (every port can start a register the same cycle). At most "
	 "engine_inflight."},
	{"ltrf", "deactivate", KEY_ENUM, F(deactivate), "miss", 0, 0, 0, deactivate_names,
	 "LTRF Sec. 3.2 (\"a long latency operation, such as a data cache miss\")",
	 "When the two-level scheduler takes an active warp out of the active pool (its "
	 "working set written back, its row given to a pending warp): miss, when a load it "
	 "issued misses the L1 (the paper's reading); use, when its next instruction needs a "
	 "long-latency result not yet back (Gebhart et al.'s rule); issue, whenever it issues "
	 "a long-latency load, hit or miss (before 2026-11). Only while another warp waits "
	 "for a row."},
	{"ltrf", "barrier", KEY_ENUM, F(barrier), "pending", 0, 0, 0, barrier_names,
	 "LTRF Sec. 3.2 / Table 3 (the two-level scheduler of its BL)",
	 "When a warp waiting at a barrier gives its row up (its working set written back): "
	 "pending, as soon as another warp waits for a row (the two-level scheduler demotes "
	 "barrier waiters, as the baseline's does; 2026-11-28); stuck, only when every warp "
	 "holding a row waits at a barrier (before 2026-11-28)."},
	{"ltrf", "write_lookup", KEY_ENUM, F(write_lookup), "collector", 0, 0, 0, write_lookup_names,
	 "LTRF Sec. 4.1 (the operand collector \"probes the register cache address table\") and "
	 "Sec. 4.3 (the one extra cycle is the read's)",
	 "Where an execution write learns its register-cache bank and row: collector, from WCB "
	 "lookups of its instruction's destinations made while the instruction waits in its "
	 "collector (from its issue; lookup ports left over by writes and reads, oldest "
	 "instruction first), carried to write-back, so the write goes in its cycle; a lookup "
	 "the cycle before the write only when a command went to the warp in between or no "
	 "port was free; writeback, that lookup for every write (before 2026-12-02)."},
	{"ltrf", "wcb_banks", KEY_UINT, F(wcb_banks), "0", 0, 16, 0, NULL,
	 "LTRF Sec. 4.1 (\"a 256-entry table per warp\", 5 bits an entry, sized with CACTI) and "
	 "Sec. 4.3 (the WCB is about 5 % of the register file's area)",
	 "B: banks of the WCB register-cache address table. Register r of every warp lives in "
	 "bank r % B (row warp x ceil(R / B) + r / B); each bank is an SRAM macro with "
	 "lookup_ports read ports and fill_ports / B write ports, and commit lane k takes the "
	 "(k / B)-th lowest transfer slot committing a register of bank k % B, so no two table "
	 "writes meet in one port. 1 is one macro with fill_ports write ports (before "
	 "2026-12-03: 16 write ports made the table 97 mm2 at ltrf_dwm). 0 derives the largest "
	 "power of two dividing fill_ports (one write port per bank). A power of two dividing "
	 "fill_ports."},
	{"ltrf", "slot_binding", KEY_ENUM, F(slot_binding), "bound", 0, 0, 0, slot_binding_names,
	 "LTRF Sec. 4.2 (a 256-bit path per main-file bank; the paper gives the engine no "
	 "organisation and no area; issue 20: each port has its own transfer slots)",
	 "Which transfer slots an MRF port and a fill lane serve: pooled, any slot (MRF port k "
	 "the k-th lowest slot with a beat to move, fill lane k the k-th lowest asking for an "
	 "eviction read or a fill); bound, its own (slot s only on MRF port s % engine_ports and "
	 "fill lane s % fill_ports, the lowest of them asking), so each slot buffer is written "
	 "from one port and one lane and read into one of each: the engine's data crossbars "
	 "shrink about engine_ports-fold, for about 1 % more cycles at ltrf_sm (docs/ltrf.md). "
	 "Row-AAU allocations and commits stay pooled either way. The default since 2026-12-04 "
	 "(pooled before)."},
	{NULL},
};

#undef F

/* engine_ports / engine_inflight given as 0: derived (the keys' docs).
 * A derived slot count is also at most the register cache's entries (rows
 * x banks: a register moving holds one), since no more can be busy, but
 * never below the ports.  Returns -1 if the ports outnumber the slots. */
static int ltrf_engine_sizes(struct cfg_ltrf *l, unsigned banks)
{
	enum { MAX_PORTS = 16, MAX_SLOTS = 64, SLOTS_PER_PORT = 4 };
	unsigned entries = l->active_warps * l->regs_per_interval;

	if (!l->engine_ports) {
		l->engine_ports = banks < MAX_PORTS ? banks : MAX_PORTS;
		if (l->engine_inflight && l->engine_ports > l->engine_inflight)
			l->engine_ports = l->engine_inflight;
	}
	if (!l->engine_inflight) {
		l->engine_inflight = l->engine_ports * SLOTS_PER_PORT < MAX_SLOTS ? l->engine_ports * SLOTS_PER_PORT
										  : MAX_SLOTS;
		if (l->engine_inflight > entries)
			l->engine_inflight = entries > l->engine_ports ? entries : l->engine_ports;
	}
	if (!l->fill_ports)
		l->fill_ports = l->engine_ports;
	if (!l->pick_width)
		l->pick_width = l->engine_ports;
	return l->engine_ports > l->engine_inflight ? -1 : 0;
}

/* lookup_ports given as 0: two per issuing warp (the paper's two read
 * ports of each warp's table), bounded by the accesses one kind can use
 * and by the macro's four ports. */
static unsigned ltrf_lookup_ports(const struct gpurf_cfg *cfg)
{
	enum { MAX_LOOKUP_PORTS = 4, PORTS_PER_WARP = 2 };
	unsigned n = PORTS_PER_WARP * cfg->schedulers;

	if (n > cfg->collectors)
		n = cfg->collectors;
	if (n > cfg->write_ports)
		n = cfg->write_ports;
	return n < MAX_LOOKUP_PORTS ? n : MAX_LOOKUP_PORTS;
}

/* Checks the [ltrf] keys against each other and the core keys; fills d. */
int cfg_finish_ltrf(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	struct cfg_ltrf *l = &cfg->ltrf;

	if (cfg->scheme != SCHEME_LTRF && cfg->scheme != SCHEME_LTRF_PLUS)
		return 0;
	if (cfg->d.regs_per_warp > 256)
		return cfg_bad_combo(cfg, err, "rf", "regs_per_warp",
				     "LTRF names registers in a 256-bit PREFETCH bit-vector, but each warp "
				     "has %u registers; allowed: at most 256 registers per warp",
				     cfg->d.regs_per_warp);
	if (l->active_warps > cfg->warps)
		return cfg_bad_combo(cfg, err, "ltrf", "active_warps",
				     "more active warps than warps (%u); allowed: 1 to %u", cfg->warps,
				     cfg->warps);
	if (l->regs_per_interval > cfg->d.regs_per_warp)
		return cfg_bad_combo(cfg, err, "ltrf", "regs_per_interval",
				     "larger than the %u registers of a warp; allowed: 1 to %u",
				     cfg->d.regs_per_warp, cfg->d.regs_per_warp);
	if (l->xbar_bits < cfg->d.warp_bits && cfg->d.warp_bits % l->xbar_bits != 0)
		return cfg_bad_combo(cfg, err, "ltrf", "xbar_bits",
				     "does not divide the %u-bit warp register; allowed: a power of two "
				     "dividing it, or at least it", cfg->d.warp_bits);
	if (!l->lookup_ports)
		l->lookup_ports = ltrf_lookup_ports(cfg);
	if (l->lookup_ports > cfg->collectors || l->lookup_ports > cfg->write_ports)
		return cfg_bad_combo(cfg, err, "ltrf", "lookup_ports",
				     "more than the register cache's %u read ports ([rf] collectors) or %u "
				     "write ports ([rf] write_ports): as many lookups as one kind of access "
				     "can use; allowed: 1 to %u", cfg->collectors, cfg->write_ports,
				     cfg->collectors < cfg->write_ports ? cfg->collectors : cfg->write_ports);
	l->d.xbar_width = l->xbar_bits < cfg->d.warp_bits ? l->xbar_bits : cfg->d.warp_bits;
	l->d.beats = cfg->d.warp_bits / l->d.xbar_width;
	if (ltrf_engine_sizes(l, cfg->banks))
		return cfg_bad_combo(cfg, err, "ltrf", "engine_ports",
				     "more ports than the engine's %u transfer slots ([ltrf] "
				     "engine_inflight): a slot uses one port at a time; allowed: 1 to %u",
				     l->engine_inflight, l->engine_inflight);
	if (l->fill_ports > l->engine_inflight)
		return cfg_bad_combo(cfg, err, "ltrf", "fill_ports",
				     "more fill lanes than the engine's %u transfer slots ([ltrf] "
				     "engine_inflight): a slot fills through one lane at a time; allowed: 0 to %u",
				     l->engine_inflight, l->engine_inflight);
	if (l->pick_width > l->engine_inflight)
		return cfg_bad_combo(cfg, err, "ltrf", "pick_width",
				     "more picks a cycle than the engine's %u transfer slots ([ltrf] "
				     "engine_inflight): each pick takes a free slot; allowed: 0 to %u",
				     l->engine_inflight, l->engine_inflight);
	if (!l->wcb_banks)
		l->wcb_banks = l->fill_ports & (~l->fill_ports + 1u);
	if ((l->wcb_banks & (l->wcb_banks - 1u)) || l->fill_ports % l->wcb_banks)
		return cfg_bad_combo(cfg, err, "ltrf", "wcb_banks",
				     "%u address-table banks do not share the %u table-write lanes ([ltrf] "
				     "fill_ports) evenly; allowed: 0 or a power of two dividing %u",
				     l->wcb_banks, l->fill_ports, l->fill_ports);
	l->d.arch_regs = cfg->d.regs_per_warp;
	l->d.mrf_latency = cfg->read_latency * l->mrf_latency_mult;
	l->d.bank_bits = cfg_index_bits(l->regs_per_interval);
	l->d.offset_bits = cfg_index_bits(l->active_warps);
	l->d.liveness = cfg->scheme == SCHEME_LTRF_PLUS;
	return 0;
}

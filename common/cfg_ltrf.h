/* cfg_ltrf.h: the [ltrf] section of a configuration: LTRF and LTRF+
 * (Sadrosadati et al., ASPLOS 2018).  Fields are filled from cfg_keys_ltrf
 * (cfg_ltrf.c); docs/ltrf.md explains each choice. */
#ifndef GPURF_CFG_LTRF_H
#define GPURF_CFG_LTRF_H

/* When the two-level scheduler deactivates a warp (docs/ltrf.md). */
enum ltrf_deactivate { LTRF_DEACT_ISSUE = 0, LTRF_DEACT_MISS = 1, LTRF_DEACT_USE = 2 };
/* When a warp waiting at a barrier gives its row up (docs/ltrf.md). */
enum ltrf_barrier { LTRF_BAR_PENDING = 0, LTRF_BAR_STUCK = 1 };
/* Where an execution write's register-cache location comes from (docs/ltrf.md). */
enum ltrf_write_lookup { LTRF_WL_COLLECTOR = 0, LTRF_WL_WRITEBACK = 1 };
/* Which transfer slots an engine port or fill lane serves (docs/ltrf.md). */
enum ltrf_slot_binding { LTRF_SLOTS_POOLED = 0, LTRF_SLOTS_BOUND = 1 };
/* The main file LTRF builds has engine_ports + [rf] write_ports write ports
 * (ltrf_top_desc.h, ltrf_mrf_cfg): at most 16 + 16 by the keys' ranges;
 * rf_banked's model holds this many (struct rfb_req, checked in
 * cmodel/ltrf_top.c). */
enum { LTRF_MRF_MAX_WRITE_PORTS = 32 };

struct cfg_ltrf {
	unsigned regs_per_interval;	/* N: register-cache banks, max working set */
	unsigned active_warps;		/* A: register-cache rows (warp offsets) */
	unsigned lookup_ports;		/* WCB address-table read ports */
	unsigned xbar_bits;		/* main-file <-> register-cache crossbar width */
	unsigned mrf_latency_mult;	/* main-file latency multiplier (1x..8x) */
	unsigned engine_inflight;	/* prefetch engine: registers in flight at once */
	unsigned deactivate;		/* enum ltrf_deactivate (SM model policy) */
	unsigned engine_ports;		/* prefetch engine <-> main file transfer ports (P) */
	unsigned fill_ports;		/* register-cache fills / evictions, table writes a cycle (F) */
	unsigned pick_width;		/* registers the prefetch engine starts a cycle (W) */
	unsigned barrier;		/* enum ltrf_barrier (SM model policy) */
	unsigned write_lookup;		/* enum ltrf_write_lookup (SM model policy) */
	unsigned wcb_banks;		/* WCB address-table banks (B): register r in bank r % B */
	unsigned slot_binding;		/* enum ltrf_slot_binding */
	/* derived by cfg_finish_ltrf() */
	struct {
		unsigned arch_regs;	/* R: PREFETCH bit-vector length = [rf] regs per warp */
		unsigned bank_bits;	/* address-table bank field: index bits of N */
		unsigned offset_bits;	/* warp-offset field: index bits of A */
		unsigned liveness;	/* 1 for LTRF+: liveness bit-vectors exist */
		unsigned xbar_width;	/* min(xbar_bits, warp register bits) */
		unsigned beats;		/* crossbar transfers per warp register */
		unsigned mrf_latency;	/* [rf] read_latency x mrf_latency_mult */
	} d;
};

#endif

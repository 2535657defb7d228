/* cfg.h: the configuration model shared by the generator, the C model and
 * the test benches.
 *
 * A configuration is an INI file (configs/<name>.ini).  Every key is
 * described once, in the key table of cfg.c: section, name, type, default,
 * allowed range, the paper it comes from and a sentence of documentation.
 * That one table drives parsing, range checking, defaults and the generated
 * reference page docs/configs.md, so the three cannot disagree.
 *
 * After the per-key checks, cfg_load() checks the keys against each other and
 * derives the widths every consumer needs (struct gpurf_cfg's "derived"
 * part).  Anything wrong gets one message naming file, line, key, value and
 * what is allowed. */
#ifndef GPURF_CFG_H
#define GPURF_CFG_H

#include <stdio.h>

#include "cfg_energy.h"
#include "cfg_finereg.h"
#include "cfg_ltrf.h"
#include "cfg_mem.h"
#include "cfg_regvirt.h"
#include "cfg_rfc.h"
#include "cfg_sharing.h"
#include "err.h"

enum gpurf_scheme {
	SCHEME_BASELINE = 0,
	SCHEME_FINEREG,
	SCHEME_REGVIRT,
	SCHEME_LTRF,
	SCHEME_LTRF_PLUS,
	SCHEME_RFC,
	SCHEME_SHARING,
};
enum gpurf_bank_map { BANK_MAP_REG_PLUS_WARP = 0, BANK_MAP_REG = 1 };
enum gpurf_sched { SCHED_GTO = 0, SCHED_LRR = 1, SCHED_TWO_LEVEL = 2 };
/* When the two-level scheduler demotes a warp waiting on the scoreboard. */
enum gpurf_demote { DEMOTE_USE = 0, DEMOTE_MISS = 1 };

struct gpurf_cfg {
	char path[512];		/* file it was read from */
	char name[128];		/* basename without .ini */

	/* [sm] */
	unsigned scheme;	/* enum gpurf_scheme */
	unsigned warps;		/* resident warps per SM */
	unsigned ctas;		/* resident CTAs per SM */
	unsigned threads;	/* resident threads per SM */
	unsigned schedulers;	/* warp schedulers per SM */
	unsigned lanes;		/* SIMT lanes per warp (threads per warp) */

	/* [rf] */
	unsigned rf_bytes;	  /* register file bytes per SM */
	unsigned banks;		  /* register file banks */
	unsigned bank_map;	  /* enum gpurf_bank_map */
	unsigned collectors;	  /* operand-collector read request ports */
	unsigned write_ports;	  /* write-back request ports */
	unsigned bank_read_ports; /* read ports of one bank */
	unsigned bank_write_ports;/* write ports of one bank */
	unsigned bank_ports;	  /* accesses one bank serves per cycle */
	unsigned read_latency;	  /* grant-to-data cycles */
	unsigned regs_per_warp;	  /* warp registers per warp slot; 0 = derive */

	/* [sim]: the SM model's timing (cmodel/sm/, docs/sm.md) */
	struct {
		unsigned sms;		  /* SMs sharing the DRAM bandwidth */
		unsigned scheduler;	  /* enum gpurf_sched */
		unsigned active_warps;	  /* two-level: active set per scheduler */
		unsigned two_level_demote; /* enum gpurf_demote */
		unsigned ibuffer;	  /* instructions fetched per warp at once */
		unsigned alu_latency, alu_ii;
		unsigned sfu_latency, sfu_ii;
		unsigned dp_latency, dp_ii;
		unsigned shared_latency;  /* shared memory access */
		unsigned const_latency;	  /* constant / parameter cache hit */
		unsigned l1_latency;	  /* L1 data cache hit */
		unsigned l1_bytes, l1_assoc;
		unsigned dram_latency;	  /* L1 miss to data */
		unsigned dram_bytes_per_cycle; /* shared by all SMs */
		unsigned shared_bytes;	  /* shared memory per SM */
		unsigned max_cycles;	  /* watchdog */
		unsigned min_ctas;	  /* enlarge a workload to this many CTAs; 0 = as written */
		unsigned launch_latency;  /* cycles before a kernel's first CTA starts */
		unsigned il1_bytes, il1_line_bytes, il1_assoc; /* instruction cache; 0 bytes = always hits */
		unsigned fetch_width;	  /* warps the SM fetches per cycle; 0 = one per scheduler */
	} sim;

	/* [mem]: the SM model's memory system (simple or detailed) */
	struct cfg_mem mem;

	/* derived by cfg_load() */
	struct {
		unsigned warp_bits;	/* lanes x 32: one warp register */
		unsigned warp_regs;	/* warp registers in the file */
		unsigned regs_per_warp;	/* as used (key or derived) */
		unsigned rows_per_bank;	/* warp registers in one bank */
	} d;

	/* one section per scheme; only the configured scheme's is used */
	struct cfg_finereg finereg;
	struct cfg_regvirt regvirt;
	struct cfg_ltrf ltrf;
	struct cfg_rfc rfc;
	struct cfg_sharing sharing;

	/* [energy]: per-access energies of the energy report (any scheme) */
	struct cfg_energy energy;

	unsigned key_line[256];	/* line each key was set on (key table order); 0 = default */
};

/* key_line of a key given on the command line (cfg_load_set). */
#define CFG_LINE_SET 0xFFFFFFFFu

/* Loads and validates path.  On failure fills err (kind INPUT for anything
 * wrong with the file, IO when it cannot be read) and returns -1. */
int cfg_load(struct gpurf_cfg *cfg, const char *path, struct gpurf_err *err);

/* cfg_load(), then the overrides sets[0..nsets-1], each "section.key=value"
 * (gpurf-sim and gpurf-gen --set): checked like a file's keys, they win over
 * the file's values; messages name the --set argument. */
int cfg_load_set(struct gpurf_cfg *cfg, const char *path, const char *const *sets, unsigned nsets,
		 struct gpurf_err *err);

/* Whether [section] name is a registered key of this build. */
int cfg_has_key(const char *section, const char *name);

/* Sets one key from text, checked like a file's key; `where` starts the
 * message ("file:line: ..."), `line` is recorded as the key's line (other
 * readers than the INI one: common/gpgpusim_cfg.c). */
int cfg_set_key(struct gpurf_cfg *cfg, const char *section, const char *name, const char *value,
		unsigned line, const char *where, struct gpurf_err *err);

/* The --set overrides sets[0..nsets-1] ("section.key=value"), as cfg_load_set
 * applies them; cfg_finish() is still to be called. */
int cfg_apply_sets(struct gpurf_cfg *cfg, const char *const *sets, unsigned nsets, struct gpurf_err *err);

/* Fills cfg with every key's default, no file (tests and tools). */
void cfg_defaults(struct gpurf_cfg *cfg);

/* Re-runs the cross-key checks and derivations after a caller changed
 * fields (tests, sweeps).  Messages then name no line. */
int cfg_finish(struct gpurf_cfg *cfg, struct gpurf_err *err);

/* Text of an enum key's value, e.g. cfg_enum_name("bank_map", 0). */
const char *cfg_enum_name(const char *key, unsigned value);

/* Writes the Markdown reference of every key (docs/configs.md's table). */
void cfg_write_key_doc(FILE *out);

/* ceil(log2(n)) with a floor of 1: the width of an index over n things that
 * never collapses to the zero-width vectors Verilator 5.006 crashes on. */
unsigned cfg_index_bits(unsigned long n);

/* ceil(log2(n)), 0 for n <= 1. */
unsigned cfg_clog2(unsigned long n);

#endif

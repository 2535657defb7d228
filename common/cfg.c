/* cfg.c: reading, checking and deriving a gpurf configuration.
 *
 * The key table below is the single description of every configuration key.
 * Parsing is libinih's; this file only supplies a line-counting reader (the
 * Debian build of inih does not pass line numbers to the handler) so that
 * every message can name the line a key was set on. */
#include "cfg.h"
#include "cfg_key.h"

#include <assert.h>
#include <errno.h>
#include <ini.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const scheme_names[] = {"baseline", "finereg", "regvirt", "ltrf", "ltrf_plus",
					   "rfc", "sharing", NULL};
static const char *const bank_map_names[] = {"reg_plus_warp", "reg", NULL};
static const char *const sched_names[] = {"gto", "lrr", "two_level", NULL};
static const char *const demote_names[] = {"use", "miss", NULL};

#define F(field) CFG_FIELD(field)

static const struct cfg_key core_keys[] = {
	{"sm", "scheme", KEY_ENUM, F(scheme), "baseline", 0, 0, 0, scheme_names,
	 "all papers",
	 "Register-file organisation of the SM: baseline is the banked file alone; each "
	 "other scheme adds its structures (and its [section] of keys) to the generated RTL."},
	{"sm", "warps", KEY_UINT, F(warps), "64", 1, 1024, 0, NULL,
	 "FineReg Table I",
	 "Resident warps per SM (the scheduling limit)."},
	{"sm", "ctas", KEY_UINT, F(ctas), "32", 1, 128, 0, NULL,
	 "FineReg Table I",
	 "Resident CTAs (thread blocks) per SM."},
	{"sm", "threads", KEY_UINT, F(threads), "2048", 1, 65536, 0, NULL,
	 "FineReg Table I",
	 "Resident threads per SM; at most warps x lanes."},
	{"sm", "schedulers", KEY_UINT, F(schedulers), "4", 1, 16, 0, NULL,
	 "FineReg Table I",
	 "Warp schedulers per SM; at most warps."},
	{"sm", "lanes", KEY_UINT, F(lanes), "32", 1, 64, 0, NULL,
	 "FineReg Table I (SIMD width)",
	 "SIMT lanes per warp. One warp register is lanes x 32 bits; tiny "
	 "configurations shrink it to keep simulation fast."},
	{"rf", "size_bytes", KEY_UINT, F(rf_bytes), "262144", 4, 1UL << 24, 0, NULL,
	 "FineReg Table I (256 KB)",
	 "Register file bytes per SM; a whole number of warp registers "
	 "(lanes x 4 bytes each)."},
	{"rf", "banks", KEY_UINT, F(banks), "16", 1, 64, KEY_POW2, NULL,
	 "GPGPU-Sim gpgpu_num_reg_banks (Fermi default 16)",
	 "Register file banks; a power of two."},
	{"rf", "bank_map", KEY_ENUM, F(bank_map), "reg_plus_warp", 0, 0, 0, bank_map_names,
	 "GPGPU-Sim register_bank(); RegVirt spec",
	 "Bank of warp w's register r: reg_plus_warp = (r + w) mod banks "
	 "(GPGPU-Sim with bank_warp_shift), reg = r mod banks."},
	{"rf", "collectors", KEY_UINT, F(collectors), "16", 1, 32, 0, NULL,
	 "GPGPU-Sim operand collector units (chosen: 4 per scheduler)",
	 "Read request ports: one per operand-collector unit, one operand per "
	 "cycle each."},
	{"rf", "write_ports", KEY_UINT, F(write_ports), "4", 1, 16, 0, NULL,
	 "chosen: one write-back path per scheduler",
	 "Write-back request ports, each with a lane mask."},
	{"rf", "bank_read_ports", KEY_UINT, F(bank_read_ports), "1", 1, 4, 0, NULL,
	 "GPGPU-Sim (single-ported banks)",
	 "Read ports of one bank's SRAM."},
	{"rf", "bank_write_ports", KEY_UINT, F(bank_write_ports), "1", 1, 4, 0, NULL,
	 "GPGPU-Sim (single-ported banks)",
	 "Write ports of one bank's SRAM."},
	{"rf", "bank_ports", KEY_UINT, F(bank_ports), "1", 1, 8, 0, NULL,
	 "GPGPU-Sim (writes win the bank)",
	 "Accesses one bank serves per cycle, reads and writes together; between "
	 "max(bank_read_ports, bank_write_ports) and their sum. Writes are granted "
	 "first, reads get what is left: 1 models GPGPU-Sim's single-ported bank, "
	 "the sum models fully independent read and write ports."},
	{"rf", "read_latency", KEY_UINT, F(read_latency), "1", 1, 8, 0, NULL,
	 "chosen (GPGPU-Sim: 1 cycle bank access)",
	 "Cycles from a read grant to its data on rd_data_o."},
	{"rf", "regs_per_warp", KEY_UINT, F(regs_per_warp), "0", 0, 256, 0, NULL,
	 "derived",
	 "Warp registers of one warp slot; 0 derives size / (lanes x 4) / warps "
	 "rounded down to a multiple of banks. Must be a multiple of banks."},
	{"sim", "sms", KEY_UINT, F(sim.sms), "1", 1, 128, 0, NULL,
	 "chosen (GTX 980: 16)",
	 "SMs the SM model simulates; CTAs go round-robin to them and they share "
	 "dram_bytes_per_cycle."},
	{"sim", "scheduler", KEY_ENUM, F(sim.scheduler), "gto", 0, 0, 0, sched_names,
	 "GPGPU-Sim gpgpu_scheduler (gto); Gebhart / LTRF (two_level)",
	 "Warp scheduling policy of every scheduler: greedy-then-oldest, loose "
	 "round-robin, or two-level (active set served round-robin, warps waiting "
	 "on long-latency results demoted to the pending set)."},
	{"sim", "active_warps", KEY_UINT, F(sim.active_warps), "8", 1, 64, 0, NULL,
	 "Gebhart et al. (8 active warps per scheduler)",
	 "Two-level scheduler: warps in each scheduler's active set."},
	{"sim", "two_level_demote", KEY_ENUM, F(sim.two_level_demote), "use", 0, 0, 0, demote_names,
	 "Gebhart et al. (use); LTRF Sec. 3.2 and Table 3, one two-level scheduler for BL and LTRF (miss)",
	 "Two-level scheduler: which scoreboard stall demotes a warp to the pending set "
	 "(a warp at a barrier always is). use: its next instruction needs a long-latency "
	 "result not yet back, an L1 hit included (Gebhart et al.); miss: that result is a "
	 "load that missed the L1 (LTRF Sec. 3.2: \"a long latency operation, such as a data "
	 "cache miss\"). The LTRF subsystem's own rule is [ltrf] deactivate."},
	{"sim", "ibuffer", KEY_UINT, F(sim.ibuffer), "2", 1, 8, 0, NULL,
	 "GPGPU-Sim (2 instructions per fetch)",
	 "Instructions one fetch brings into a warp's instruction buffer; each "
	 "scheduler fetches for one warp per cycle."},
	{"sim", "alu_latency", KEY_UINT, F(sim.alu_latency), "4", 1, 1000, 0, NULL,
	 "chosen (Maxwell/Pascal dependent-issue latency; Accel-Sim int/sp 4)",
	 "Cycles from dispatch to result of integer and single-precision "
	 "arithmetic, moves, compares and conversions."},
	{"sim", "alu_ii", KEY_UINT, F(sim.alu_ii), "1", 1, 1000, 0, NULL,
	 "chosen (32 lanes per partition)",
	 "Initiation interval of a scheduler's ALU pipeline."},
	{"sim", "sfu_latency", KEY_UINT, F(sim.sfu_latency), "20", 1, 1000, 0, NULL,
	 "chosen (Accel-Sim SFU class)",
	 "Cycles of transcendental, reciprocal, square-root, division and remainder."},
	{"sim", "sfu_ii", KEY_UINT, F(sim.sfu_ii), "4", 1, 1000, 0, NULL,
	 "Maxwell (8 SFU lanes per 32-lane partition)",
	 "Initiation interval of a scheduler's SFU pipeline."},
	{"sim", "dp_latency", KEY_UINT, F(sim.dp_latency), "8", 1, 1000, 0, NULL,
	 "chosen",
	 "Cycles of double-precision arithmetic."},
	{"sim", "dp_ii", KEY_UINT, F(sim.dp_ii), "16", 1, 1000, 0, NULL,
	 "chosen (GTX 980 FP64 at 1/32 rate, 2 FP64 lanes per partition)",
	 "Initiation interval of a scheduler's double-precision pipeline."},
	{"sim", "shared_latency", KEY_UINT, F(sim.shared_latency), "24", 1, 1000, 0, NULL,
	 "chosen (Maxwell shared-memory load-to-use, microbenchmarks)",
	 "Cycles of a conflict-free shared-memory access; each extra way of a "
	 "bank conflict adds a cycle to the LD/ST unit's occupancy."},
	{"sim", "const_latency", KEY_UINT, F(sim.const_latency), "8", 1, 1000, 0, NULL,
	 "chosen (constant cache hit)",
	 "Cycles of a parameter or constant load; each distinct address of a warp "
	 "adds a cycle of occupancy."},
	{"sim", "l1_latency", KEY_UINT, F(sim.l1_latency), "32", 1, 1000, 0, NULL,
	 "chosen (Maxwell L1/texture hit, microbenchmarks)",
	 "Cycles of a global or local access that hits the L1 data cache."},
	{"sim", "l1_bytes", KEY_UINT, F(sim.l1_bytes), "24K", 0, 1UL << 22, 0, NULL,
	 "GTX 980 (24 KB L1/texture per SM)",
	 "L1 data cache per SM, 128-byte lines; 0 disables it (every access goes "
	 "to DRAM)."},
	{"sim", "l1_assoc", KEY_UINT, F(sim.l1_assoc), "4", 1, 1024, 0, NULL,
	 "chosen",
	 "L1 ways (LRU)."},
	{"sim", "dram_latency", KEY_UINT, F(sim.dram_latency), "200", 1, 100000, 0, NULL,
	 "chosen (GPGPU-Sim-class L2 + DRAM round trip)",
	 "Cycles from the start of a DRAM transfer to the data at the SM, on top "
	 "of queueing for bandwidth."},
	{"sim", "dram_bytes_per_cycle", KEY_UINT, F(sim.dram_bytes_per_cycle), "16", 1, 65536, 0, NULL,
	 "GTX 980: 224 GB/s over 16 SMs at 1.1 GHz is ~13 B/cycle per SM",
	 "Memory bandwidth shared by all simulated SMs: one FIFO server that "
	 "moves this many bytes per cycle."},
	{"sim", "shared_bytes", KEY_UINT, F(sim.shared_bytes), "96K", 0, 1UL << 24, 0, NULL,
	 "GTX 980 (96 KB per SM)",
	 "Shared memory per SM; limits resident CTAs."},
	{"sim", "max_cycles", KEY_UINT, F(sim.max_cycles), "100M", 1, 4000000000UL, 0, NULL,
	 "chosen",
	 "Watchdog: a run longer than this many cycles stops with an error (a "
	 "deadlocked or runaway kernel)."},
	{"sim", "min_ctas", KEY_UINT, F(sim.min_ctas), "0", 0, 4096, 0, NULL,
	 "chosen (the papers run grids of hundreds of CTAs)",
	 "gpurf-sim --kernel: run the workload enlarged by the smallest whole "
	 "factor whose grid has at least this many CTAs (kernels/README.md, "
	 "\"Larger grids\"; nw has one size); 0 runs it as written."},
	{"sim", "launch_latency", KEY_UINT, F(sim.launch_latency), "0", 0, 1000000, 0, NULL,
	 "GPGPU-Sim gpgpu_kernel_launch_latency",
	 "Cycles from a kernel's launch to its first CTA: no CTA starts before "
	 "this cycle, and the wait is part of the kernel's cycles (0: the first "
	 "CTAs start at cycle 0)."},
	{"sim", "il1_bytes", KEY_UINT, F(sim.il1_bytes), "0", 0, 1UL << 20, 0, NULL,
	 "GPGPU-Sim gpgpu_cache:il1 (sets x line x ways), gpgpu_perfect_inst_const_cache",
	 "L1 instruction cache per SM; 0 = a perfect one (every fetch hits, the "
	 "model before issue 23). A fetch that misses waits [sim] dram_latency "
	 "cycles on the simple memory model, its line's read through L2 and DRAM on the "
	 "detailed one (docs/sm.md \"Instruction cache\")."},
	{"sim", "il1_line_bytes", KEY_UINT, F(sim.il1_line_bytes), "128", 4, 4096, KEY_POW2, NULL,
	 "GPGPU-Sim gpgpu_cache:il1 line size (128)",
	 "Line of the L1 instruction cache; a power of two."},
	{"sim", "il1_assoc", KEY_UINT, F(sim.il1_assoc), "4", 1, 64, 0, NULL,
	 "GPGPU-Sim gpgpu_cache:il1 associativity (4)",
	 "Ways of the L1 instruction cache (LRU)."},
	{"sim", "fetch_width", KEY_UINT, F(sim.fetch_width), "0", 0, 64, 0, NULL,
	 "GPGPU-Sim gpgpu_inst_fetch_throughput",
	 "Warps whose instruction buffer the SM fills per cycle, taken round robin "
	 "over the schedulers; 0 = one per scheduler per cycle (the model before "
	 "issue 23)."},
	{NULL},
};

/* Every key table: the core's, then one per scheme (common/cfg_<scheme>.c),
 * each ending in a NULL name. Key i counts through them in this order. */
static const struct cfg_key *const key_tables[] = {
	core_keys, cfg_keys_finereg, cfg_keys_regvirt, cfg_keys_ltrf, cfg_keys_rfc, cfg_keys_sharing,
	cfg_keys_energy, cfg_keys_mem,
};

static int (*const scheme_finish[])(struct gpurf_cfg *, struct gpurf_err *) = {
	cfg_finish_finereg, cfg_finish_regvirt, cfg_finish_ltrf, cfg_finish_rfc, cfg_finish_sharing,
	cfg_finish_mem,
};

static int nkeys(void)
{
	int n = 0;

	for (size_t t = 0; t < sizeof key_tables / sizeof key_tables[0]; t++)
		for (const struct cfg_key *k = key_tables[t]; k->name; k++)
			n++;
	return n;
}

static const struct cfg_key *key_at(int i)
{
	for (size_t t = 0; t < sizeof key_tables / sizeof key_tables[0]; t++)
		for (const struct cfg_key *k = key_tables[t]; k->name; k++)
			if (i-- == 0)
				return k;
	return NULL;
}

const struct cfg_key *cfg_key_index(unsigned i)
{
	return key_at((int)i);
}

#undef F


unsigned *cfg_field(struct gpurf_cfg *cfg, const struct cfg_key *k)
{
	return (unsigned *)(void *)((char *)cfg + k->offset);
}

static int key_index(const char *section, const char *name)
{
	for (int i = 0, n = nkeys(); i < n; i++)
		if (strcmp(key_at(i)->section, section) == 0 && strcmp(key_at(i)->name, name) == 0)
			return i;
	return -1;
}

unsigned cfg_clog2(unsigned long n)
{
	unsigned b = 0;

	while ((1UL << b) < n)
		b++;
	return b;
}

unsigned cfg_index_bits(unsigned long n)
{
	unsigned b = cfg_clog2(n);

	return b ? b : 1;
}

static int is_pow2(unsigned long v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* Describes what a key allows, for messages and the docs. */
static void allowed_text(const struct cfg_key *k, char *buf, size_t n)
{
	if (k->type == KEY_ENUM) {
		size_t used = 0;

		buf[0] = '\0';
		for (const char *const *c = k->choices; *c; c++)
			used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s",
						 c == k->choices ? "one of " : ", ", *c);
		return;
	}
	snprintf(buf, n, "%s%lu to %lu", (k->flags & KEY_POW2) ? "a power of two from " : "",
		 k->min, k->max);
}

/* Parses one value; k/K and m/M multiply by 1024 and 1048576. */
static int parse_value(const struct cfg_key *k, const char *text, unsigned *out)
{
	if (k->type == KEY_ENUM) {
		for (unsigned i = 0; k->choices[i]; i++)
			if (strcmp(k->choices[i], text) == 0) {
				*out = i;
				return 0;
			}
		return -1;
	}
	if (text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	char *end;
	unsigned long v = strtoul(text, &end, 10);
	if (errno)
		return -1;
	if (*end == 'k' || *end == 'K') {
		v *= 1024UL;
		end++;
	} else if (*end == 'm' || *end == 'M') {
		v *= 1048576UL;
		end++;
	}
	if (*end != '\0' || v < k->min || v > k->max)
		return -1;
	if ((k->flags & KEY_POW2) && !is_pow2(v))
		return -1;
	*out = (unsigned)v;
	return 0;
}

void cfg_defaults(struct gpurf_cfg *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	assert(nkeys() <= (int)(sizeof cfg->key_line / sizeof cfg->key_line[0]));
	for (int i = 0, n = nkeys(); i < n; i++) {
		unsigned v = 0;

		(void)parse_value(key_at(i), key_at(i)->def, &v);
		*cfg_field(cfg, key_at(i)) = v;
	}
}

const char *cfg_enum_name(const char *key, unsigned value)
{
	for (int i = 0, n = nkeys(); i < n; i++) {
		if (strcmp(key_at(i)->name, key) != 0 || key_at(i)->type != KEY_ENUM)
			continue;
		for (unsigned j = 0; key_at(i)->choices[j]; j++)
			if (j == value)
				return key_at(i)->choices[j];
	}
	return "?";
}

/* ---- parsing ----------------------------------------------------------- */

struct parse_state {
	struct gpurf_cfg *cfg;
	struct gpurf_err *err;
	FILE *fp;
	unsigned line;		/* line the reader returned last */
	unsigned section_line;	/* line of the last [section] header */
};

/* inih calls the handler right after reading the line that holds the key,
 * so the reader's count is that key's line. */
static char *counting_reader(char *buf, int size, void *stream)
{
	struct parse_state *ps = stream;
	char *r = fgets(buf, size, ps->fp);

	if (r) {
		const char *t = r + strspn(r, " \t");

		ps->line++;
		if (*t == '[')
			ps->section_line = ps->line;
	}
	return r;
}

/* Length of the UTF-8 sequence that starts with byte c and continues with
 * next[0..2] (as many as it needs), or 0 when it is not one: overlong
 * forms, surrogates and code points above U+10FFFF are not UTF-8 either. */
static int utf8_len(int c, const unsigned char *next, size_t avail)
{
	int n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;

	if (n == 0 || avail < (size_t)n - 1)
		return 0;
	for (int i = 0; i < n - 1; i++)
		if ((next[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && next[0] < 0xa0) || (c == 0xed && next[0] > 0x9f) ||
	    (c == 0xf0 && next[0] < 0x90) || (c == 0xf4 && next[0] > 0x8f))
		return 0;
	return n;
}

/* A configuration is UTF-8 text.  inih stops reading at a NUL byte and
 * takes whatever precedes it, so a binary file would load as a short (or
 * empty, that is default) configuration: read the file once first and
 * refuse NUL and other control bytes (tab, CR and LF aside) and invalid
 * UTF-8, naming the line.  Leaves fp rewound. */
static int check_text(FILE *fp, const char *path, struct gpurf_err *err)
{
	unsigned char buf[4096 + 3];	/* a block and the start of a cut sequence */
	size_t have = 0, got;
	unsigned line = 1;

	while ((got = fread(buf + have, 1, 4096, fp)) > 0 || have > 0) {
		size_t end = have + got, i = 0;
		int eof = got == 0;

		while (i < end) {
			int c = buf[i];

			if (c >= 0x80) {
				int n = utf8_len(c, buf + i + 1, end - i - 1);

				if (n == 0 && !eof && end - i < 4)
					break;	/* a sequence cut by the buffer: read on */
				if (n == 0)
					return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: byte 0x%02x is not "
							  "UTF-8: not a configuration file (UTF-8 INI text)",
							  path, line, c);
				i += (size_t)n;
				continue;
			}
			if (c == '\n')
				line++;
			else if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %s byte 0x%02x: not a "
						  "configuration file (UTF-8 INI text)", path, line,
						  c == 0 ? "NUL" : "control", c);
			i++;
		}
		have = end - i;
		memmove(buf, buf + i, have);
		if (eof)
			break;
	}
	if (ferror(fp))
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read configuration: %s", path,
				  strerror(errno));
	rewind(fp);
	return 0;
}

/* "unknown section" or "unknown key" for a key the table does not have;
 * `where` is "file:line" (the section's line for an unknown section) or
 * "--set section.key=value". */
static void unknown_key(struct gpurf_err *err, const char *where, const char *section_where,
			const char *section, const char *name)
{
	int known_section = 0;

	for (int j = 0, n = nkeys(); j < n; j++)
		known_section |= strcmp(key_at(j)->section, section) == 0;
	if (!known_section) {
		char list[256] = "";
		size_t used = 0;

		for (int j = 0, n = nkeys(); j < n; j++)
			if (j == 0 || strcmp(key_at(j)->section, key_at(j - 1)->section) != 0)
				used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
							 "%s[%s]", j ? ", " : "", key_at(j)->section);
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: unknown section [%s]; allowed sections: %s",
			   section_where, section, list);
	} else
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: unknown key '%s' in [%s]; see docs/configs.md for the keys of [%s]",
			   where, name, section, section);
}

/* Parses key i's value into cfg; on failure says what is allowed. */
static int set_value(struct gpurf_cfg *cfg, struct gpurf_err *err, const char *where, int i,
		     const char *value)
{
	const struct cfg_key *k = key_at(i);
	char allowed[256];

	allowed_text(k, allowed, sizeof allowed);
	if (value[0] == '\0')
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [%s] %s has no value; allowed: %s", where,
				  k->section, k->name, allowed);
	if (parse_value(k, value, cfg_field(cfg, k)) != 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [%s] %s = %s: not allowed; allowed: %s",
				  where, k->section, k->name, value, allowed);
	return 0;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
	struct parse_state *ps = user;
	const char *path = ps->cfg->path;
	int i = key_index(section, name);
	char where[600], section_where[600];

	snprintf(where, sizeof where, "%s:%u", path, ps->line);
	if (i < 0) {
		snprintf(section_where, sizeof section_where, "%s:%u", path, ps->section_line);
		unknown_key(ps->err, where, section_where, section, name);
		return 0;
	}
	if (ps->cfg->key_line[i]) {
		gpurf_fail(ps->err, GPURF_ERR_INPUT,
			   "%s:%u: [%s] %s given twice (first on line %u); give each key once",
			   path, ps->line, section, name, ps->cfg->key_line[i]);
		return 0;
	}
	if (set_value(ps->cfg, ps->err, where, i, value))
		return 0;
	ps->cfg->key_line[i] = ps->line;
	return 1;
}

/* One command-line override "section.key=value" (after the file: it wins). */
static int apply_set(struct gpurf_cfg *cfg, const char *text, unsigned char *seen, struct gpurf_err *err)
{
	char section[64], name[64], where[600];
	const char *dot = strchr(text, '.'), *eq = strchr(text, '=');
	int i;

	snprintf(where, sizeof where, "--set %s", text);
	if (!dot || !eq || dot > eq || dot == text || eq == dot + 1 || (size_t)(dot - text) >= sizeof section ||
	    (size_t)(eq - dot - 1) >= sizeof name)
		return gpurf_fail(err, GPURF_ERR_INPUT,
				  "%s: expected section.key=value, e.g. --set rf.banks=8", where);
	memcpy(section, text, (size_t)(dot - text));
	section[dot - text] = '\0';
	memcpy(name, dot + 1, (size_t)(eq - dot - 1));
	name[eq - dot - 1] = '\0';
	i = key_index(section, name);
	if (i < 0) {
		unknown_key(err, where, where, section, name);
		return -1;
	}
	if (seen[i])
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [%s] %s set twice on the command line; give each key once",
				  where, section, name);
	if (set_value(cfg, err, where, i, eq + 1))
		return -1;
	seen[i] = 1;
	cfg->key_line[i] = CFG_LINE_SET;
	return 0;
}

/* ---- cross-key checks ---------------------------------------------------- */

int cfg_bad_combo(const struct gpurf_cfg *cfg, struct gpurf_err *err, const char *section,
		  const char *key, const char *fmt, ...)
{
	char what[600], where[600];
	va_list ap;
	int i = key_index(section, key);

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (i >= 0 && cfg->key_line[i] == CFG_LINE_SET)
		snprintf(where, sizeof where, "%s: --set %s.%s=%u", cfg->path, section, key,
			 *cfg_field((struct gpurf_cfg *)cfg, key_at(i)));
	else if (i >= 0 && cfg->key_line[i])
		snprintf(where, sizeof where, "%s:%u: [%s] %s = %u", cfg->path, cfg->key_line[i],
			 section, key, *cfg_field((struct gpurf_cfg *)cfg, key_at(i)));
	else if (i >= 0)
		snprintf(where, sizeof where, "%s: [%s] %s = %u (default)", cfg->path, section, key,
			 *cfg_field((struct gpurf_cfg *)cfg, key_at(i)));
	else
		snprintf(where, sizeof where, "%s", cfg->path);
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s", where, what);
}

int cfg_finish(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	unsigned reg_bytes = cfg->lanes * 4u;

	if (cfg->threads > cfg->warps * cfg->lanes)
		return cfg_bad_combo(cfg, err, "sm", "threads",
				 "more threads than warps x lanes = %u; allowed: 1 to %u",
				 cfg->warps * cfg->lanes, cfg->warps * cfg->lanes);
	if (cfg->schedulers > cfg->warps)
		return cfg_bad_combo(cfg, err, "sm", "schedulers", "more schedulers than warps (%u); allowed: 1 to %u",
				 cfg->warps, cfg->warps);
	if (cfg->ctas > cfg->warps)
		return cfg_bad_combo(cfg, err, "sm", "ctas", "more CTAs than warps (%u); allowed: 1 to %u",
				 cfg->warps, cfg->warps);
	if (cfg->rf_bytes % reg_bytes)
		return cfg_bad_combo(cfg, err, "rf", "size_bytes",
				 "not a whole number of warp registers (lanes x 4 = %u bytes each); "
				 "allowed: a multiple of %u", reg_bytes, reg_bytes);
	cfg->d.warp_bits = cfg->lanes * 32u;
	cfg->d.warp_regs = cfg->rf_bytes / reg_bytes;
	if (cfg->bank_ports < cfg->bank_read_ports || cfg->bank_ports < cfg->bank_write_ports ||
	    cfg->bank_ports > cfg->bank_read_ports + cfg->bank_write_ports)
		return cfg_bad_combo(cfg, err, "rf", "bank_ports",
				 "must lie between max(bank_read_ports, bank_write_ports) = %u and "
				 "bank_read_ports + bank_write_ports = %u",
				 cfg->bank_read_ports > cfg->bank_write_ports ? cfg->bank_read_ports
									      : cfg->bank_write_ports,
				 cfg->bank_read_ports + cfg->bank_write_ports);
	if (cfg->regs_per_warp == 0) {
		unsigned rpw = cfg->d.warp_regs / cfg->warps;

		rpw -= rpw % cfg->banks;
		if (rpw == 0)
			return cfg_bad_combo(cfg, err, "rf", "size_bytes",
					 "%u warp registers cannot give each of %u warps at least "
					 "one register per bank (%u banks); allowed: at least %u bytes",
					 cfg->d.warp_regs, cfg->warps, cfg->banks,
					 cfg->warps * cfg->banks * reg_bytes);
		cfg->d.regs_per_warp = rpw;
	} else {
		if (cfg->regs_per_warp % cfg->banks)
			return cfg_bad_combo(cfg, err, "rf", "regs_per_warp",
					 "not a multiple of banks (%u); allowed: a multiple of %u",
					 cfg->banks, cfg->banks);
		if ((unsigned long)cfg->regs_per_warp * cfg->warps > cfg->d.warp_regs)
			return cfg_bad_combo(cfg, err, "rf", "regs_per_warp",
					 "warps x regs_per_warp = %lu exceeds the %u warp registers "
					 "of the file; allowed: at most %u",
					 (unsigned long)cfg->regs_per_warp * cfg->warps,
					 cfg->d.warp_regs, cfg->d.warp_regs / cfg->warps);
		cfg->d.regs_per_warp = cfg->regs_per_warp;
	}
	cfg->d.rows_per_bank = cfg->warps * cfg->d.regs_per_warp / cfg->banks;
	for (size_t i = 0; i < sizeof scheme_finish / sizeof scheme_finish[0]; i++)
		if (scheme_finish[i](cfg, err))
			return -1;
	return 0;
}

static void set_name(struct gpurf_cfg *cfg, const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
		n -= 4;
	if (n >= sizeof cfg->name)
		n = sizeof cfg->name - 1;
	memcpy(cfg->name, base, n);
	cfg->name[n] = '\0';
	snprintf(cfg->path, sizeof cfg->path, "%s", path);
}

int cfg_load(struct gpurf_cfg *cfg, const char *path, struct gpurf_err *err)
{
	return cfg_load_set(cfg, path, NULL, 0, err);
}

int cfg_load_set(struct gpurf_cfg *cfg, const char *path, const char *const *sets, unsigned nsets,
		 struct gpurf_err *err)
{
	unsigned char seen[sizeof cfg->key_line / sizeof cfg->key_line[0]] = {0};
	struct parse_state ps = {cfg, err, NULL, 0, 0};
	struct stat st;
	int rc;

	cfg_defaults(cfg);
	set_name(cfg, path);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return gpurf_fail(err, GPURF_ERR_INPUT,
				  "%s: cannot read configuration: not a regular file", path);
	ps.fp = fopen(path, "r");
	if (!ps.fp)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read configuration: %s", path,
				  strerror(errno));
	rc = check_text(ps.fp, path, err) ? -1 : ini_parse_stream(counting_reader, &ps, on_key, &ps);
	fclose(ps.fp);
	if (err->kind != GPURF_ERR_NONE)
		return -1;
	if (rc != 0)
		return gpurf_fail(err, GPURF_ERR_INPUT,
				  "%s:%d: not a '[section]', 'key = value' or comment line", path, rc);
	/* comments and blank lines only: nothing a user meant as a configuration
	 * (the defaults come from leaving keys out, not from an empty file) */
	if (ps.section_line == 0)
		return gpurf_fail(err, GPURF_ERR_INPUT,
				  "%s: no '[section]' line: not a configuration file (UTF-8 INI text)",
				  path);
	for (unsigned i = 0; i < nsets; i++)
		if (apply_set(cfg, sets[i], seen, err))
			return -1;
	return cfg_finish(cfg, err);
}

int cfg_has_key(const char *section, const char *name)
{
	return key_index(section, name) >= 0;
}

int cfg_set_key(struct gpurf_cfg *cfg, const char *section, const char *name, const char *value,
		unsigned line, const char *where, struct gpurf_err *err)
{
	int i = key_index(section, name);

	if (i < 0) {
		unknown_key(err, where, where, section, name);
		return -1;
	}
	if (set_value(cfg, err, where, i, value))
		return -1;
	cfg->key_line[i] = line;
	return 0;
}

int cfg_apply_sets(struct gpurf_cfg *cfg, const char *const *sets, unsigned nsets, struct gpurf_err *err)
{
	unsigned char seen[sizeof cfg->key_line / sizeof cfg->key_line[0]] = {0};

	for (unsigned i = 0; i < nsets; i++)
		if (apply_set(cfg, sets[i], seen, err))
			return -1;
	return 0;
}

void cfg_write_key_doc(FILE *out)
{
	const char *section = "";
	char allowed[256];

	for (int i = 0, n = nkeys(); i < n; i++) {
		const struct cfg_key *k = key_at(i);

		if (strcmp(section, k->section) != 0) {
			section = k->section;
			fprintf(out, "\n### [%s]\n\n| key | default | allowed | source | meaning |\n"
				     "|---|---|---|---|---|\n", section);
		}
		allowed_text(k, allowed, sizeof allowed);
		fprintf(out, "| `%s` | `%s` | %s | %s | %s |\n", k->name, k->def, allowed,
			k->source, k->doc);
	}
}

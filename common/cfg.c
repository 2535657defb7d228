/* cfg.c: reading, checking and deriving a gpurf configuration.
 *
 * The key table below is the single description of every configuration key.
 * Parsing is libinih's; this file only supplies a line-counting reader (the
 * Debian build of inih does not pass line numbers to the handler) so that
 * every message can name the line a key was set on. */
#include "cfg.h"

#include <errno.h>
#include <ini.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum key_type { KEY_UINT, KEY_ENUM };
enum { KEY_POW2 = 1 };

struct cfg_key {
	const char *section;
	const char *name;
	enum key_type type;
	size_t offset;			/* of an unsigned field of gpurf_cfg */
	const char *def;		/* default, as it would be written */
	unsigned long min, max;		/* KEY_UINT range */
	unsigned flags;
	const char *const *choices;	/* KEY_ENUM names, NULL-terminated */
	const char *source;		/* where the value comes from */
	const char *doc;
};

static const char *const scheme_names[] = {"baseline", NULL};
static const char *const bank_map_names[] = {"reg_plus_warp", "reg", NULL};

#define F(field) offsetof(struct gpurf_cfg, field)

static const struct cfg_key keys[] = {
	{"sm", "scheme", KEY_ENUM, F(scheme), "baseline", 0, 0, 0, scheme_names,
	 "all papers",
	 "Register-file organisation the SM uses. Later schemes (finereg, regvirt, "
	 "ltrf, rfc, sharing) add their structures to the generated RTL."},
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
};

#undef F

enum { NKEYS = sizeof keys / sizeof keys[0] };

static unsigned *field_of(struct gpurf_cfg *cfg, const struct cfg_key *k)
{
	return (unsigned *)(void *)((char *)cfg + k->offset);
}

static int key_index(const char *section, const char *name)
{
	for (int i = 0; i < NKEYS; i++)
		if (strcmp(keys[i].section, section) == 0 && strcmp(keys[i].name, name) == 0)
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
	for (int i = 0; i < NKEYS; i++) {
		unsigned v = 0;

		(void)parse_value(&keys[i], keys[i].def, &v);
		*field_of(cfg, &keys[i]) = v;
	}
}

const char *cfg_enum_name(const char *key, unsigned value)
{
	for (int i = 0; i < NKEYS; i++) {
		if (strcmp(keys[i].name, key) != 0 || keys[i].type != KEY_ENUM)
			continue;
		for (unsigned j = 0; keys[i].choices[j]; j++)
			if (j == value)
				return keys[i].choices[j];
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

static int on_key(void *user, const char *section, const char *name, const char *value)
{
	struct parse_state *ps = user;
	const char *path = ps->cfg->path;
	int i = key_index(section, name);
	char allowed[256];

	if (i < 0) {
		int known_section = 0;

		for (int j = 0; j < NKEYS; j++)
			known_section |= strcmp(keys[j].section, section) == 0;
		if (!known_section)
			gpurf_fail(ps->err, GPURF_ERR_INPUT,
				   "%s:%u: unknown section [%s]; allowed sections: [sm], [rf]",
				   path, ps->section_line, section);
		else
			gpurf_fail(ps->err, GPURF_ERR_INPUT,
				   "%s:%u: unknown key '%s' in [%s]; see docs/configs.md for the keys of [%s]",
				   path, ps->line, name, section, section);
		return 0;
	}
	allowed_text(&keys[i], allowed, sizeof allowed);
	if (ps->cfg->key_line[i]) {
		gpurf_fail(ps->err, GPURF_ERR_INPUT,
			   "%s:%u: [%s] %s given twice (first on line %u); give each key once",
			   path, ps->line, section, name, ps->cfg->key_line[i]);
		return 0;
	}
	if (value[0] == '\0') {
		gpurf_fail(ps->err, GPURF_ERR_INPUT,
			   "%s:%u: [%s] %s has no value; allowed: %s", path, ps->line, section,
			   name, allowed);
		return 0;
	}
	if (parse_value(&keys[i], value, field_of(ps->cfg, &keys[i])) != 0) {
		gpurf_fail(ps->err, GPURF_ERR_INPUT, "%s:%u: [%s] %s = %s: not allowed; allowed: %s",
			   path, ps->line, section, name, value, allowed);
		return 0;
	}
	ps->cfg->key_line[i] = ps->line;
	return 1;
}

/* ---- cross-key checks ---------------------------------------------------- */

/* Reports a bad combination, naming the key that carries it and its line. */
static int bad_combo(const struct gpurf_cfg *cfg, struct gpurf_err *err, const char *key,
		     const char *fmt, ...) GPURF_PRINTF(4, 5);

static int bad_combo(const struct gpurf_cfg *cfg, struct gpurf_err *err, const char *key,
		     const char *fmt, ...)
{
	char what[600], where[600];
	va_list ap;
	int i = -1;

	for (int j = 0; j < NKEYS; j++)
		if (strcmp(keys[j].name, key) == 0)
			i = j;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (i >= 0 && cfg->key_line[i])
		snprintf(where, sizeof where, "%s:%u: [%s] %s = %u", cfg->path, cfg->key_line[i],
			 keys[i].section, key, *field_of((struct gpurf_cfg *)cfg, &keys[i]));
	else if (i >= 0)
		snprintf(where, sizeof where, "%s: [%s] %s = %u (default)", cfg->path,
			 keys[i].section, key, *field_of((struct gpurf_cfg *)cfg, &keys[i]));
	else
		snprintf(where, sizeof where, "%s", cfg->path);
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s", where, what);
}

int cfg_finish(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	unsigned reg_bytes = cfg->lanes * 4u;

	if (cfg->threads > cfg->warps * cfg->lanes)
		return bad_combo(cfg, err, "threads",
				 "more threads than warps x lanes = %u; allowed: 1 to %u",
				 cfg->warps * cfg->lanes, cfg->warps * cfg->lanes);
	if (cfg->schedulers > cfg->warps)
		return bad_combo(cfg, err, "schedulers", "more schedulers than warps (%u); allowed: 1 to %u",
				 cfg->warps, cfg->warps);
	if (cfg->ctas > cfg->warps)
		return bad_combo(cfg, err, "ctas", "more CTAs than warps (%u); allowed: 1 to %u",
				 cfg->warps, cfg->warps);
	if (cfg->rf_bytes % reg_bytes)
		return bad_combo(cfg, err, "size_bytes",
				 "not a whole number of warp registers (lanes x 4 = %u bytes each); "
				 "allowed: a multiple of %u", reg_bytes, reg_bytes);
	cfg->d.warp_bits = cfg->lanes * 32u;
	cfg->d.warp_regs = cfg->rf_bytes / reg_bytes;
	if (cfg->bank_ports < cfg->bank_read_ports || cfg->bank_ports < cfg->bank_write_ports ||
	    cfg->bank_ports > cfg->bank_read_ports + cfg->bank_write_ports)
		return bad_combo(cfg, err, "bank_ports",
				 "must lie between max(bank_read_ports, bank_write_ports) = %u and "
				 "bank_read_ports + bank_write_ports = %u",
				 cfg->bank_read_ports > cfg->bank_write_ports ? cfg->bank_read_ports
									      : cfg->bank_write_ports,
				 cfg->bank_read_ports + cfg->bank_write_ports);
	if (cfg->regs_per_warp == 0) {
		unsigned rpw = cfg->d.warp_regs / cfg->warps;

		rpw -= rpw % cfg->banks;
		if (rpw == 0)
			return bad_combo(cfg, err, "size_bytes",
					 "%u warp registers cannot give each of %u warps at least "
					 "one register per bank (%u banks); allowed: at least %u bytes",
					 cfg->d.warp_regs, cfg->warps, cfg->banks,
					 cfg->warps * cfg->banks * reg_bytes);
		cfg->d.regs_per_warp = rpw;
	} else {
		if (cfg->regs_per_warp % cfg->banks)
			return bad_combo(cfg, err, "regs_per_warp",
					 "not a multiple of banks (%u); allowed: a multiple of %u",
					 cfg->banks, cfg->banks);
		if ((unsigned long)cfg->regs_per_warp * cfg->warps > cfg->d.warp_regs)
			return bad_combo(cfg, err, "regs_per_warp",
					 "warps x regs_per_warp = %lu exceeds the %u warp registers "
					 "of the file; allowed: at most %u",
					 (unsigned long)cfg->regs_per_warp * cfg->warps,
					 cfg->d.warp_regs, cfg->d.warp_regs / cfg->warps);
		cfg->d.regs_per_warp = cfg->regs_per_warp;
	}
	cfg->d.rows_per_bank = cfg->warps * cfg->d.regs_per_warp / cfg->banks;
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
	rc = ini_parse_stream(counting_reader, &ps, on_key, &ps);
	fclose(ps.fp);
	if (err->kind != GPURF_ERR_NONE)
		return -1;
	if (rc != 0)
		return gpurf_fail(err, GPURF_ERR_INPUT,
				  "%s:%d: not a '[section]', 'key = value' or comment line", path, rc);
	return cfg_finish(cfg, err);
}

void cfg_write_key_doc(FILE *out)
{
	const char *section = "";
	char allowed[256];

	for (int i = 0; i < NKEYS; i++) {
		const struct cfg_key *k = &keys[i];

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

/* gpgpusim_cfg.c: GPGPU-Sim option files mapped onto gpurf keys (gpgpusim_cfg.h).
 *
 * A GPGPU-Sim configuration is a list of "-option value" pairs; '#' starts
 * a comment, a double-quoted value may span lines.  Reading is two steps:
 * the file is cut into options (syntax errors here), then map() derives key
 * settings from the options it knows (value errors and contradictions
 * here).  Options it does not read are the ignored list.  The table of what
 * maps where is docs/configs.md, "GPGPU-Sim configurations". */
#include "gpgpusim_cfg.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- cutting a file into options ------------------------------------------------ */

static char *slurp(const char *path, struct gpurf_err *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read GPGPU-Sim configuration: %s", path,
			   strerror(errno));
		return NULL;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = 2 * cap + 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				gpurf_fail(err, GPURF_ERR_IO, "out of memory reading %s", path);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, 4096, f);
		n += got;
	} while (got > 0);
	buf[n] = '\0';
	if (ferror(f) || memchr(buf, '\0', n)) {
		unsigned line = 1;
		const char *z = memchr(buf, '\0', n);

		for (const char *p = buf; z && p < z; p++)
			line += *p == '\n';
		if (z)
			gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: NUL byte: not a GPGPU-Sim configuration "
				   "(text of -option value lines)", path, line);
		else
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read GPGPU-Sim configuration", path);
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	return buf;
}

static int valid_name(const char *t, size_t n)
{
	if (n < 2 || t[0] != '-' || !isalpha((unsigned char)t[1]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)t[i]) && t[i] != '_' && t[i] != ':')
			return 0;
	return 1;
}

static struct gsim_opt *find(struct gsim_map *m, const char *name)
{
	for (unsigned i = 0; i < m->nopt; i++)
		if (strcmp(m->opt[i].name, name) == 0)
			return &m->opt[i];
	return NULL;
}

/* Adds one option; a later file overrides an earlier one (Accel-Sim's
 * repeated -config), one file may not give an option twice. */
static int add_opt(struct gsim_map *m, unsigned file, unsigned line, const char *name, size_t nlen,
		   const char *value, struct gpurf_err *err)
{
	char nm[80];
	struct gsim_opt *o;

	if (nlen >= sizeof nm)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: option name of %zu characters; allowed: "
				  "at most %zu", m->paths[file], line, nlen, sizeof nm - 1);
	memcpy(nm, name, nlen);
	nm[nlen] = '\0';
	if ((o = find(m, nm)) != NULL) {
		if (o->file == file)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %s given twice (first on line %u); "
					  "give each option once", m->paths[file], line, nm, o->line);
	} else {
		if (m->nopt == GSIM_MAX_OPTS)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: more than %d options", m->paths[file],
					  line, GSIM_MAX_OPTS);
		o = &m->opt[m->nopt++];
	}
	snprintf(o->name, sizeof o->name, "%s", nm);
	snprintf(o->value, sizeof o->value, "%s", value);
	o->file = file;
	o->line = line;
	return 0;
}

static int cut(struct gsim_map *m, unsigned file, const char *text, struct gpurf_err *err)
{
	const char *path = m->paths[file], *p = text;
	char name_buf[80];
	const char *name = NULL;
	size_t nlen = 0;
	unsigned line = 1, name_line = 0, count = 0;

	for (;;) {
		char value[512];
		size_t vlen = 0;
		unsigned tok_line;

		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '#') {
			if (*p == '#')
				p += strcspn(p, "\n");
			else
				line += *p++ == '\n';
		}
		if (!*p)
			break;
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: control byte 0x%02x: not a GPGPU-Sim "
					  "configuration (text of -option value lines)", path, line,
					  (unsigned char)*p);
		tok_line = line;
		if (*p == '"') {	/* a quoted value: whitespace runs become one space */
			const char *q = ++p;

			while (*q && *q != '"')
				q++;
			if (!*q)
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %.*s: the value's '\"' is never "
						  "closed (a truncated file?); allowed: \"...\"", path,
						  tok_line, (int)nlen, name ? name : "value");
			for (; p < q; p++) {
				int ws = *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n';

				line += *p == '\n';
				if (ws && (vlen == 0 || value[vlen - 1] == ' '))
					continue;
				if (vlen + 1 < sizeof value)
					value[vlen++] = ws ? ' ' : *p;
			}
			p++;
			while (vlen && value[vlen - 1] == ' ')
				vlen--;
		} else {
			while (*p && !strchr(" \t\r\n#", *p)) {
				if (vlen + 1 < sizeof value)
					value[vlen++] = *p;
				p++;
			}
		}
		value[vlen] = '\0';
		if (!name) {
			if (!valid_name(value, vlen))
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: '%s': expected an option; "
						  "allowed: lines of -option value", path, tok_line, value);
			if (vlen >= sizeof name_buf)
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: option name of %zu characters; "
						  "allowed: at most %zu", path, tok_line, vlen, sizeof name_buf - 1);
			memcpy(name_buf, value, vlen + 1);
			name = name_buf;
			nlen = vlen;
			name_line = tok_line;
			continue;
		}
		if (tok_line != name_line)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %.*s has no value (a truncated "
					  "line?); allowed: -option value on one line", path, name_line,
					  (int)nlen, name);
		if (add_opt(m, file, name_line, name, nlen, value, err))
			return -1;
		name = NULL;
		count++;
	}
	if (name)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %.*s has no value (a truncated file?); "
				  "allowed: -option value on one line", path, name_line, (int)nlen, name);
	if (count == 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no options: not a GPGPU-Sim configuration "
				  "(lines of -option value)", path);
	return 0;
}

/* ---- values ---------------------------------------------------------------------- */

static int bad(const struct gsim_map *m, const struct gsim_opt *o, struct gpurf_err *err, const char *fmt, ...)
	GPURF_PRINTF(4, 5);

static int bad(const struct gsim_map *m, const struct gsim_opt *o, struct gpurf_err *err, const char *fmt, ...)
{
	char what[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: %s %s: %s", m->paths[o->file], o->line, o->name,
			  o->value, what);
}

/* A whole number from t[0..n); -1 when it is not one. */
static long long num(const char *t, size_t n)
{
	long long v = 0;

	if (n == 0 || n > 9)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (t[i] < '0' || t[i] > '9')
			return -1;
		v = v * 10 + (t[i] - '0');
	}
	return v;
}

/* The option's value as a whole number (its own value must be one). */
static int opt_uint(const struct gsim_map *m, struct gsim_opt *o, unsigned *v, struct gpurf_err *err)
{
	long long x = num(o->value, strlen(o->value));

	if (x < 0)
		return bad(m, o, err, "not a whole number; allowed: digits 0-9 (at most 9)");
	*v = (unsigned)x;
	o->used = 1;
	return 0;
}

/* Splits the value at `sep` into whole numbers; returns how many (at most
 * max), or -1 when a field is not a whole number. */
static int uint_list(const char *s, char sep, unsigned *v, int max)
{
	int n = 0;

	for (;;) {
		size_t len = strcspn(s, (char[]){sep, '\0'});
		long long x;

		while (len && s[0] == ' ')
			s++, len--;
		while (len && s[len - 1] == ' ')
			len--;
		x = num(s, len);
		if (x < 0 || n == max)
			return -1;
		v[n++] = (unsigned)x;
		s += strcspn(s, (char[]){sep, '\0'});
		if (!*s)
			return n;
		s++;
	}
}

/* ---- key settings ------------------------------------------------------------------ */

static void note(struct gsim_map *m, const char *fmt, ...) GPURF_PRINTF(2, 3);

static void note(struct gsim_map *m, const char *fmt, ...)
{
	size_t used = strlen(m->notes);
	va_list ap;

	if (used && used + 2 < sizeof m->notes)
		used += (size_t)snprintf(m->notes + used, sizeof m->notes - used, "; ");
	va_start(ap, fmt);
	vsnprintf(m->notes + used, sizeof m->notes - used, fmt, ap);
	va_end(ap);
}

static void put(struct gsim_map *m, const char *section, const char *key, unsigned long v,
		const struct gsim_opt *from, const char *how)
{
	struct gsim_set *s;

	for (s = m->set; s < m->set + m->nset; s++)
		if (strcmp(s->section, section) == 0 && strcmp(s->key, key) == 0)
			break;
	if (s == m->set + m->nset) {
		if (m->nset == GSIM_MAX_SETS)
			return;
		m->nset++;
	}
	s->section = section;
	s->key = key;
	snprintf(s->value, sizeof s->value, "%lu", v);
	s->from = from;
	snprintf(s->how, sizeof s->how, "%s", how ? how : from ? from->name : "");
}

static void put_text(struct gsim_map *m, const char *section, const char *key, const char *v,
		     const struct gsim_opt *from, const char *how)
{
	put(m, section, key, 0, from, how);
	for (unsigned i = 0; i < m->nset; i++)
		if (m->set[i].key == key && m->set[i].section == section)
			snprintf(m->set[i].value, sizeof m->set[i].value, "%s", v);
}

/* A "-option N" onto one key. */
static int direct(struct gsim_map *m, const char *name, const char *section, const char *key, struct gpurf_err *err)
{
	struct gsim_opt *o = find(m, name);
	unsigned v;

	if (!o)
		return 0;
	if (opt_uint(m, o, &v, err))
		return -1;
	put(m, section, key, v, o, NULL);
	return 0;
}

/* GPGPU-Sim's cache geometry: <N|S>:<sets>:<line>:<assoc>,<policies>,<mshr>:<entries>:<merge>,... */
struct gsim_cache {
	int none, sectored;
	unsigned sets, line, assoc, mshrs, merge;
	char wr_alloc;		/* 4th policy letter: N, W, F, L ('\0' if absent) */
};

static int cache(const struct gsim_map *m, struct gsim_opt *o, struct gsim_cache *c, struct gpurf_err *err)
{
	const char *v = o->value, *f3;
	unsigned g[3], h[2];
	const char *allowed = "allowed: <N|S>:<sets>:<line bytes>:<ways>,<policies>,<mshr type>:<entries>:<merge>,...";

	memset(c, 0, sizeof *c);
	o->used = 1;
	if (strcmp(v, "none") == 0) {
		c->none = 1;
		return 0;
	}
	if ((v[0] != 'N' && v[0] != 'S') || v[1] != ':')
		return bad(m, o, err, "the cache type is not N (normal) or S (sectored); %s", allowed);
	c->sectored = v[0] == 'S';
	{
		char geo[64];
		size_t n = strcspn(v + 2, ",");

		if (n >= sizeof geo || v[2 + n] != ',')
			return bad(m, o, err, "no policies field after the geometry; %s", allowed);
		memcpy(geo, v + 2, n);
		geo[n] = '\0';
		if (uint_list(geo, ':', g, 3) != 3 || !g[0] || !g[1] || !g[2])
			return bad(m, o, err, "the geometry is not three whole numbers above 0; %s", allowed);
	}
	f3 = strchr(v, ',') ? strchr(strchr(v, ',') + 1, ',') : NULL;
	if (!f3 || !isalpha((unsigned char)f3[1]) || f3[2] != ':')
		return bad(m, o, err, "no MSHR field (third, <type>:<entries>:<merge>); %s", allowed);
	{
		char ms[64];
		size_t n = strcspn(f3 + 3, ",");

		if (n >= sizeof ms)
			return bad(m, o, err, "MSHR field too long; %s", allowed);
		memcpy(ms, f3 + 3, n);
		ms[n] = '\0';
		if (uint_list(ms, ':', h, 2) != 2)
			return bad(m, o, err, "the MSHR field is not <type>:<entries>:<merge>; %s", allowed);
	}
	c->sets = g[0], c->line = g[1], c->assoc = g[2], c->mshrs = h[0], c->merge = h[1];
	{	/* policies <rep>:<wr>:<alloc>:<wr_alloc>:<set index> */
		const char *p = strchr(v, ',') + 1;

		if (p[0] && p[1] == ':' && p[2] && p[3] == ':' && p[4] && p[5] == ':' && p[6] && (p[7] == ':' || p[7] == ','))
			c->wr_alloc = p[6];
	}
	return 0;
}

/* "a:b:c:d" MHz, decimals allowed. */
static int clocks(const struct gsim_map *m, struct gsim_opt *o, double mhz[4], struct gpurf_err *err)
{
	const char *s = o->value;

	o->used = 1;
	for (int i = 0; i < 4; i++) {
		char *end;

		if (!isdigit((unsigned char)*s))
			return bad(m, o, err, "not four clock frequencies; allowed: <core>:<icnt>:<l2>:<dram> "
				   "in MHz, e.g. 1417.0:1417.0:1417.0:2500.0");
		mhz[i] = strtod(s, &end);
		if (mhz[i] < 1 || mhz[i] > 100000 || (i < 3 ? *end != ':' : *end != '\0'))
			return bad(m, o, err, "not four clock frequencies; allowed: <core>:<icnt>:<l2>:<dram> "
				   "in MHz from 1 to 100000, e.g. 1417.0:1417.0:1417.0:2500.0");
		s = end + 1;
	}
	return 0;
}

/* Latency and initiation interval "L,I" of a trace-mode class, or the first
 * fields of the PTX-mode lists. */
static int latency(struct gsim_map *m, const char *trace_opt, const char *lat_opt, const char *ii_opt,
		   const char *lat_key, const char *ii_key, struct gpurf_err *err)
{
	struct gsim_opt *t = find(m, trace_opt), *l = find(m, lat_opt), *i = find(m, ii_opt);
	unsigned v[16];

	if (t) {
		if (uint_list(t->value, ',', v, 16) != 2)
			return bad(m, t, err, "not <latency>,<initiation interval>; allowed: two whole numbers, "
				   "e.g. 4,1");
		t->used = 1;
		put(m, "sim", lat_key, v[0], t, NULL);
		put(m, "sim", ii_key, v[1], t, NULL);
		return 0;
	}
	if (l) {
		if (uint_list(l->value, ',', v, 16) < 1)
			return bad(m, l, err, "not a list of whole numbers; allowed: e.g. 4,13,4,5,39");
		l->used = 1;
		put(m, "sim", lat_key, v[0], l, NULL);
	}
	if (i) {
		if (uint_list(i->value, ',', v, 16) < 1)
			return bad(m, i, err, "not a list of whole numbers; allowed: e.g. 1,2,1,1,4");
		i->used = 1;
		put(m, "sim", ii_key, v[0], i, NULL);
	}
	return 0;
}

static const char *const dram_fields[][2] = {
	{"nbk", "dram_banks"}, {"CCD", "dram_tCCD"}, {"RRD", "dram_tRRD"}, {"RCD", "dram_tRCD"},
	{"RAS", "dram_tRAS"}, {"RP", "dram_tRP"}, {"RC", "dram_tRC"}, {"CL", "dram_tCL"},
	{"WL", "dram_tWL"}, {"WR", "dram_tWR"},
	/* GPGPU-Sim's, without an equivalent in the model: listed as ignored */
	{"CDLR", NULL}, {"nbkgrp", NULL}, {"CCDL", NULL}, {"RTPL", NULL},
};

static int dram_timing(struct gsim_map *m, struct gsim_opt *o, struct gpurf_err *err)
{
	const char *s = o->value;

	o->used = 1;
	while (*s) {
		char field[64], *eq;
		size_t n = strcspn(s, ":");
		size_t k;
		long long v;

		while (n && *s == ' ')
			s++, n--;
		if (n == 0 || n >= sizeof field)
			return bad(m, o, err, "an empty or overlong field; allowed: NAME=cycles fields "
				   "separated by ':'");
		memcpy(field, s, n);
		field[n] = '\0';
		while (n && field[n - 1] == ' ')
			field[--n] = '\0';
		eq = strchr(field, '=');
		if (!eq || (v = num(eq + 1, strlen(eq + 1))) < 0)
			return bad(m, o, err, "field '%s' is not NAME=cycles; allowed: NAME=cycles fields "
				   "separated by ':'", field);
		*eq = '\0';
		for (k = 0; k < sizeof dram_fields / sizeof dram_fields[0]; k++)
			if (strcmp(dram_fields[k][0], field) == 0)
				break;
		if (k == sizeof dram_fields / sizeof dram_fields[0])
			return bad(m, o, err, "unknown timing field '%s'; allowed: nbk, CCD, RRD, RCD, RAS, RP, "
				   "RC, CL, WL, CDLR, WR, nbkgrp, CCDL, RTPL", field);
		if (dram_fields[k][1])
			put(m, "mem", dram_fields[k][1], (unsigned long)v, o, NULL);
		else {
			size_t u = strlen(m->ignored_fields);

			snprintf(m->ignored_fields + u, sizeof m->ignored_fields - u, " %s:%s", o->name, field);
		}
		s += strcspn(s, ":");
		if (*s)
			s++;
	}
	return 0;
}

/* ---- the mapping ------------------------------------------------------------------- */

static int map(struct gsim_map *m, struct gpurf_err *err)
{
	struct gsim_opt *o, *pipe = find(m, "-gpgpu_shader_core_pipeline");
	unsigned warps = 0, lanes = 0, v;

	put_text(m, "mem", "model", "detailed", NULL, "the detailed memory system");
	/* SMs */
	if ((o = find(m, "-gpgpu_n_clusters"))) {
		struct gsim_opt *c = find(m, "-gpgpu_n_cores_per_cluster");
		unsigned per = 1;

		if (opt_uint(m, o, &v, err) || (c && opt_uint(m, c, &per, err)))
			return -1;
		put(m, "sim", "sms", (unsigned long)v * per, o, "-gpgpu_n_clusters x -gpgpu_n_cores_per_cluster");
	}
	/* threads, warps, CTAs, registers */
	if (pipe) {
		unsigned f[2];

		if (uint_list(pipe->value, ':', f, 2) != 2 || !f[0] || !f[1])
			return bad(m, pipe, err, "not <threads>:<warp size>; allowed: two whole numbers above 0, "
				   "e.g. 2048:32");
		if (f[0] % f[1])
			return bad(m, pipe, err, "%u threads are not a whole number of %u-thread warps; allowed: "
				   "a multiple of %u", f[0], f[1], f[1]);
		pipe->used = 1;
		lanes = f[1];
		warps = f[0] / f[1];
		put(m, "sm", "threads", f[0], pipe, NULL);
		put(m, "sm", "lanes", lanes, pipe, NULL);
		put(m, "sm", "warps", warps, pipe, NULL);
	}
	if ((o = find(m, "-gpgpu_shader_cta"))) {
		if (opt_uint(m, o, &v, err))
			return -1;
		if (warps && v > warps)
			return bad(m, o, err, "more CTAs than the %u warps of -gpgpu_shader_core_pipeline %s "
				   "(line %u) can hold; allowed: 1 to %u", warps, pipe->value, pipe->line, warps);
		put(m, "sm", "ctas", v, o, NULL);
	}
	if ((o = find(m, "-gpgpu_shader_registers"))) {
		if (opt_uint(m, o, &v, err))
			return -1;
		if (lanes && v % lanes)
			return bad(m, o, err, "not a whole number of %u-lane warp registers; allowed: a multiple "
				   "of %u", lanes, lanes);
		put(m, "rf", "size_bytes", (unsigned long)v * 4, o, "-gpgpu_shader_registers x 4 bytes");
	}
	if (direct(m, "-gpgpu_num_reg_banks", "rf", "banks", err))
		return -1;
	if ((o = find(m, "-gpgpu_reg_file_port_throughput"))) {
		if (opt_uint(m, o, &v, err))
			return -1;
		put(m, "rf", "bank_read_ports", v, o, NULL);
		put(m, "rf", "bank_write_ports", v, o, NULL);
		put(m, "rf", "bank_ports", v, o, NULL);
	}
	/* operand collectors: generic units, or the sum of the specialised
	 * sets (GPGPU-Sim's defaults for a set not given) */
	{
		static const struct { const char *name; unsigned def; } sets[] = {
			{"-gpgpu_operand_collector_num_units_sp", 4}, {"-gpgpu_operand_collector_num_units_dp", 0},
			{"-gpgpu_operand_collector_num_units_sfu", 4}, {"-gpgpu_operand_collector_num_units_int", 0},
			{"-gpgpu_operand_collector_num_units_tensor_core", 4},
			{"-gpgpu_operand_collector_num_units_mem", 2}, {"-gpgpu_operand_collector_num_units_gen", 0},
		};
		struct gsim_opt *spec = find(m, "-gpgpu_enable_specialized_operand_collector"), *from = spec;
		unsigned specialized = 1, n = 0;

		if (spec && opt_uint(m, spec, &specialized, err))
			return -1;
		for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
			unsigned u = sets[i].def;
			int gen = i + 1 == sizeof sets / sizeof sets[0];

			if (!specialized && !gen)
				continue;
			if ((o = find(m, sets[i].name))) {
				if (opt_uint(m, o, &u, err))
					return -1;
				from = from ? from : o;
			}
			n += u;
		}
		if (from) {
			if (n == 0)
				return bad(m, from, err, "no operand collector units; allowed: at least one "
					   "(-gpgpu_operand_collector_num_units_*)");
			if (n > 32) {
				note(m, "%u operand collector units held as 32 ([rf] collectors at most 32)", n);
				n = 32;
			}
			put(m, "rf", "collectors", n, from, "-gpgpu_operand_collector_num_units_*");
		}
	}
	/* write-back ports: the EX_WB width */
	if ((o = find(m, "-gpgpu_pipeline_widths"))) {
		unsigned w[16];

		if (uint_list(o->value, ',', w, 16) < 11)
			return bad(m, o, err, "fewer than 11 whole numbers; allowed: ID_OC_SP,ID_OC_DP,ID_OC_INT,"
				   "ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_DP,OC_EX_INT,OC_EX_SFU,OC_EX_MEM,EX_WB[,...]");
		o->used = 1;
		put(m, "rf", "write_ports", w[10], o, "-gpgpu_pipeline_widths EX_WB");
	}
	/* schedulers */
	if ((o = find(m, "-gpgpu_num_sched_per_core"))) {
		if (opt_uint(m, o, &v, err))
			return -1;
		if (warps && v > warps)
			return bad(m, o, err, "more schedulers than the %u warps of -gpgpu_shader_core_pipeline; "
				   "allowed: 1 to %u", warps, warps);
		put(m, "sm", "schedulers", v, o, NULL);
	}
	if ((o = find(m, "-gpgpu_scheduler"))) {
		o->used = 1;
		if (strcmp(o->value, "gto") == 0 || strcmp(o->value, "lrr") == 0)
			put_text(m, "sim", "scheduler", o->value, o, NULL);
		else if (strncmp(o->value, "two_level_active:", 17) == 0) {
			unsigned f[3];
			int n = uint_list(o->value + 17, ':', f, 3);

			if (n < 1 || !f[0])
				return bad(m, o, err, "no active-warp count; allowed: gto, lrr, two_level_active:N");
			if (n > 1)
				note(m, "-gpgpu_scheduler %s: the prioritisation fields ignored (the model's "
				     "two-level scheduler is round robin inside the active set)", o->value);
			put_text(m, "sim", "scheduler", "two_level", o, NULL);
			put(m, "sim", "active_warps", f[0], o, NULL);
		} else
			return bad(m, o, err, "a scheduler the model does not have; allowed: gto, lrr, "
				   "two_level_active:N");
	}
	/* latencies: the trace-mode classes (Accel-Sim), else the PTX-mode lists */
	if (latency(m, "-trace_opcode_latency_initiation_sp", "-ptx_opcode_latency_fp",
		    "-ptx_opcode_initiation_fp", "alu_latency", "alu_ii", err) ||
	    latency(m, "-trace_opcode_latency_initiation_sfu", "-ptx_opcode_latency_sfu",
		    "-ptx_opcode_initiation_sfu", "sfu_latency", "sfu_ii", err) ||
	    latency(m, "-trace_opcode_latency_initiation_dp", "-ptx_opcode_latency_dp",
		    "-ptx_opcode_initiation_dp", "dp_latency", "dp_ii", err))
		return -1;
	if (direct(m, "-gpgpu_shmem_size", "sim", "shared_bytes", err) ||
	    direct(m, "-gpgpu_smem_latency", "sim", "shared_latency", err) ||
	    direct(m, "-gpgpu_l1_latency", "sim", "l1_latency", err) ||
	    direct(m, "-gpgpu_kernel_launch_latency", "sim", "launch_latency", err) ||
	    direct(m, "-gpgpu_inst_fetch_throughput", "sim", "fetch_width", err))
		return -1;
	/* L1 */
	{
		struct gsim_opt *skip = find(m, "-gpgpu_gmem_skip_L1D");
		unsigned bypass = 0;
		struct gsim_cache c;

		if (skip && opt_uint(m, skip, &bypass, err))
			return -1;
		if ((o = find(m, "-gpgpu_cache:dl1"))) {
			if (cache(m, o, &c, err))
				return -1;
			if (!c.none) {
				if (c.sectored)
					put(m, "mem", "l1_sector_bytes", 32, o, NULL);
				else
					note(m, "-gpgpu_cache:dl1 not sectored: held as the model's sectored L1");
				put(m, "mem", "l1_mshrs", c.mshrs, o, NULL);
				put(m, "mem", "l1_mshr_merge", c.merge, o, NULL);
			}
			if (c.none)
				put(m, "sim", "l1_bytes", 0, o, NULL);
			else {
				put(m, "sim", "l1_bytes", (unsigned long)c.sets * c.line * c.assoc, o,
				    "-gpgpu_cache:dl1 sets x line x ways");
				put(m, "sim", "l1_assoc", c.assoc, o, NULL);
				if (c.line != 128)
					note(m, "-gpgpu_cache:dl1 lines of %u bytes held as 128-byte lines", c.line);
			}
		}
		if (skip)
			put(m, "mem", "l1_skip_global", bypass != 0, skip, NULL);
	}
	/* L1 instruction cache: none when GPGPU-Sim's is perfect */
	{
		struct gsim_opt *perfect = find(m, "-gpgpu_perfect_inst_const_cache");
		unsigned p = 0;
		struct gsim_cache c;

		if (perfect && opt_uint(m, perfect, &p, err))
			return -1;
		if ((o = find(m, "-gpgpu_cache:il1"))) {
			if (cache(m, o, &c, err))
				return -1;
			if (p || c.none)
				put(m, "sim", "il1_bytes", 0, perfect && p ? perfect : o,
				    "perfect instruction cache: every fetch hits");
			else {
				put(m, "sim", "il1_bytes", (unsigned long)c.sets * c.line * c.assoc, o,
				    "-gpgpu_cache:il1 sets x line x ways");
				put(m, "sim", "il1_line_bytes", c.line, o, NULL);
				put(m, "sim", "il1_assoc", c.assoc, o, NULL);
			}
		} else if (perfect)
			perfect->used = 1;
	}
	/* L2 and memory partitions */
	if ((o = find(m, "-gpgpu_cache:dl2"))) {
		struct gsim_cache c;

		if (cache(m, o, &c, err))
			return -1;
		if (c.none)
			return bad(m, o, err, "no L2; allowed: an L2 geometry (the model always has one)");
		put(m, "mem", "l2_bytes", (unsigned long)c.sets * c.line * c.assoc, o, "-gpgpu_cache:dl2 sets x line x ways");
		put(m, "mem", "l2_assoc", c.assoc, o, NULL);
		put(m, "mem", "l2_mshrs", c.mshrs, o, NULL);
		put(m, "mem", "l2_sectored", c.sectored, o, NULL);
		if (c.wr_alloc == 'W')
			put_text(m, "mem", "l2_write_alloc", "fetch", o, NULL);
		else if (c.wr_alloc == 'L')
			put_text(m, "mem", "l2_write_alloc", "lazy", o, NULL);
		else
			note(m, "-gpgpu_cache:dl2 write-allocate policy '%c' held as L (lazy fetch on read)",
			     c.wr_alloc ? c.wr_alloc : '?');
	}
	if (direct(m, "-gpgpu_n_mem", "mem", "partitions", err) ||
	    direct(m, "-gpgpu_n_sub_partition_per_mchannel", "mem", "sub_partitions", err) ||
	    direct(m, "-gpgpu_l2_rop_latency", "mem", "l2_latency", err) ||
	    direct(m, "-icnt_flit_size", "mem", "icnt_flit_bytes", err) ||
	    direct(m, "-gpgpu_dram_burst_length", "mem", "dram_burst", err) ||
	    direct(m, "-gpgpu_frfcfs_dram_sched_queue_size", "mem", "dram_queue", err))
		return -1;
	/* the simple model's round trip beyond the L1: L2 (ROP) + DRAM latency */
	if ((o = find(m, "-dram_latency"))) {
		struct gsim_opt *rop = find(m, "-gpgpu_l2_rop_latency");
		unsigned r = 0;

		if (opt_uint(m, o, &v, err) || (rop && opt_uint(m, rop, &r, err)))
			return -1;
		put(m, "mem", "dram_latency", v, o, NULL);
		put(m, "sim", "dram_latency", (unsigned long)v + r, o,
		    "-gpgpu_l2_rop_latency + -dram_latency (the simple model's round trip)");
	}
	if ((o = find(m, "-gpgpu_dram_timing_opt")) && dram_timing(m, o, err))
		return -1;
	if ((o = find(m, "-gpgpu_dram_scheduler"))) {
		if (opt_uint(m, o, &v, err))
			return -1;
		if (v > 1)
			return bad(m, o, err, "unknown DRAM scheduler; allowed: 0 (FIFO), 1 (FR-FCFS)");
		put_text(m, "mem", "dram_sched", v ? "frfcfs" : "fifo", o, NULL);
	}
	if ((o = find(m, "-gpgpu_mem_addr_mapping"))) {
		const char *bits = strrchr(o->value, ';');
		unsigned cs = 0;

		o->used = 1;
		for (const char *p = bits ? bits + 1 : o->value; *p; p++)
			cs += *p == 'C' || *p == 'S';
		if (cs == 0 || cs > 24)
			return bad(m, o, err, "%u column and burst bits (C, S); allowed: 1 to 24", cs);
		put(m, "mem", "dram_row_bytes", 1UL << cs, o, "-gpgpu_mem_addr_mapping 2^(C + S bits)");
	}
	/* clock domains, bus width and the simple model's bandwidth */
	{
		struct gsim_opt *clk = find(m, "-gpgpu_clock_domains"), *bus = find(m, "-gpgpu_dram_buswidth");
		struct gsim_opt *per = find(m, "-gpgpu_n_mem_per_ctrlr"), *nmem = find(m, "-gpgpu_n_mem");
		struct gsim_opt *ratio = find(m, "-dram_data_command_freq_ratio");
		unsigned bw = 0, chips = 1, parts = 0, r = 1;
		double mhz[4] = {0};
		static const char *const clk_keys[4] = {"core_mhz", "icnt_mhz", "l2_mhz", "dram_mhz"};

		if (clk) {
			if (clocks(m, clk, mhz, err))
				return -1;
			for (int i = 0; i < 4; i++) {
				unsigned long x = (unsigned long)lround(mhz[i]);

				if (fabs(mhz[i] - (double)x) > 1e-9)
					note(m, "-gpgpu_clock_domains %s: %.3f MHz held as %lu", clk_keys[i], mhz[i], x);
				put(m, "mem", clk_keys[i], x, clk, NULL);
			}
		}
		if ((bus && opt_uint(m, bus, &bw, err)) || (per && opt_uint(m, per, &chips, err)) ||
		    (nmem && opt_uint(m, nmem, &parts, err)) || (ratio && opt_uint(m, ratio, &r, err)))
			return -1;
		if (bus)
			put(m, "mem", "dram_bus_bytes", (unsigned long)bw * chips, bus,
			    "-gpgpu_dram_buswidth x -gpgpu_n_mem_per_ctrlr");
		if (ratio)
			put(m, "mem", "dram_data_ratio", r, ratio, NULL);
		if (clk && bus && nmem) {
			double b = (double)parts * bw * chips * r * mhz[3] / mhz[0];
			unsigned long x = (unsigned long)lround(b);

			put(m, "sim", "dram_bytes_per_cycle", x ? x : 1, bus,
			    "-gpgpu_n_mem x -gpgpu_dram_buswidth x -gpgpu_n_mem_per_ctrlr x "
			    "-dram_data_command_freq_ratio x dram MHz / core MHz");
		}
	}
	return 0;
}

/* ---- the interface ------------------------------------------------------------------ */

static void set_name(struct gsim_map *m)
{
	const char *p = m->paths[0], *base = strrchr(p, '/');
	size_t n;

	base = base ? base + 1 : p;
	if (strcmp(base, "gpgpusim.config") == 0 && base > p + 1) {
		const char *end = base - 1, *start;

		while (end > p && end[-1] == '/')
			end--;
		start = end;
		while (start > p && start[-1] != '/')
			start--;
		n = (size_t)(end - start);
		base = start;
	} else {
		n = strlen(base);
		if (n > 7 && strcmp(base + n - 7, ".config") == 0)
			n -= 7;
	}
	if (n >= sizeof m->name)
		n = sizeof m->name - 1;
	memcpy(m->name, base, n);
	m->name[n] = '\0';
}

int gsim_read(const char *const *paths, unsigned npaths, struct gsim_map *m, struct gpurf_err *err)
{
	memset(m, 0, sizeof *m);
	if (npaths == 0 || npaths > GSIM_MAX_FILES)
		return gpurf_fail(err, GPURF_ERR_INPUT, "1 to %d GPGPU-Sim configuration files allowed, %u given",
				  GSIM_MAX_FILES, npaths);
	m->npaths = npaths;
	for (unsigned f = 0; f < npaths; f++)
		m->paths[f] = paths[f];
	set_name(m);
	for (unsigned f = 0; f < npaths; f++) {
		char *text = slurp(paths[f], err);
		int rc;

		if (!text)
			return -1;
		rc = cut(m, f, text, err);
		free(text);
		if (rc)
			return -1;
	}
	return map(m, err);
}

int gsim_apply(const struct gsim_map *m, const char *const *sets, unsigned nsets, struct gpurf_cfg *cfg,
	       struct gpurf_err *err)
{
	cfg_defaults(cfg);
	snprintf(cfg->name, sizeof cfg->name, "%s", m->name);
	snprintf(cfg->path, sizeof cfg->path, "%s", m->paths[0]);	/* the keys of cross-key checks come from it */
	for (unsigned i = 0; i < m->nset; i++) {
		const struct gsim_set *s = &m->set[i];
		const struct gsim_opt *o = s->from;
		char where[700];

		if (!cfg_has_key(s->section, s->key))
			continue;
		if (o)
			snprintf(where, sizeof where, "%s:%u: %s %s gives", m->paths[o->file], o->line, o->name,
				 o->value);
		else
			snprintf(where, sizeof where, "%s: %s gives", m->paths[0], s->how);
		if (cfg_set_key(cfg, s->section, s->key, s->value, o ? o->line : 0, where, err))
			return -1;
	}
	if (cfg_apply_sets(cfg, sets, nsets, err))
		return -1;
	return cfg_finish(cfg, err);
}

void gsim_write_ini(const struct gsim_map *m, FILE *out)
{
	static const char *const sections[] = {"sm", "rf", "sim", "mem"};

	fprintf(out, "; %s: written by gpurf-sim --gpgpusim-config from\n", m->name);
	for (unsigned f = 0; f < m->npaths; f++)
		fprintf(out, ";   %s\n", m->paths[f]);
	fprintf(out, "; (docs/configs.md, \"GPGPU-Sim configurations\"); keys not listed keep their defaults.\n");
	for (size_t k = 0; k < sizeof sections / sizeof sections[0]; k++) {
		int header = 0;

		for (unsigned i = 0; i < m->nset; i++) {
			const struct gsim_set *s = &m->set[i];
			int have = cfg_has_key(s->section, s->key);

			if (strcmp(s->section, sections[k]) != 0)
				continue;
			if (!header) {
				fputc('\n', out);
				if (!have)
					fprintf(out, "; this build does not register these keys: kept as comments\n");
				fprintf(out, "[%s]\n", sections[k]);
				header = 1;
			}
			/* inih reads lines of up to 200 bytes: the origin on its own line */
			if (s->from) {
				const char *f = strrchr(m->paths[s->from->file], '/');

				fprintf(out, "; %s (%s:%u)\n", s->how, f ? f + 1 : m->paths[s->from->file],
					s->from->line);
			} else
				fprintf(out, "; %s\n", s->how);
			fprintf(out, "%s%s = %s\n", have ? "" : ";", s->key, s->value);
		}
	}
}

void gsim_print_ignored(const struct gsim_map *m, const char *tool, FILE *out)
{
	unsigned n = 0;

	for (unsigned i = 0; i < m->nopt; i++)
		n += !m->opt[i].used;
	for (const char *p = m->ignored_fields; *p; p++)
		n += *p == ' ';
	if (n) {
		fprintf(out, "%s: %s: %u GPGPU-Sim options ignored (no equivalent in the model):", tool, m->name, n);
		for (unsigned i = 0; i < m->nopt; i++)
			if (!m->opt[i].used)
				fprintf(out, " %s", m->opt[i].name);
		fprintf(out, "%s\n", m->ignored_fields);
	}
	if (m->notes[0])
		fprintf(out, "%s: %s: mapped with changes: %s\n", tool, m->name, m->notes);
}

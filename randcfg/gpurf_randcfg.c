/* gpurf_randcfg.c: draws random valid configurations near a base one, for
 * the random-configuration regression (tests/scripts/random-configs.sh).
 *
 * From the base (a tiny configuration of one scheme) it changes 1 to 4 keys
 * of the sections the RTL is generated from ([sm], [rf] and the scheme's
 * own), each to a value the key table allows, drawn small (up to about twice
 * the base's value) so the RTL stays quick to verilate; a draw the cross-key
 * rules refuse is drawn again.  --invalid then pushes one drawn key just
 * outside its range, for the check that the generator refuses it;
 * --invalid-cross instead draws keys that are each within their range but
 * together break a cross-key rule (cfg_finish refuses the combination), with
 * values up to about four times the base's so the rules between sizes bite.  The
 * output is the base file with the drawn keys rewritten in place (or added
 * to their section), its first line a comment saying what was drawn. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cfg_key.h"
#include "cli.h"
#include "err.h"
#include "read_file.h"
#include "rng.h"

static const struct cli_tool tool = {
	"gpurf-randcfg",
	"--base FILE.ini --seed S --out OUT.ini [--invalid | --invalid-cross]",
	"  --base FILE     the configuration to start from (its scheme is kept)\n"
	"  --seed S        the draw (the same seed gives the same file)\n"
	"  --out FILE      the configuration written\n"
	"  --invalid       one drawn key just outside its range (the generator must refuse it)\n"
	"  --invalid-cross keys each within range that together break a cross-key rule\n",
};

enum { MAX_DRAWN = 4, MAX_TRIES = 500 };

struct drawn {
	const struct cfg_key *k;
	char value[32];
};

/* Uniform in [0, n) (rng.h: the same draw on every machine). */
static unsigned long below(struct rng *s, unsigned long n)
{
	return n ? rng_below(s, (uint32_t)n) : 0;
}

/* The section of the scheme's own keys ("ltrf" for ltrf_plus). */
static const char *scheme_section(const char *scheme)
{
	return strcmp(scheme, "ltrf_plus") == 0 ? "ltrf" : scheme;
}

static int key_drawable(const struct cfg_key *k, const char *own)
{
	if (strcmp(k->section, "sm") == 0)
		return strcmp(k->name, "scheme") != 0;
	return strcmp(k->section, "rf") == 0 || strcmp(k->section, own) == 0;
}

/* A small value the key allows, near the base's: uniform in [min, cap]
 * with cap about `spread` times the base value (powers of two for POW2 keys). */
static void draw_value(struct rng *s, const struct cfg_key *k, unsigned base, unsigned long spread,
		       char *buf, size_t cap)
{
	if (k->type == KEY_ENUM) {
		unsigned n = 0;
		while (k->choices[n])
			n++;
		snprintf(buf, cap, "%s", k->choices[below(s, n)]);
		return;
	}
	unsigned long hi = spread * base + 2 * spread;
	if (hi > k->max)
		hi = k->max;
	if (hi < k->min)
		hi = k->min;
	if (k->flags & KEY_POW2) {
		unsigned long v = k->min ? k->min : 1, n = 0, pick;
		for (unsigned long x = v; x <= hi; x *= 2)
			n++;
		pick = below(s, n);
		while (pick--)
			v *= 2;
		snprintf(buf, cap, "%lu", v);
		return;
	}
	snprintf(buf, cap, "%lu", k->min + below(s, hi - k->min + 1));
}

/* Is `line` "name = ..." (blanks allowed)? */
static int line_sets(const char *line, const char *name)
{
	while (*line == ' ' || *line == '\t')
		line++;
	size_t n = strlen(name);
	if (strncmp(line, name, n) != 0)
		return 0;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line == '=';
}

static void put_section_rest(FILE *o, const char *section, const struct drawn *d, unsigned nd,
			     unsigned char *done)
{
	for (unsigned j = 0; j < nd; j++)
		if (!done[j] && strcmp(d[j].k->section, section) == 0) {
			fprintf(o, "%s = %s\n", d[j].k->name, d[j].value);
			done[j] = 1;
		}
}

/* The base text with the drawn keys rewritten or added; written to a
 * temporary name and renamed, so no partial file is ever left. */
static int write_config(const char *out, const char *base_text, const char *comment,
			const struct drawn *d, unsigned nd)
{
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp", out);
	FILE *o = fopen(tmp, "w");
	if (!o)
		return -1;
	unsigned char done[MAX_DRAWN] = {0};
	char section[64] = "";
	fprintf(o, "# %s\n", comment);
	for (const char *p = base_text; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
		if (line[0] == '[') {
			put_section_rest(o, section, d, nd, done);
			sscanf(line, "[%63[^]]", section);
			fprintf(o, "%s\n", line);
		} else {
			int replaced = 0;
			for (unsigned j = 0; j < nd && !replaced; j++)
				if (!done[j] && strcmp(d[j].k->section, section) == 0 && line_sets(line, d[j].k->name)) {
					fprintf(o, "%s = %s\n", d[j].k->name, d[j].value);
					done[j] = replaced = 1;
				}
			if (!replaced)
				fprintf(o, "%s\n", line);
		}
		p = e ? e + 1 : p + len;
	}
	put_section_rest(o, section, d, nd, done);
	for (unsigned j = 0; j < nd; j++)
		if (!done[j]) {
			fprintf(o, "[%s]\n", d[j].k->section);
			put_section_rest(o, d[j].k->section, d, nd, done);
		}
	if (fclose(o) != 0 || rename(tmp, out) != 0) {
		remove(tmp);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *base = NULL, *out = NULL;
	unsigned long long seed = 0;
	int have_seed = 0, invalid = 0, cross = 0;
	int rc = cli_common(&tool, argc, argv);
	if (rc >= 0)
		return rc;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--invalid") == 0) {
			invalid = 1;
		} else if (strcmp(argv[i], "--invalid-cross") == 0) {
			cross = 1;
		} else if (i + 1 < argc && strcmp(argv[i], "--base") == 0) {
			base = argv[++i];
		} else if (i + 1 < argc && strcmp(argv[i], "--out") == 0) {
			out = argv[++i];
		} else if (i + 1 < argc && strcmp(argv[i], "--seed") == 0) {
			char *end;
			errno = 0;
			seed = strtoull(argv[++i], &end, 10);
			if (*end || errno || argv[i][0] == '-')
				return cli_usage_error(&tool, "--seed '%s': allowed: an integer >= 0", argv[i]);
			have_seed = 1;
		} else {
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
		}
	}
	if (!base || !out || !have_seed)
		return cli_usage_error(&tool, "--base, --seed and --out are required");
	if (invalid && cross)
		return cli_usage_error(&tool, "--invalid and --invalid-cross: allowed: one of them");

	struct gpurf_cfg cfg0, cfg;
	struct gpurf_err err = {0};
	char *text;
	if (cfg_load(&cfg0, base, &err)) {
		fprintf(stderr, "gpurf-randcfg: %s\n", err.msg);
		return 2;
	}
	if (!(text = read_file(base, NULL, &err))) {
		fprintf(stderr, "gpurf-randcfg: %s\n", err.msg);
		return 2;
	}
	const char *own = scheme_section(cfg_enum_name("scheme", cfg0.scheme));
	const struct cfg_key *pool[512];
	unsigned npool = 0;
	for (unsigned i = 0; cfg_key_index(i) && npool < 512; i++)
		if (key_drawable(cfg_key_index(i), own))
			pool[npool++] = cfg_key_index(i);

	struct rng state = { seed };
	struct drawn d[MAX_DRAWN];
	unsigned nd = 0;
	int found = 0;
	for (int t = 0; t < MAX_TRIES && !found; t++) {
		cfg = cfg0;
		nd = 1 + (unsigned)below(&state, MAX_DRAWN);
		int ok = 1;
		for (unsigned j = 0; j < nd && ok; j++) {
			const struct cfg_key *k = pool[below(&state, npool)];
			for (unsigned q = 0; q < j; q++)
				if (d[q].k == k)
					k = NULL;	/* drawn twice: fewer keys this time */
			if (!k) {
				nd = j;
				break;
			}
			d[j].k = k;
			draw_value(&state, k, k->type == KEY_UINT ? *cfg_field(&cfg0, k) : 0, cross ? 4 : 2,
				   d[j].value, sizeof d[j].value);
			ok = cfg_set_key(&cfg, k->section, k->name, d[j].value, CFG_LINE_SET, "randcfg", &err) == 0;
		}
		/* valid: the combination is accepted; --invalid-cross: every key was
		 * accepted alone and the combination is refused */
		found = ok && nd > 0 && (cfg_finish(&cfg, &err) == 0) != cross;
	}
	if (!found) {
		fprintf(stderr, "gpurf-randcfg: no %s draw in %d tries from %s (seed %llu)\n",
			cross ? "cross-key invalid" : "valid", MAX_TRIES, base, seed);
		free(text);
		return 1;
	}
	char comment[1024];
	size_t used = (size_t)snprintf(comment, sizeof comment, "randcfg seed %llu from %s:", seed, base);
	if (invalid) {
		/* one drawn (or, when none is a number, another) key just outside its range */
		const struct cfg_key *k = NULL;
		for (unsigned j = 0; j < nd && !k; j++)
			if (d[j].k->type == KEY_UINT && (d[j].k->max < ULONG_MAX || d[j].k->min > 0))
				k = d[j].k, nd = j + 1;
		if (!k) {
			for (unsigned q = 0; q < npool && !k; q++)
				if (pool[q]->type == KEY_UINT)
					k = pool[q];
			d[0].k = k;
			nd = 1;
		}
		if (k->min > 0 && (k->max == ULONG_MAX || below(&state, 2)))
			snprintf(d[nd - 1].value, sizeof d[nd - 1].value, "%lu", k->min - 1);
		else
			snprintf(d[nd - 1].value, sizeof d[nd - 1].value, "%lu", k->max + 1);
		used += (size_t)snprintf(comment + used, sizeof comment - used, " invalid [%s] %s = %s",
					 k->section, k->name, d[nd - 1].value);
	} else {
		if (cross)
			used += (size_t)snprintf(comment + used, sizeof comment - used, " invalid together:");
		for (unsigned j = 0; j < nd && used < sizeof comment; j++)
			used += (size_t)snprintf(comment + used, sizeof comment - used, " [%s] %s = %s",
						 d[j].k->section, d[j].k->name, d[j].value);
	}
	rc = write_config(out, text, comment, d, nd);
	free(text);
	if (rc) {
		fprintf(stderr, "gpurf-randcfg: %s: cannot write: %s\n", out, strerror(errno));
		return 1;
	}
	puts(comment);
	return 0;
}

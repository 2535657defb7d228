/* gpurf_mutate.c: the command line of the mutation tool.  It lists the
 * single-operator mutation sites of one generated Verilog file, draws a
 * deterministic sample of them, and writes one mutant; scripts/mutate builds
 * and runs each mutant through its lockstep.  Sites a list of known-equivalent
 * mutants names (tests/mutate/equivalent.tsv) are marked in the listing and
 * never drawn, so a score counts only mutants that can be told apart. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "read_file.h"
#include "vmutate.h"

static const struct cli_tool tool = {
	"gpurf-mutate",
	"list FILE.v [--equivalent TSV]\n"
	"draw FILE.v N SEED [--equivalent TSV]\n"
	"apply FILE.v ID OUT.v",
	"  list            every mutation site: id, line, class, before, after (and\n"
	"                  \"equivalent\" when TSV names it)\n"
	"  draw            N sites for SEED, classes in turn, known-equivalent ones left out\n"
	"  apply           writes FILE.v with site ID mutated to OUT.v\n"
	"  --equivalent TSV  known-equivalent mutants, tab-separated: file, class,\n"
	"                  occurrence (* or which of the lines with the same text),\n"
	"                  source line, before, after (fnmatch patterns), reason\n",
};

struct text {
	char *p;
	size_t len;
};

/* Reads path; 0, or 2 (bad input) with the message printed. */
static int read_text(const char *path, struct text *t)
{
	struct gpurf_err err = {0};
	t->p = read_file(path, &t->len, &err);
	if (!t->p) {
		fprintf(stderr, "gpurf-mutate: %s\n", err.msg);
		return 2;
	}
	return 0;
}

/* The source line the site starts on, without leading and trailing blanks. */
static void site_line(const struct text *t, const struct vmut_site *s, char *buf, size_t cap)
{
	size_t a = s->off, b = s->off;
	while (a > 0 && t->p[a - 1] != '\n')
		a--;
	while (b < t->len && t->p[b] != '\n')
		b++;
	while (a < b && (t->p[a] == ' ' || t->p[a] == '\t'))
		a++;
	while (b > a && (t->p[b - 1] == ' ' || t->p[b - 1] == '\t' || t->p[b - 1] == '\r'))
		b--;
	size_t n = b - a < cap - 1 ? b - a : cap - 1;
	memcpy(buf, t->p + a, n);
	buf[n] = '\0';
}

/* One entry of the known-equivalent list: fnmatch patterns for the file's
 * name, the site's source line (trimmed), its before and after texts, and
 * which of the lines with that very text it is (0: any). */
struct equiv {
	char *glob, *line, *before, *after;
	int cls, occurrence;
};

struct equiv_list {
	struct equiv *e;
	size_t n;
	char *text;	/* the file; the fields point into it */
};

static int split_tabs(char *s, char **f, int max)
{
	int n = 0;
	f[n++] = s;
	for (char *p = s; *p && n < max; p++)
		if (*p == '\t') {
			*p = '\0';
			f[n++] = p + 1;
		}
	return n;
}

static int read_equivalents(const char *path, struct equiv_list *l)
{
	struct text t;
	int rc = read_text(path, &t);
	if (rc)
		return rc;
	l->text = t.p;
	l->n = 0;
	l->e = calloc(t.len / 8 + 1, sizeof *l->e);
	int lineno = 0;
	for (char *line = t.p, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *f[8];
		int n = split_tabs(line, f, 8);
		if (n != 7) {
			fprintf(stderr, "gpurf-mutate: %s:%d: %d tab-separated fields; allowed: 7 "
				"(file, class, occurrence, source line, before, after, reason)\n",
				path, lineno, n);
			return 2;
		}
		char *end;
		long occ = strcmp(f[2], "*") == 0 ? 0 : strtol(f[2], &end, 10);
		if (strcmp(f[2], "*") != 0 && (*end || end == f[2] || occ < 1 || occ > 1000000)) {
			fprintf(stderr, "gpurf-mutate: %s:%d: occurrence '%s'; allowed: * or a count >= 1\n",
				path, lineno, f[2]);
			return 2;
		}
		int cls = vmut_class_parse(f[1]);
		if (cls < 0) {
			fprintf(stderr, "gpurf-mutate: %s:%d: class '%s'; allowed:", path, lineno, f[1]);
			for (int c = 0; c < VM_NCLASSES; c++)
				fprintf(stderr, " %s", vmut_class_name(c));
			fputc('\n', stderr);
			return 2;
		}
		l->e[l->n++] = (struct equiv){ f[0], f[3], f[4], f[5], cls, (int)occ };
	}
	return 0;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Which of the lines whose trimmed text is `line` the site's line is (1-based):
 * a reset branch and a clear branch often write the same line. */
static int occurrence(const struct text *t, const struct vmut_site *s, const char *line)
{
	struct vmut_site at = *s;
	char other[4096];
	int k = 1;
	for (size_t a = 0; a < s->off; a++) {
		if (a != 0 && t->p[a - 1] != '\n')
			continue;
		at.off = a;
		site_line(t, &at, other, sizeof other);
		if (strcmp(other, line) == 0 && memchr(t->p + a, '\n', s->off - a))
			k++;
	}
	return k;
}

static int is_equivalent(const struct equiv_list *l, const char *file, const struct text *t,
			 const struct vmut_site *s)
{
	char line[4096], before[256], after[256];
	if (!l || l->n == 0)
		return 0;
	site_line(t, s, line, sizeof line);
	vmut_describe(t->p, s, before, sizeof before, after, sizeof after);
	for (size_t i = 0; i < l->n; i++) {
		const struct equiv *e = &l->e[i];
		if (e->cls == (int)s->cls && fnmatch(e->glob, base_name(file), 0) == 0
		    && fnmatch(e->line, line, 0) == 0 && fnmatch(e->before, before, 0) == 0
		    && fnmatch(e->after, after, 0) == 0
		    && (e->occurrence == 0 || occurrence(t, s, line) == e->occurrence))
			return 1;
	}
	return 0;
}

static void print_site(const struct text *t, size_t id, const struct vmut_site *s, int equivalent)
{
	char before[256], after[256];
	vmut_describe(t->p, s, before, sizeof before, after, sizeof after);
	printf("%zu\t%d\t%s\t%s\t%s%s\n", id, s->line, vmut_class_name(s->cls), before, after,
	       equivalent ? "\tequivalent" : "");
}

static int parse_count(const char *s, unsigned long long *v)
{
	char *end;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *s && *s != '-' && !*end && errno == 0 ? 0 : -1;
}

/* list and draw: the sites of FILE, less the known-equivalent ones. */
static int cmd_sites(int argc, char **argv, int draw)
{
	const char *file = NULL, *equiv_path = NULL;
	unsigned long long n = 0, seed = 0;
	int pos = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--equivalent") == 0) {
			if (++i == argc)
				return cli_usage_error(&tool, "--equivalent needs a file");
			equiv_path = argv[i];
		} else if (pos == 0) {
			file = argv[i], pos++;
		} else if (draw && pos == 1) {
			if (parse_count(argv[i], &n) || n == 0)
				return cli_usage_error(&tool, "N '%s': allowed: a count >= 1", argv[i]);
			pos++;
		} else if (draw && pos == 2) {
			if (parse_count(argv[i], &seed))
				return cli_usage_error(&tool, "SEED '%s': allowed: an integer >= 0", argv[i]);
			pos++;
		} else {
			return cli_usage_error(&tool, "unexpected argument '%s'", argv[i]);
		}
	}
	if (pos != (draw ? 3 : 1))
		return cli_usage_error(&tool, draw ? "draw needs FILE.v N SEED" : "list needs FILE.v");

	struct text t;
	struct equiv_list eq = { 0 };
	int rc = read_text(file, &t);
	if (rc)
		return rc;
	if (equiv_path && (rc = read_equivalents(equiv_path, &eq)) != 0) {
		free(t.p);
		return rc;
	}
	struct vmut_sites sites = { 0 };
	if (vmutate_sites(t.p, t.len, &sites)) {
		fprintf(stderr, "gpurf-mutate: out of memory\n");
		return 1;
	}
	unsigned char *ok = malloc(sites.n + 1);
	size_t *pick = malloc((sites.n + 1) * sizeof *pick);
	for (size_t i = 0; i < sites.n; i++)
		ok[i] = !is_equivalent(&eq, file, &t, &sites.site[i]);
	if (draw) {
		size_t got = vmutate_draw(&sites, ok, n, seed, pick);
		for (size_t k = 0; k < got; k++)
			print_site(&t, pick[k], &sites.site[pick[k]], 0);
	} else {
		for (size_t i = 0; i < sites.n; i++)
			print_site(&t, i, &sites.site[i], !ok[i]);
	}
	free(ok);
	free(pick);
	vmut_sites_free(&sites);
	free(eq.e);
	free(eq.text);
	free(t.p);
	return fflush(stdout) == 0 ? 0 : 1;
}

static int cmd_apply(int argc, char **argv)
{
	unsigned long long id;
	if (argc != 3)
		return cli_usage_error(&tool, "apply needs FILE.v ID OUT.v");
	if (parse_count(argv[1], &id))
		return cli_usage_error(&tool, "ID '%s': allowed: a site number of 'list'", argv[1]);
	struct text t;
	int rc = read_text(argv[0], &t);
	if (rc)
		return rc;
	struct vmut_sites sites = { 0 };
	if (vmutate_sites(t.p, t.len, &sites)) {
		fprintf(stderr, "gpurf-mutate: out of memory\n");
		return 1;
	}
	if (id >= sites.n) {
		fprintf(stderr, "gpurf-mutate: %s: ID %llu; allowed: 0 to %zu (its sites)\n",
			argv[0], id, sites.n ? sites.n - 1 : 0);
		vmut_sites_free(&sites);
		free(t.p);
		return 2;
	}
	size_t len;
	char *m = vmutate_apply(t.p, t.len, &sites.site[id], &len);
	/* written beside OUT and renamed: no partial mutant is ever left */
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", argv[2]);
	FILE *f = m ? fopen(tmp, "wb") : NULL;
	rc = 0;
	if (!f || fwrite(m, 1, len, f) != len || fclose(f) != 0 || rename(tmp, argv[2]) != 0) {
		fprintf(stderr, "gpurf-mutate: %s: cannot write: %s\n", argv[2], strerror(errno));
		remove(tmp);
		rc = 1;
	}
	free(m);
	vmut_sites_free(&sites);
	free(t.p);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = cli_common(&tool, argc, argv);
	if (rc >= 0)
		return rc;
	if (argc < 2)
		return cli_usage_error(&tool, "no command");
	if (strcmp(argv[1], "list") == 0)
		return cmd_sites(argc - 2, argv + 2, 0);
	if (strcmp(argv[1], "draw") == 0)
		return cmd_sites(argc - 2, argv + 2, 1);
	if (strcmp(argv[1], "apply") == 0)
		return cmd_apply(argc - 2, argv + 2);
	return cli_usage_error(&tool, "unknown command '%s'", argv[1]);
}

/* json_flat.c: a small recursive-descent JSON reader that flattens as it
 * goes (see json_flat.h).  It reads standard JSON; it was written for the
 * statistics files of gpurf-sim, which are small. */
#include "json_flat.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *s, *what;
	size_t pos;
	unsigned flags;
	struct jf_doc *doc;
	struct gpurf_err *err;
};

enum { NAME_MAX_LEN = 512, VALUE_MAX_LEN = 4096 };

int jf_add(struct jf_doc *doc, const char *name, const char *value)
{
	if (doc->n == doc->cap) {
		size_t cap = doc->cap ? doc->cap * 2 : 64;
		struct jf_pair *v = realloc(doc->v, cap * sizeof *v);

		if (!v)
			return -1;
		doc->v = v;
		doc->cap = cap;
	}
	doc->v[doc->n].name = strdup(name);
	doc->v[doc->n].value = strdup(value);
	if (!doc->v[doc->n].name || !doc->v[doc->n].value) {
		free(doc->v[doc->n].name);
		free(doc->v[doc->n].value);
		return -1;
	}
	doc->n++;
	return 0;
}

const char *jf_get(const struct jf_doc *doc, const char *name)
{
	for (size_t i = 0; i < doc->n; i++)
		if (strcmp(doc->v[i].name, name) == 0)
			return doc->v[i].value;
	return NULL;
}

void jf_free(struct jf_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		free(doc->v[i].name);
		free(doc->v[i].value);
	}
	free(doc->v);
	memset(doc, 0, sizeof *doc);
}

static int fail(struct parser *p, const char *expected)
{
	char found[16];
	size_t i = 0;

	for (; i < 10 && p->s[p->pos + i] && p->s[p->pos + i] != '\n'; i++)
		found[i] = p->s[p->pos + i];
	found[i] = '\0';
	return gpurf_fail(p->err, GPURF_ERR_INPUT, "%s: offset %zu: expected %s (found '%s')", p->what, p->pos,
			  expected, p->s[p->pos] ? found : "end of file");
}

static void skip_ws(struct parser *p)
{
	while (p->s[p->pos] && isspace((unsigned char)p->s[p->pos]))
		p->pos++;
}

static int add(struct parser *p, const char *name, const char *value)
{
	if (jf_add(p->doc, name, value))
		return gpurf_fail(p->err, GPURF_ERR_IO, "out of memory");
	return 0;
}

/* A string into buf (unescaped; \u escapes outside ASCII become '?'). */
static int string(struct parser *p, char *buf, size_t n)
{
	size_t used = 0;

	if (p->s[p->pos] != '"')
		return fail(p, "a string");
	p->pos++;
	for (;;) {
		char c = p->s[p->pos++];

		if (c == '\0' || c == '\n')
			return p->pos--, fail(p, "the end of the string");
		if (c == '"')
			break;
		if (c == '\\') {
			char e = p->s[p->pos++];

			switch (e) {
			case '"': case '\\': case '/': c = e; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case 'u': {
				unsigned v;

				/* four digits, each checked: "%4x" alone took fewer
				 * and the position then ran past the end of the text
				 * (fuzz/fuzz_stats.c) */
				for (int k = 0; k < 4; k++)
					if (!isxdigit((unsigned char)p->s[p->pos + k]))
						return fail(p, "four hex digits after \\u");
				sscanf(p->s + p->pos, "%4x", &v);
				p->pos += 4;
				c = v < 128 ? (char)v : '?';
				break;
			}
			default:
				return p->pos--, fail(p, "a JSON escape");
			}
		}
		if (used + 1 >= n)
			return fail(p, "a shorter string");
		buf[used++] = c;
	}
	buf[used] = '\0';
	return 0;
}

/* A number's text into buf. */
static int number(struct parser *p, char *buf, size_t n)
{
	const char *start = p->s + p->pos;
	char *end;
	size_t len;

	errno = 0;
	(void)strtod(start, &end);
	if (end == start || !(isdigit((unsigned char)*start) || *start == '-'))
		return fail(p, "a value");
	len = (size_t)(end - start);
	if (len >= n)
		return fail(p, "a shorter number");
	memcpy(buf, start, len);
	buf[len] = '\0';
	p->pos += len;
	return 0;
}

static int value(struct parser *p, const char *name, int depth);

static void join(char *out, size_t n, const char *prefix, const char *name)
{
	snprintf(out, n, "%s%s%s", prefix, *prefix ? "." : "", name);
}

static int object(struct parser *p, const char *prefix, int depth)
{
	char key[NAME_MAX_LEN], name[NAME_MAX_LEN * 2];

	p->pos++;
	skip_ws(p);
	if (p->s[p->pos] == '}')
		return p->pos++, 0;
	for (;;) {
		skip_ws(p);
		if (string(p, key, sizeof key))
			return -1;
		skip_ws(p);
		if (p->s[p->pos] != ':')
			return fail(p, "':'");
		p->pos++;
		join(name, sizeof name, prefix, key);
		if (value(p, name, depth + 1))
			return -1;
		skip_ws(p);
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == '}')
			return p->pos++, 0;
		return fail(p, "',' or '}'");
	}
}

/* Is the array at p->pos made of numbers only? */
static int numeric_array(const struct parser *p)
{
	for (size_t i = p->pos + 1; p->s[i] && p->s[i] != ']'; i++)
		if (!strchr("0123456789+-.eE, \t\r\n", p->s[i]))
			return 0;
	return 1;
}

/* Sum of a numeric array: integers stay integers (while the sum fits 64
 * bits), else %.6f. */
static int sum_array(struct parser *p, const char *name)
{
	char buf[64];
	int integral = 1;
	int64_t isum = 0;
	double dsum = 0.0;

	p->pos++;
	skip_ws(p);
	if (p->s[p->pos] != ']')
		for (;;) {
			skip_ws(p);
			if (number(p, buf, sizeof buf))
				return -1;
			integral &= strpbrk(buf, ".eE") == NULL;
			if (integral) {
				/* a value or sum beyond 64 bits is summed as a double
				 * (fuzz/fuzz_stats.c found the signed overflow) */
				errno = 0;
				long long v = strtoll(buf, NULL, 10);
				int64_t sum;
				if (errno == ERANGE || __builtin_add_overflow(isum, (int64_t)v, &sum))
					integral = 0;
				else
					isum = sum;
			}
			dsum += strtod(buf, NULL);
			skip_ws(p);
			if (p->s[p->pos] == ',') {
				p->pos++;
				continue;
			}
			break;
		}
	if (p->s[p->pos] != ']')
		return fail(p, "',' or ']'");
	p->pos++;
	if (integral)
		snprintf(buf, sizeof buf, "%" PRId64, isum);
	else
		snprintf(buf, sizeof buf, "%.6f", dsum);
	return add(p, name, buf);
}

static int array(struct parser *p, const char *prefix, int depth)
{
	char name[NAME_MAX_LEN * 2], idx[24];

	if (!(p->flags & JF_INDEX) && numeric_array(p))
		return sum_array(p, prefix);
	p->pos++;
	skip_ws(p);
	if (p->s[p->pos] == ']')
		return p->pos++, 0;
	for (unsigned i = 0;; i++) {
		snprintf(idx, sizeof idx, "%u", i);
		join(name, sizeof name, prefix, idx);
		if (value(p, name, depth + 1))
			return -1;
		skip_ws(p);
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == ']')
			return p->pos++, 0;
		return fail(p, "',' or ']'");
	}
}

static int value(struct parser *p, const char *name, int depth)
{
	char buf[VALUE_MAX_LEN];
	const char *s;

	skip_ws(p);
	s = p->s + p->pos;
	if (depth > 64)
		return fail(p, "at most 64 levels of nesting");
	if (*s == '{')
		return object(p, name, depth);
	if (*s == '[')
		return array(p, name, depth);
	if (*s == '"')
		return string(p, buf, sizeof buf) ? -1 : add(p, name, buf);
	if (strncmp(s, "true", 4) == 0 || strncmp(s, "false", 5) == 0) {
		p->pos += *s == 't' ? 4 : 5;
		return add(p, name, *s == 't' ? "true" : "false");
	}
	if (strncmp(s, "null", 4) == 0) {
		p->pos += 4;
		return add(p, name, "");
	}
	return number(p, buf, sizeof buf) ? -1 : add(p, name, buf);
}

/* Takes back the pairs a failed parse added: a document that fails leaves
 * doc as it was (found by fuzz/fuzz_stats.c: the pairs before the error
 * leaked). */
static int undo(struct jf_doc *doc, size_t n0)
{
	while (doc->n > n0) {
		doc->n--;
		free(doc->v[doc->n].name);
		free(doc->v[doc->n].value);
	}
	if (n0 == 0) {		/* nothing of the caller's: the array goes too */
		free(doc->v);
		doc->v = NULL;
		doc->cap = 0;
	}
	return -1;
}

int jf_parse(struct jf_doc *doc, const char *text, const char *what, unsigned flags, struct gpurf_err *err)
{
	struct parser p = {text, what, 0, flags, doc, err};
	size_t n0 = doc->n;

	skip_ws(&p);
	if (text[p.pos] != '{')
		return fail(&p, "a JSON object");
	if (object(&p, "", 0))
		return undo(doc, n0);
	skip_ws(&p);
	if (text[p.pos]) {
		fail(&p, "the end of the document");
		return undo(doc, n0);
	}
	return 0;
}

int jf_load(struct jf_doc *doc, const char *path, unsigned flags, struct gpurf_err *err)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long len;
	int rc;

	if (!f)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read: not a regular file", path);
	}
	text = malloc((size_t)len + 1);
	if (!text) {
		fclose(f);
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		free(text);
		fclose(f);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read", path);
	}
	fclose(f);
	text[len] = '\0';
	if (strlen(text) != (size_t)len) {
		free(text);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: not a text file (NUL byte)", path);
	}
	rc = jf_parse(doc, text, path, flags, err);
	free(text);
	return rc;
}

/* vmutate.c: single-operator mutation sites of a Verilog file (vmutate.h).
 *
 * The walk over the tokens keeps just enough context to tell the operators
 * apart that Verilog spells alike: "<=" is an assignment when it is the first
 * "=" or "<=" of a statement outside any bracket, otherwise a comparison; "&"
 * and "|" are binary after an operand, reductions otherwise; ":" at the top
 * level ends a case label unless a "?" is waiting for it. */
#include "vmutate.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "vscan.h"

static const char *const class_names[] = {
#define X(e, s) s,
	VMUT_CLASSES(X)
#undef X
};

const char *vmut_class_name(enum vmut_class c)
{
	return (unsigned)c < VM_NCLASSES ? class_names[c] : "?";
}

int vmut_class_parse(const char *s)
{
	for (int c = 0; c < VM_NCLASSES; c++)
		if (strcmp(s, class_names[c]) == 0)
			return c;
	return -1;
}

struct walk {
	const char *text;
	const struct vtok *t;
	size_t n;
	struct vmut_sites *out;
	int failed;		/* out of memory */
};

static int is(const struct walk *w, size_t i, const char *s)
{
	return i < w->n && vtok_is(w->text, &w->t[i], s);
}

static int add(struct walk *w, enum vmut_class cls, size_t first, size_t last,
	       const char *repl, const char *pre, const char *post)
{
	struct vmut_sites *s = w->out;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		struct vmut_site *p = realloc(s->site, cap * sizeof *p);
		if (!p) {
			w->failed = 1;
			return -1;
		}
		s->site = p;
		s->cap = cap;
	}
	struct vmut_site *m = &s->site[s->n++];
	memset(m, 0, sizeof *m);
	m->cls = cls;
	m->line = w->t[first].line;
	m->off = w->t[first].off;
	m->len = w->t[last].off + w->t[last].len - m->off;
	snprintf(m->repl, sizeof m->repl, "%s", repl ? repl : "");
	snprintf(m->pre, sizeof m->pre, "%s", pre ? pre : "");
	snprintf(m->post, sizeof m->post, "%s", post ? post : "");
	return 0;
}

/* The index of the bracket closing the one at i ("(", "[" or "{"), or n. */
static size_t closing(const struct walk *w, size_t i)
{
	const char *open = is(w, i, "(") ? "(" : is(w, i, "[") ? "[" : "{";
	const char *close = open[0] == '(' ? ")" : open[0] == '[' ? "]" : "}";
	int depth = 0;
	for (size_t j = i; j < w->n; j++) {
		if (is(w, j, open))
			depth++;
		else if (is(w, j, close) && --depth == 0)
			return j;
	}
	return w->n;
}

/* The index of the next ";" at bracket depth 0 from i (or of "=" when
 * stop_at_eq), or n. */
static size_t statement_end(const struct walk *w, size_t i, int stop_at_eq)
{
	int depth = 0;
	for (size_t j = i; j < w->n; j++) {
		if (is(w, j, "(") || is(w, j, "[") || is(w, j, "{"))
			depth++;
		else if (is(w, j, ")") || is(w, j, "]") || is(w, j, "}"))
			depth--;
		else if (depth == 0 && (is(w, j, ";") || (stop_at_eq && is(w, j, "="))))
			return j;
	}
	return w->n;
}

/* A number's value, when it has one (no x, z or ?; at most 63 bits). */
struct vnum {
	int size;	/* 0: unsized */
	unsigned long long value;
};

static int parse_number(const char *s, size_t len, struct vnum *v)
{
	char buf[80];
	if (len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	char *q = strchr(buf, '\'');
	int base = 10;
	const char *digits = buf;
	v->size = 0;
	if (q) {
		*q = '\0';
		v->size = buf[0] ? atoi(buf) : 0;
		q++;
		if (*q == 's' || *q == 'S')
			q++;
		switch (tolower((unsigned char)*q)) {
		case 'b': base = 2; break;
		case 'o': base = 8; break;
		case 'd': base = 10; break;
		case 'h': base = 16; break;
		default: return -1;
		}
		digits = q + 1;
	}
	unsigned long long x = 0;
	int any = 0;
	for (const char *d = digits; *d; d++) {
		if (*d == '_')
			continue;
		int k = isdigit((unsigned char)*d) ? *d - '0'
			: isxdigit((unsigned char)*d) ? tolower((unsigned char)*d) - 'a' + 10 : 99;
		if (k >= base || x > (~0ULL >> 5))
			return -1;
		x = x * (unsigned)base + (unsigned)k;
		any = 1;
	}
	if (!any)
		return -1;
	v->value = x;
	return 0;
}

/* n + 1 spelled as a number of the same size (wider when it does not fit). */
static void plus_one(const struct vnum *v, char *buf, size_t cap)
{
	unsigned long long k = v->value + 1;
	int bits = 0;
	while (bits < 64 && (k >> bits))
		bits++;
	if (v->size == 0)
		snprintf(buf, cap, "%llu", k);
	else
		snprintf(buf, cap, "%d'd%llu", v->size > bits ? v->size : bits, k);
}

static int token_number(const struct walk *w, size_t i, struct vnum *v)
{
	return i < w->n && w->t[i].kind == VT_NUMBER
		&& parse_number(w->text + w->t[i].off, w->t[i].len, v) == 0 ? 0 : -1;
}

/* Does the token at i end an operand (so an operator after it is binary)? */
static int ends_operand(const struct walk *w, size_t i)
{
	if (w->t[i].kind != VT_OP)
		return w->t[i].kind == VT_NUMBER || !(is(w, i, "begin") || is(w, i, "else")
			|| is(w, i, "if") || is(w, i, "case") || is(w, i, "assign"));
	return is(w, i, ")") || is(w, i, "]") || is(w, i, "}");
}

/* A parameter's name: upper case by the generator's convention (signals
 * and ports are lower case). */
static int is_parameter_name(const struct walk *w, const struct vtok *t)
{
	for (size_t k = 0; k < t->len; k++)
		if (islower((unsigned char)w->text[t->off + k]))
			return 0;
	return 1;
}

/* Is every token of [a, b) part of a constant: numbers, parameters (upper
 * case), operators and the braces of a replication ({N*W{1'b0}})? */
static int constant_span(const struct walk *w, size_t a, size_t b)
{
	if (a >= b)
		return 0;
	for (size_t j = a; j < b; j++) {
		const struct vtok *t = &w->t[j];
		if (t->kind == VT_NUMBER)
			continue;
		if (t->kind == VT_OP)
			continue;	/* braces, operators of a constant expression */
		if (t->kind == VT_IDENT && is_parameter_name(w, t))
			continue;
		return 0;
	}
	return 1;
}

/* Does the "[" at i hold a ":", "+:" or "-:" at its own level? */
static int is_range(const struct walk *w, size_t i)
{
	int depth = 0;
	for (size_t j = i; j < w->n; j++) {
		if (is(w, j, "(") || is(w, j, "[") || is(w, j, "{"))
			depth++;
		else if (is(w, j, ")") || is(w, j, "]") || is(w, j, "}")) {
			if (--depth == 0)
				return 0;
		} else if (depth == 1 && (is(w, j, ":") || is(w, j, "+:") || is(w, j, "-:")))
			return 1;
	}
	return 0;
}

/* At the "{" at i: when it opens a replication {N{...}}, the index of the
 * inner "{" (the count N runs up to it: a width, like a range, so its
 * arithmetic is not mutated); otherwise keep. */
static size_t replication_count_end(const struct walk *w, size_t i, size_t keep)
{
	int depth = 0;
	for (size_t j = i + 1; j < w->n; j++) {
		if (depth == 0 && (is(w, j, ",") || is(w, j, "}")))
			return keep;
		if (depth == 0 && is(w, j, "{"))
			return j > i + 1 ? j : keep;
		if (is(w, j, "(") || is(w, j, "["))
			depth++;
		else if (is(w, j, ")") || is(w, j, "]"))
			depth--;
	}
	return keep;
}

/* Is the "[...]" at i an index of numbers, parameters (upper case) and
 * operators only? */
static int is_constant_index(const struct walk *w, size_t i)
{
	int depth = 0;
	for (size_t j = i; j < w->n; j++) {
		const struct vtok *t = &w->t[j];
		if (is(w, j, "[") || is(w, j, "("))
			depth++;
		else if (is(w, j, "]") || is(w, j, ")")) {
			if (--depth == 0)
				return 1;
		} else if (t->kind == VT_IDENT && !is_parameter_name(w, t)) {
			return 0;
		}
	}
	return 0;
}

static int is_decl_keyword(const struct walk *w, size_t i)
{
	static const char *const kw[] = { "input", "output", "inout", "wire", "reg",
					  "integer", "genvar", "logic" };
	for (size_t k = 0; k < sizeof kw / sizeof *kw; k++)
		if (is(w, i, kw[k]))
			return 1;
	return 0;
}

static int starts_statement_after(const struct walk *w, size_t i)
{
	static const char *const kw[] = { "begin", "end", "else", "endcase", "default",
					  "always", "initial", "generate", "endgenerate",
					  "assign", "endmodule" };
	for (size_t k = 0; k < sizeof kw / sizeof *kw; k++)
		if (is(w, i, kw[k]))
			return 1;
	return 0;
}

/* wire x_unused = ^{...}: a lint sink (it marks bits the module does not
 * use, for verilator -Wall).  Nothing reads it, so every mutant of its
 * expression is equivalent by construction: not a site. */
static int lint_sink(const struct walk *w, size_t i)
{
	const struct vtok *t = &w->t[i];
	static const char word[] = "unused";

	if (t->kind != VT_IDENT)
		return 0;
	for (size_t k = 0; k + sizeof word - 1 <= t->len; k++)
		if (memcmp(w->text + t->off + k, word, sizeof word - 1) == 0)
			return 1;
	return 0;
}

#define MAX_NEST 256

int vmutate_sites(const char *text, size_t len, struct vmut_sites *out)
{
	struct vtok_list toks = { 0 };
	if (vscan(text, len, &toks))
		return -1;
	struct walk w = { text, toks.tok, toks.n, out, 0 };
	/* per open bracket: did a control keyword (if, case, while) open this
	 * "("; is this "[" a part-select range (a ":" inside) or an index made
	 * of parameters and numbers only?  Arithmetic there is a width or a
	 * fixed field position, not logic: mutating it changes the structure
	 * (and Verilator folds an out-of-range constant index back into range,
	 * so such a mutant can even pass unnoticed for the wrong reason). */
	unsigned char control[MAX_NEST], range[MAX_NEST];
	int depth = 0;		/* ( [ { nesting */
	int assigned = 0;	/* this statement's "=" or "<=" seen */
	int ternary = 0;	/* "?" at depth 0 waiting for ":" */
	size_t count_end = 0;	/* a replication count {N{...}} runs up to here */

	for (size_t i = 0; i < w.n && !w.failed; i++) {
		const struct vtok *t = &w.t[i];
		struct vnum v;
		char buf[24];

		if (is(&w, i, "module")) {		/* the header: ports, parameters */
			i = statement_end(&w, i, 0);
			assigned = ternary = 0;
		} else if (is(&w, i, "parameter") || is(&w, i, "localparam")) {
			i = statement_end(&w, i, 0);
			assigned = ternary = 0;
		} else if (is(&w, i, "#") && is(&w, i + 1, "(")) {
			i = closing(&w, i + 1);		/* an instance's parameters */
		} else if ((is(&w, i, "for") || is(&w, i, "@")) && is(&w, i + 1, "(")) {
			i = closing(&w, i + 1);		/* loop header, sensitivity */
			assigned = ternary = 0;
		} else if (is(&w, i, "@")) {
			i++;				/* @* */
		} else if (t->kind == VT_IDENT && text[t->off] == '$' && is(&w, i + 1, "(")) {
			i = closing(&w, i + 1);		/* $display and friends */
		} else if (is_decl_keyword(&w, i) && depth == 0) {
			size_t e = statement_end(&w, i, 1);
			if (e < w.n && is(&w, e, "=") && lint_sink(&w, e - 1)) {
				i = statement_end(&w, e, 0);	/* drives nothing */
				assigned = ternary = 0;
			} else if (e < w.n && is(&w, e, "=")) {
				i = e;			/* wire x = <expression>; */
				assigned = 1;
			} else {
				i = e;
				assigned = ternary = 0;
			}
		} else if (starts_statement_after(&w, i)) {
			assigned = ternary = 0;
		} else if (is(&w, i, "if") && is(&w, i + 1, "(")) {
			size_t c = closing(&w, i + 1);
			if (c < w.n && c > i + 2) {
				add(&w, VM_COND_NOT, i + 2, c - 1, NULL, "!(", ")");
				add(&w, VM_COND_TRUE, i + 2, c - 1, "1'b1", NULL, NULL);
			}
		} else if (t->kind == VT_OP && (is(&w, i, "(") || is(&w, i, "[") || is(&w, i, "{"))) {
			if (depth < MAX_NEST) {
				control[depth] = is(&w, i, "(") && i > 0
					&& (is(&w, i - 1, "if") || is(&w, i - 1, "case")
					    || is(&w, i - 1, "casez") || is(&w, i - 1, "while"));
				range[depth] = is(&w, i, "[") && (is_range(&w, i) || is_constant_index(&w, i));
			}
			depth++;
			if (is(&w, i, "{"))
				count_end = replication_count_end(&w, i, count_end);
			/* x[K]: a constant bit-select */
			if (is(&w, i, "[") && i > 0 && w.t[i - 1].kind == VT_IDENT
			    && is(&w, i + 2, "]") && token_number(&w, i + 1, &v) == 0) {
				plus_one(&v, buf, sizeof buf);
				add(&w, VM_BIT_SELECT, i + 1, i + 1, buf, NULL, NULL);
			}
		} else if (t->kind == VT_OP && (is(&w, i, ")") || is(&w, i, "]") || is(&w, i, "}"))) {
			if (depth > 0)
				depth--;
			if (depth < MAX_NEST && is(&w, i, ")") && control[depth])
				assigned = ternary = 0;	/* if (...) <statement> */
		} else if (is(&w, i, ";")) {
			assigned = ternary = 0;
		} else if (is(&w, i, "?")) {
			if (depth == 0)
				ternary++;
		} else if (is(&w, i, ":")) {
			if (depth == 0) {
				if (ternary > 0)
					ternary--;
				else
					assigned = 0;	/* a case label */
			}
		} else if (is(&w, i, "=")) {
			if (depth == 0)
				assigned = 1;
		} else if (is(&w, i, "<=")) {
			if (depth == 0 && !assigned) {
				assigned = 1;		/* q <= ...: an assignment */
				size_t e = statement_end(&w, i + 1, 0);
				if (e < w.n && constant_span(&w, i + 1, e)) {
					add(&w, VM_RESET, i + 1, e - 1, NULL, "~(", ")");
					i = e - 1;	/* its bits are this one site */
				}
			} else {
				add(&w, VM_REL, i, i, "<", NULL, NULL);
			}
		} else if (is(&w, i, "<")) {
			add(&w, VM_REL, i, i, "<=", NULL, NULL);
		} else if (is(&w, i, ">")) {
			add(&w, VM_REL, i, i, ">=", NULL, NULL);
		} else if (is(&w, i, ">=")) {
			add(&w, VM_REL, i, i, ">", NULL, NULL);
		} else if (is(&w, i, "==")) {
			add(&w, VM_EQ, i, i, "!=", NULL, NULL);
		} else if (is(&w, i, "!=")) {
			add(&w, VM_EQ, i, i, "==", NULL, NULL);
		} else if (is(&w, i, "&&")) {
			add(&w, VM_LOGIC, i, i, "||", NULL, NULL);
		} else if (is(&w, i, "||")) {
			add(&w, VM_LOGIC, i, i, "&&", NULL, NULL);
		} else if ((is(&w, i, "&") || is(&w, i, "|")) && i > 0 && ends_operand(&w, i - 1)) {
			add(&w, VM_BITOP, i, i, is(&w, i, "&") ? "|" : "&", NULL, NULL);
		} else if ((is(&w, i, "+") || is(&w, i, "-")) && i > 0 && ends_operand(&w, i - 1)
			   && !(depth > 0 && depth <= MAX_NEST && range[depth - 1]) && i >= count_end) {
			add(&w, VM_ARITH, i, i, is(&w, i, "+") ? "-" : "+", NULL, NULL);
			if (token_number(&w, i + 1, &v) == 0) {
				plus_one(&v, buf, sizeof buf);
				add(&w, VM_OFF_BY_ONE, i + 1, i + 1, buf, NULL, NULL);
			}
		} else if (is(&w, i, "1'b0") || is(&w, i, "1'b1")) {
			add(&w, VM_BIT_CONST, i, i, is(&w, i, "1'b0") ? "1'b1" : "1'b0", NULL, NULL);
		}
	}
	int failed = w.failed;
	vtok_list_free(&toks);
	return failed ? -1 : 0;
}

void vmut_sites_free(struct vmut_sites *s)
{
	free(s->site);
	s->site = NULL;
	s->n = s->cap = 0;
}

char *vmutate_apply(const char *text, size_t len, const struct vmut_site *s, size_t *out_len)
{
	size_t pre = strlen(s->pre), post = strlen(s->post);
	size_t mid = s->repl[0] ? strlen(s->repl) : s->len;
	size_t n = len - s->len + pre + mid + post;
	char *o = malloc(n + 1), *p = o;
	if (!o)
		return NULL;
	memcpy(p, text, s->off), p += s->off;
	memcpy(p, s->pre, pre), p += pre;
	memcpy(p, s->repl[0] ? s->repl : text + s->off, mid), p += mid;
	memcpy(p, s->post, post), p += post;
	memcpy(p, text + s->off + s->len, len - s->off - s->len);
	o[n] = '\0';
	*out_len = n;
	return o;
}

/* Copies at most cap - 1 bytes of the parts, cutting long ones with "...";
 * new lines become spaces so a report stays one line per site. */
static void clip(char *dst, size_t cap, const char *a, size_t alen,
		 const char *b, size_t blen, const char *c, size_t clen)
{
	size_t k = 0;
	const char *parts[3] = { a, b, c };
	size_t lens[3] = { alen, blen, clen };
	for (int p = 0; p < 3; p++)
		for (size_t j = 0; j < lens[p] && k + 1 < cap; j++)
			dst[k++] = parts[p][j] == '\n' || parts[p][j] == '\t' ? ' ' : parts[p][j];
	dst[k] = '\0';
	if (k + 1 >= cap && cap > 4)
		memcpy(dst + cap - 4, "...", 4);
}

void vmut_describe(const char *text, const struct vmut_site *s,
		   char *before, size_t before_cap, char *after, size_t after_cap)
{
	clip(before, before_cap, text + s->off, s->len, "", 0, "", 0);
	if (s->repl[0])
		clip(after, after_cap, s->pre, strlen(s->pre), s->repl, strlen(s->repl),
		     s->post, strlen(s->post));
	else
		clip(after, after_cap, s->pre, strlen(s->pre), text + s->off, s->len,
		     s->post, strlen(s->post));
}

static int by_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

size_t vmutate_draw(const struct vmut_sites *s, const unsigned char *ok, size_t n,
		    unsigned long long seed, size_t *pick)
{
	unsigned char *taken = calloc(s->n ? s->n : 1, 1);
	size_t left[VM_NCLASSES] = { 0 }, got = 0;
	if (!taken)
		return 0;
	for (size_t i = 0; i < s->n; i++)
		if (ok[i])
			left[s->site[i].cls]++;
	struct rng state = { seed };	/* rng.h: the same draw on every machine */
	for (int cls = 0; got < n;) {
		int tried = 0;
		while (left[cls] == 0 && tried < VM_NCLASSES) {
			cls = (cls + 1) % VM_NCLASSES;
			tried++;
		}
		if (left[cls] == 0)
			break;			/* nothing left in any class */
		size_t k = rng_below(&state, (uint32_t)left[cls]);
		for (size_t i = 0; i < s->n; i++) {
			if (!ok[i] || taken[i] || s->site[i].cls != (enum vmut_class)cls)
				continue;
			if (k-- == 0) {
				taken[i] = 1;
				pick[got++] = i;
				break;
			}
		}
		left[cls]--;
		cls = (cls + 1) % VM_NCLASSES;
	}
	free(taken);
	qsort(pick, got, sizeof *pick, by_index);
	return got;
}

/* expr.c: the expressions and templates of `gpurf-stats fmt` and `agg`
 * (see expr.h): a recursive-descent parser into a tree, evaluated per row
 * (fmt) or over the rows' sums and means (agg). */
#include "expr.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum op {
	O_NUM, O_FIELD, O_NEG, O_NOT, O_MUL, O_DIV, O_ADD, O_SUB,
	O_LT, O_LE, O_GT, O_GE, O_EQ, O_NE, O_AND, O_OR, O_SUM, O_MEAN, O_COUNT
};

struct expr {
	enum op op;
	double num;		/* O_NUM */
	unsigned field;		/* O_FIELD: 1-based */
	struct expr *a, *b;
	double sum;		/* O_SUM, O_MEAN: over the rows added */
	size_t count;
	int missing;		/* a row where a was missing */
};

/* ---- parsing ------------------------------------------------------------ */

struct parser {
	const char *text, *s;	/* the whole expression, the place reached */
	int agg;		/* 1: sum, mean, n allowed (and fields only inside them) */
	int inside;		/* within sum() or mean() */
	struct gpurf_err *err;
};

static int fail_at(struct parser *p, const char *what)
{
	return gpurf_fail(p->err, GPURF_ERR_INPUT, "expression '%s': %s at '%s'", p->text, what,
			  *p->s ? p->s : "the end");
}

static void skip(struct parser *p)
{
	while (isspace((unsigned char)*p->s))
		p->s++;
}

/* Takes the token tok when it comes next. */
static int take(struct parser *p, const char *tok)
{
	size_t n = strlen(tok);

	skip(p);
	if (strncmp(p->s, tok, n) != 0)
		return 0;
	/* "<" is not the start of "<=", "!" not of "!=" */
	if (n == 1 && strchr("<>!=", tok[0]) && p->s[1] == '=')
		return 0;
	p->s += n;
	return 1;
}

static struct expr *node(enum op op, struct expr *a, struct expr *b)
{
	struct expr *e = calloc(1, sizeof *e);

	if (e) {
		e->op = op;
		e->a = a;
		e->b = b;
	} else {
		expr_free(a);
		expr_free(b);
	}
	return e;
}

static int parse_or(struct parser *p, struct expr **out);

static int oom(struct parser *p)
{
	return gpurf_fail(p->err, GPURF_ERR_IO, "out of memory");
}

static int parse_primary(struct parser *p, struct expr **out)
{
	char *end;

	*out = NULL;
	skip(p);
	if (*p->s == '$') {
		unsigned long f = strtoul(p->s + 1, &end, 10);

		if (end == p->s + 1 || !isdigit((unsigned char)p->s[1]) || f == 0 || f > 100000)
			return fail_at(p, "expected a field number $1, $2, ...");
		if (p->agg && !p->inside)
			return fail_at(p, "a field outside sum() or mean()");
		p->s = end;
		if (!(*out = node(O_FIELD, NULL, NULL)))
			return oom(p);
		(*out)->field = (unsigned)f;
		return 0;
	}
	if (isdigit((unsigned char)*p->s) || *p->s == '.') {
		double v = strtod(p->s, &end);

		if (end == p->s)
			return fail_at(p, "expected a number");
		p->s = end;
		if (!(*out = node(O_NUM, NULL, NULL)))
			return oom(p);
		(*out)->num = v;
		return 0;
	}
	if (take(p, "(")) {
		if (parse_or(p, out))
			return -1;
		if (!take(p, ")"))
			return fail_at(p, "expected )");
		return 0;
	}
	if (isalpha((unsigned char)*p->s)) {
		const char *w = p->s;
		size_t n = 0;
		enum op op;

		while (isalnum((unsigned char)w[n]) || w[n] == '_')
			n++;
		if (n == 1 && w[0] == 'n')
			op = O_COUNT;
		else if (n == 3 && strncmp(w, "sum", 3) == 0)
			op = O_SUM;
		else if (n == 4 && strncmp(w, "mean", 4) == 0)
			op = O_MEAN;
		else
			return fail_at(p, "unknown name (known: sum, mean, n)");
		if (!p->agg)
			return fail_at(p, "sum, mean and n are agg's, not fmt's");
		if (p->inside)
			return fail_at(p, "sum, mean and n do not nest");
		p->s += n;
		if (!(*out = node(op, NULL, NULL)))
			return oom(p);
		if (op == O_COUNT)
			return 0;
		if (!take(p, "("))
			return fail_at(p, "expected (");
		p->inside = 1;
		if (parse_or(p, &(*out)->a))
			return -1;
		p->inside = 0;
		if (!take(p, ")"))
			return fail_at(p, "expected )");
		return 0;
	}
	return fail_at(p, "expected a number, $N, ( or a function");
}

static int parse_unary(struct parser *p, struct expr **out)
{
	enum op op;

	*out = NULL;
	if (take(p, "-"))
		op = O_NEG;
	else if (take(p, "!"))
		op = O_NOT;
	else
		return parse_primary(p, out);
	if (parse_unary(p, out))
		return -1;
	return (*out = node(op, *out, NULL)) ? 0 : oom(p);
}

/* One level of left-associative binary operators: toks[i] gives ops[i]. */
static int parse_level(struct parser *p, struct expr **out, int (*next)(struct parser *, struct expr **),
		       const char *const *toks, const enum op *ops, int chain)
{
	if (next(p, out))
		return -1;
	for (;;) {
		struct expr *b = NULL;
		int i;

		for (i = 0; toks[i] && !take(p, toks[i]); i++)
			;
		if (!toks[i])
			return 0;
		if (next(p, &b)) {
			expr_free(b);
			return -1;
		}
		if (!(*out = node(ops[i], *out, b)))
			return oom(p);
		if (!chain)
			return 0;
	}
}

static int parse_mul(struct parser *p, struct expr **out)
{
	static const char *const t[] = {"*", "/", NULL};
	static const enum op o[] = {O_MUL, O_DIV};

	return parse_level(p, out, parse_unary, t, o, 1);
}

static int parse_add(struct parser *p, struct expr **out)
{
	static const char *const t[] = {"+", "-", NULL};
	static const enum op o[] = {O_ADD, O_SUB};

	return parse_level(p, out, parse_mul, t, o, 1);
}

static int parse_cmp(struct parser *p, struct expr **out)
{
	static const char *const t[] = {"<=", ">=", "==", "!=", "<", ">", NULL};
	static const enum op o[] = {O_LE, O_GE, O_EQ, O_NE, O_LT, O_GT};

	return parse_level(p, out, parse_add, t, o, 0);
}

static int parse_and(struct parser *p, struct expr **out)
{
	static const char *const t[] = {"&&", NULL};
	static const enum op o[] = {O_AND};

	return parse_level(p, out, parse_cmp, t, o, 1);
}

static int parse_or(struct parser *p, struct expr **out)
{
	static const char *const t[] = {"||", NULL};
	static const enum op o[] = {O_OR};

	return parse_level(p, out, parse_and, t, o, 1);
}

/* Parses all of text; agg as in struct parser. */
static int parse(const char *text, int agg, struct expr **e, struct gpurf_err *err)
{
	struct parser p = {text, text, agg, 0, err};

	*e = NULL;
	if (parse_or(&p, e))
		goto bad;
	skip(&p);
	if (*p.s) {
		fail_at(&p, "unexpected text");
		goto bad;
	}
	return 0;
bad:
	expr_free(*e);
	*e = NULL;
	return -1;
}

int expr_parse(const char *text, struct expr **e, struct gpurf_err *err)
{
	return parse(text, 0, e, err);
}

void expr_free(struct expr *e)
{
	if (!e)
		return;
	expr_free(e->a);
	expr_free(e->b);
	free(e);
}

/* ---- evaluation --------------------------------------------------------- */

/* e's value on row r (NULL in agg's final pass) with rows the rows added;
 * -1 when missing. */
static int eval(const struct expr *e, const struct row *r, size_t rows, double *v)
{
	double x, y;

	switch (e->op) {
	case O_NUM:
		*v = e->num;
		return 0;
	case O_FIELD:
		return r && e->field <= r->nf ? rows_num(r->f[e->field - 1], v) : -1;
	case O_COUNT:
		*v = (double)rows;
		return 0;
	case O_SUM:
	case O_MEAN:
		if (e->missing || e->count == 0)
			return -1;
		*v = e->op == O_SUM ? e->sum : e->sum / (double)e->count;
		return 0;
	case O_NEG:
	case O_NOT:
		if (eval(e->a, r, rows, &x))
			return -1;
		*v = e->op == O_NEG ? -x : !x;
		return 0;
	default:
		break;
	}
	if (eval(e->a, r, rows, &x) || eval(e->b, r, rows, &y))
		return -1;
	switch (e->op) {
	case O_MUL: *v = x * y; break;
	case O_DIV:
		if (y == 0)
			return -1;
		*v = x / y;
		break;
	case O_ADD: *v = x + y; break;
	case O_SUB: *v = x - y; break;
	case O_LT: *v = x < y; break;
	case O_LE: *v = x <= y; break;
	case O_GT: *v = x > y; break;
	case O_GE: *v = x >= y; break;
	case O_EQ: *v = x == y; break;
	case O_NE: *v = x != y; break;
	case O_AND: *v = x && y; break;
	default: *v = x || y; break;	/* O_OR */
	}
	return isfinite(*v) ? 0 : -1;
}

int expr_true(const struct expr *e, const struct row *r)
{
	double v;

	return eval(e, r, 0, &v) == 0 && v != 0;
}

/* Adds row r to every sum() and mean() in e. */
static void accumulate(struct expr *e, const struct row *r)
{
	double v;

	if (!e)
		return;
	if (e->op == O_SUM || e->op == O_MEAN) {
		if (eval(e->a, r, 0, &v))
			e->missing = 1;
		else {
			e->sum += v;
			e->count++;
		}
		return;
	}
	accumulate(e->a, r);
	accumulate(e->b, r);
}

/* ---- templates ---------------------------------------------------------- */

/* A piece of a placeholder's FORMAT: literal text, or one conversion. */
struct conv {
	char *text;		/* the literal, or the spec without its letter ("%+.1") */
	char letter;		/* 0 for a literal */
};

struct item {
	char *lit;		/* literal text, when ne == 0 */
	struct expr **e;
	unsigned ne;
	struct conv *c;		/* NULL: awk's number format, values space-separated */
	unsigned nc;
};

struct tmpl {
	struct item *v;
	unsigned n;
	size_t rows;		/* agg: the rows added */
};

static void item_free(struct item *it)
{
	free(it->lit);
	for (unsigned i = 0; i < it->ne; i++)
		expr_free(it->e[i]);
	free(it->e);
	for (unsigned i = 0; i < it->nc; i++)
		free(it->c[i].text);
	free(it->c);
}

void tmpl_free(struct tmpl *t)
{
	if (!t)
		return;
	for (unsigned i = 0; i < t->n; i++)
		item_free(&t->v[i]);
	free(t->v);
	free(t);
}

static int add_conv(struct item *it, const char *s, size_t len, char letter)
{
	struct conv *c = realloc(it->c, (it->nc + 1) * sizeof *c);

	if (!c)
		return -1;
	it->c = c;
	if (!(c[it->nc].text = strndup(s, len)))
		return -1;
	c[it->nc++].letter = letter;
	return 0;
}

/* FORMAT of placeholder ph into it's conversions, one per expression. */
static int parse_format(struct item *it, const char *fmt, const char *ph, struct gpurf_err *err)
{
	unsigned nconv = 0;
	const char *s = fmt;

	if (!(it->c = calloc(1, sizeof *it->c)))
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	while (*s) {
		const char *start = s;
		size_t n;

		if (*s != '%' || s[1] == '%') {
			/* a literal up to the next conversion; %% is one percent sign */
			char buf[512];

			n = 0;
			while (*s && !(*s == '%' && s[1] != '%') && n < sizeof buf - 1) {
				buf[n++] = *s;
				s += *s == '%' ? 2 : 1;
			}
			if (add_conv(it, buf, n, 0))
				return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			continue;
		}
		s++;
		s += strspn(s, "-+ #0");
		s += strspn(s, "0123456789");
		if (*s == '.') {
			s++;
			s += strspn(s, "0123456789");
		}
		if (!*s || !strchr("difFeEgGs", *s) || s - start > 24)
			return gpurf_fail(err, GPURF_ERR_INPUT,
					  "placeholder '{%s}': '%.*s' is not a conversion (allowed: %%d %%i %%f %%e %%g %%s "
					  "with flags, width, precision)", ph, (int)(s - start + (*s != 0)), start);
		if (add_conv(it, start, (size_t)(s - start), *s))
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		nconv++;
		s++;
	}
	if (nconv != it->ne)
		return gpurf_fail(err, GPURF_ERR_INPUT, "placeholder '{%s}': %u expression(s), %u conversion(s)", ph,
				  it->ne, nconv);
	return 0;
}

/* The placeholder text ph (between the braces) into it. */
static int parse_placeholder(struct item *it, const char *ph, int agg, struct gpurf_err *err)
{
	const char *s = ph, *start = ph;
	int depth = 0;

	for (;; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if (*s && (depth > 0 || (*s != ',' && *s != ':')))
			continue;
		{
			char *text = strndup(start, (size_t)(s - start));
			struct expr **e = realloc(it->e, (it->ne + 1) * sizeof *e);

			if (!text || !e) {
				free(text);
				if (e)
					it->e = e;
				return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			}
			it->e = e;
			if (parse(text, agg, &e[it->ne], err)) {
				free(text);
				return -1;
			}
			it->ne++;
			free(text);
		}
		if (*s != ',')
			break;
		start = s + 1;
	}
	return *s == ':' ? parse_format(it, s + 1, ph, err) : 0;
}

static struct item *new_item(struct tmpl *t)
{
	struct item *v = realloc(t->v, (t->n + 1) * sizeof *v);

	if (!v)
		return NULL;
	t->v = v;
	memset(&v[t->n], 0, sizeof *v);
	return &v[t->n++];
}

int tmpl_parse(const char *text, int agg, struct tmpl **out, struct gpurf_err *err)
{
	struct tmpl *t = calloc(1, sizeof *t);
	const char *s = text;
	char *lit = malloc(strlen(text) + 1);
	size_t n = 0;

	*out = NULL;
	if (!t || !lit)
		goto oom;
	for (;;) {
		struct item *it;
		const char *close;

		if ((s[0] == '{' || s[0] == '}') && s[1] == s[0]) {
			lit[n++] = *s;
			s += 2;
			continue;
		}
		if (*s && *s != '{' && *s != '}') {
			lit[n++] = *s++;
			continue;
		}
		if (*s == '}') {
			gpurf_fail(err, GPURF_ERR_INPUT, "template '%s': a '}' without its '{' (write }} for a brace)",
				   text);
			goto bad;
		}
		if (n) {
			if (!(it = new_item(t)) || !(it->lit = strndup(lit, n)))
				goto oom;
			n = 0;
		}
		if (!*s)
			break;
		if (!(close = strchr(s, '}'))) {
			gpurf_fail(err, GPURF_ERR_INPUT, "template '%s': a '{' without its '}'", text);
			goto bad;
		}
		{
			char *ph = strndup(s + 1, (size_t)(close - s - 1));

			if (!ph || !(it = new_item(t))) {
				free(ph);
				goto oom;
			}
			if (parse_placeholder(it, ph, agg, err)) {
				free(ph);
				goto bad;
			}
			free(ph);
		}
		s = close + 1;
	}
	free(lit);
	*out = t;
	return 0;
oom:
	gpurf_fail(err, GPURF_ERR_IO, "out of memory");
bad:
	free(lit);
	tmpl_free(t);
	return -1;
}

/* v as awk prints a number: an integral value as an integer, else %.6g. */
static void awk_number(char *buf, size_t n, double v)
{
	if (v == trunc(v) && fabs(v) < 1e16)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.6g", v);
}

/* One value of a placeholder: a bare field's text, or a number. */
struct value {
	const char *text;	/* a bare field's text, else NULL */
	double v;
	int ok;			/* v is a number */
};

/* Prints placeholder it for row r (NULL: agg's totals) on out, or missing. */
static void print_item(const struct item *it, const struct row *r, size_t rows, const char *missing, FILE *out)
{
	struct value val[64];
	char buf[512];
	unsigned k = 0;

	if (it->ne > 64) {
		fputs(missing, out);
		return;
	}
	for (unsigned i = 0; i < it->ne; i++) {
		const struct expr *e = it->e[i];

		val[i].text = NULL;
		val[i].ok = eval(e, r, rows, &val[i].v) == 0;
		if (e->op == O_FIELD && r && e->field <= r->nf)
			val[i].text = r->f[e->field - 1];
	}
	/* missing: a bare field printed as text needs only to exist */
	for (unsigned i = 0, c = 0; i < it->ne; i++) {
		char letter = 0;

		if (it->c) {
			while (!it->c[c].letter)
				c++;
			letter = it->c[c++].letter;
		}
		if (val[i].text && (letter == 0 || letter == 's'))
			continue;
		if (!val[i].ok || ((letter == 'd' || letter == 'i') && fabs(val[i].v) >= 9e18)) {
			fputs(missing, out);
			return;
		}
	}
	if (!it->c) {
		for (unsigned i = 0; i < it->ne; i++) {
			if (!val[i].text)
				awk_number(buf, sizeof buf, val[i].v);
			fprintf(out, "%s%s", i ? " " : "", val[i].text ? val[i].text : buf);
		}
		return;
	}
	for (unsigned c = 0; c < it->nc; c++) {
		const struct conv *cv = &it->c[c];
		const struct value *x;
		char spec[64];

		if (!cv->letter) {
			fputs(cv->text, out);
			continue;
		}
		x = &val[k++];
		switch (cv->letter) {
		case 's':
			if (!x->text)
				awk_number(buf, sizeof buf, x->v);
			snprintf(spec, sizeof spec, "%ss", cv->text);
			fprintf(out, spec, x->text ? x->text : buf);
			break;
		case 'd':
		case 'i':
			snprintf(spec, sizeof spec, "%slld", cv->text);
			fprintf(out, spec, (long long)x->v);
			break;
		default:
			snprintf(spec, sizeof spec, "%s%c", cv->text, cv->letter);
			fprintf(out, spec, x->v);
			break;
		}
	}
}

static void print_all(const struct tmpl *t, const struct row *r, const char *missing, FILE *out)
{
	for (unsigned i = 0; i < t->n; i++) {
		if (t->v[i].ne == 0)
			fputs(t->v[i].lit, out);
		else
			print_item(&t->v[i], r, t->rows, missing, out);
	}
	fputc('\n', out);
}

void tmpl_print_row(const struct tmpl *t, const struct row *r, const char *missing, FILE *out)
{
	print_all(t, r, missing, out);
}

void tmpl_add_row(struct tmpl *t, const struct row *r)
{
	t->rows++;
	for (unsigned i = 0; i < t->n; i++)
		for (unsigned k = 0; k < t->v[i].ne; k++)
			accumulate(t->v[i].e[k], r);
}

void tmpl_print_agg(const struct tmpl *t, const char *missing, FILE *out)
{
	print_all(t, NULL, missing, out);
}

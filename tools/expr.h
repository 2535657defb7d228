/* expr.h: the expressions and output templates of `gpurf-stats fmt` and
 * `gpurf-stats agg`: the arithmetic scripts/results applies to the columns
 * of its tables (ratios, percentages, sums), in one place.
 *
 * An expression: numbers, fields $1 $2 ... of a row, ( ), unary - and !,
 * * /, + -, comparisons < <= > >= == != (1 or 0), && ||, with C's
 * precedence.  In agg's templates the fields appear only inside sum(E) and
 * mean(E), over the rows selected, and n is the number of those rows.  A
 * value is missing when a field is absent or not a number ("NA", "-"), on a
 * division by zero, and for sum() or mean() over no row or over a row where
 * E is missing; anything computed from a missing value is missing.
 *
 * A template is text with placeholders {E} or {E1, E2, ...: FORMAT}.
 * FORMAT is a printf format with one conversion per expression, from
 * %d %i (the value truncated toward zero), %f %e %g (and upper case) and
 * %s, with flags, width and precision; %% is a percent sign.  Without a
 * FORMAT the values are printed as awk prints numbers (an integral value as
 * an integer, else six significant digits) separated by a space.  %s and a
 * bare field {$N} print the field's text as it is.  A placeholder with a
 * missing value prints the `missing` text instead, all of it.  {{ and }}
 * are literal braces. */
#ifndef GPURF_EXPR_H
#define GPURF_EXPR_H

#include <stdio.h>

#include "err.h"
#include "rows.h"

struct expr;
struct tmpl;

/* Parses an expression over a row's fields (no aggregates).  -1 with err
 * (INPUT) naming the text and the place. */
int expr_parse(const char *text, struct expr **e, struct gpurf_err *err);

/* 1 when e holds on r, 0 when it does not or is missing. */
int expr_true(const struct expr *e, const struct row *r);

void expr_free(struct expr *e);

/* Parses a template; agg = 1 for agg's (fields only inside sum and mean),
 * 0 for fmt's (no sum, mean or n).  -1 with err (INPUT). */
int tmpl_parse(const char *text, int agg, struct tmpl **t, struct gpurf_err *err);

/* fmt: the template over row r, on out. */
void tmpl_print_row(const struct tmpl *t, const struct row *r, const char *missing, FILE *out);

/* agg: adds row r to the template's sums, counts and means. */
void tmpl_add_row(struct tmpl *t, const struct row *r);

/* agg: the template over the rows added, on out. */
void tmpl_print_agg(const struct tmpl *t, const char *missing, FILE *out);

void tmpl_free(struct tmpl *t);

#endif

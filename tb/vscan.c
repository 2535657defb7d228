/* vscan.c: Verilog token scanner (see vscan.h). */
#include "vscan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Longest first, so "<<<" is not read as "<<" then "<". */
static const char *const multi_ops[] = {
	"<<<", ">>>", "===", "!==",
	"==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "~&", "~|", "~^", "^~",
	"+:", "-:", "**", "->",
};

static int push(struct vtok_list *l, enum vtok_kind k, size_t off, size_t len, int line)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		struct vtok *t = realloc(l->tok, cap * sizeof *t);
		if (!t)
			return -1;
		l->tok = t;
		l->cap = cap;
	}
	l->tok[l->n++] = (struct vtok){ k, off, len, line };
	return 0;
}

static int is_ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '$' || c == '\\';
}

static int is_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* The length of a number at text[i]: digits, then optionally 's? base and
 * the based digits (with x, z, ?, _), or an unsized 'base value. */
static size_t number_len(const char *text, size_t len, size_t i)
{
	size_t j = i;
	while (j < len && (isdigit((unsigned char)text[j]) || text[j] == '_'))
		j++;
	if (j < len && text[j] == '\'') {
		j++;
		if (j < len && (text[j] == 's' || text[j] == 'S'))
			j++;
		if (j < len && strchr("bBoOdDhH", text[j]))
			j++;
		while (j < len && (isxdigit((unsigned char)text[j]) || strchr("xXzZ?_", text[j])))
			j++;
	}
	return j - i;
}

int vscan(const char *text, size_t len, struct vtok_list *out)
{
	size_t i = 0;
	int line = 1;

	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			line++;
			i++;
		} else if (isspace(c)) {
			i++;
		} else if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			i += 2;
			while (i + 1 < len && !(text[i] == '*' && text[i + 1] == '/')) {
				if (text[i] == '\n')
					line++;
				i++;
			}
			i = i + 2 < len ? i + 2 : len;
		} else if (c == '`') {
			/* a directive (`timescale, `default_nettype): its line is not
			 * logic to mutate */
			while (i < len && text[i] != '\n')
				i++;
		} else if (c == '"') {
			i++;
			while (i < len && text[i] != '"' && text[i] != '\n')
				i += text[i] == '\\' ? 2 : 1;
			i++;
		} else if (is_ident_start(c)) {
			size_t j = i + 1;
			if (c == '\\') /* escaped name: up to white space */
				while (j < len && !isspace((unsigned char)text[j]))
					j++;
			else
				while (j < len && is_ident_char((unsigned char)text[j]))
					j++;
			if (push(out, VT_IDENT, i, j - i, line))
				return -1;
			i = j;
		} else if (isdigit(c) || (c == '\'' && i + 1 < len && strchr("sSbBoOdDhH", text[i + 1]))) {
			size_t n = number_len(text, len, i);
			if (push(out, VT_NUMBER, i, n, line))
				return -1;
			i += n;
		} else {
			size_t n = 1;
			for (size_t k = 0; k < sizeof multi_ops / sizeof *multi_ops; k++) {
				size_t m = strlen(multi_ops[k]);
				if (i + m <= len && memcmp(text + i, multi_ops[k], m) == 0) {
					n = m;
					break;
				}
			}
			if (push(out, VT_OP, i, n, line))
				return -1;
			i += n;
		}
	}
	return 0;
}

void vtok_list_free(struct vtok_list *l)
{
	free(l->tok);
	l->tok = NULL;
	l->n = l->cap = 0;
}

int vtok_is(const char *text, const struct vtok *t, const char *s)
{
	return strlen(s) == t->len && memcmp(text + t->off, s, t->len) == 0;
}

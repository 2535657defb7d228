/* vscan.h: a token scanner for the Verilog-2005 the generator writes, enough
 * to find where an operator, a number or a keyword sits in a file (for the
 * mutation tool, tb/vmutate.c).  It is not a parser: it knows comments,
 * strings, compiler directives, identifiers, sized and unsized numbers and
 * the multi-character operators, and records each token's byte offset and
 * line so a caller can rewrite exactly that span of the text. */
#ifndef GPURF_VSCAN_H
#define GPURF_VSCAN_H

#include <stddef.h>

enum vtok_kind {
	VT_IDENT,	/* names and keywords, $system names */
	VT_NUMBER,	/* 12, 4'd3, 1'b0, 'h1f */
	VT_OP,		/* operators and punctuation: == && <= ( ; ... */
};

struct vtok {
	enum vtok_kind kind;
	size_t off, len;	/* the token's bytes in the text */
	int line;		/* 1-based */
};

struct vtok_list {
	struct vtok *tok;
	size_t n, cap;
};

/* Scans text[0..len) into out (appended; out->tok owned by the caller, free
 * with vtok_list_free).  Returns 0, or -1 when memory runs out. */
int vscan(const char *text, size_t len, struct vtok_list *out);
void vtok_list_free(struct vtok_list *l);

/* Does token t spell s exactly? */
int vtok_is(const char *text, const struct vtok *t, const char *s);

#endif

/* vmutate.h: single-operator mutants of a generated Verilog file.
 *
 * vmutate_sites finds every place in the text where one small edit makes a
 * plausible design error: an equality or a logical or bitwise operator
 * swapped, a comparison made strict or loose, a constant off by one, a bit
 * constant flipped, a condition inverted or forced true, a constant loaded
 * into a register (a reset value) inverted, a constant bit-select moved.
 * Module headers, parameter values, declarations, sensitivity lists and
 * for-loop headers are left alone: an edit there changes the structure, not
 * the logic.  A site is a span of the text and what replaces it, so applying
 * one is a copy with one span rewritten. */
#ifndef GPURF_VMUTATE_H
#define GPURF_VMUTATE_H

#include <stddef.h>

#define VMUT_CLASSES(X)                                                           \
	X(VM_EQ, "eq")               /* == <-> != */                              \
	X(VM_LOGIC, "logic")         /* && <-> || */                              \
	X(VM_BITOP, "bitop")         /* binary & <-> | */                         \
	X(VM_REL, "rel")             /* < <-> <=, > <-> >= */                     \
	X(VM_ARITH, "arith")         /* binary + <-> - */                         \
	X(VM_OFF_BY_ONE, "off-by-one") /* + K, - K: K + 1 */                      \
	X(VM_BIT_CONST, "bit-const") /* 1'b0 <-> 1'b1 */                          \
	X(VM_COND_NOT, "cond-not")   /* if (c) -> if (!(c)) */                    \
	X(VM_COND_TRUE, "cond-true") /* if (c) -> if (1'b1): an enable forced */  \
	X(VM_RESET, "reset-value")   /* q <= CONST -> q <= ~(CONST) */            \
	X(VM_BIT_SELECT, "bit-select") /* x[K] -> x[K + 1] */

enum vmut_class {
#define X(e, s) e,
	VMUT_CLASSES(X)
#undef X
	VM_NCLASSES
};

const char *vmut_class_name(enum vmut_class c);
/* The class named s, or -1. */
int vmut_class_parse(const char *s);

struct vmut_site {
	enum vmut_class cls;
	int line;
	size_t off, len;	/* the span of the text the edit covers */
	char pre[8], post[8];	/* written around the span (cond-not, reset) */
	char repl[24];		/* replaces the span; empty: the span is kept */
};

struct vmut_sites {
	struct vmut_site *site;
	size_t n, cap;
};

/* Finds every site of text[0..len).  Returns 0, or -1 when memory runs out. */
int vmutate_sites(const char *text, size_t len, struct vmut_sites *out);
void vmut_sites_free(struct vmut_sites *s);

/* The mutated text of site s (malloc'd, NUL-terminated; *out_len its
 * length), or NULL when memory runs out. */
char *vmutate_apply(const char *text, size_t len, const struct vmut_site *s, size_t *out_len);

/* "before" and "after" of a site, for reports (each at most cap bytes,
 * NUL-terminated, long spans cut with "..."). */
void vmut_describe(const char *text, const struct vmut_site *s,
		   char *before, size_t before_cap, char *after, size_t after_cap);

/* Draws n distinct sites of the m in ok[] (ok[i] != 0: site i may be drawn),
 * deterministically for seed: classes taken in turn, a site drawn at random
 * within its class, so a rare class is not drowned by a common one.  Writes
 * their indices, ascending, to pick[] and returns how many (fewer than n when
 * fewer sites are allowed). */
size_t vmutate_draw(const struct vmut_sites *s, const unsigned char *ok, size_t n,
		    unsigned long long seed, size_t *pick);

#endif

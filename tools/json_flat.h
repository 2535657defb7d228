/* json_flat.h: flattens a JSON document (the statistics gpurf-sim writes)
 * into name/value pairs for CSV rows.
 *
 * Nested objects give dotted names ("register_file.reads"); arrays of
 * numbers are summed into one value (or, with JF_INDEX, give name.0,
 * name.1, ...); arrays holding objects or strings are always indexed.
 * Numbers keep their text (sums of integers stay integers), strings are
 * unescaped, true/false stay as words and null becomes empty. */
#ifndef GPURF_JSON_FLAT_H
#define GPURF_JSON_FLAT_H

#include <stddef.h>

#include "err.h"

enum { JF_INDEX = 1 };

struct jf_pair {
	char *name, *value;
};

struct jf_doc {
	struct jf_pair *v;
	size_t n, cap;
};

/* Parses text (NUL-terminated); `what` names it in messages.  Returns 0, or
 * -1 with err filled (INPUT: "what: offset N: expected ...") and doc as
 * it was before the call. */
int jf_parse(struct jf_doc *doc, const char *text, const char *what, unsigned flags, struct gpurf_err *err);

/* Reads and parses a file. */
int jf_load(struct jf_doc *doc, const char *path, unsigned flags, struct gpurf_err *err);

/* Adds a pair (copies both); -1 when out of memory. */
int jf_add(struct jf_doc *doc, const char *name, const char *value);

/* The value of name, or NULL. */
const char *jf_get(const struct jf_doc *doc, const char *name);

void jf_free(struct jf_doc *doc);

#endif

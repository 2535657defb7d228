/* bus_diff.c: the first differing output element of two buses (see
 * bus_diff.h).  Values print as hex, most significant word first, words
 * separated by '_' so wide data lines up. */
#include "bus_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t put_hex(char *s, size_t n, const uint32_t *w, unsigned width)
{
	unsigned nw = (width + 31) / 32;
	size_t at = (size_t)snprintf(s, n, "0x");

	for (unsigned i = nw; i-- > 0 && at < n;) {
		unsigned bits = width - 32 * i < 32 ? width - 32 * i : 32;
		int digits = i + 1 == nw ? (int)((bits + 3) / 4) : 8;

		at += (size_t)snprintf(s + at, n - at, "%0*x%s", digits, (unsigned)w[i], i ? "_" : "");
	}
	return at < n ? at : n;
}

static void describe(const struct port_desc *p, unsigned k, const uint32_t *e, const uint32_t *a, char *msg,
		     size_t n)
{
	size_t at = (size_t)snprintf(msg, n, "port %s[%u] (element %u of %u, %u bits): expected (C model) ", p->name,
				     k, k, p->count, p->elem_width);

	if (at < n)
		at += put_hex(msg + at, n - at, e, p->elem_width);
	if (at < n)
		at += (size_t)snprintf(msg + at, n - at, ", actual (RTL) ");
	if (at < n)
		put_hex(msg + at, n - at, a, p->elem_width);
}

int bus_first_diff(const struct module_desc *d, const uint32_t *exp, const uint32_t *act, char *msg, size_t n)
{
	for (unsigned i = 0; i < d->nports; i++) {
		const struct port_desc *p = &d->ports[i];
		unsigned ew = (p->elem_width + 31) / 32;
		uint32_t *e, *a;

		if (p->dir != PORT_OUT || memcmp(exp + p->word, act + p->word, port_words(p) * sizeof *exp) == 0)
			continue;
		e = calloc(2 * (size_t)ew, sizeof *e);
		if (!e) {
			snprintf(msg, n, "port %s differs (out of memory describing it)", p->name);
			return 1;
		}
		a = e + ew;
		for (unsigned k = 0; k < p->count; k++) {
			bus_get_words(exp, p, k, e);
			bus_get_words(act, p, k, a);
			if (memcmp(e, a, ew * sizeof *e) != 0) {
				describe(p, k, e, a, msg, n);
				break;
			}
		}
		free(e);
		return 1;
	}
	return 0;
}

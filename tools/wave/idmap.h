/* idmap.h: VCD identifier codes ("!", "#a", ...) to small indexes 0..n-1,
 * in the order they were first added (a hash table: a trace's changes are
 * looked up one by one). */
#ifndef GPURF_WAVE_IDMAP_H
#define GPURF_WAVE_IDMAP_H

#include <stddef.h>

struct idmap {
	char **ids;	/* by index */
	size_t n, cap;
	long *slots;	/* hash slots: index + 1, 0 empty */
	size_t nslots;
};

/* ID's index, -1 when it was never added. */
long idmap_find(const struct idmap *m, const char *id);
/* ID's index, added when new; -1 when out of memory. */
long idmap_add(struct idmap *m, const char *id);
void idmap_free(struct idmap *m);

#endif

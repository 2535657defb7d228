/* rfc_top.h: cycle model of the RFC register-file subsystem (see rfc_top.c;
 * common/rfc_top_desc.h has the ports). */
#ifndef GPURF_CMODEL_RFC_TOP_H
#define GPURF_CMODEL_RFC_TOP_H

#include <stdint.h>

#include "unit.h"

extern const struct unit_ops rfc_top_ops;

/* The statistics the SM prints (C only: not ports), in this order. */
enum {
	RT_C_RFC_READS, RT_C_MRF_READS, RT_C_RFC_WRITES, RT_C_RFC_WRITE_HITS, RT_C_MRF_WRITES, RT_C_MRF_EVICT,
	RT_C_MRF_BYPASS, RT_C_MRF_FLUSH, RT_C_MRF_DIRECT, RT_C_TAG_CHECKS, RT_C_LAST_USE, RT_C_MERGES,
	RT_C_DEMOTIONS, RT_C_PROMOTIONS, RT_C_ACTIVE_CYCLES, RT_NCOUNT
};

/* Their names (NULL-terminated). */
extern const char *const rfc_top_counter_names[];

/* Adds the counts of the clock edges since the last call to cnt[RT_NCOUNT]
 * and, per main-file bank, to rd / wr (grants) and conflict (cycles a
 * request to it was refused); then clears them. */
void rfc_top_take_counts(void *model, uint64_t *cnt, uint64_t *rd, uint64_t *wr, uint64_t *conflict);

#endif

/* rfc_top.h: cycle model of the RFC register-file subsystem (see rfc_top.c;
 * common/rfc_top_desc.h has the ports). */
#ifndef GPURF_CMODEL_RFC_TOP_H
#define GPURF_CMODEL_RFC_TOP_H

#include <stdint.h>

#include "unit.h"

extern const struct unit_ops rfc_top_ops;

/* The statistics the SM prints (C only: not ports), in this order. */
enum {
	RCT_C_RFC_READS, RCT_C_MRF_READS, RCT_C_RFC_WRITES, RCT_C_RFC_WRITE_HITS, RCT_C_MRF_WRITES, RCT_C_MRF_EVICT,
	RCT_C_MRF_BYPASS, RCT_C_MRF_FLUSH, RCT_C_MRF_DIRECT, RCT_C_TAG_CHECKS, RCT_C_LAST_USE, RCT_C_MERGES,
	RCT_C_DEMOTIONS, RCT_C_PROMOTIONS, RCT_C_ACTIVE_CYCLES, RCT_NCOUNT
};

/* Their names (NULL-terminated). */
extern const char *const rfc_top_counter_names[];

/* Adds the counts of the clock edges since the last call to cnt[RCT_NCOUNT]
 * and, per main-file bank, to rd / wr (grants) and conflict (cycles a
 * request to it was refused); then clears them. */
void rfc_top_take_counts(void *model, uint64_t *cnt, uint64_t *rd, uint64_t *wr, uint64_t *conflict);

#endif

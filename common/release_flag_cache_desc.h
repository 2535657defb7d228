/* release_flag_cache_desc.h: ports and parameters of RegVirt's release-flag
 * cache (Sec. 7.2, Fig. 6).
 *
 * A direct-mapped cache of the 54-bit payloads of pir metadata instructions,
 * shared by every warp of the SM and indexed by the pir's PC:
 *   probe  (fetch):  does the fetch PC hold a cached pir?  (skip fetching it)
 *   fill   (decode): a pir that missed was decoded; store its flags
 *   read   (select): the 3 release bits of slot s of the pir at pc
 *   flush  (kernel launch): invalidate everything
 * Probe and reads see the contents before this cycle's fill (flops, written
 * at the edge).  docs/regvirt.md has the timing. */
#ifndef GPURF_RELEASE_FLAG_CACHE_DESC_H
#define GPURF_RELEASE_FLAG_CACHE_DESC_H

#include <stdint.h>

#include "desc.h"

enum release_flag_cache_port {
	RFLAG_FLUSH_I,		/* invalidate every entry (kernel launch) */
	RFLAG_PROBE_VALID_I,	/* fetch probe */
	RFLAG_PROBE_PC_I,
	RFLAG_FILL_VALID_I,	/* decoded pir: store its payload */
	RFLAG_FILL_PC_I,
	RFLAG_FILL_FLAGS_I,	/* slots x 3 bits, slot k at [3k +: 3] */
	RFLAG_RD_VALID_I,		/* [ports] select-stage flag read */
	RFLAG_RD_PC_I,		/* [ports] PC of the covering pir */
	RFLAG_RD_SLOT_I,		/* [ports] instruction's slot in that pir */
	RFLAG_PROBE_HIT_O,
	RFLAG_RD_HIT_O,		/* [ports] */
	RFLAG_RD_FLAGS_O,		/* [ports] 3 bits, bit j = source operand j; zero on a miss */
	RFLAG_NPORTS
};

void desc_release_flag_cache(const struct gpurf_cfg *cfg, struct module_desc *m);

/* Cache line of a PC (8-byte instructions), its entry and its tag: the one
 * definition the model, the stimulus and the emitter (as constants) use.
 * With a power-of-two entry count the index is the line's low bits and the
 * tag the rest; otherwise (the paper's 10) the index is line mod entries and
 * the whole line is the tag. */
static inline uint64_t rfc_line(uint64_t pc)
{
	return pc >> 3;
}

static inline int rfc_pow2(const struct gpurf_cfg *cfg)
{
	return (cfg->regvirt.rfc_entries & (cfg->regvirt.rfc_entries - 1u)) == 0;
}

static inline unsigned rfc_index(const struct gpurf_cfg *cfg, uint64_t pc)
{
	return (unsigned)(rfc_line(pc) % cfg->regvirt.rfc_entries);
}

static inline uint64_t rfc_tag(const struct gpurf_cfg *cfg, uint64_t pc)
{
	return rfc_pow2(cfg) ? rfc_line(pc) >> cfg_clog2(cfg->regvirt.rfc_entries) : rfc_line(pc);
}

#endif

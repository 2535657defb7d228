/* pcrf_desc.h: ports and parameters of FineReg's pending-CTA register file.
 *
 * The PCRF (FineReg V-D, Fig. 11) is pcrf_entries entries, each a tag
 * {V, E, NEXT, WARP_ID, REG_IDX} (flops) and one warp register (an SRAM
 * macro).  Entries of one CTA form a chain through NEXT, ended by E; the
 * RMU builds and walks the chains through three ports:
 *   write  a whole entry (tag + data), V set;
 *   link   NEXT of one entry := an index, its E := 0 (appends to a chain);
 *   read   tag and data of an entry, pcrf_latency cycles later; with
 *          rd_free_i the entry's V is cleared at the request's edge.
 * docs/finereg.md has the timing. */
#ifndef GPURF_PCRF_DESC_H
#define GPURF_PCRF_DESC_H

#include "desc.h"

enum pcrf_port {
	PCRF_WR_VALID_I,	/* write a whole entry */
	PCRF_WR_IDX_I,
	PCRF_WR_END_I,		/* E of the written tag */
	PCRF_WR_NEXT_I,		/* NEXT of the written tag */
	PCRF_WR_WARP_I,		/* WARP_ID */
	PCRF_WR_REG_I,		/* REG_IDX */
	PCRF_WR_DATA_I,		/* the warp register */
	PCRF_LINK_VALID_I,	/* NEXT[link_idx] := link_next, E[link_idx] := 0 */
	PCRF_LINK_IDX_I,
	PCRF_LINK_NEXT_I,
	PCRF_RD_VALID_I,	/* read an entry */
	PCRF_RD_IDX_I,
	PCRF_RD_FREE_I,		/* and clear its V */
	PCRF_RD_VALID_O,	/* tag and data of the read pcrf_latency cycles ago */
	PCRF_RD_TAGV_O,		/* V as read */
	PCRF_RD_END_O,
	PCRF_RD_NEXT_O,
	PCRF_RD_WARP_O,
	PCRF_RD_REG_O,
	PCRF_RD_DATA_O,
	PCRF_NPORTS
};

/* Whether a configuration has FineReg's structures (pcrf, rmu, cta_monitor). */
int finereg_present(const struct gpurf_cfg *cfg);

void desc_pcrf(const struct gpurf_cfg *cfg, struct module_desc *m);

/* One PCRF tag, as the model, the stimulus and the scoreboards hold it. */
struct pcrf_tag {
	unsigned valid, end, next, warp, reg;
};

#endif

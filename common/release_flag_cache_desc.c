/* release_flag_cache_desc.c: the release-flag cache's one description. */
#include "release_flag_cache_desc.h"

void desc_release_flag_cache(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_regvirt *rv = &cfg->regvirt;
	unsigned pw = rv->pc_bits, fw = rv->rfc_slots * 3u, np = rv->rfc_ports;

	desc_init(m, "release_flag_cache", "RegVirt release-flag cache (pir payloads, direct-mapped by PC)");
	desc_param(m, "ENTRIES", "e", rv->rfc_entries, "entries (direct-mapped)");
	desc_param(m, "SLOTS", "s", rv->rfc_slots, "instructions covered by one pir");
	desc_param(m, "PORTS", "p", np, "select-stage read ports");
	desc_param(m, "PC_W", "pc", pw, "instruction address bits");
	desc_param(m, "TAG_W", NULL, rv->d.rfc_tag_bits, "tag bits per entry");

	desc_port(m, RFLAG_FLUSH_I, "flush_i", PORT_IN, 1, 1, "invalidate every entry (kernel launch)");
	desc_port(m, RFLAG_PROBE_VALID_I, "probe_valid_i", PORT_IN, 1, 1, "fetch-stage probe");
	desc_port(m, RFLAG_PROBE_PC_I, "probe_pc_i", PORT_IN, 1, pw, "fetch PC");
	desc_port(m, RFLAG_FILL_VALID_I, "fill_valid_i", PORT_IN, 1, 1, "a pir was decoded (it missed)");
	desc_port(m, RFLAG_FILL_PC_I, "fill_pc_i", PORT_IN, 1, pw, "PC of the decoded pir");
	desc_port(m, RFLAG_FILL_FLAGS_I, "fill_flags_i", PORT_IN, 1, fw, "its payload, slot k at [3k +: 3]");
	desc_port(m, RFLAG_RD_VALID_I, "rd_valid_i", PORT_IN, np, 1, "select-stage flag read");
	desc_port(m, RFLAG_RD_PC_I, "rd_pc_i", PORT_IN, np, pw, "PC of the pir covering the instruction");
	desc_port(m, RFLAG_RD_SLOT_I, "rd_slot_i", PORT_IN, np, cfg_index_bits(rv->rfc_slots),
		  "the instruction's slot in that pir");
	desc_port(m, RFLAG_PROBE_HIT_O, "probe_hit_o", PORT_OUT, 1, 1, "the fetch PC is a cached pir");
	desc_port(m, RFLAG_RD_HIT_O, "rd_hit_o", PORT_OUT, np, 1, "the pir is cached");
	desc_port(m, RFLAG_RD_FLAGS_O, "rd_flags_o", PORT_OUT, np, 3,
		  "release bit per source operand; zero on a miss");
	desc_finish(m);
}

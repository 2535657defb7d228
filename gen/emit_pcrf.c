/* emit_pcrf.c: Verilog of FineReg's PCRF (V-D, Fig. 11).
 *
 *   tags      V: a flop vector with reset; E, NEXT, WARP_ID, REG_IDX: flop
 *             arrays without reset (written before they are read), two
 *             write ports (write, link) and one read port: Yosys maps
 *             them to decoders and a mux tree, where a packed vector with
 *             idx*width part-selects would become 10,000-bit shifters;
 *   data      one SRAM macro, ENTRIES x warp register, 1 read 1 write port;
 *   read      stage 0 = the tag flops sampled and the SRAM's output
 *             register; LATENCY-1 further stages; everything but rd_valid_o
 *             gated by the V read, so a free entry shows zeros.
 * Edge order (cmodel/pcrf.c): read samples first, free clears V, a write
 * sets the entry, a link of the same entry lands last. */
#include "emit_structures.h"

#include <stdio.h>

#include "emit_lib.h"
#include "pcrf_desc.h"
#include "vwriter.h"

int emit_pcrf(struct design *d, const struct module_desc *m)
{
	const struct cfg_finereg *f = &d->cfg->finereg;
	unsigned lat = f->pcrf_latency;
	/* Array indices; one entry has no index (Verilator wants a 0-bit one). */
	const char *wi = f->pcrf_entries > 1 ? "wr_idx_i" : "0";
	const char *li = f->pcrf_entries > 1 ? "link_idx_i" : "0";
	const char *ri = f->pcrf_entries > 1 ? "rd_idx_i" : "0";
	unsigned fw = 2u + f->d.next_bits + f->d.warp_bits + f->d.reg_bits;	/* stage word: V E NEXT WARP REG */
	struct sbuf *out;
	struct vw w;
	int fresh;

	if (emit_sram(d, &m->mems[0]))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "FineReg PCRF: tagged entries chained per CTA (docs/finereg.md; FineReg V-D, Fig. 11).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "ENTRIES");
	vw_param(&w, m, "NEXT_W");
	vw_param(&w, m, "WARP_W");
	vw_param(&w, m, "REG_W");
	vw_line(&w, "localparam integer DATA_W = %u;  // one warp register", d->cfg->d.warp_bits);
	vw_line(&w, "localparam integer STAGE_W = %u;  // {V, E, NEXT, WARP_ID, REG_IDX}", fw);
	vw_blank(&w);
	vw_line(&w, "// ---- tags (Fig. 11) ----");
	vw_line(&w, "// V resets (a flop vector); E, NEXT, WARP_ID and REG_IDX are written before");
	vw_line(&w, "// they are read, so they are plain flop arrays with two write ports (write,");
	vw_line(&w, "// then link: the link of the same entry lands last) and the read port.");
	vw_line(&w, "reg [ENTRIES-1:0] valid_q, valid_d;  // V");
	vw_line(&w, "reg              end_m  [0:ENTRIES-1];  // E: last of its chain");
	vw_line(&w, "reg [NEXT_W-1:0] next_m [0:ENTRIES-1];  // NEXT register");
	vw_line(&w, "reg [WARP_W-1:0] warp_m [0:ENTRIES-1];  // WARP_ID within the CTA");
	vw_line(&w, "reg [REG_W-1:0]  reg_m  [0:ENTRIES-1];  // REG_IDX");
	vw_blank(&w);
	vw_open(&w, "always @* begin");
	vw_line(&w, "valid_d = valid_q;");
	vw_line(&w, "if (rd_valid_i && rd_free_i) valid_d[rd_idx_i +: 1] = 1'b0;");
	vw_line(&w, "if (wr_valid_i)              valid_d[wr_idx_i +: 1] = 1'b1;");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(&w, "if (!rst_ni) valid_q <= {ENTRIES{1'b0}};");
	vw_line(&w, "else         valid_q <= valid_d;");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i) begin");
	vw_open(&w, "if (wr_valid_i) begin");
	vw_line(&w, "end_m[%s]  <= wr_end_i;", wi);
	vw_line(&w, "next_m[%s] <= wr_next_i;", wi);
	vw_line(&w, "warp_m[%s] <= wr_warp_i;", wi);
	vw_line(&w, "reg_m[%s]  <= wr_reg_i;", wi);
	vw_close(&w, "end");
	vw_line(&w, "// Append to a chain: the previous entry now points at the new one.");
	vw_open(&w, "if (link_valid_i) begin");
	vw_line(&w, "end_m[%s]  <= 1'b0;", li);
	vw_line(&w, "next_m[%s] <= link_next_i;", li);
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_blank(&w);
	vw_line(&w, "// ---- data: one warp register per entry ----");
	vw_line(&w, "wire [DATA_W-1:0] sram_rdata;");
	vw_open(&w, "%s u_data (", m->mems[0].module);
	vw_line(&w, ".clk_i   (clk_i),");
	vw_line(&w, ".re_i    (rd_valid_i),");
	vw_line(&w, ".raddr_i (rd_idx_i),");
	vw_line(&w, ".rdata_o (sram_rdata),");
	vw_line(&w, ".we_i    (wr_valid_i),");
	vw_line(&w, ".waddr_i (wr_idx_i),");
	vw_line(&w, ".wmask_i ({%u{1'b1}}),", d->cfg->lanes);
	vw_line(&w, ".wdata_i (wr_data_i)");
	vw_close(&w, ");");
	vw_blank(&w);
	vw_line(&w, "// ---- read pipeline: LATENCY = %u stages (V-E: at least 4 cycles for a tag and its register) ----", lat);
	vw_line(&w, "// Stage 0 samples the tag flops at the request's edge, like the SRAM.");
	vw_line(&w, "reg               rd_v_s0_q;");
	vw_line(&w, "reg [STAGE_W-1:0] rd_tag_s0_q;");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(&w, "if (!rst_ni) rd_v_s0_q <= 1'b0;");
	vw_line(&w, "else         rd_v_s0_q <= rd_valid_i;");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i) begin");
	vw_line(&w, "if (rd_valid_i) rd_tag_s0_q <= {valid_q[rd_idx_i +: 1], end_m[%s],", ri);
	vw_line(&w, "    next_m[%s], warp_m[%s], reg_m[%s]};", ri, ri, ri);
	vw_close(&w, "end");
	vw_line(&w, "wire [STAGE_W+DATA_W-1:0] rd_s0 = {rd_tag_s0_q, sram_rdata};");
	for (unsigned s = 1; s < lat; s++) {
		vw_line(&w, "reg                       rd_v_s%u_q;", s);
		vw_line(&w, "reg [STAGE_W+DATA_W-1:0]  rd_s%u_q;", s);
	}
	if (lat > 1) {
		vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_open(&w, "if (!rst_ni) begin");
		for (unsigned s = 1; s < lat; s++)
			vw_line(&w, "rd_v_s%u_q <= 1'b0;", s);
		vw_close(&w, "end else begin");
		w.indent++;
		for (unsigned s = 1; s < lat; s++)
			vw_line(&w, "rd_v_s%u_q <= rd_v_s%u_q;", s, s - 1);
		vw_close(&w, "end");
		vw_close(&w, "end");
		vw_open(&w, "always @(posedge clk_i) begin");
		vw_line(&w, "rd_s1_q <= rd_s0;");
		for (unsigned s = 2; s < lat; s++)
			vw_line(&w, "rd_s%u_q <= rd_s%u_q;", s, s - 1);
		vw_close(&w, "end");
	}
	if (lat > 1)
		vw_line(&w, "wire rd_v_last = rd_v_s%u_q;", lat - 1);
	else
		vw_line(&w, "wire rd_v_last = rd_v_s0_q;");
	if (lat > 1)
		vw_line(&w, "wire [STAGE_W+DATA_W-1:0] rd_last = rd_s%u_q;", lat - 1);
	else
		vw_line(&w, "wire [STAGE_W+DATA_W-1:0] rd_last = rd_s0;");
	vw_line(&w, "// Valid read of a live entry (V = 1): only then do the fields show.");
	vw_line(&w, "wire rd_live = rd_v_last && rd_last[STAGE_W+DATA_W-1];");
	vw_line(&w, "assign rd_valid_o = rd_v_last;");
	vw_line(&w, "assign rd_tagv_o  = rd_live;");
	vw_line(&w, "assign rd_end_o   = rd_live && rd_last[STAGE_W+DATA_W-2];");
	vw_line(&w, "assign rd_next_o  = {NEXT_W{rd_live}} & rd_last[DATA_W+WARP_W+REG_W +: NEXT_W];");
	vw_line(&w, "assign rd_warp_o  = {WARP_W{rd_live}} & rd_last[DATA_W+REG_W +: WARP_W];");
	vw_line(&w, "assign rd_reg_o   = {REG_W{rd_live}} & rd_last[DATA_W +: REG_W];");
	vw_line(&w, "assign rd_data_o  = {DATA_W{rd_live}} & rd_last[DATA_W-1:0];");
	if (f->pcrf_entries == 1)
		vw_line(&w, "wire unused_idx = ^{wr_idx_i, link_idx_i, rd_idx_i};  // one entry: no index");
	vw_module_end(&w);
	return 0;
}

unsigned wave_pcrf(const struct gpurf_cfg *cfg, const struct module_desc *m,
		   struct wave_group *groups)
{
	unsigned n = 0, e = cfg->finereg.pcrf_entries;


	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "write and link"};
	for (unsigned p = PCRF_WR_VALID_I; p <= PCRF_LINK_NEXT_I; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	groups[n] = (struct wave_group){.title = "read (and free)"};
	for (unsigned p = PCRF_RD_VALID_I; p < PCRF_NPORTS; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	groups[n] = (struct wave_group){.title = "tags (Fig. 11)"};
	wave_add(&groups[n], "valid_q", e);
	wave_add(&groups[n++], "rd_tag_s0_q", cfg->finereg.d.tag_bits);
	return n;
}

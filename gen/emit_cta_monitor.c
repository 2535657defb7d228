/* emit_cta_monitor.c: Verilog of FineReg's CTA status monitor (V-B,
 * Table IV).  Two packed arrays of 2-bit fields with two update ports,
 * three find-first-set trees (resume class 1/2, resume class 1/1, a free
 * id) and the resume-or-launch decision.  Policy: cmodel/cta_monitor.c. */
#include "emit_structures.h"

#include <stdio.h>

#include "cta_monitor_desc.h"
#include "emit_lib.h"
#include "vwriter.h"

int emit_cta_monitor(struct design *d, const struct module_desc *m)
{
	unsigned n = d->cfg->finereg.resident_ctas, cw = d->cfg->finereg.d.cta_bits;
	char z[64];
	struct sbuf *out;
	struct vw w;
	int fresh;

	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "FineReg CTA status monitor (docs/finereg.md; FineReg V-B, Table IV).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "CTAS");
	vw_line(&w, "localparam integer CTA_W = %u;", cw);
	vw_line(&w, "// Table IV encodings: CONTEXT 1 = shared memory, 2 = pipeline;");
	vw_line(&w, "// REGISTER 1 = PCRF, 2 = ACRF; 0 = not launched; 3 unused.");
	vw_line(&w, "localparam [1:0] DECIDE_NONE = 2'd%u, DECIDE_RESUME = 2'd%u, DECIDE_LAUNCH = 2'd%u;",
		CTM_DECIDE_NONE, CTM_DECIDE_RESUME, CTM_DECIDE_LAUNCH);
	vw_line(&w, "localparam LAUNCH_FIRST = 1'b%u;  // resume_policy", d->cfg->finereg.resume_policy);
	vw_blank(&w);
	vw_line(&w, "reg [2*CTAS-1:0] ctx_q, reg_q;  // CONTEXT and REGISTER fields");
	vw_line(&w, "reg [2*CTAS-1:0] ctx_d, reg_d;");
	vw_blank(&w);
	vw_line(&w, "// Port 0, then port 1: port 1 wins when both update one CTA.");
	vw_open(&w, "always @* begin");
	vw_line(&w, "ctx_d = ctx_q;");
	vw_line(&w, "reg_d = reg_q;");
	for (unsigned p = 0; p < 2; p++) {
		vw_open(&w, "if (set_valid_i[%u]) begin", p);
		vw_line(&w, "ctx_d[set_cta_i[%u +: CTA_W]*2 +: 2] = set_ctx_i[%u +: 2];", p * cw, 2 * p);
		vw_line(&w, "reg_d[set_cta_i[%u +: CTA_W]*2 +: 2] = set_reg_i[%u +: 2];", p * cw, 2 * p);
		vw_close(&w, "end");
	}
	vw_close(&w, "end");
	vw_blank(&w);
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	vw_line(&w, "ctx_q <= {2*CTAS{1'b0}};");
	vw_line(&w, "reg_q <= {2*CTAS{1'b0}};");
	vw_close(&w, "end else begin");
	w.indent++;
	vw_line(&w, "ctx_q <= ctx_d;");
	vw_line(&w, "reg_q <= reg_d;");
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_blank(&w);
	vw_line(&w, "assign ctx_o = ctx_q;");
	vw_line(&w, "assign reg_o = reg_q;");
	vw_blank(&w);
	vw_line(&w, "// V-B: first ready CTAs with context saved and registers still in the");
	vw_line(&w, "// ACRF (no restore), then ready CTAs with both saved; lowest index wins.");
	vw_line(&w, "wire [%u:0] cand_a, cand_b, cand_free;", n - 1);
	for (unsigned i = 0; i < n; i++) {
		vw_line(&w, "assign cand_a[%u] = ready_i[%u] && ctx_q[%u +: 2] == 2'd%u && reg_q[%u +: 2] == 2'd%u;",
			i, i, 2 * i, CTM_CTX_SHMEM, 2 * i, CTM_REG_ACRF);
		vw_line(&w, "assign cand_b[%u] = ready_i[%u] && ctx_q[%u +: 2] == 2'd%u && reg_q[%u +: 2] == 2'd%u;",
			i, i, 2 * i, CTM_CTX_SHMEM, 2 * i, CTM_REG_PCRF);
		vw_line(&w, "assign cand_free[%u] = ctx_q[%u +: 2] == 2'd0 && reg_q[%u +: 2] == 2'd0;", i,
			2 * i, 2 * i);
	}
	emit_ffs(&w, "sel_a", "cand_a", n);
	emit_ffs(&w, "sel_b", "cand_b", n);
	emit_ffs(&w, "sel_f", "cand_free", n);
	vw_blank(&w);
	vw_line(&w, "wire resume = sel_a_found | sel_b_found;");
	vw_line(&w, "assign resume_valid_o   = resume;");
	if (d->cfg->finereg.resume_first == FINEREG_FIRST_PCRF) {
		vw_line(&w, "// resume_first = pcrf: ready CTAs in the PCRF first");
		vw_line(&w, "assign resume_cta_o     = sel_b_found ? %s : %s;",
			vw_zext(z, sizeof z, "sel_b_idx", cfg_index_bits(n), cw), "sel_a_idx");
		vw_line(&w, "assign resume_restore_o = sel_b_found;");
	} else {
		vw_line(&w, "assign resume_cta_o     = sel_a_found ? %s : %s;",
			vw_zext(z, sizeof z, "sel_a_idx", cfg_index_bits(n), cw), "sel_b_idx");
		vw_line(&w, "assign resume_restore_o = !sel_a_found && sel_b_found;");
	}
	vw_line(&w, "assign free_valid_o     = sel_f_found;");
	vw_line(&w, "assign free_cta_o       = sel_f_idx;");
	vw_line(&w, "// resume_policy: which wins when a resume and a launch are both possible");
	vw_line(&w, "// (V-B launches, V-E resumes; docs/finereg.md).");
	vw_line(&w, "assign decision_o = LAUNCH_FIRST ?");
	vw_line(&w, "    (launch_ok_i ? DECIDE_LAUNCH : resume ? DECIDE_RESUME : DECIDE_NONE) :");
	vw_line(&w, "    (resume ? DECIDE_RESUME : launch_ok_i ? DECIDE_LAUNCH : DECIDE_NONE);");
	vw_module_end(&w);
	return 0;
}

unsigned wave_cta_monitor(const struct gpurf_cfg *cfg, const struct module_desc *m,
			  struct wave_group *groups)
{
	unsigned n = 0;

	(void)cfg;
	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "updates"};
	for (unsigned p = CTM_SET_VALID_I; p <= CTM_SET_REG_I; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	groups[n] = (struct wave_group){.title = "status (Table IV)"};
	wave_add(&groups[n], "ctx_q", port_width(&m->ports[CTM_CTX_O]));
	wave_add(&groups[n++], "reg_q", port_width(&m->ports[CTM_REG_O]));
	groups[n] = (struct wave_group){.title = "selection (V-B)"};
	for (unsigned p = CTM_READY_I; p < CTM_NPORTS; p++)
		if (p != CTM_CTX_O && p != CTM_REG_O)
			wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	return n;
}

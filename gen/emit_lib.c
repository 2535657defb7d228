/* emit_lib.c: the round-robin arbiter and the SRAM macro, emitted once per
 * design and instantiated by every structure that needs them, and the
 * find-first-set tree (emit_ffs), emitted inline where a structure needs it. */
#include "emit_lib.h"

#include <stdio.h>

#include "vwriter.h"

enum { ARB_REQ, ARB_LIMIT, ARB_GNT, ARB_COUNT };

static void arb_desc(struct module_desc *m, unsigned n, unsigned cw)
{
	desc_init(m, "gpurf_rr_arb", "round-robin arbiter: up to limit_i grants per cycle, "
				     "pointer moves past the last grant");
	desc_param(m, "N", "n", n, "requesters");
	desc_param(m, "CNT_W", "c", cw, "width of limit_i and count_o");
	desc_port(m, ARB_REQ, "req_i", PORT_IN, n, 1, "requests");
	desc_port(m, ARB_LIMIT, "limit_i", PORT_IN, 1, cw, "grants allowed this cycle");
	desc_port(m, ARB_GNT, "gnt_o", PORT_OUT, n, 1, "grants");
	desc_port(m, ARB_COUNT, "count_o", PORT_OUT, 1, cw, "number of grants");
	desc_finish(m);
}

/* Body for n == 1: no pointer, no clock. */
static void arb_body_single(struct vw *w, unsigned cw)
{
	char z[64];

	vw_line(w, "assign gnt_o = req_i & (|limit_i);");
	vw_line(w, "assign count_o = %s;", vw_zext(z, sizeof z, "gnt_o", 1, cw));
}

/* Body for n > 1.  The requests are rotated so the pointer's requester is
 * bit 0; grants are taken in that order while the running count is below
 * the limit, then rotated back. */
static void arb_body(struct vw *w, unsigned n, unsigned cw)
{
	unsigned pw = cfg_index_bits(n), pow2 = (n & (n - 1)) == 0;
	char a[64], b[64], z[64];

	vw_line(w, "localparam integer PTR_W = %u;", pw);
	vw_blank(w);
	vw_line(w, "reg  [PTR_W-1:0] ptr_q, ptr_d;");
	vw_line(w, "wire [2*N-1:0]   req_dbl = {req_i, req_i};");
	vw_line(w, "wire [N-1:0]     req_rot = req_dbl[{1'b0, ptr_q} +: N];");
	vw_line(w, "wire [CNT_W-1:0] cnt_0 = %s;", vw_lit(a, sizeof a, cw, 0));
	/* One wire per bit: a single vector would be a combinational loop
	 * to Verilator (bit j depends on bits below it). */
	for (unsigned j = 0; j < n; j++) {
		vw_line(w, "wire g_rot_%u = req_rot[%u] && (cnt_%u < limit_i);", j, j, j);
		vw_line(w, "wire [CNT_W-1:0] cnt_%u = cnt_%u + %s;", j + 1, j,
			vw_zext(z, sizeof z, (snprintf(b, sizeof b, "g_rot_%u", j), b), 1, cw));
	}
	{
		char line[4096];
		size_t used = (size_t)snprintf(line, sizeof line, "wire [N-1:0] gnt_rot = {");

		for (unsigned j = n; j-- > 0;)
			used += (size_t)snprintf(line + used, sizeof line - used, "%sg_rot_%u",
						 j + 1 == n ? "" : ", ", j);
		snprintf(line + used, sizeof line - used, "};");
		vw_line(w, "%s", line);
	}
	vw_blank(w);
	vw_line(w, "// Rotate the grants back to requester order.");
	vw_line(w, "wire [2*N-1:0] gnt_dbl = {%u'd0, gnt_rot} << ptr_q;", n);
	vw_line(w, "assign gnt_o   = gnt_dbl[N-1:0] | gnt_dbl[2*N-1:N];");
	vw_line(w, "assign count_o = cnt_%u;", n);
	vw_blank(w);
	vw_line(w, "// ptr_step_k = (ptr_q + k) mod N: where the pointer goes when the last");
	vw_line(w, "// grant sits k-1 places after it.");
	for (unsigned k = 1; k < n; k++) {
		if (pow2)
			vw_line(w, "wire [PTR_W-1:0] ptr_step_%u = ptr_q + %s;", k, vw_lit(a, sizeof a, pw, k));
		else
			vw_line(w, "wire [PTR_W-1:0] ptr_step_%u = (ptr_q >= %s) ? ptr_q - %s : ptr_q + %s;", k,
				vw_lit(a, sizeof a, pw, n - k), vw_lit(b, sizeof b, pw, n - k),
				vw_lit(z, sizeof z, pw, k));
	}
	vw_blank(w);
	vw_open(w, "always @* begin");
	vw_line(w, "ptr_d = ptr_q;");
	for (unsigned j = 0; j < n; j++) {
		if (j + 1 == n)
			vw_line(w, "if (gnt_rot[%u]) ptr_d = ptr_q;  // full turn", j);
		else
			vw_line(w, "if (gnt_rot[%u]) ptr_d = ptr_step_%u;", j, j + 1);
	}
	vw_close(w, "end");
	vw_blank(w);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) ptr_q <= %s;", vw_lit(a, sizeof a, pw, 0));
	vw_line(w, "else         ptr_q <= ptr_d;");
	vw_close(w, "end");
}

int emit_rr_arb(struct design *d, unsigned n, unsigned cw, char *name, size_t name_n)
{
	struct module_desc m;
	char path[256];
	struct sbuf *out;
	struct vw w;
	int fresh;

	arb_desc(&m, n, cw);
	snprintf(name, name_n, "%s", m.name);
	snprintf(path, sizeof path, "rtl/%s.v", m.name);
	out = design_file(d, path, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "Round-robin arbiter (policy: cmodel/rr_arb.c).");
	vw_module_begin(&w, &m, n > 1, n > 1);
	if (n > 1) {
		vw_param(&w, &m, "N");
		vw_param(&w, &m, "CNT_W");
	}
	if (n > 1)
		arb_body(&w, n, cw);
	else
		arb_body_single(&w, cw);
	vw_module_end(&w);
	return 0;
}

enum { MEM_RE, MEM_RADDR, MEM_RDATA, MEM_WE, MEM_WADDR, MEM_WMASK, MEM_WDATA };

static void sram_desc(struct module_desc *m, const struct mem_desc *mem)
{
	unsigned aw = cfg_index_bits(mem->rows), lanes = mem->width / mem->lane_width;

	desc_init(m, "gpurf_sram", "SRAM macro, behavioural model: synchronous read-first "
				   "reads, lane-masked writes");
	desc_param(m, "ROWS", NULL, mem->rows, "words");
	desc_param(m, "WIDTH", NULL, mem->width, "bits per word");
	desc_param(m, "LANE_W", NULL, mem->lane_width, "write-mask granularity");
	desc_port(m, MEM_RE, "re_i", PORT_IN, mem->read_ports, 1, "read enable per read port");
	desc_port(m, MEM_RADDR, "raddr_i", PORT_IN, mem->read_ports, aw, "read address");
	desc_port(m, MEM_RDATA, "rdata_o", PORT_OUT, mem->read_ports, mem->width,
		  "read data, the cycle after re_i; held otherwise");
	desc_port(m, MEM_WE, "we_i", PORT_IN, mem->write_ports, 1, "write enable per write port");
	desc_port(m, MEM_WADDR, "waddr_i", PORT_IN, mem->write_ports, aw, "write address");
	desc_port(m, MEM_WMASK, "wmask_i", PORT_IN, mem->write_ports, lanes, "lanes to write");
	desc_port(m, MEM_WDATA, "wdata_i", PORT_IN, mem->write_ports, mem->width, "write data");
	desc_finish(m);
	/* The macro's name is the mem_desc's (it encodes the geometry). */
	snprintf(m->name, sizeof m->name, "%s", mem->module);
}

int emit_sram(struct design *d, const struct mem_desc *mem)
{
	struct module_desc m;
	char path[256], ra[64], wa[64];
	unsigned lanes = mem->width / mem->lane_width;
	struct sbuf *out;
	struct vw w;
	int fresh;

	sram_desc(&m, mem);
	snprintf(path, sizeof path, "rtl/%s.v", m.name);
	out = design_file(d, path, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "SRAM macro. Simulation model only: synthesis black-boxes it and "
			      "charges it through the SRAM area model (synth/).");
	vw_module_begin(&w, &m, 1, 0);
	vw_param(&w, &m, "ROWS");
	vw_param(&w, &m, "WIDTH");
	vw_param(&w, &m, "LANE_W");
	vw_blank(&w);
	vw_line(&w, "reg [WIDTH-1:0] mem_q [0:ROWS-1];");
	vw_line(&w, "reg [%u:0] rdata_q;", mem->read_ports * mem->width - 1);
	vw_line(&w, "assign rdata_o = rdata_q;");
	vw_blank(&w);
	vw_line(&w, "// Reads sample the array before this edge's writes land (read-first).");
	vw_open(&w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < mem->read_ports; p++)
		vw_line(&w, "if (re_i[%u]) rdata_q[%u +: WIDTH] <= mem_q[%s];", p, p * mem->width,
			vw_elem(ra, sizeof ra, &m.ports[MEM_RADDR], p));
	vw_close(&w, "end");
	vw_blank(&w);
	vw_open(&w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < mem->write_ports; p++) {
		vw_elem(wa, sizeof wa, &m.ports[MEM_WADDR], p);
		for (unsigned l = 0; l < lanes; l++)
			vw_line(&w, "if (we_i[%u] && wmask_i[%u]) mem_q[%s][%u +: LANE_W] <= wdata_i[%u +: LANE_W];",
				p, p * lanes + l, wa, l * mem->lane_width, p * mem->width + l * mem->lane_width);
	}
	vw_close(&w, "end");
	vw_module_end(&w);
	return 0;
}

void emit_ffs(struct vw *w, const char *pfx, const char *vec, unsigned n)
{
	unsigned levels = cfg_clog2(n), leaves = 1u << levels, ib = cfg_index_bits(n);

	vw_line(w, "// find-first-set over %s (%u bits): tree of %u levels", vec, n, levels);
	for (unsigned i = 0; i < leaves; i++) {
		if (i < n)
			vw_line(w, "wire %s_f0_%u = %s[%u +: 1];", pfx, i, vec, i);
		else
			vw_line(w, "wire %s_f0_%u = 1'b0;  // padding to a power of two", pfx, i);
	}
	/* Node j of level k covers leaves [j*2^k, (j+1)*2^k): found if either
	 * half is; its index is the left half's when the left half has one. */
	for (unsigned k = 1; k <= levels; k++)
		for (unsigned j = 0; j < leaves >> k; j++) {
			vw_line(w, "wire %s_f%u_%u = %s_f%u_%u | %s_f%u_%u;", pfx, k, j, pfx, k - 1, 2 * j,
				pfx, k - 1, 2 * j + 1);
			if (k == 1)
				vw_line(w, "wire [0:0] %s_i1_%u = {~%s_f0_%u};", pfx, j, pfx, 2 * j);
			else
				vw_line(w, "wire [%u:0] %s_i%u_%u = %s_f%u_%u ? {1'b0, %s_i%u_%u} : {1'b1, %s_i%u_%u};",
					k - 1, pfx, k, j, pfx, k - 1, 2 * j, pfx, k - 1, 2 * j, pfx, k - 1, 2 * j + 1);
		}
	vw_line(w, "wire %s_found = %s_f%u_0;", pfx, pfx, levels);
	if (levels == 0)
		vw_line(w, "wire [0:0] %s_idx = 1'b0;", pfx);
	else
		vw_line(w, "wire [%u:0] %s_idx = {%u{%s_found}} & %s_i%u_0;", ib - 1, pfx, ib, pfx, pfx, levels);
}

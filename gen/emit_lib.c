/* emit_lib.c: the round-robin arbiter, the SRAM macro and the allocation
 * queue, emitted once per design and instantiated by every structure that
 * needs them; shared inline shapes (AND-OR mux, first-one, flops, the
 * find-first-set tree emit_ffs).  */
#include "emit_lib.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cells.h"
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
	struct sbuf *out;
	struct vw w;
	int fresh;

	arb_desc(&m, n, cw);
	snprintf(name, name_n, "%s", m.name);
	out = design_module_file(d, m.name, &fresh);
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
enum { RW_EN, RW_WE, RW_ADDR, RW_WMASK, RW_WDATA, RW_RDATA };

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

/* Ports of a macro with shared read/write ports. */
static void sram_rw_desc(struct module_desc *m, const struct mem_desc *mem)
{
	unsigned aw = cfg_index_bits(mem->rows), lanes = mem->width / mem->lane_width;

	desc_init(m, "gpurf_sram", "SRAM macro with shared read/write ports, behavioural model: "
				   "a port reads (synchronously) or writes in a cycle");
	desc_param(m, "ROWS", NULL, mem->rows, "words");
	desc_param(m, "WIDTH", NULL, mem->width, "bits per word");
	desc_param(m, "LANE_W", NULL, mem->lane_width, "write-mask granularity");
	desc_port(m, RW_EN, "en_i", PORT_IN, mem->rw_ports, 1, "port active this cycle");
	desc_port(m, RW_WE, "we_i", PORT_IN, mem->rw_ports, 1, "1: write, 0: read");
	desc_port(m, RW_ADDR, "addr_i", PORT_IN, mem->rw_ports, aw, "address");
	desc_port(m, RW_WMASK, "wmask_i", PORT_IN, mem->rw_ports, lanes, "lanes to write");
	desc_port(m, RW_WDATA, "wdata_i", PORT_IN, mem->rw_ports, mem->width, "write data");
	desc_port(m, RW_RDATA, "rdata_o", PORT_OUT, mem->rw_ports, mem->width,
		  "read data, the cycle after a read; held otherwise");
	desc_finish(m);
	snprintf(m->name, sizeof m->name, "%s", mem->module);
}

static void sram_rw_body(struct vw *w, const struct module_desc *m, const struct mem_desc *mem)
{
	unsigned lanes = mem->width / mem->lane_width;
	char a[64];

	vw_line(w, "reg [WIDTH-1:0] mem_q [0:ROWS-1];");
	vw_line(w, "reg [%u:0] rdata_q;", mem->rw_ports * mem->width - 1);
	vw_line(w, "assign rdata_o = rdata_q;");
	vw_blank(w);
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < mem->rw_ports; p++)
		vw_line(w, "if (en_i[%u] && !we_i[%u]) rdata_q[%u +: WIDTH] <= mem_q[%s];", p, p,
			p * mem->width, vw_elem(a, sizeof a, &m->ports[RW_ADDR], p));
	vw_close(w, "end");
	vw_blank(w);
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < mem->rw_ports; p++) {
		vw_elem(a, sizeof a, &m->ports[RW_ADDR], p);
		for (unsigned l = 0; l < lanes; l++)
			vw_line(w, "if (en_i[%u] && we_i[%u] && wmask_i[%u]) mem_q[%s][%u +: LANE_W] <= wdata_i[%u +: LANE_W];",
				p, p, p * lanes + l, a, l * mem->lane_width, p * mem->width + l * mem->lane_width);
	}
	vw_close(w, "end");
}

int emit_sram(struct design *d, const struct mem_desc *mem)
{
	struct module_desc m;
	char ra[64], wa[64];
	unsigned lanes = mem->width / mem->lane_width;
	struct sbuf *out;
	struct vw w;
	int fresh;

	if (mem->rw_ports)
		sram_rw_desc(&m, mem);
	else
		sram_desc(&m, mem);
	out = design_module_file(d, m.name, &fresh);
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
	if (mem->rw_ports) {
		sram_rw_body(&w, &m, mem);
		vw_module_end(&w);
		return 0;
	}
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

enum { AQ_ALLOC, AQ_FREE, AQ_FREE_ID, AQ_OK, AQ_ID, AQ_OCC };

static void aq_desc(struct module_desc *m, unsigned n)
{
	unsigned iw = cfg_index_bits(n);

	desc_init(m, "gpurf_alloc_queue", "allocation queue: unused FIFO of ids (reset 0..N-1) "
					  "and occupied mask; allocation takes the head");
	desc_param(m, "N", "n", n, "ids");
	desc_port(m, AQ_ALLOC, "alloc_i", PORT_IN, 1, 1, "take the head (if ok_o)");
	desc_port(m, AQ_FREE, "free_i", PORT_IN, 1, 1, "return free_id_i to the tail");
	desc_port(m, AQ_FREE_ID, "free_id_i", PORT_IN, 1, iw, "id returned; must be occupied");
	desc_port(m, AQ_OK, "ok_o", PORT_OUT, 1, 1, "an id is free");
	desc_port(m, AQ_ID, "id_o", PORT_OUT, 1, iw, "the id an allocation gets (the head)");
	desc_port(m, AQ_OCC, "occupied_o", PORT_OUT, 1, n, "allocated ids");
	desc_finish(m);
}

/* (x + 1) mod N over a PW-bit pointer. */
static void aq_increment(struct vw *w, const char *dst, const char *x, unsigned n, unsigned pw)
{
	char last[32], zero[32], one[32];

	if (n == 1)
		vw_line(w, "wire [PW-1:0] %s = %s;  // one entry: stays put", dst, vw_lit(zero, sizeof zero, pw, 0));
	else
		vw_line(w, "wire [PW-1:0] %s = (%s == %s) ? %s : %s + %s;", dst, x,
			vw_lit(last, sizeof last, pw, n - 1), vw_lit(zero, sizeof zero, pw, 0), x,
			vw_lit(one, sizeof one, pw, 1));
}

int emit_alloc_queue(struct design *d, unsigned n, char *name, size_t name_n)
{
	struct module_desc m;
	char a[64], b[64];
	unsigned pw = cfg_index_bits(n), cw = cfg_index_bits(n + 1u);
	struct sbuf *out;
	struct vw w;
	int fresh;

	aq_desc(&m, n);
	snprintf(name, name_n, "%s", m.name);
	out = design_module_file(d, m.name, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "Allocation queue (policy: cmodel/alloc_queue.c; LTRF Fig. 8).");
	vw_module_begin(&w, &m, 1, 1);
	vw_param(&w, &m, "N");
	vw_line(&w, "localparam integer PW = %u;  // FIFO pointer and id width", pw);
	vw_line(&w, "localparam integer CW = %u;  // count width (0..N)", cw);
	vw_blank(&w);
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "reg [PW-1:0] fifo_q_%u;", i);
	vw_line(&w, "reg [PW-1:0] head_q, tail_q;");
	vw_line(&w, "reg [CW-1:0] count_q;");
	vw_line(&w, "reg [N-1:0]  occ_q;");
	vw_blank(&w);
	vw_line(&w, "assign ok_o = count_q != %s;", vw_lit(a, sizeof a, cw, 0));
	vw_line(&w, "wire take = alloc_i & ok_o;");
	vw_line(&w, "assign id_o =");
	w.indent += 2;
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "({PW{head_q == %s}} & fifo_q_%u)%s", vw_lit(a, sizeof a, pw, i), i, i + 1 == n ? ";" : " |");
	w.indent -= 2;
	aq_increment(&w, "head_inc", "head_q", n, pw);
	aq_increment(&w, "tail_inc", "tail_q", n, pw);
	if (n == 1) {
		vw_line(&w, "wire [N-1:0] take_mask = take;");
		vw_line(&w, "wire [N-1:0] free_mask = free_i;");
		vw_line(&w, "wire unused_ids = ^{id_o, free_id_i, head_inc, tail_inc};");
	} else {
		vw_line(&w, "wire [N-1:0] take_mask = {{(N-1){1'b0}}, take} << id_o;");
		vw_line(&w, "wire [N-1:0] free_mask = {{(N-1){1'b0}}, free_i} << free_id_i;");
	}
	vw_blank(&w);
	vw_line(&w, "// The unused queue: a freed id goes to the tail.");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "fifo_q_%u <= %s;", i, vw_lit(a, sizeof a, pw, i));
	vw_close(&w, "end else if (free_i) begin");
	w.indent++;
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "if (tail_q == %s) fifo_q_%u <= free_id_i;", vw_lit(a, sizeof a, pw, i), i);
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_blank(&w);
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	vw_line(&w, "head_q  <= %s;", vw_lit(a, sizeof a, pw, 0));
	vw_line(&w, "tail_q  <= %s;", vw_lit(a, sizeof a, pw, 0));
	vw_line(&w, "count_q <= %s;", vw_lit(a, sizeof a, cw, n));
	vw_close(&w, "end else begin");
	w.indent++;
	vw_line(&w, "if (take)   head_q <= head_inc;");
	vw_line(&w, "if (free_i) tail_q <= tail_inc;");
	vw_line(&w, "count_q <= count_q + %s - %s;", vw_zext(a, sizeof a, "free_i", 1, cw),
		vw_zext(b, sizeof b, "take", 1, cw));
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_blank(&w);
	vw_line(&w, "// The occupied queue, as a mask (a bank can be freed out of order).");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(&w, "if (!rst_ni) occ_q <= {N{1'b0}};");
	vw_line(&w, "else         occ_q <= (occ_q | take_mask) & ~free_mask;");
	vw_close(&w, "end");
	vw_line(&w, "assign occupied_o = occ_q;");
	vw_module_end(&w);
	return 0;
}


enum { AGE_TOUCH, AGE_TOUCH_IDX, AGE_RANK };

static void age_desc(struct module_desc *m, unsigned n, unsigned k)
{
	unsigned iw = cfg_index_bits(n);

	desc_init(m, "gpurf_age_rank", "age ranks (0 = oldest); a touch makes a thing the youngest");
	desc_param(m, "N", "n", n, "things ranked");
	desc_param(m, "K", "k", k, "touches per cycle, applied in order");
	desc_port(m, AGE_TOUCH, "touch_i", PORT_IN, k, 1, "touch valid");
	desc_port(m, AGE_TOUCH_IDX, "touch_idx_i", PORT_IN, k, iw, "thing touched (< N)");
	desc_port(m, AGE_RANK, "rank_o", PORT_OUT, n, iw, "rank of each thing, 0 = oldest");
	desc_finish(m);
}

int emit_age_rank(struct design *d, unsigned n, unsigned k, char *name, size_t name_n)
{
	struct module_desc m;
	unsigned rw = cfg_index_bits(n);
	char idx[64], lit[32], youngest[32], one[32], line[8192];
	struct sbuf *out;
	struct vw w;
	int fresh;
	size_t used;

	age_desc(&m, n, k);
	snprintf(name, name_n, "%s", m.name);
	out = design_module_file(d, m.name, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "Age ranks (policy: cmodel/age_rank.c): FIFO/LRU order and oldest-first.");
	vw_module_begin(&w, &m, 1, 1);
	vw_param(&w, &m, "N");
	vw_line(&w, "localparam integer RW = %u;  // rank and index width", rw);
	vw_blank(&w);
	vw_line(&w, "reg  [N*RW-1:0] rank_q;");
	vw_line(&w, "wire [N*RW-1:0] r_0 = rank_q;");
	for (unsigned t = 0; t < k; t++) {
		vw_line(&w, "// touch %u: the touched thing becomes N-1, the ones above its old rank move down", t);
		vw_elem(idx, sizeof idx, &m.ports[AGE_TOUCH_IDX], t);
		used = (size_t)snprintf(line, sizeof line, "wire [RW-1:0] old_%u =", t);
		for (unsigned j = 0; j < n; j++)
			used += (size_t)snprintf(line + used, sizeof line - used, "%s ({RW{%s == %s}} & r_%u[%u +: RW])",
						 j ? " |" : "", idx, vw_lit(lit, sizeof lit, rw, j), t, j * rw);
		snprintf(line + used, sizeof line - used, ";");
		vw_line(&w, "%s", line);
		vw_line(&w, "wire [N*RW-1:0] r_%u;", t + 1);
		vw_lit(youngest, sizeof youngest, rw, n - 1u);
		vw_lit(one, sizeof one, rw, 1);
		for (unsigned j = 0; j < n; j++)
			vw_line(&w, "assign r_%u[%u +: RW] = !touch_i[%u] ? r_%u[%u +: RW] : (%s == %s) ? %s :"
				    " (r_%u[%u +: RW] > old_%u) ? r_%u[%u +: RW] - %s : r_%u[%u +: RW];",
				t + 1, j * rw, t, t, j * rw, idx, vw_lit(lit, sizeof lit, rw, j), youngest, t,
				j * rw, t, t, j * rw, one, t, j * rw);
	}
	vw_blank(&w);
	vw_line(&w, "assign rank_o = rank_q;");
	used = (size_t)snprintf(line, sizeof line, "{");
	for (unsigned j = n; j-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%u'd%u", j + 1 == n ? "" : ", ", rw, j);
	snprintf(line + used, sizeof line - used, "}");
	snprintf(idx, sizeof idx, "r_%u", k);
	emit_flop(&w, "rank_q", idx, line);
	vw_module_end(&w);
	return 0;
}

void emit_and_or(struct vw *w, const char *decl, unsigned n, unsigned width, const char *sel_fmt,
	       const char *val_fmt)
{
	char line[16384], sel[160], val[160];
	size_t used = (size_t)snprintf(line, sizeof line, "%s =", decl);

	for (unsigned i = 0; i < n; i++) {
		snprintf(sel, sizeof sel, sel_fmt, i, i);
		snprintf(val, sizeof val, val_fmt, i);
		used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
					 "%s ({%u{%s}} & %s)", i ? " |" : "", width, sel, val);
	}
	snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
	vw_line(w, "%s", line);
}

void emit_first_one(struct vw *w, const char *dst, const char *vec, unsigned n)
{
	char line[8192], t[64];
	size_t used = (size_t)snprintf(line, sizeof line, "wire [%u:0] %s = {", n - 1, dst);

	for (unsigned i = n; i-- > 0;) {
		t[0] = '\0';
		if (i)
			snprintf(t, sizeof t, " & ~(|%s[%u:0])", vec, i - 1);
		used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "%s%s[%u]%s",
					 i + 1 == n ? "" : ", ", vec, i, t);
	}
	snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "};");
	vw_line(w, "%s", line);
}

void emit_onehot_index(struct vw *w, const char *dst, const char *oh, unsigned n, unsigned iw)
{
	char line[16384];
	size_t used = (size_t)snprintf(line, sizeof line, "wire [%u:0] %s =", iw - 1, dst);

	for (unsigned i = 0; i < n; i++)
		used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
					 "%s ({%u{%s[%u]}} & %u'd%u)", i ? " |" : "", iw, oh, i, iw, i);
	snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
	vw_line(w, "%s", line);
}

void emit_concat(struct vw *w, const char *decl, const char *prefix, unsigned n)
{
	vw_line(w, "%s = {", decl);
	w->indent += 2;
	for (unsigned i = n; i-- > 0;)
		vw_line(w, "%s%u%s", prefix, i, i ? "," : "};");
	w->indent -= 2;
}

void emit_flop(struct vw *w, const char *q, const char *d, const char *reset_value)
{
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) %s <= %s;", q, reset_value);
	vw_line(w, "else         %s <= %s;", q, d);
	vw_close(w, "end");
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

void emit_unused_add(struct emit_unused *u, const char *name, unsigned hi, unsigned lo)
{
	size_t k = strlen(u->list);
	int n;

	if (hi == lo)
		n = snprintf(u->list + k, sizeof u->list - k, "%s%s[%u]", k ? ", " : "", name, hi);
	else
		n = snprintf(u->list + k, sizeof u->list - k, "%s%s[%u:%u]", k ? ", " : "", name, hi, lo);
	/* a truncated list is a syntax error in the emitted Verilog: the
	 * generator's own bound, never the user's input */
	assert(n > 0 && (size_t)n < sizeof u->list - k);
}

const char *emit_fit(char *buf, size_t n, const char *name, unsigned from, unsigned to, struct emit_unused *u)
{
	if (to == from) {
		snprintf(buf, n, "%s", name);
	} else if (to < from) {
		snprintf(buf, n, "%s[%u:0]", name, to - 1u);
		emit_unused_add(u, name, from - 1u, to);
	} else {
		snprintf(buf, n, "{{%u{1'b0}}, %s}", to - from, name);
	}
	return buf;
}

void emit_unused_wire(struct vw *w, const char *name, const struct emit_unused *u)
{
	if (u->list[0])
		vw_line(w, "wire %s = ^{%s};", name, u->list);
}

void emit_cell_inst(struct vw *w, enum cell c, const char *inst, const char *const *params,
		    const char *const *conns)
{
	char line[256];
	size_t used = (size_t)snprintf(line, sizeof line, "%s #(", cell_module(c));

	for (unsigned i = 0; params[i]; i += 2)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s.%s(%s)", i ? ", " : "", params[i],
					 params[i + 1]);
	snprintf(line + used, sizeof line - used, ") %s (", inst);
	vw_open(w, "%s", line);
	for (unsigned i = 0; conns[i]; i += 2)
		vw_line(w, ".%-7s (%s)%s", conns[i], conns[i + 1], conns[i + 2] ? "," : "");
	vw_close(w, ");");
}

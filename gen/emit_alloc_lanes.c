/* emit_alloc_lanes.c: Verilog of the allocation queue with several
 * allocations and frees a cycle (LTRF's row AAUs with [ltrf] fill_ports
 * lanes; policy: alloc_queue_tick_n in cmodel/alloc_queue.c).
 *
 * The same unused FIFO and occupied mask as gpurf_alloc_queue
 * (emit_lib.c): the allocating lanes, however many, take that many ids
 * from the head (at most the count), heads_o[j] showing what the j-th of
 * them gets; the freeing lanes append their ids at the tail in lane order
 * (lane k's slot: the tail plus the freeing lanes below k).  Pointers wrap
 * at N, which need not be a power of two. */
#include "emit_lib.h"

#include <stdio.h>

#include "vwriter.h"

enum { AL_ALLOC, AL_FREE, AL_FREE_ID, AL_OK, AL_HEADS, AL_OCC };

static void al_desc(struct module_desc *m, unsigned n, unsigned f)
{
	unsigned iw = cfg_index_bits(n);

	desc_init(m, "gpurf_alloc_lanes", "allocation queue with F allocations and F frees a cycle: "
					  "unused FIFO of ids (reset 0..N-1) and occupied mask");
	desc_param(m, "N", "n", n, "ids");
	desc_param(m, "F", "f", f, "lanes");
	desc_port(m, AL_ALLOC, "alloc_i", PORT_IN, f, 1, "lane allocates (the lanes allocating take the head on)");
	desc_port(m, AL_FREE, "free_i", PORT_IN, f, 1, "lane frees its id (appended in lane order)");
	desc_port(m, AL_FREE_ID, "free_id_i", PORT_IN, f, iw, "id freed; must be occupied");
	desc_port(m, AL_OK, "ok_o", PORT_OUT, 1, 1, "an id is free");
	desc_port(m, AL_HEADS, "heads_o", PORT_OUT, f, iw, "j-th id from the head; 0 past the count");
	desc_port(m, AL_OCC, "occupied_o", PORT_OUT, 1, n, "allocated ids");
	desc_finish(m);
}

/* dst (AW bits) = number of set bits among v[lo..hi-1]. */
static void emit_popcount(struct vw *w, const char *dst, const char *v, unsigned lo, unsigned hi, unsigned aw)
{
	char line[2048], bitx[64], z[96];
	size_t used = (size_t)snprintf(line, sizeof line, "wire [AW-1:0] %s = ", dst);

	if (lo == hi)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s", vw_lit(z, sizeof z, aw, 0));
	for (unsigned i = lo; i < hi; i++) {
		snprintf(bitx, sizeof bitx, "%s[%u]", v, i);
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i > lo ? " + " : "",
					 vw_zext(z, sizeof z, bitx, 1, aw));
	}
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "%s", line);
}

/* dst (PW bits) = (x + y) mod N, both AW bits, x + y < 2N. */
static void emit_wrap(struct vw *w, const char *dst, const char *x, const char *y, unsigned n, unsigned aw)
{
	char nl[32];

	vw_line(w, "wire [AW-1:0] %s_s = %s + %s;", dst, x, y);
	vw_line(w, "wire [AW-1:0] %s_w = (%s_s >= %s) ? %s_s - %s : %s_s;", dst, dst, vw_lit(nl, sizeof nl, aw, n), dst,
		nl, dst);
	vw_line(w, "wire [PW-1:0] %s = %s_w[PW-1:0];", dst, dst);
	vw_line(w, "wire [AW-PW-1:0] %s_unused = %s_w[AW-1:PW];  // < N: fits PW bits", dst, dst);
}

static void emit_fifo_read(struct vw *w, unsigned n, unsigned pw, const char *dst, const char *at)
{
	char lit[32];

	vw_line(w, "wire [PW-1:0] %s =", dst);
	w->indent += 2;
	for (unsigned i = 0; i < n; i++)
		vw_line(w, "({PW{%s == %s}} & fifo_q_%u)%s", at, vw_lit(lit, sizeof lit, pw, i), i, i + 1 == n ? ";" : " |");
	w->indent -= 2;
}

int emit_alloc_lanes(struct design *d, unsigned n, unsigned f, char *name, size_t name_n)
{
	struct module_desc m;
	char a[96], b[96], c[96];
	unsigned pw = cfg_index_bits(n), cw = cfg_index_bits(n + 1u), aw = cfg_index_bits(2u * (n + f)) + 1u;
	unsigned fh = f < n ? f : n;	/* heads that can be valid: at most N ids are free */
	struct sbuf *out;
	struct vw w;
	int fresh;

	al_desc(&m, n, f);
	snprintf(name, name_n, "%s", m.name);
	out = design_module_file(d, m.name, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "Allocation queue, several lanes (policy: cmodel/alloc_queue.c alloc_queue_tick_n; "
			      "LTRF Fig. 8).");
	vw_module_begin(&w, &m, 1, 1);
	vw_param(&w, &m, "N");
	vw_line(&w, "localparam integer PW = %u;  // FIFO pointer and id width", pw);
	vw_line(&w, "localparam integer CW = %u;  // count width (0..N)", cw);
	vw_line(&w, "localparam integer AW = %u;  // pointer arithmetic: up to 2 (N + F)", aw);
	vw_blank(&w);
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "reg [PW-1:0] fifo_q_%u;", i);
	vw_line(&w, "reg [PW-1:0] head_q, tail_q;");
	vw_line(&w, "reg [CW-1:0] count_q;");
	vw_line(&w, "reg [N-1:0]  occ_q;");
	vw_line(&w, "wire [AW-1:0] head_x = %s;", vw_zext(a, sizeof a, "head_q", pw, aw));
	vw_line(&w, "wire [AW-1:0] tail_x = %s;", vw_zext(a, sizeof a, "tail_q", pw, aw));
	vw_line(&w, "wire [AW-1:0] count_x = %s;", vw_zext(a, sizeof a, "count_q", cw, aw));
	vw_blank(&w);
	vw_line(&w, "// ---- allocations: the lanes allocating take the head on ----");
	emit_popcount(&w, "nalloc", "alloc_i", 0, f, aw);
	vw_line(&w, "assign ok_o = count_q != %s;", vw_lit(a, sizeof a, cw, 0));
	vw_line(&w, "wire [AW-1:0] take = (nalloc > count_x) ? count_x : nalloc;");
	vw_line(&w, "wire [N-1:0] take_m_0 = {N{1'b0}};");
	for (unsigned j = 0; j < f; j++) {
		if (j >= n) {
			vw_line(&w, "assign heads_o[%u +: PW] = {PW{1'b0}};  // never more than N free", j * pw);
			continue;
		}
		snprintf(b, sizeof b, "hp_%u", j);
		emit_wrap(&w, b, "head_x", vw_lit(a, sizeof a, aw, j), n, aw);
		snprintf(c, sizeof c, "hid_%u", j);
		emit_fifo_read(&w, n, pw, c, b);
		vw_line(&w, "assign heads_o[%u +: PW] = {PW{count_x > %s}} & hid_%u;", j * pw, vw_lit(a, sizeof a, aw, j), j);
		vw_line(&w, "wire [N-1:0] take_m_%u = take_m_%u | ({N{take > %s}} & (%s << hid_%u));", j + 1, j, a,
			vw_lit(c, sizeof c, n, 1), j);
	}
	vw_line(&w, "wire [N-1:0] take_mask = take_m_%u;", fh);
	emit_wrap(&w, "head_n", "head_x", "take", n, aw);
	vw_blank(&w);
	vw_line(&w, "// ---- frees: appended at the tail in lane order ----");
	emit_popcount(&w, "nfree", "free_i", 0, f, aw);
	emit_wrap(&w, "tail_n", "tail_x", "nfree", n, aw);
	vw_line(&w, "wire [AW-1:0] count_n = count_x + nfree - take;");
	vw_line(&w, "wire [AW-CW-1:0] count_unused = count_n[AW-1:CW];  // at most N");
	vw_line(&w, "wire [N-1:0] free_m_0 = {N{1'b0}};");
	for (unsigned k = 0; k < f; k++) {
		snprintf(b, sizeof b, "frank_%u", k);
		emit_popcount(&w, b, "free_i", 0, k, aw);
		snprintf(c, sizeof c, "fpos_%u", k);
		emit_wrap(&w, c, "tail_x", b, n, aw);
		vw_line(&w, "wire [PW-1:0] fid_%u = free_id_i[%u +: PW];", k, k * pw);
		vw_line(&w, "wire [N-1:0] free_m_%u = free_m_%u | ({N{free_i[%u]}} & (%s << fid_%u));", k + 1, k, k,
			vw_lit(a, sizeof a, n, 1), k);
	}
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	for (unsigned i = 0; i < n; i++)
		vw_line(&w, "fifo_q_%u <= %s;", i, vw_lit(a, sizeof a, pw, i));
	vw_close(&w, "end else begin");
	w.indent++;
	for (unsigned k = 0; k < f; k++)
		for (unsigned i = 0; i < n; i++)
			vw_line(&w, "if (free_i[%u] && fpos_%u == %s) fifo_q_%u <= fid_%u;", k, k, vw_lit(a, sizeof a, pw, i), i,
				k);
	w.indent--;
	vw_line(&w, "end");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	vw_line(&w, "head_q  <= %s;", vw_lit(a, sizeof a, pw, 0));
	vw_line(&w, "tail_q  <= %s;", vw_lit(a, sizeof a, pw, 0));
	vw_line(&w, "count_q <= %s;", vw_lit(a, sizeof a, cw, n));
	vw_line(&w, "occ_q   <= {N{1'b0}};");
	vw_close(&w, "end else begin");
	w.indent++;
	vw_line(&w, "head_q  <= head_n;");
	vw_line(&w, "tail_q  <= tail_n;");
	vw_line(&w, "count_q <= count_n[CW-1:0];");
	vw_line(&w, "occ_q   <= (occ_q | take_mask) & ~free_m_%u;", f);
	w.indent--;
	vw_line(&w, "end");
	vw_close(&w, "end");
	vw_line(&w, "assign occupied_o = occ_q;");
	vw_module_end(&w);
	return 0;
}

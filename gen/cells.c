/* cells.c: the texts of the leaf-cell library (cells.h) and their
 * dependencies.  Each cell is one module in one file, lint-clean under
 * verilator --lint-only -Wall for any legal parameters, Icarus-compilable,
 * latch-free in Yosys (tests/scripts/cells.sh checks them in Icarus against
 * reference models). */
#include "cells.h"

#include <string.h>

static const char text_mux_onehot[] =
	"// gpurf_mux_onehot: W-bit multiplexer over N inputs with a one-hot select.\n"
	"// An all-zero select gives zero (AND-OR), so an idle mux drives no X.\n"
	"// One generate block per input, each ORing its term onto the previous\n"
	"// block's: constant part-selects only, no net that feeds itself, and a\n"
	"// select, not a W-fold replicate of sel_i[i] (Verilator builds that bit\n"
	"// by bit: 28 times slower at 2048 bits).\n"
	"module gpurf_mux_onehot #(\n"
	"  parameter integer N = 2,  // inputs\n"
	"  parameter integer W = 1   // bits per input\n"
	") (\n"
	"  input  wire [N*W-1:0] data_i,  // input i is data_i[i*W +: W]\n"
	"  input  wire [N-1:0]   sel_i,   // one-hot or zero\n"
	"  output wire [W-1:0]   data_o\n"
	");\n"
	"  genvar i;\n"
	"  generate\n"
	"    for (i = 0; i < N; i = i + 1) begin : g_in\n"
	"      wire [W-1:0] acc;  // OR of the selected inputs 0..i\n"
	"      if (i == 0) begin : g_first\n"
	"        assign acc = sel_i[i] ? data_i[i*W +: W] : {W{1'b0}};\n"
	"      end else begin : g_next\n"
	"        assign acc = g_in[i-1].acc | (sel_i[i] ? data_i[i*W +: W] : {W{1'b0}});\n"
	"      end\n"
	"    end\n"
	"  endgenerate\n"
	"  assign data_o = g_in[N-1].acc;\n"
	"endmodule\n";

static const char text_prefix_count[] =
	"// gpurf_prefix_count: for each bit i of vec_i, how many bits below it are\n"
	"// set (count_o[i*CNT_W +: CNT_W]); e.g. the rank of a grant among the\n"
	"// grants of one cycle, so the k-th grant takes port k.\n"
	"module gpurf_prefix_count #(\n"
	"  parameter integer N     = 2,  // bits\n"
	"  parameter integer CNT_W = 1   // count width, at least clog2(N)\n"
	") (\n"
	"  input  wire [N-1:0]       vec_i,\n"
	"  output wire [N*CNT_W-1:0] count_o\n"
	");\n"
	"  reg [N*CNT_W-1:0] count;\n"
	"  reg [CNT_W-1:0]   acc;\n"
	"  integer i;\n"
	"\n"
	"  always @* begin\n"
	"    acc = {CNT_W{1'b0}};\n"
	"    for (i = 0; i < N; i = i + 1) begin\n"
	"      count[i*CNT_W +: CNT_W] = acc;\n"
	"      if (vec_i[i]) acc = acc + 1'b1;\n"
	"    end\n"
	"  end\n"
	"  assign count_o = count;\n"
	"endmodule\n";

static const char text_xbar_onehot[] =
	"// gpurf_xbar_onehot: crossbar of N_OUT one-hot multiplexers (slices) over\n"
	"// the same N_IN inputs; output o takes the inputs sel_i[o*N_IN +: N_IN]\n"
	"// selects (zero when none).  One slice module, N_OUT instances.\n"
	"module gpurf_xbar_onehot #(\n"
	"  parameter integer N_IN  = 2,  // inputs\n"
	"  parameter integer N_OUT = 1,  // outputs (slices)\n"
	"  parameter integer W     = 1   // bits per input and output\n"
	") (\n"
	"  input  wire [N_IN*W-1:0]     data_i,\n"
	"  input  wire [N_OUT*N_IN-1:0] sel_i,   // per output, one-hot or zero\n"
	"  output wire [N_OUT*W-1:0]    data_o\n"
	");\n"
	"  genvar o;\n"
	"  generate\n"
	"    for (o = 0; o < N_OUT; o = o + 1) begin : g_out\n"
	"      gpurf_mux_onehot #(\n"
	"        .N (N_IN),\n"
	"        .W (W)\n"
	"      ) u_slice (\n"
	"        .data_i (data_i),\n"
	"        .sel_i  (sel_i[o*N_IN +: N_IN]),\n"
	"        .data_o (data_o[o*W +: W])\n"
	"      );\n"
	"    end\n"
	"  endgenerate\n"
	"endmodule\n";

static const char text_decode[] =
	"// gpurf_decode: binary index to one-hot over N outputs; en_i low, or an\n"
	"// index of N or more, gives zero.\n"
	"module gpurf_decode #(\n"
	"  parameter integer N     = 2,  // outputs\n"
	"  parameter integer IDX_W = 1   // index width\n"
	") (\n"
	"  input  wire             en_i,\n"
	"  input  wire [IDX_W-1:0] idx_i,\n"
	"  output wire [N-1:0]     onehot_o\n"
	");\n"
	"  genvar i;\n"
	"  generate\n"
	"    for (i = 0; i < N; i = i + 1) begin : g_out\n"
	"      localparam [31:0] I = i;\n"
	"      assign onehot_o[i] = en_i && ({{(32-IDX_W){1'b0}}, idx_i} == I);\n"
	"    end\n"
	"  endgenerate\n"
	"endmodule\n";

static const char text_mux_bin[] =
	"// gpurf_mux_bin: W-bit multiplexer over N inputs with a binary select;\n"
	"// a select of N or more gives zero.\n"
	"module gpurf_mux_bin #(\n"
	"  parameter integer N     = 2,  // inputs\n"
	"  parameter integer W     = 1,  // bits per input\n"
	"  parameter integer SEL_W = 1   // select width\n"
	") (\n"
	"  input  wire [N*W-1:0]   data_i,  // input i is data_i[i*W +: W]\n"
	"  input  wire [SEL_W-1:0] sel_i,\n"
	"  output wire [W-1:0]     data_o\n"
	");\n"
	"  wire [N-1:0] onehot;\n"
	"\n"
	"  gpurf_decode #(\n"
	"    .N     (N),\n"
	"    .IDX_W (SEL_W)\n"
	"  ) u_decode (\n"
	"    .en_i     (1'b1),\n"
	"    .idx_i    (sel_i),\n"
	"    .onehot_o (onehot)\n"
	"  );\n"
	"\n"
	"  gpurf_mux_onehot #(\n"
	"    .N (N),\n"
	"    .W (W)\n"
	"  ) u_mux (\n"
	"    .data_i (data_i),\n"
	"    .sel_i  (onehot),\n"
	"    .data_o (data_o)\n"
	"  );\n"
	"endmodule\n";

static const char text_ffs[] =
	"// gpurf_ffs: find-first-set, the lowest set bit of vec_i (lowest index\n"
	"// wins): as one-hot and as an index (zero when nothing is set).\n"
	"module gpurf_ffs #(\n"
	"  parameter integer N     = 2,  // bits\n"
	"  parameter integer IDX_W = 1   // index width, at least clog2(N)\n"
	") (\n"
	"  input  wire [N-1:0]     vec_i,\n"
	"  output wire             found_o,\n"
	"  output wire [N-1:0]     onehot_o,\n"
	"  output wire [IDX_W-1:0] idx_o\n"
	");\n"
	"  // vec & -vec: the lowest set bit alone.\n"
	"  assign onehot_o = vec_i & (~vec_i + {{(N-1){1'b0}}, 1'b1});\n"
	"  assign found_o  = |vec_i;\n"
	"\n"
	"  genvar i, k;\n"
	"  generate\n"
	"    for (k = 0; k < IDX_W; k = k + 1) begin : g_idx\n"
	"      // Bit k of the index: OR of the one-hot bits whose index has bit k.\n"
	"      wire [N-1:0] has_k;\n"
	"      for (i = 0; i < N; i = i + 1) begin : g_in\n"
	"        if ((i >> k) % 2 == 1) begin : g_one\n"
	"          assign has_k[i] = onehot_o[i];\n"
	"        end else begin : g_zero\n"
	"          assign has_k[i] = 1'b0;\n"
	"        end\n"
	"      end\n"
	"      assign idx_o[k] = |has_k;\n"
	"    end\n"
	"  endgenerate\n"
	"endmodule\n";

static const char text_arb_rr[] =
	"// gpurf_arb_rr: round-robin arbiter, one grant per cycle when en_i.  The\n"
	"// requester after the last one granted has priority: requests at or above\n"
	"// the pointer first (mask_q), lowest index first, else the lowest of all.\n"
	"module gpurf_arb_rr #(\n"
	"  parameter integer N = 2  // requesters\n"
	") (\n"
	"  input  wire         clk_i,\n"
	"  input  wire         rst_ni,  // asynchronous, active low\n"
	"  input  wire         en_i,    // a grant may be given this cycle\n"
	"  input  wire [N-1:0] req_i,\n"
	"  output wire [N-1:0] gnt_o    // one-hot or zero\n"
	");\n"
	"  reg  [N-1:0] mask_q;  // requesters at or above the pointer\n"
	"  wire [N-1:0] mask_d;\n"
	"  wire [N-1:0] req_hi = req_i & mask_q;\n"
	"  wire [N-1:0] gnt_hi, gnt_all;\n"
	"  wire         found_hi, found_all;\n"
	"  wire         idx_hi, idx_all;  // not needed: grants are one-hot\n"
	"\n"
	"  gpurf_ffs #(.N (N), .IDX_W (1)) u_ffs_hi (\n"
	"    .vec_i (req_hi), .found_o (found_hi), .onehot_o (gnt_hi), .idx_o (idx_hi)\n"
	"  );\n"
	"  gpurf_ffs #(.N (N), .IDX_W (1)) u_ffs_all (\n"
	"    .vec_i (req_i), .found_o (found_all), .onehot_o (gnt_all), .idx_o (idx_all)\n"
	"  );\n"
	"\n"
	"  assign gnt_o = !en_i ? {N{1'b0}} : (found_hi ? gnt_hi : gnt_all);\n"
	"  // After a grant, priority goes to the requesters strictly above it.\n"
	"  assign mask_d = |gnt_o ? ~(gnt_o | (gnt_o - {{(N-1){1'b0}}, 1'b1})) : mask_q;\n"
	"  wire unused_ffs = ^{found_all, idx_hi, idx_all};\n"
	"\n"
	"  always @(posedge clk_i or negedge rst_ni) begin\n"
	"    if (!rst_ni) mask_q <= {N{1'b1}};\n"
	"    else         mask_q <= mask_d;\n"
	"  end\n"
	"endmodule\n";

static const char text_flop_array[] =
	"// gpurf_flop_array: N entries of W bits in flops, one write port, every\n"
	"// entry readable at once (q_o).  No reset: readers qualify entries with\n"
	"// their own valid state.\n"
	"module gpurf_flop_array #(\n"
	"  parameter integer N     = 2,  // entries\n"
	"  parameter integer W     = 1,  // bits per entry\n"
	"  parameter integer IDX_W = 1   // write index width\n"
	") (\n"
	"  input  wire             clk_i,\n"
	"  input  wire             we_i,\n"
	"  input  wire [IDX_W-1:0] waddr_i,\n"
	"  input  wire [W-1:0]     wdata_i,\n"
	"  output wire [N*W-1:0]   q_o      // entry i is q_o[i*W +: W]\n"
	");\n"
	"  wire [N-1:0] we;\n"
	"\n"
	"  gpurf_decode #(\n"
	"    .N     (N),\n"
	"    .IDX_W (IDX_W)\n"
	"  ) u_decode (\n"
	"    .en_i     (we_i),\n"
	"    .idx_i    (waddr_i),\n"
	"    .onehot_o (we)\n"
	"  );\n"
	"\n"
	"  genvar i;\n"
	"  generate\n"
	"    for (i = 0; i < N; i = i + 1) begin : g_entry\n"
	"      reg [W-1:0] entry_q;\n"
	"      always @(posedge clk_i) begin\n"
	"        if (we[i]) entry_q <= wdata_i;\n"
	"      end\n"
	"      assign q_o[i*W +: W] = entry_q;\n"
	"    end\n"
	"  endgenerate\n"
	"endmodule\n";

static const char text_fifo[] =
	"// gpurf_fifo: first-in first-out queue of DEPTH entries of W bits in a\n"
	"// flop array; push_i when full and pop_i when empty are ignored.  data_o is\n"
	"// the head (meaningful when !empty_o).  Reset empties it.\n"
	"module gpurf_fifo #(\n"
	"  parameter integer W     = 1,  // bits per entry\n"
	"  parameter integer DEPTH = 2,  // entries, at least 2\n"
	"  parameter integer PTR_W = 1,  // clog2(DEPTH)\n"
	"  parameter integer CNT_W = 2   // clog2(DEPTH + 1)\n"
	") (\n"
	"  input  wire         clk_i,\n"
	"  input  wire         rst_ni,  // asynchronous, active low\n"
	"  input  wire         push_i,\n"
	"  input  wire [W-1:0] data_i,\n"
	"  input  wire         pop_i,\n"
	"  output wire [W-1:0] data_o,\n"
	"  output wire         full_o,\n"
	"  output wire         empty_o\n"
	");\n"
	"  localparam [31:0] LAST = DEPTH - 1;\n"
	"  localparam [31:0] FULL = DEPTH;\n"
	"\n"
	"  reg  [PTR_W-1:0] head_q, tail_q;\n"
	"  reg  [CNT_W-1:0] count_q;\n"
	"  wire             head_last = {{(32-PTR_W){1'b0}}, head_q} == LAST;\n"
	"  wire             tail_last = {{(32-PTR_W){1'b0}}, tail_q} == LAST;\n"
	"  wire             do_push = push_i && !full_o;\n"
	"  wire             do_pop  = pop_i && !empty_o;\n"
	"  wire [DEPTH*W-1:0] entries;\n"
	"\n"
	"  assign full_o  = {{(32-CNT_W){1'b0}}, count_q} == FULL;\n"
	"  assign empty_o = count_q == {CNT_W{1'b0}};\n"
	"\n"
	"  gpurf_flop_array #(\n"
	"    .N     (DEPTH),\n"
	"    .W     (W),\n"
	"    .IDX_W (PTR_W)\n"
	"  ) u_store (\n"
	"    .clk_i   (clk_i),\n"
	"    .we_i    (do_push),\n"
	"    .waddr_i (tail_q),\n"
	"    .wdata_i (data_i),\n"
	"    .q_o     (entries)\n"
	"  );\n"
	"\n"
	"  gpurf_mux_bin #(\n"
	"    .N     (DEPTH),\n"
	"    .W     (W),\n"
	"    .SEL_W (PTR_W)\n"
	"  ) u_head (\n"
	"    .data_i (entries),\n"
	"    .sel_i  (head_q),\n"
	"    .data_o (data_o)\n"
	"  );\n"
	"\n"
	"  always @(posedge clk_i or negedge rst_ni) begin\n"
	"    if (!rst_ni) begin\n"
	"      head_q  <= {PTR_W{1'b0}};\n"
	"      tail_q  <= {PTR_W{1'b0}};\n"
	"      count_q <= {CNT_W{1'b0}};\n"
	"    end else begin\n"
	"      if (do_push) tail_q <= tail_last ? {PTR_W{1'b0}} : tail_q + 1'b1;\n"
	"      if (do_pop)  head_q <= head_last ? {PTR_W{1'b0}} : head_q + 1'b1;\n"
	"      if (do_push && !do_pop) count_q <= count_q + 1'b1;\n"
	"      else if (do_pop && !do_push) count_q <= count_q - 1'b1;\n"
	"    end\n"
	"  end\n"
	"endmodule\n";

static const char text_pipe[] =
	"// gpurf_pipe: DEPTH flop stages of W bits (a delay line).  RESET = 1 gives\n"
	"// every stage an asynchronous reset to zero (valid bits); RESET = 0 none\n"
	"// (data, qualified by a valid pipe beside it).\n"
	"module gpurf_pipe #(\n"
	"  parameter integer W     = 1,  // bits per stage\n"
	"  parameter integer DEPTH = 1,  // stages, at least 1\n"
	"  parameter integer RESET = 1   // 1: stages reset to zero\n"
	") (\n"
	"  input  wire         clk_i,\n"
	"  input  wire         rst_ni,  // asynchronous, active low (RESET = 1)\n"
	"  input  wire [W-1:0] d_i,\n"
	"  output wire [W-1:0] q_o      // d_i of DEPTH cycles ago\n"
	");\n"
	"  reg [DEPTH*W-1:0] stage_q;\n"
	"  wire [DEPTH*W-1:0] stage_d;\n"
	"\n"
	"  generate\n"
	"    if (DEPTH == 1) begin : g_one\n"
	"      assign stage_d = d_i;\n"
	"    end else begin : g_many\n"
	"      assign stage_d = {stage_q[(DEPTH-1)*W-1:0], d_i};\n"
	"    end\n"
	"    if (RESET != 0) begin : g_reset\n"
	"      always @(posedge clk_i or negedge rst_ni) begin\n"
	"        if (!rst_ni) stage_q <= {DEPTH*W{1'b0}};\n"
	"        else         stage_q <= stage_d;\n"
	"      end\n"
	"    end else begin : g_noreset\n"
	"      wire unused_rst = rst_ni;\n"
	"      always @(posedge clk_i) stage_q <= stage_d;\n"
	"    end\n"
	"  endgenerate\n"
	"  assign q_o = stage_q[(DEPTH-1)*W +: W];\n"
	"endmodule\n";

struct cell_info {
	const char *module;
	const char *text;
	enum cell deps[2];	/* cells it instantiates; CELL_COUNT ends the list */
};

static const struct cell_info cells[CELL_COUNT] = {
	[CELL_MUX_ONEHOT] = {"gpurf_mux_onehot", text_mux_onehot, {CELL_COUNT, CELL_COUNT}},
	[CELL_XBAR_ONEHOT] = {"gpurf_xbar_onehot", text_xbar_onehot, {CELL_MUX_ONEHOT, CELL_COUNT}},
	[CELL_DECODE] = {"gpurf_decode", text_decode, {CELL_COUNT, CELL_COUNT}},
	[CELL_MUX_BIN] = {"gpurf_mux_bin", text_mux_bin, {CELL_DECODE, CELL_MUX_ONEHOT}},
	[CELL_FFS] = {"gpurf_ffs", text_ffs, {CELL_COUNT, CELL_COUNT}},
	[CELL_ARB_RR] = {"gpurf_arb_rr", text_arb_rr, {CELL_FFS, CELL_COUNT}},
	[CELL_FLOP_ARRAY] = {"gpurf_flop_array", text_flop_array, {CELL_DECODE, CELL_COUNT}},
	[CELL_FIFO] = {"gpurf_fifo", text_fifo, {CELL_FLOP_ARRAY, CELL_MUX_BIN}},
	[CELL_PIPE] = {"gpurf_pipe", text_pipe, {CELL_COUNT, CELL_COUNT}},
	[CELL_PREFIX_COUNT] = {"gpurf_prefix_count", text_prefix_count, {CELL_COUNT, CELL_COUNT}},
};

const char *cell_module(enum cell c)
{
	return cells[c].module;
}

int cell_use(struct design *d, enum cell c)
{
	const struct cell_info *ci = &cells[c];
	struct sbuf *out;
	int fresh;

	if (design_has_module(d, ci->module))
		return 0;
	out = design_module_file(d, ci->module, &fresh);
	if (!out || d->ncells == DESIGN_MAX_CELLS)
		return -1;
	d->cells[d->ncells++] = ci->module;
	sbuf_printf(out, "// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.\n");
	sbuf_printf(out, "// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.\n\n");
	sbuf_printf(out, "%s", ci->text);
	for (unsigned i = 0; i < 2; i++)
		if (ci->deps[i] != CELL_COUNT && cell_use(d, ci->deps[i]))
			return -1;
	return 0;
}

// lint_top.v: every leaf cell under a few parameter sets (degenerate ones
// included), for verilator --lint-only -Wall and Yosys' latch check
// (tests/scripts/cells.sh).
module lint_top (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire [4*8-1:0] d_i,
  input  wire [3*4-1:0] sel_i,
  input  wire [1:0]     bsel_i,
  input  wire [4:0]     req_i,
  input  wire           push_i,
  input  wire           pop_i,
  input  wire [7:0]     fd_i,
  output wire [3*8-1:0] x_o,
  output wire [7:0]     x1_o,
  output wire [7:0]     b_o,
  output wire [4:0]     g_o,
  output wire           g1_o,
  output wire [7:0]     f_o,
  output wire           full_o,
  output wire           empty_o,
  output wire [7:0]     p_o,
  output wire [7:0]     p1_o,
  output wire           ff_o,
  output wire [2:0]     fi_o,
  output wire [4:0]     foh_o,
  output wire [5*3-1:0] pc_o,
  output wire [4*8-1:0] fa_o,
  output wire [4*8-1:0] tn_o,
  output wire [7:0]     tn1_o
);
  gpurf_xbar_onehot #(.N_IN (4), .N_OUT (3), .W (8)) u_x (
    .data_i (d_i), .sel_i (sel_i), .data_o (x_o));
  gpurf_mux_onehot #(.N (1), .W (8)) u_x1 (.data_i (d_i[7:0]), .sel_i (sel_i[0]), .data_o (x1_o));
  gpurf_mux_bin #(.N (3), .W (8), .SEL_W (2)) u_b (
    .data_i (d_i[23:0]), .sel_i (bsel_i), .data_o (b_o));
  gpurf_arb_rr #(.N (5)) u_a (
    .clk_i (clk_i), .rst_ni (rst_ni), .en_i (1'b1), .req_i (req_i), .gnt_o (g_o));
  gpurf_arb_rr #(.N (1)) u_a1 (
    .clk_i (clk_i), .rst_ni (rst_ni), .en_i (1'b1), .req_i (req_i[0]), .gnt_o (g1_o));
  gpurf_fifo #(.W (8), .DEPTH (3), .PTR_W (2), .CNT_W (2)) u_f (
    .clk_i (clk_i), .rst_ni (rst_ni), .push_i (push_i), .data_i (fd_i), .pop_i (pop_i),
    .data_o (f_o), .full_o (full_o), .empty_o (empty_o));
  gpurf_pipe #(.W (8), .DEPTH (3), .RESET (0)) u_p (
    .clk_i (clk_i), .rst_ni (rst_ni), .d_i (fd_i), .q_o (p_o));
  gpurf_pipe #(.W (8), .DEPTH (1), .RESET (1)) u_p1 (
    .clk_i (clk_i), .rst_ni (rst_ni), .d_i (fd_i), .q_o (p1_o));
  gpurf_ffs #(.N (5), .IDX_W (3)) u_ffs (
    .vec_i (req_i), .found_o (ff_o), .onehot_o (foh_o), .idx_o (fi_o));
  gpurf_prefix_count #(.N (5), .CNT_W (3)) u_pc (.vec_i (req_i), .count_o (pc_o));
  gpurf_flop_array #(.N (4), .W (8), .IDX_W (2)) u_fa (
    .clk_i (clk_i), .we_i (push_i), .waddr_i (bsel_i), .wdata_i (fd_i), .q_o (fa_o));
  gpurf_table_next #(.N (4), .W (8), .IDX_W (2), .P (2)) u_tn (
    .q_i (d_i), .we_i ({push_i, pop_i}), .idx_i ({bsel_i, sel_i[1:0]}), .wd_i ({fd_i, d_i[7:0]}),
    .d_o (tn_o));
  gpurf_table_next #(.N (1), .W (8), .IDX_W (1), .P (1)) u_tn1 (
    .q_i (fd_i), .we_i (push_i), .idx_i (pop_i), .wd_i (d_i[7:0]), .d_o (tn1_o));
endmodule

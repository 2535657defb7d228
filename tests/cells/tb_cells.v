// tb_cells.v: the leaf cells (gpurf-gen --cells) against reference models
// written here, independently: random stimulus, every output checked every
// cycle.  Icarus (-g2005).  Prints "PASS cells" or the first mismatch.
`timescale 1ns/1ps
module tb_cells;
  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // combinational cells
  reg  [5*8-1:0] data;
  reg  [4:0]     sel5, vec5;
  reg  [3*4-1:0] xsel;
  reg  [1:0]     bsel;
  wire [7:0]     mux_o, bin_o;
  wire [3*8-1:0] xbar_o;
  wire           ffs_found;
  wire [4:0]     ffs_oh;
  wire [2:0]     ffs_idx;
  wire [5*3-1:0] pc_o;
  reg  [1:0]     tn_we;
  reg  [2*3-1:0] tn_idx;  // 3 bits for 5 entries: 5..7 write nothing
  reg  [2*8-1:0] tn_wd;
  wire [5*8-1:0] tn_o;
  reg  [5*8-1:0] exp40;

  gpurf_mux_onehot #(.N (5), .W (8)) u_mux (.data_i (data), .sel_i (sel5), .data_o (mux_o));
  gpurf_xbar_onehot #(.N_IN (4), .N_OUT (3), .W (8)) u_xbar (
    .data_i (data[4*8-1:0]), .sel_i (xsel), .data_o (xbar_o));
  gpurf_mux_bin #(.N (3), .W (8), .SEL_W (2)) u_bin (
    .data_i (data[3*8-1:0]), .sel_i (bsel), .data_o (bin_o));
  gpurf_ffs #(.N (5), .IDX_W (3)) u_ffs (
    .vec_i (vec5), .found_o (ffs_found), .onehot_o (ffs_oh), .idx_o (ffs_idx));
  gpurf_prefix_count #(.N (5), .CNT_W (3)) u_pc (.vec_i (vec5), .count_o (pc_o));
  gpurf_table_next #(.N (5), .W (8), .IDX_W (3), .P (2)) u_tn (
    .q_i (data), .we_i (tn_we), .idx_i (tn_idx), .wd_i (tn_wd), .d_o (tn_o));

  // clocked cells
  reg        arb_en, push, pop;
  reg  [4:0] req;
  reg  [7:0] din;
  wire [4:0] gnt;
  wire [7:0] fifo_o, pipe_o;
  wire       full, empty;

  gpurf_arb_rr #(.N (5)) u_arb (.clk_i (clk), .rst_ni (rst_n), .en_i (arb_en), .req_i (req),
    .gnt_o (gnt));
  gpurf_fifo #(.W (8), .DEPTH (3), .PTR_W (2), .CNT_W (2)) u_fifo (.clk_i (clk), .rst_ni (rst_n),
    .push_i (push), .data_i (din), .pop_i (pop), .data_o (fifo_o), .full_o (full),
    .empty_o (empty));
  gpurf_pipe #(.W (8), .DEPTH (3), .RESET (1)) u_pipe (.clk_i (clk), .rst_ni (rst_n), .d_i (din),
    .q_o (pipe_o));

  // reference state
  integer ptr, q_n, i, j, k, cyc, errors;
  reg [7:0] q [0:2];
  reg [7:0] hist [0:2];
  reg [7:0] exp8;
  reg [4:0] exp5;
  reg [2:0] cnt;

  task fail(input [8*24-1:0] what);
    begin
      $display("FAIL cells: %0s at cycle %0d", what, cyc);
      errors = errors + 1;
    end
  endtask

  // a random one-hot (or, one time in four, zero) vector of n bits
  function [4:0] onehot(input integer n, input integer r);
    begin
      onehot = (r % 4 == 0) ? 5'd0 : (5'd1 << ((r / 4) % n));
    end
  endfunction

  initial begin
    errors = 0; ptr = 0; q_n = 0;
    for (i = 0; i < 3; i = i + 1) hist[i] = 8'd0;
    arb_en = 0; push = 0; pop = 0; req = 0; din = 0;
    #12 rst_n = 1'b1;
    for (cyc = 0; cyc < 4000 && errors == 0; cyc = cyc + 1) begin
      // drive between edges
      @(negedge clk);
      data = {$random, $random};
      sel5 = onehot(5, $random & 32'h7fffffff);
      for (k = 0; k < 3; k = k + 1) begin
        exp5 = onehot(4, $random & 32'h7fffffff);
        xsel[k*4 +: 4] = exp5[3:0];
      end
      bsel = $random;
      vec5 = $random;
      tn_we = $random; tn_wd = $random;
      // one time in four both ports name one entry (the later must win)
      tn_idx[2:0] = $random;
      tn_idx[5:3] = (($random & 3) == 0) ? tn_idx[2:0] : $random;
      req = $random; arb_en = ($random & 3) != 0;
      push = $random; pop = $random; din = $random;
      #1;
      // combinational checks
      exp8 = 8'd0;
      for (i = 0; i < 5; i = i + 1) if (sel5[i]) exp8 = data[i*8 +: 8];
      if (mux_o !== exp8) fail("mux_onehot");
      for (k = 0; k < 3; k = k + 1) begin
        exp8 = 8'd0;
        for (i = 0; i < 4; i = i + 1) if (xsel[k*4 + i]) exp8 = data[i*8 +: 8];
        if (xbar_o[k*8 +: 8] !== exp8) fail("xbar_onehot");
      end
      exp8 = bsel < 3 ? data[bsel*8 +: 8] : 8'd0;
      if (bin_o !== exp8) fail("mux_bin");
      exp40 = data;
      for (k = 0; k < 2; k = k + 1)
        if (tn_we[k] && tn_idx[k*3 +: 3] < 5) exp40[tn_idx[k*3 +: 3]*8 +: 8] = tn_wd[k*8 +: 8];
      if (tn_o !== exp40) fail("table_next");
      j = -1;
      for (i = 4; i >= 0; i = i - 1) if (vec5[i]) j = i;
      if (ffs_found !== (j >= 0) || ffs_oh !== (j >= 0 ? 5'd1 << j : 5'd0) ||
          ffs_idx !== (j >= 0 ? j : 0)) fail("ffs");
      cnt = 3'd0;
      for (i = 0; i < 5; i = i + 1) begin
        if (pc_o[i*3 +: 3] !== cnt) fail("prefix_count");
        cnt = cnt + vec5[i];
      end
      // arbiter: the first requester at or after ptr, cyclically
      exp5 = 5'd0;
      if (arb_en)
        for (i = 4; i >= 0; i = i - 1)
          if (req[(ptr + i) % 5]) exp5 = 5'd1 << ((ptr + i) % 5);
      if (gnt !== exp5) fail("arb_rr");
      if (empty !== (q_n == 0) || full !== (q_n == 3) || (q_n > 0 && fifo_o !== q[0]))
        fail("fifo");
      if (pipe_o !== hist[2]) fail("pipe");
      // the edge: update the models
      @(posedge clk);
      for (i = 0; i < 5; i = i + 1) if (exp5[i]) ptr = (i + 1) % 5;
      // a push when full and a pop when empty are ignored (judged before the edge)
      j = push && q_n < 3;
      if (pop && q_n > 0) begin
        q[0] = q[1]; q[1] = q[2]; q_n = q_n - 1;
      end
      if (j) begin q[q_n] = din; q_n = q_n + 1; end
      hist[2] = hist[1]; hist[1] = hist[0]; hist[0] = din;
    end
    if (errors == 0) $display("PASS cells: %0d cycles", cyc);
    $finish;
  end
endmodule

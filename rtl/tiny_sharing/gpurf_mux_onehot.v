// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_mux_onehot: W-bit multiplexer over N inputs with a one-hot select.
// An all-zero select gives zero (AND-OR), so an idle mux drives no X.
// One generate block per input, each ORing its term onto the previous
// block's: constant part-selects only, no net that feeds itself, and a
// select, not a W-fold replicate of sel_i[i] (Verilator builds that bit
// by bit: 28 times slower at 2048 bits).
module gpurf_mux_onehot #(
  parameter integer N = 2,  // inputs
  parameter integer W = 1   // bits per input
) (
  input  wire [N*W-1:0] data_i,  // input i is data_i[i*W +: W]
  input  wire [N-1:0]   sel_i,   // one-hot or zero
  output wire [W-1:0]   data_o
);
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_in
      wire [W-1:0] acc;  // OR of the selected inputs 0..i
      if (i == 0) begin : g_first
        assign acc = sel_i[i] ? data_i[i*W +: W] : {W{1'b0}};
      end else begin : g_next
        assign acc = g_in[i-1].acc | (sel_i[i] ? data_i[i*W +: W] : {W{1'b0}});
      end
    end
  endgenerate
  assign data_o = g_in[N-1].acc;
endmodule

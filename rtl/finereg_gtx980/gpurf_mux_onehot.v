// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_mux_onehot: W-bit multiplexer over N inputs with a one-hot select.
// An all-zero select gives zero (AND-OR), so an idle mux drives no X.
// A loop over the inputs, not a generate block per bit: simulators
// elaborate a 16 x 1024-bit slice in no time this way.
module gpurf_mux_onehot #(
  parameter integer N = 2,  // inputs
  parameter integer W = 1   // bits per input
) (
  input  wire [N*W-1:0] data_i,  // input i is data_i[i*W +: W]
  input  wire [N-1:0]   sel_i,   // one-hot or zero
  output wire [W-1:0]   data_o
);
  reg [W-1:0] acc;
  integer i;

  always @* begin
    acc = {W{1'b0}};
    for (i = 0; i < N; i = i + 1)
      acc = acc | ({W{sel_i[i]}} & data_i[i*W +: W]);
  end
  assign data_o = acc;
endmodule

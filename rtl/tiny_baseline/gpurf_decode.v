// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_decode: binary index to one-hot over N outputs; en_i low, or an
// index of N or more, gives zero.
module gpurf_decode #(
  parameter integer N     = 2,  // outputs
  parameter integer IDX_W = 1   // index width
) (
  input  wire             en_i,
  input  wire [IDX_W-1:0] idx_i,
  output wire [N-1:0]     onehot_o
);
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_out
      localparam [31:0] I = i;
      assign onehot_o[i] = en_i && ({{(32-IDX_W){1'b0}}, idx_i} == I);
    end
  endgenerate
endmodule

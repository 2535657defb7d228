// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_mux_bin: W-bit multiplexer over N inputs with a binary select;
// a select of N or more gives zero.
module gpurf_mux_bin #(
  parameter integer N     = 2,  // inputs
  parameter integer W     = 1,  // bits per input
  parameter integer SEL_W = 1   // select width
) (
  input  wire [N*W-1:0]   data_i,  // input i is data_i[i*W +: W]
  input  wire [SEL_W-1:0] sel_i,
  output wire [W-1:0]     data_o
);
  wire [N-1:0] onehot;

  gpurf_decode #(
    .N     (N),
    .IDX_W (SEL_W)
  ) u_decode (
    .en_i     (1'b1),
    .idx_i    (sel_i),
    .onehot_o (onehot)
  );

  gpurf_mux_onehot #(
    .N (N),
    .W (W)
  ) u_mux (
    .data_i (data_i),
    .sel_i  (onehot),
    .data_o (data_o)
  );
endmodule

// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_xbar_onehot: crossbar of N_OUT one-hot multiplexers (slices) over
// the same N_IN inputs; output o takes the inputs sel_i[o*N_IN +: N_IN]
// selects (zero when none).  One slice module, N_OUT instances.
module gpurf_xbar_onehot #(
  parameter integer N_IN  = 2,  // inputs
  parameter integer N_OUT = 1,  // outputs (slices)
  parameter integer W     = 1   // bits per input and output
) (
  input  wire [N_IN*W-1:0]     data_i,
  input  wire [N_OUT*N_IN-1:0] sel_i,   // per output, one-hot or zero
  output wire [N_OUT*W-1:0]    data_o
);
  genvar o;
  generate
    for (o = 0; o < N_OUT; o = o + 1) begin : g_out
      gpurf_mux_onehot #(
        .N (N_IN),
        .W (W)
      ) u_slice (
        .data_i (data_i),
        .sel_i  (sel_i[o*N_IN +: N_IN]),
        .data_o (data_o[o*W +: W])
      );
    end
  endgenerate
endmodule

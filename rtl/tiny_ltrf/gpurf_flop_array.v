// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_flop_array: N entries of W bits in flops, one write port, every
// entry readable at once (q_o).  No reset: readers qualify entries with
// their own valid state.
module gpurf_flop_array #(
  parameter integer N     = 2,  // entries
  parameter integer W     = 1,  // bits per entry
  parameter integer IDX_W = 1   // write index width
) (
  input  wire             clk_i,
  input  wire             we_i,
  input  wire [IDX_W-1:0] waddr_i,
  input  wire [W-1:0]     wdata_i,
  output wire [N*W-1:0]   q_o      // entry i is q_o[i*W +: W]
);
  wire [N-1:0] we;

  gpurf_decode #(
    .N     (N),
    .IDX_W (IDX_W)
  ) u_decode (
    .en_i     (we_i),
    .idx_i    (waddr_i),
    .onehot_o (we)
  );

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_entry
      reg [W-1:0] entry_q;
      always @(posedge clk_i) begin
        if (we[i]) entry_q <= wdata_i;
      end
      assign q_o[i*W +: W] = entry_q;
    end
  endgenerate
endmodule

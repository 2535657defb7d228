// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_ffs: find-first-set, the lowest set bit of vec_i (lowest index
// wins): as one-hot and as an index (zero when nothing is set).
module gpurf_ffs #(
  parameter integer N     = 2,  // bits
  parameter integer IDX_W = 1   // index width, at least clog2(N)
) (
  input  wire [N-1:0]     vec_i,
  output wire             found_o,
  output wire [N-1:0]     onehot_o,
  output wire [IDX_W-1:0] idx_o
);
  // vec & -vec: the lowest set bit alone.
  assign onehot_o = vec_i & (~vec_i + {{(N-1){1'b0}}, 1'b1});
  assign found_o  = |vec_i;

  genvar i, k;
  generate
    for (k = 0; k < IDX_W; k = k + 1) begin : g_idx
      // Bit k of the index: OR of the one-hot bits whose index has bit k.
      wire [N-1:0] has_k;
      for (i = 0; i < N; i = i + 1) begin : g_in
        if ((i >> k) % 2 == 1) begin : g_one
          assign has_k[i] = onehot_o[i];
        end else begin : g_zero
          assign has_k[i] = 1'b0;
        end
      end
      assign idx_o[k] = |has_k;
    end
  endgenerate
endmodule

// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_prefix_count: for each bit i of vec_i, how many bits below it are
// set (count_o[i*CNT_W +: CNT_W]); e.g. the rank of a grant among the
// grants of one cycle, so the k-th grant takes port k.
module gpurf_prefix_count #(
  parameter integer N     = 2,  // bits
  parameter integer CNT_W = 1   // count width, at least clog2(N)
) (
  input  wire [N-1:0]       vec_i,
  output wire [N*CNT_W-1:0] count_o
);
  reg [N*CNT_W-1:0] count;
  reg [CNT_W-1:0]   acc;
  integer i;

  always @* begin
    acc = {CNT_W{1'b0}};
    for (i = 0; i < N; i = i + 1) begin
      count[i*CNT_W +: CNT_W] = acc;
      if (vec_i[i]) acc = acc + 1'b1;
    end
  end
  assign count_o = count;
endmodule

// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_pipe: DEPTH flop stages of W bits (a delay line).  RESET = 1 gives
// every stage an asynchronous reset to zero (valid bits); RESET = 0 none
// (data, qualified by a valid pipe beside it).
module gpurf_pipe #(
  parameter integer W     = 1,  // bits per stage
  parameter integer DEPTH = 1,  // stages, at least 1
  parameter integer RESET = 1   // 1: stages reset to zero
) (
  input  wire         clk_i,
  input  wire         rst_ni,  // asynchronous, active low (RESET = 1)
  input  wire [W-1:0] d_i,
  output wire [W-1:0] q_o      // d_i of DEPTH cycles ago
);
  reg [DEPTH*W-1:0] stage_q;
  wire [DEPTH*W-1:0] stage_d;

  generate
    if (DEPTH == 1) begin : g_one
      assign stage_d = d_i;
    end else begin : g_many
      assign stage_d = {stage_q[(DEPTH-1)*W-1:0], d_i};
    end
    if (RESET != 0) begin : g_reset
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) stage_q <= {DEPTH*W{1'b0}};
        else         stage_q <= stage_d;
      end
    end else begin : g_noreset
      wire unused_rst = rst_ni;
      always @(posedge clk_i) stage_q <= stage_d;
    end
  endgenerate
  assign q_o = stage_q[(DEPTH-1)*W +: W];
endmodule

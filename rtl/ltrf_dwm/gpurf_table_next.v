// Leaf cell of the gpurf library (gen/cells.c); written by gpurf-gen.
// Plain Verilog-2005; lint: verilator --lint-only -Wall, iverilog -g2005.

// gpurf_table_next: the next value of a table of N entries of W bits held
// in flops elsewhere (q_i): P write ports applied in order, a later port
// winning where two write one entry (as later assignments in a process
// do); an index of N or more writes nothing.  The state machine that owns
// the table drives scalar ports instead of variable part-selects, which
// synthesis would build as shifters over the whole table.
module gpurf_table_next #(
  parameter integer N     = 2,  // entries
  parameter integer W     = 1,  // bits per entry
  parameter integer IDX_W = 1,  // index width
  parameter integer P     = 1   // write ports
) (
  input  wire [N*W-1:0]     q_i,    // entry i is q_i[i*W +: W]
  input  wire [P-1:0]       we_i,
  input  wire [P*IDX_W-1:0] idx_i,  // port p's index is idx_i[p*IDX_W +: IDX_W]
  input  wire [P*W-1:0]     wd_i,
  output wire [N*W-1:0]     d_o
);
  genvar p, i;
  generate
    for (p = 0; p < P; p = p + 1) begin : g_port
      wire [N-1:0]   hit;
      wire [N*W-1:0] val;  // the table after ports 0..p

      gpurf_decode #(
        .N     (N),
        .IDX_W (IDX_W)
      ) u_decode (
        .en_i     (we_i[p]),
        .idx_i    (idx_i[p*IDX_W +: IDX_W]),
        .onehot_o (hit)
      );
      for (i = 0; i < N; i = i + 1) begin : g_entry
        if (p == 0) begin : g_first
          assign val[i*W +: W] = hit[i] ? wd_i[p*W +: W] : q_i[i*W +: W];
        end else begin : g_next
          assign val[i*W +: W] = hit[i] ? wd_i[p*W +: W] : g_port[p-1].val[i*W +: W];
        end
      end
    end
  endgenerate
  assign d_o = g_port[P-1].val;
endmodule

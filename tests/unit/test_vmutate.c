/* test_vmutate.c: the mutation-site finder of tb/vmutate.c on a hand-written
 * module whose every site is counted here by reading the text: which
 * operators are mutated, which are left alone (headers, parameters,
 * declarations, ranges, loop headers, sensitivity lists, assignments, lint
 * sinks), and
 * that a draw is deterministic and visits every class. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vmutate.h"

static const char src[] =
	"module m #(parameter W = 4, parameter N = W - 1) (\n"	/* 1: header */
	"  input wire clk_i, input wire rst_ni,\n"
	"  input wire [W-1:0] a_i, input wire [W-1:0] b_i,\n"
	"  output wire [W-1:0] y_o\n"
	");\n"								/* 5 */
	"  localparam integer K = N + 1;\n"
	"  reg [W-1:0] q_q;\n"
	"  wire [W-1:0] d = a_i - 1'd1;\n"				/* 8: arith, off-by-one */
	"  wire r = &a_i;\n"						/* 9: reduction */
	"  wire e = (a_i == b_i) && b_i[3];\n"				/* 10: eq, logic, bit-select */
	"  wire [1:0] p = a_i[W-1:2] | b_i[1:0];\n"			/* 11: bitop; ranges */
	"  gpurf_x #(.N(4)) u_x (.a_i(a_i[0]));\n"			/* 12: bit-select */
	"  integer i;\n"
	"  always @(posedge clk_i or negedge rst_ni) begin\n"		/* 14 */
	"    if (!rst_ni) q_q <= {W{1'b0}};\n"				/* 15: cond x2, reset */
	"    else if (a_i <= b_i) q_q <= d;\n"				/* 16: cond x2, rel */
	"    else case (b_i)\n"
	"      4'd1: q_q <= 4'd1;\n"					/* 18: reset (constant load) */
	"      default: q_q <= r ? a_i : b_i;\n"			/* 19 */
	"    endcase\n"
	"  end\n"
	"  always @* for (i = 0; i < 4; i = i + 1) begin end\n"	/* 22: loop header */
	"  assign y_o = q_q;  // a comment: a == b && c\n"
	"endmodule\n";

static size_t count(const struct vmut_sites *s, enum vmut_class c, int line)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		if (s->site[i].cls == c && (line == 0 || s->site[i].line == line))
			n++;
	return n;
}

static const struct vmut_site *find(const struct vmut_sites *s, enum vmut_class c, int line)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->site[i].cls == c && s->site[i].line == line)
			return &s->site[i];
	return NULL;
}

int main(void)
{
	CHECK_STATE;
	struct vmut_sites s = { 0 };
	char before[64], after[64];

	CHECK_EQ(vmutate_sites(src, strlen(src), &s), 0);
	/* nothing in lines 1-7 (header, parameters, declarations), 13, 22, 23 */
	for (size_t i = 0; i < s.n; i++) {
		int l = s.site[i].line;
		CHECK(l >= 8 && l != 9 && l != 13 && l != 14 && l < 22);
	}
	CHECK_EQ(count(&s, VM_ARITH, 8), 1);
	const struct vmut_site *m = find(&s, VM_OFF_BY_ONE, 8);
	CHECK(m != NULL);
	if (m) {
		vmut_describe(src, m, before, sizeof before, after, sizeof after);
		CHECK(strcmp(before, "1'd1") == 0 && strcmp(after, "2'd2") == 0);
	}
	CHECK_EQ(count(&s, VM_EQ, 10), 1);
	CHECK_EQ(count(&s, VM_LOGIC, 10), 1);
	CHECK_EQ(count(&s, VM_BIT_SELECT, 10), 1);
	CHECK_EQ(count(&s, VM_BITOP, 11), 1);
	CHECK_EQ(count(&s, VM_ARITH, 11), 0);		/* W-1 is a range */
	CHECK_EQ(count(&s, VM_BIT_SELECT, 12), 1);
	CHECK_EQ(count(&s, VM_COND_NOT, 15), 1);
	CHECK_EQ(count(&s, VM_COND_TRUE, 15), 1);
	CHECK_EQ(count(&s, VM_RESET, 15), 1);
	CHECK_EQ(count(&s, VM_BIT_CONST, 15), 0);	/* inside the reset value */
	CHECK_EQ(count(&s, VM_REL, 16), 1);		/* a <= b, not q_q <= d */
	CHECK_EQ(count(&s, VM_COND_NOT, 16), 1);
	CHECK_EQ(count(&s, VM_RESET, 18), 1);		/* after a case label */
	CHECK_EQ(count(&s, VM_REL, 18), 0);
	CHECK_EQ(count(&s, VM_REL, 19), 0);
	CHECK_EQ(s.n, 14u);

	/* apply: a condition inverted, the rest of the text unchanged */
	m = find(&s, VM_COND_NOT, 16);
	CHECK(m != NULL);
	if (m) {
		size_t len;
		char *mut = vmutate_apply(src, strlen(src), m, &len);
		CHECK(mut && strstr(mut, "else if (!(a_i <= b_i)) q_q <= d;") != NULL);
		CHECK_EQ(len, strlen(src) + 3);
		free(mut);
	}
	m = find(&s, VM_RESET, 15);
	if (m) {
		vmut_describe(src, m, before, sizeof before, after, sizeof after);
		CHECK(strcmp(before, "{W{1'b0}}") == 0 && strcmp(after, "~({W{1'b0}})") == 0);
	}

	/* draw: deterministic, classes in turn, nothing drawn twice */
	unsigned char *ok = malloc(s.n);
	size_t pick[64], again[64];
	memset(ok, 1, s.n);
	size_t got = vmutate_draw(&s, ok, 10, 7, pick);
	CHECK_EQ(got, 10u);
	CHECK_EQ(vmutate_draw(&s, ok, 10, 7, again), 10u);
	CHECK(memcmp(pick, again, sizeof *pick * 10) == 0);
	int seen[VM_NCLASSES] = { 0 };
	for (size_t k = 0; k < got; k++) {
		seen[s.site[pick[k]].cls]++;
		if (k)
			CHECK(pick[k] > pick[k - 1]);
	}
	/* ten classes have sites here (bit-const has none): one each */
	for (int c = 0; c < VM_NCLASSES; c++)
		CHECK_EQ(seen[c], count(&s, c, 0) ? 1 : 0);
	/* every site when more are asked for; excluded sites never */
	ok[0] = 0;
	CHECK_EQ(vmutate_draw(&s, ok, 100, 1, pick), s.n - 1);
	for (size_t k = 0; k < s.n - 1; k++)
		CHECK(pick[k] != 0);
	free(ok);
	vmut_sites_free(&s);

	/* a replication count is a width: its arithmetic is left alone, the
	 * replicated bit and the sum around it are not */
	static const char rep[] = "module r;\n  assign y = {{(W-1){1'b0}}, v} + a;\nendmodule\n";
	CHECK_EQ(vmutate_sites(rep, strlen(rep), &s), 0);
	CHECK_EQ(count(&s, VM_ARITH, 0), 1);
	CHECK_EQ(count(&s, VM_OFF_BY_ONE, 0), 0);
	CHECK_EQ(count(&s, VM_BIT_CONST, 0), 1);
	vmut_sites_free(&s);

	/* an index of parameters is a field position, one of signals is logic */
	static const char idx[] = "module r;\n  assign z = q[W+1] & q[i+1];\nendmodule\n";
	CHECK_EQ(vmutate_sites(idx, strlen(idx), &s), 0);
	CHECK_EQ(count(&s, VM_ARITH, 0), 1);
	CHECK_EQ(count(&s, VM_OFF_BY_ONE, 0), 1);
	CHECK_EQ(count(&s, VM_BITOP, 0), 1);
	vmut_sites_free(&s);

	/* a lint sink (a wire named *unused*) drives nothing: no site in it;
	 * the statement after it is mutated as usual */
	static const char sink[] = "module r;\n  wire map_unused = ^{a[2], b & c};\n"
				   "  wire unused_min = x + 1'd1;\n  wire y = a[2] & b;\nendmodule\n";
	CHECK_EQ(vmutate_sites(sink, strlen(sink), &s), 0);
	CHECK_EQ(count(&s, VM_BIT_SELECT, 2) + count(&s, VM_BITOP, 2) + count(&s, VM_ARITH, 3), 0);
	CHECK_EQ(count(&s, VM_BIT_SELECT, 4), 1);
	CHECK_EQ(count(&s, VM_BITOP, 4), 1);
	vmut_sites_free(&s);
	return CHECK_DONE();
}

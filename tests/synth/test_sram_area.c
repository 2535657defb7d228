/* test_sram_area.c: the SRAM-macro area model against hand-computed values.
 *
 * With the documented constants (docs/synth.md): F = 0.18 um, F^2 = 0.0324
 * um^2; the 6T cell is 14.6 F x 10 F = 146 F^2; every port beyond the first
 * adds 2 x 2.5 F to both sides; periphery per instance is
 * ports x (rows x h x 60 F + width x w x 150 F + 40000 F^2).
 *
 *   1 port  14.6 x 10   = 146 F^2  factor 1
 *   2 ports 19.6 x 15   = 294 F^2  factor 294/146 = 2.01370
 *   3 ports 24.6 x 20   = 492 F^2  factor 492/146 = 3.36986
 *
 *   16 x 128, 1r1w, 4 instances (tiny_baseline's banks):
 *     array/inst  2048 x 294                          =   602112 F^2
 *     periph/inst 2 x (16x15x60 + 128x19.6x150 + 40000) = 861440 F^2
 *     total       4 x 1463552 F^2 x 0.0324            = 189676.3392 um^2
 *   16 x 128, 2r1w, 1 instance:
 *     array 2048 x 492 = 1007616; periph 3 x (16x20x60 + 128x24.6x150
 *     + 40000) = 1594560; total 2602176 F^2           =  84310.5024 um^2
 *   128 x 1024, 1r1w, 16 instances (baseline_gtx980's banks):
 *     array/inst 131072 x 294 = 38535168; periph/inst 2 x (128x15x60
 *     + 1024x19.6x150 + 40000) = 6331520; total 16 x 44866688 F^2
 *                                                     = 23258891.0592 um^2 */
#include <math.h>
#include <stdio.h>

#include "sram_area.h"

static int failures;

#define CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
	failures++; } } while (0)

static int near(double got, double want)
{
	if (fabs(got - want) <= 1e-9 * fabs(want) + 1e-9)
		return 1;
	fprintf(stderr, "  got %.6f, want %.6f\n", got, want);
	return 0;
}

static struct sram_area area(long rows, long width, int rd, int wr, long inst, int *rc)
{
	struct sram_macro m = {.rows = rows, .width = width, .read_ports = rd, .write_ports = wr,
			       .instances = inst};
	struct sram_area a = {0};

	*rc = sram_area_of(&m, &a);
	return a;
}

int main(void)
{
	struct sram_area a;
	int rc;

	/* constants are the documented ones */
	CHECK(near(sram_tech()->feature_um, 0.18));
	CHECK(near(sram_tech()->cell_f2, 146.0));

	/* a single shared read/write port is a one-port cell: cheaper than 1r1w */
	{
		struct sram_macro one_rw = {.rows = 128, .width = 1024, .rw_ports = 1, .instances = 1};
		struct sram_macro one_r_one_w = {.rows = 128, .width = 1024, .read_ports = 1,
						 .write_ports = 1, .instances = 1};
		struct sram_area a_rw, a_rw2;

		CHECK(sram_area_of(&one_rw, &a_rw) == 0);
		CHECK(sram_area_of(&one_r_one_w, &a_rw2) == 0);
		CHECK(a_rw.ports == 1 && a_rw2.ports == 2);
		CHECK(near(a_rw.port_factor, 1.0));
		CHECK(a_rw.total_um2 < 0.6 * a_rw2.total_um2);
	}

	/* port factor: 1 port is the reference, each extra port costs more */
	CHECK(near(sram_port_factor(1), 1.0));
	CHECK(near(sram_port_factor(2), 294.0 / 146.0));
	CHECK(near(sram_port_factor(3), 492.0 / 146.0));
	CHECK(sram_port_factor(3) > sram_port_factor(2));

	/* tiny_baseline's banks */
	a = area(16, 128, 1, 1, 4, &rc);
	CHECK(rc == 0);
	CHECK(a.bits == 8192);
	CHECK(a.ports == 2);
	CHECK(near(a.port_factor, 294.0 / 146.0));
	CHECK(near(a.cell_um2, 294.0 * 0.0324));
	CHECK(near(a.array_um2, 4 * 602112.0 * 0.0324));
	CHECK(near(a.periphery_um2, 4 * 861440.0 * 0.0324));
	CHECK(near(a.total_um2, 189676.3392));

	/* one more read port on the same array */
	a = area(16, 128, 2, 1, 1, &rc);
	CHECK(rc == 0);
	CHECK(a.bits == 2048);
	CHECK(a.ports == 3);
	CHECK(near(a.total_um2, 84310.5024));

	/* baseline_gtx980's banks: 256 KB */
	a = area(128, 1024, 1, 1, 16, &rc);
	CHECK(rc == 0);
	CHECK(a.bits == 2097152);
	CHECK(a.bits / 8 == 256 * 1024);
	CHECK(near(a.total_um2, 23258891.0592));

	/* instances scale everything linearly */
	a = area(16, 128, 1, 1, 1, &rc);
	CHECK(rc == 0 && near(a.total_um2 * 4, 189676.3392));

	/* not a macro */
	area(0, 128, 1, 1, 1, &rc);
	CHECK(rc == -1);
	area(16, 0, 1, 1, 1, &rc);
	CHECK(rc == -1);
	area(16, 128, 0, 0, 1, &rc);
	CHECK(rc == -1);
	area(16, 128, 1, 1, 0, &rc);
	CHECK(rc == -1);
	area(16, 128, -1, 2, 1, &rc);
	CHECK(rc == -1);

	if (failures) {
		fprintf(stderr, "test_sram_area: %d checks failed\n", failures);
		return 1;
	}
	printf("test_sram_area: all checks passed\n");
	return 0;
}

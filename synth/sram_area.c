/* sram_area.c: the SRAM-macro area model and its constants.
 *
 * The constants below are the only place the model's numbers live; their
 * sources and the reasoning behind the estimated ones are in docs/synth.md
 * ("SRAM model").  Short version:
 *
 *   F            0.18 um, the osu018 node.
 *   cell 146 F^2, aspect 1.46
 *                CACTI 6.5 technology.cc, SRAM cell (curr_area_cell_sram,
 *                curr_asp_ratio_cell_sram): 14.6 F x 10 F = 4.73 um^2.
 *   pitch 2.5 F  CACTI 6.5 local-wire pitch (wire_pitch[0][0], 180 nm entry).
 *   +2 pitches per extra port on each side of the cell
 *                CACTI 6.5 mat.cc: cell.h / cell.w grow by
 *                2 * wire_local.pitch * (ports - 1) (one word line, one
 *                bit-line pair per port).
 *   strips, ctrl engineering estimates of pitch-matched periphery (row
 *                decoder + word-line driver, precharge + sense amp + write
 *                driver + data latch, control); not from a datasheet. */
#include "sram_area.h"

#include <math.h>

static const struct sram_tech TECH = {
	.feature_um   = 0.18,
	.cell_f2      = 146.0,
	.cell_aspect  = 1.46,
	.wire_pitch_f = 2.5,
	.row_strip_f  = 60.0,
	.col_strip_f  = 150.0,
	.ctrl_f2      = 40000.0,
};

const struct sram_tech *sram_tech(void)
{
	return &TECH;
}

/* Cell sides in F for a cell with `ports` ports. */
static void cell_sides(int ports, double *w, double *h)
{
	double w0 = sqrt(TECH.cell_f2 * TECH.cell_aspect);
	double h0 = TECH.cell_f2 / w0;
	double grow = 2.0 * TECH.wire_pitch_f * (ports - 1);
	*w = w0 + grow;
	*h = h0 + grow;
}

double sram_port_factor(int ports)
{
	double w, h;
	if (ports < 1)
		return 0.0;
	cell_sides(ports, &w, &h);
	return w * h / TECH.cell_f2;
}

int sram_area_of(const struct sram_macro *m, struct sram_area *out)
{
	double w, h, f2, per_inst_array, per_inst_periph;
	int p;

	if (m->rows < 1 || m->width < 1 || m->instances < 1 ||
		m->read_ports < 0 || m->write_ports < 0 || m->rw_ports < 0)
		return -1;
	p = m->read_ports + m->write_ports + m->rw_ports;
	if (p < 1)
		return -1;

	cell_sides(p, &w, &h);
	f2 = TECH.feature_um * TECH.feature_um;
	per_inst_array = (double)m->rows * (double)m->width * w * h;
	per_inst_periph = p * ((double)m->rows * h * TECH.row_strip_f +
						   (double)m->width * w * TECH.col_strip_f +
						   TECH.ctrl_f2);

	out->bits = (long long)m->rows * m->width * m->instances;
	out->ports = p;
	out->port_factor = w * h / TECH.cell_f2;
	out->cell_um2 = w * h * f2;
	out->array_um2 = per_inst_array * f2 * (double)m->instances;
	out->periphery_um2 = per_inst_periph * f2 * (double)m->instances;
	out->total_um2 = out->array_um2 + out->periphery_um2;
	return 0;
}

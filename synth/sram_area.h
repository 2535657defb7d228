/* sram_area.h: the SRAM-macro area model (docs/synth.md, "SRAM model").
 *
 * Synthesis black-boxes every gpurf_sram_* macro; this model charges it
 * instead, CACTI-style:
 *
 *   ports        p = read ports + write ports
 *   cell         w(p) = W0 + 2 pitch (p - 1),  h(p) = H0 + 2 pitch (p - 1)
 *   port factor  PF(p) = w(p) h(p) / (W0 H0)
 *   array        bits x A_cell x PF(p)
 *   periphery    p (rows h(p) ROW_STRIP + cols w(p) COL_STRIP + CTRL)
 *   area         array + periphery, per instance, times instances
 *
 * Every constant lives in sram_area.c (one table); lengths are in units of
 * the feature size F, areas are returned in um^2. */
#ifndef GPURF_SRAM_AREA_H
#define GPURF_SRAM_AREA_H

/* One manifest "memories" entry. */
struct sram_macro {
	long rows;          /* words per instance */
	long width;         /* bits per word */
	int read_ports;
	int write_ports;
	int rw_ports;       /* shared read/write ports (a 1RW macro has one) */
	long instances;
};

/* The model's answer for all instances of one macro. */
struct sram_area {
	long long bits;         /* rows x width x instances */
	int ports;              /* read + write + read/write */
	double port_factor;     /* cell area relative to the single-port 6T cell */
	double cell_um2;        /* area of one bit cell with this many ports */
	double array_um2;       /* bits x cell, all instances */
	double periphery_um2;   /* decoders, sense/write columns, control */
	double total_um2;       /* array + periphery */
};

/* The constants, for reports and tests. */
struct sram_tech {
	double feature_um;      /* F */
	double cell_f2;         /* single-port 6T bit cell, F^2 */
	double cell_aspect;     /* width / height of that cell */
	double wire_pitch_f;    /* local wire pitch, F */
	double row_strip_f;     /* decoder + word-line driver strip width per port, F */
	double col_strip_f;     /* precharge + sense amp + write driver strip height per port, F */
	double ctrl_f2;         /* control and timing block per port, F^2 */
};

const struct sram_tech *sram_tech(void);

/* Port factor of a cell with `ports` ports (>= 1); 1.0 for one port. */
double sram_port_factor(int ports);

/* Fills *out for macro m. Returns 0, or -1 when m is not a real macro
 * (rows, width, instances < 1, ports < 1, a read or write port count < 0). */
int sram_area_of(const struct sram_macro *m, struct sram_area *out);

#endif

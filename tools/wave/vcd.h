/* vcd.h: a streamed reader of the VCD text fst2vcd prints, one line at a
 * time (the traces of a whole kernel are large: nothing is kept but the
 * line being read and the scope path).
 *
 * The definitions come first: $scope TYPE NAME $end, $upscope $end,
 * $var TYPE WIDTH ID NAME [RANGE] $end, other header lines (kept as read),
 * up to $enddefinitions; then the dump: #TIME, value changes (0ID 1ID xID
 * zID, bBITS ID, rREAL ID), commands ($dumpvars, $end, ...) and blank lines
 * (skipped).  A line that is none of these is bad input: the message names
 * the input, the line number and the line. */
#ifndef GPURF_WAVE_VCD_H
#define GPURF_WAVE_VCD_H

#include <stdint.h>
#include <stdio.h>

#include "err.h"

enum vcd_kind {
	VCD_EOF,	/* the end of the input */
	VCD_SCOPE,	/* a scope opened: path is the scope's path now */
	VCD_UPSCOPE,	/* a scope closed: path is the enclosing scope's */
	VCD_VAR,	/* a variable of the scope path names */
	VCD_HEADER,	/* another header line ($date, $timescale, ...) */
	VCD_ENDDEFS,	/* $enddefinitions: the dump follows */
	VCD_TIME,	/* #TIME */
	VCD_CHANGE,	/* a value change */
	VCD_COMMAND	/* a dump command line ($dumpvars, $end, ...) */
};

struct vcd_var {
	const char *type, *id, *name;
	const char *range;	/* "[7:0]", or "" */
	unsigned long width;
};

struct vcd {
	FILE *f;
	const char *name;	/* for messages */
	unsigned long line;	/* the line number of the line last read */
	int in_dump;		/* past $enddefinitions */
	char *buf;		/* the line last read, as read (no newline) */
	char *work;		/* its copy, split into fields */
	size_t bufcap, workcap;
	char *path;		/* "TOP.a.b": the open scopes, dot-separated */
	size_t pathlen, pathcap;
	/* the item vcd_next returned */
	struct vcd_var var;	/* VCD_VAR */
	const char *time;	/* VCD_TIME: the digits after '#' */
	uint64_t t;		/* VCD_TIME: their value */
	const char *value;	/* VCD_CHANGE: "0", "1", "b0101", "r1.5", ... */
	const char *id;		/* VCD_CHANGE */
};

/* Opens FILE ("-": stdin) for reading; name (NULL: FILE, "stdin" for -)
 * is what messages call it.  -1 with err when it cannot be opened. */
int vcd_open(struct vcd *v, const char *file, const char *name, struct gpurf_err *err);
void vcd_close(struct vcd *v);

/* Reads the next line: its kind (VCD_EOF at the end), or -1 with err on bad
 * input or a read error.  The pointers in v stay valid until the next call. */
int vcd_next(struct vcd *v, struct gpurf_err *err);

/* vcd_next within the definitions: VCD_ENDDEFS at $enddefinitions, -1
 * with err on bad input or when the input ends before it. */
int vcd_next_def(struct vcd *v, struct gpurf_err *err);

/* Copies SRC (an id code or a value of the line last read, which the next
 * read overwrites) into *dst, grown as needed (*cap bytes); -1 with err
 * when out of memory. */
int vcd_keep(char **dst, size_t *cap, const char *src, struct gpurf_err *err);

/* The save-file name of the variable vcd_next returned: path.name, with its
 * range unless it is [0:0] (GTKWave names a one-bit vector without one), in
 * out (cap bytes); -1 when it does not fit. */
int vcd_save_name(const struct vcd *v, char *out, size_t cap);

/* 1 when VALUE (a change's) is not all zeros as fst2vcd writes it: "1", or
 * a vector whose bits up to the first x or z hold a 1. */
int vcd_nonzero(const char *value);

#endif

/* tol.h: `gpurf-stats tol`, the latency tolerance of docs/results.md (the
 * LTRF paper's measure): the largest main-register-file latency whose mean
 * IPC loss stays within a threshold.
 *
 *   gpurf-stats tol FILE TH...
 *
 * FILE (- for stdin): one "X RATIO" a line, X the latency multiple in
 * ascending order, RATIO the mean IPC at X against X = 1.  Per threshold TH
 * (0.05: 5 %), the X where the loss 1 - RATIO first exceeds TH, interpolated
 * linearly between that point and the one before it (the first point is
 * the reference, never checked), printed "%.1fx"; ">Xx" with the last X as
 * written when no point exceeds TH.  Prints the thresholds' answers
 * separated by a space.  A line that is not two numbers is bad input. */
#ifndef GPURF_TOL_H
#define GPURF_TOL_H

int stats_tol(int argc, char **argv);

#endif

# mk/sweep.mk: measurement tools (tools/), parameter sweeps (scripts/sweep)
# and the results report (scripts/results, docs/results.md).
#
#   build/bin/gpurf-stats   statistics JSON -> CSV -> Markdown tables
#   make results            every scheme's configuration x the kernels ->
#                           docs/results.md and docs/img/results_*.png

STATS      := $(BIN)/gpurf-stats
STATS_OBJS := $(patsubst %.c,$(OBJ)/%.o,$(wildcard tools/*.c))

BINS      += $(STATS)

$(OBJ)/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) -Itools $(CFLAGS) -MMD -MP -c $< -o $@

$(STATS): $(STATS_OBJS) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(STATS_OBJS) $(LIBGPURF) -lm

-include $(STATS_OBJS:.o=.d)

.PHONY: results results-areas
# scripts/sweep checks each configuration with gpurf-gen first
# `make area` first (mk/synth.mk; up to date after the first time unless
# the RTL changed); -k: a configuration that fails to synthesize is named
# "no report" in the table, the rest of the page still comes.
results: $(SIM) $(STATS) $(GEN)
	@$(MAKE) --no-print-directory -k area || echo "results: make area failed for some configuration; its area says so"
	@scripts/results

# after a long `make area`: the all-schemes table's areas again, from the runs
# the last `make results` left (refused when the model changed since them)
results-areas: $(STATS)
	@$(MAKE) --no-print-directory -k area || echo "results: make area failed for some configuration; its area says so"
	@scripts/results --areas

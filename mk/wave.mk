# mk/wave.mk: gpurf-wave (tools/wave/), what scripts/wave-sm reads out of the
# SM-driven co-simulation's trace: its variables, the first cycle of an
# event, the per-cycle sampled trace (docs/cosim-sm.md).
#
#   build/bin/gpurf-wave   vars | first | cycles, over fst2vcd's VCD text

WAVE_TOOL := $(BIN)/gpurf-wave
WAVE_OBJS := $(patsubst %.c,$(OBJ)/%.o,$(wildcard tools/wave/*.c))

BINS += $(WAVE_TOOL)

$(OBJ)/tools/wave/%.o: tools/wave/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(WAVE_TOOL): $(WAVE_OBJS) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(WAVE_OBJS) $(LIBGPURF)

-include $(WAVE_OBJS:.o=.d)

# make wave TEST=sm|sm_switch (scripts/wave-sm) reads its trace with it.
wave: $(if $(filter sm sm_switch,$(TEST)),$(WAVE_TOOL))

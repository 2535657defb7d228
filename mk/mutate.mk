# mutate.mk: the RTL mutation tool.
#
#   build/bin/gpurf-mutate   mutation sites of a Verilog file, a drawn sample, one mutant
#   make mutate CFG=name [MODULE=m] [N=n] [SEED=s] [FILE=glob]
#                            N mutants of MODULE's RTL, each through its lockstep;
#                            the score and every survivor (scripts/mutate)

MUTATE      := $(BIN)/gpurf-mutate
MUTATE_OBJS := $(OBJ)/mutate/gpurf_mutate.o

BINS      += $(MUTATE)
TEST_DEPS += $(MUTATE)

$(OBJ)/mutate/%.o: mutate/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) -Itb $(CFLAGS) -MMD -MP -c $< -o $@

# libgpurf_tb.a by its path: tb.mk, which names it, is read after this file
$(MUTATE): $(MUTATE_OBJS) $(LIB_DIR)/libgpurf_tb.a $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(MUTATE_OBJS) $(LIB_DIR)/libgpurf_tb.a $(LIBGPURF)

-include $(MUTATE_OBJS:.o=.d)

N ?= 40
.PHONY: mutate
mutate: $(MUTATE) $(CORE_BINS)
	@scripts/mutate $(CFG_FILE) $(if $(filter command line,$(origin MODULE)),$(MODULE),all) $(N) $(SEED) $(FILE)

# randcfg.mk: the random-configuration sampler (randcfg/), for
# tests/scripts/random-configs.sh (make test: a small sample; make regress:
# a thousand).

RANDCFG      := $(BIN)/gpurf-randcfg
RANDCFG_OBJS := $(OBJ)/randcfg/gpurf_randcfg.o

BINS      += $(RANDCFG)
TEST_DEPS += $(RANDCFG)

$(OBJ)/randcfg/%.o: randcfg/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(RANDCFG): $(RANDCFG_OBJS) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(RANDCFG_OBJS) $(LIBGPURF) -linih -lm

-include $(RANDCFG_OBJS:.o=.d)

# unit.mk: C unit tests of common/, cmodel/ and tb/ (tests/unit/test_*.c),
# one binary each under build/bin/tests/.

UNIT_SRC   := $(wildcard tests/unit/test_*.c)
UNIT_BINS  := $(patsubst tests/unit/%.c,$(BIN)/tests/%,$(UNIT_SRC))

$(BIN)/tests/%: tests/unit/%.c $(LIBGPURF) $(LIBGPURF_TB) tests/unit/check.h
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CPPFLAGS) -Itb -Itests/unit $(CFLAGS) -o $@ $< $(LIBGPURF_TB) $(LIBGPURF) -linih

TEST_DEPS += $(UNIT_BINS)
unit-bins: $(UNIT_BINS)

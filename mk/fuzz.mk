# fuzz.mk: coverage-guided fuzzing of every input format (libFuzzer, clang,
# with AddressSanitizer and UndefinedBehaviorSanitizer), one harness per
# reader in fuzz/.  The readers are compiled again, instrumented, under
# build/fuzz/obj; the normal build is untouched.
#
#   make fuzz [FUZZ_SECONDS=60]   every harness for that long (scripts/fuzz)
#   build/fuzz/bin/fuzz_<name>    one harness (libFuzzer's options)

FZ_CC    ?= clang
FZ_FLAGS := -g -O1 -std=c11 -D_XOPEN_SOURCE=700 -fno-omit-frame-pointer \
            -fsanitize=address,undefined -fno-sanitize-recover=all
FZ_OBJ   := $(BUILD)/fuzz/obj
FZ_BIN   := $(BUILD)/fuzz/bin
FZ_INC   := -Icommon -Icmodel -Icmodel/sm -Icompiler -Itools -Ifuzz

fz_objs = $(patsubst %.c,$(FZ_OBJ)/%.o,$(1))
FZ_COMMON   := $(call fz_objs,$(wildcard common/*.c))
FZ_COMPILER := $(call fz_objs,$(filter-out compiler/kc_main.c,$(wildcard compiler/*.c)))
FZ_TRACE    := $(call fz_objs,cmodel/sm/sm_trace.c cmodel/sm/sm_tsrc.c cmodel/sm/sm_trace_prog.c)
FZ_TOOLS    := $(call fz_objs,tools/json_flat.c tools/csv.c)
FZ_FILE     := $(call fz_objs,fuzz/fuzz_file.c)

FUZZERS := $(FZ_BIN)/fuzz_cfg $(FZ_BIN)/fuzz_ptx $(FZ_BIN)/fuzz_trace $(FZ_BIN)/fuzz_stats
TEST_DEPS += $(FUZZERS)

# the harnesses' own files have no main (libFuzzer's); the readers are
# instrumented for coverage with fuzzer-no-link
$(FZ_OBJ)/fuzz/%.o: fuzz/%.c
	@mkdir -p $(dir $@)
	$(call say,FZCC,$@)$(FZ_CC) $(FZ_FLAGS) -fsanitize=fuzzer-no-link $(FZ_INC) -MMD -MP -c $< -o $@
$(FZ_OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,FZCC,$@)$(FZ_CC) $(FZ_FLAGS) -fsanitize=fuzzer-no-link $(FZ_INC) -MMD -MP -c $< -o $@

fz_link = $(call say,FZLD,$@)mkdir -p $(dir $@) && $(FZ_CC) $(FZ_FLAGS) -fsanitize=fuzzer -o $@ $^
$(FZ_BIN)/fuzz_cfg: $(FZ_OBJ)/fuzz/fuzz_cfg.o $(FZ_FILE) $(FZ_COMMON)
	$(fz_link) -linih -lm
$(FZ_BIN)/fuzz_ptx: $(FZ_OBJ)/fuzz/fuzz_ptx.o $(FZ_COMPILER)
	$(fz_link) -lm
$(FZ_BIN)/fuzz_trace: $(FZ_OBJ)/fuzz/fuzz_trace.o $(FZ_FILE) $(FZ_TRACE) $(FZ_COMPILER) $(FZ_COMMON)
	$(fz_link) -linih -llzma -lz -lm
$(FZ_BIN)/fuzz_stats: $(FZ_OBJ)/fuzz/fuzz_stats.o $(FZ_FILE) $(FZ_TOOLS) $(FZ_COMMON)
	$(fz_link) -linih -lm

-include $(wildcard $(FZ_OBJ)/*/*.d $(FZ_OBJ)/*/*/*.d)

FUZZ_SECONDS ?= 60
.PHONY: fuzz fuzzers
fuzzers: $(FUZZERS)
fuzz: $(FUZZERS)
	@scripts/fuzz $(FUZZ_SECONDS)

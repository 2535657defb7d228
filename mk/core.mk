# core.mk: the shared library (common/ + cmodel/) and the generator.

LIB_DIR      := $(BUILD)/lib
COMMON_SRC   := $(wildcard common/*.c)
CMODEL_SRC   := $(wildcard cmodel/*.c)
GEN_SRC      := $(wildcard gen/*.c)
LIBGPURF     := $(LIB_DIR)/libgpurf.a
GEN          := $(BIN)/gpurf-gen

LIBGPURF_OBJ := $(patsubst %.c,$(OBJ)/%.o,$(COMMON_SRC) $(CMODEL_SRC))
GEN_OBJ      := $(patsubst %.c,$(OBJ)/%.o,$(GEN_SRC))

$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIBGPURF): $(LIBGPURF_OBJ)
	@mkdir -p $(dir $@)
	$(call say,AR,$@)rm -f $@ && ar rcs $@ $^

$(GEN): $(GEN_OBJ) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(GEN_OBJ) $(LIBGPURF) -linih

$(OBJ)/gen/%.o: CPPFLAGS += -Igen

# The git commit the tools are built from (--version, common/cli.c): the
# header is rewritten only when the commit (or whether the work tree differs
# from it) changes, so building the same commit again recompiles nothing.
# Its temporary file is per process: two tests' makes may run this at once.
GIT_HDR := $(BUILD)/include/gpurf_git.h
GIT_REV := $(shell if c=$$(git rev-parse --short=12 HEAD 2>/dev/null); then \
             git diff --quiet HEAD -- 2>/dev/null && echo $$c || echo $$c-modified; else echo unknown; fi)
$(GIT_HDR): FORCE
	@mkdir -p $(dir $@)
	@t=$@.tmp.$$$$; echo '#define GPURF_GIT "$(GIT_REV)"' > $$t; \
	  if cmp -s $$t $@; then rm -f $$t; else mv $$t $@; fi
$(OBJ)/common/cli.o: $(GIT_HDR)
$(OBJ)/common/cli.o: CPPFLAGS += -DGPURF_HAVE_GIT_H -I$(BUILD)/include
.PHONY: FORCE
FORCE:

-include $(LIBGPURF_OBJ:.o=.d) $(GEN_OBJ:.o=.d)

BINS += $(GEN) $(LIBGPURF)
CORE_BINS += $(GEN) $(LIBGPURF)

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
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIBGPURF): $(LIBGPURF_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(GEN): $(GEN_OBJ) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(GEN_OBJ) $(LIBGPURF) -linih

$(OBJ)/gen/%.o: CPPFLAGS += -Igen

-include $(LIBGPURF_OBJ:.o=.d) $(GEN_OBJ:.o=.d)

BINS += $(GEN) $(LIBGPURF)
CORE_BINS += $(GEN) $(LIBGPURF)

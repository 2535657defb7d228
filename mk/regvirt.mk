# regvirt.mk: RegVirt's waveform scenario names its module and length, so
# `make wave CFG=tiny_regvirt TEST=matrixmul` needs no MODULE= (docs/regvirt.md,
# "The matrixmul waveform").
SCENARIO_MODULE_matrixmul := rename_table
WAVE_CYCLES_matrixmul     := 120

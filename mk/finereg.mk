# finereg.mk: FineReg's waveform scenarios name their module and length, so
# `make wave CFG=finereg_gtx980 TEST=pcrf_chain` needs no MODULE=.  The
# RMU's pcrf_chain waits for two liveness-vector fetches (lric_miss_latency
# each, 400 cycles on finereg_gtx980) before the chain is built and walked.
SCENARIO_MODULE_pcrf_chain := rmu
WAVE_CYCLES_pcrf_chain     := 1200
SCENARIO_MODULE_fig11      := rmu
SCENARIO_MODULE_fig6       := rmu
SCENARIO_MODULE_table4     := cta_monitor

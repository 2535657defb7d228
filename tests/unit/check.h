/* check.h: the assertion macros of the C unit tests.
 *
 * CHECK(cond) and CHECK_EQ(a, b) record a failure with file and line and go
 * on; a test program returns check_status() from main, so every failing
 * check of a run is reported, not only the first. */
#ifndef GPURF_CHECK_H
#define GPURF_CHECK_H

#include <stdio.h>

struct check_state {
	unsigned run, failed;
};

#define CHECK_STATE struct check_state check_st = {0, 0}

#define CHECK(cond)                                                                   \
	do {                                                                          \
		check_st.run++;                                                       \
		if (!(cond)) {                                                        \
			check_st.failed++;                                            \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                     \
	} while (0)

#define CHECK_EQ(a, b)                                                                \
	do {                                                                          \
		unsigned long long check_a = (unsigned long long)(a), check_b = (unsigned long long)(b); \
		check_st.run++;                                                       \
		if (check_a != check_b) {                                             \
			check_st.failed++;                                            \
			fprintf(stderr, "%s:%d: %s == %s failed: 0x%llx != 0x%llx\n", __FILE__, \
				__LINE__, #a, #b, check_a, check_b);                  \
		}                                                                     \
	} while (0)

#define CHECK_DONE()                                                                  \
	(printf("%u checks, %u failed\n", check_st.run, check_st.failed), check_st.failed ? 1 : 0)

#endif

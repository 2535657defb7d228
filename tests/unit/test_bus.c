/* test_bus.c: port elements in a bus, across word boundaries. */
#include <string.h>

#include "check.h"
#include "desc.h"

static CHECK_STATE;

int main(void)
{
	struct module_desc m;
	uint32_t in[16];
	uint32_t w[3] = {0x11111111u, 0x22222222u, 0x33333333u}, r[3];

	desc_init(&m, "t", "test");
	desc_param(&m, "A", "a", 3, "");
	desc_param(&m, "B", NULL, 9, "");
	desc_port(&m, 0, "x_i", PORT_IN, 5, 7, "");	/* 35 bits: crosses a word */
	desc_port(&m, 1, "y_o", PORT_OUT, 1, 1, "");
	desc_port(&m, 2, "d_i", PORT_IN, 2, 40, "");	/* 80 bits */
	desc_finish(&m);
	CHECK(strcmp(m.name, "t_a3") == 0);	/* only tokened params name it */
	CHECK_EQ(m.ports[0].word, 0);
	CHECK_EQ(m.ports[2].word, 2);	/* x_i takes two words */
	CHECK_EQ(m.in_words, 5);
	CHECK_EQ(m.out_words, 1);
	memset(in, 0, sizeof in);
	for (unsigned e = 0; e < 5; e++)
		bus_set(in, &m.ports[0], e, 0x40u + e);
	for (unsigned e = 0; e < 5; e++)
		CHECK_EQ(bus_get(in, &m.ports[0], e), 0x40u + e);
	/* element 4 sits at bits 28..34: its high bits are in word 1 */
	CHECK_EQ(in[1], 0x44u >> 4);
	bus_set(in, &m.ports[0], 2, 0xfff);	/* truncated to 7 bits */
	CHECK_EQ(bus_get(in, &m.ports[0], 2), 0x7f);
	CHECK_EQ(bus_get(in, &m.ports[0], 1), 0x41);
	CHECK_EQ(bus_get(in, &m.ports[0], 3), 0x43);
	/* wide elements: 40 bits each, element 1 starts at bit 40 */
	bus_set_words(in, &m.ports[2], 1, w);
	bus_get_words(in, &m.ports[2], 1, r);
	CHECK_EQ(r[0], 0x11111111u);
	CHECK_EQ(r[1], 0x22u);		/* only 8 bits of the second word */
	CHECK_EQ(bus_get(in, &m.ports[2], 0), 0);
	CHECK_EQ(in[2], 0);
	CHECK_EQ(in[3], 0x11111100u);
	return CHECK_DONE();
}

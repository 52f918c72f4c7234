/*
 * fuzz_command.c — libFuzzer harness: any line typed at the text loop.
 *
 * On a Black Lady deal in progress, a line is parsed and, if it is a
 * decision, applied all or nothing: a refused line must leave the state
 * byte for byte as it was.  Build and run: make fuzz.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/command.h"
#include "cards/deck.h"
#include "engine/game.h"
#include "engine/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static game *g;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!g) {
		diag *d = diag_new();
		g = game_load(TOP_SRCDIR "/games/black-lady.yaml", d);
		diag_free(d);
		if (!g)
			abort();
	}
	char line[512];
	size_t n = size < sizeof line - 1 ? size : sizeof line - 1;
	memcpy(line, data, n);
	line[n] = '\0';
	state s;
	char why[200];
	if (!state_setup(&s, g, 4, 0, NULL, 7, why, sizeof why))
		abort();
	state_deal(&s);
	/* go a few moves in, chosen by the input's length */
	rng r;
	rng_seed(&r, size, 2);
	for (size_t k = 0; k < size % 40 && s.current >= 0; k++) {
		cardset legal = state_legal_cards(&s);
		state_apply_card(&s, cset_nth(legal, (int)rng_below(&r,
				(uint32_t)cset_count(legal))));
	}
	state before = s;
	command c;
	char err[600];
	if (command_parse(&s, line, &c, err, sizeof err) &&
	    c.kind == CMD_DECISION && !command_apply(&s, &c, err, sizeof err) &&
	    memcmp(&before, &s, sizeof s) != 0)
		abort();                /* a refused decision changed the game */
	if (memcmp(&before, &s, sizeof s) != 0 && c.kind != CMD_DECISION)
		abort();
	return 0;
}

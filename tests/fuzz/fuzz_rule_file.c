/*
 * fuzz_rule_file.c — libFuzzer harness: any bytes as a rule file.
 *
 * Loading, validating and compiling must never crash, hang or leak, and a
 * refused file must come with at least one positioned error.  A file that
 * loads is also played for one random deal.  Build and run: make fuzz.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cards/deck.h"
#include "lang/expr.h"
#include "engine/game.h"
#include "lang/schema.h"
#include "engine/engine.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = FUZZ_PATH_TEMPLATE;
	if (!fuzz_write_file(data, size, path))
		return 0;
	diag *d = diag_new();
	game *g = game_load(path, d);
	if (!g && diag_count(d) == 0)
		abort();                /* refused without a word */
	if (g) {
		state s;
		char why[200];
		rng r;
		rng_seed(&r, size, 1);
		if (state_setup(&s, g, g->default_players, 0, NULL, size, why,
				sizeof why))
			state_random_playout(&s, &r);
	}
	game_free(g);
	diag_free(d);
	unlink(path);
	return 0;
}

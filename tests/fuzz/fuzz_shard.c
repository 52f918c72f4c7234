/*
 * fuzz_shard.c — libFuzzer harness: any bytes as the result file of a
 * shard, merged as `cardrules merge` does.
 *
 * Reading and merging must never crash, hang or leak, whatever the file
 * says: numbers out of range, lines without end, another game's deals.
 * Build and run: make fuzz.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "front/shard.h"
#include "lang/load.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The games a result file names resolve from the source tree. */
static void find_games(void)
{
	static int done;
	if (!done && chdir(TOP_SRCDIR) == 0)
		done = 1;
}

/* The game named `name`, loaded once: a merge only reads it. */
static const game *game_named(const char *name)
{
	static struct {
		char name[64];
		game *g;
	} cache[16];
	static int n;
	for (int i = 0; i < n; i++)
		if (strcmp(cache[i].name, name) == 0)
			return cache[i].g;
	char path[1024];
	if (strlen(name) >= sizeof cache[0].name || n == 16 ||
	    !load_find_game(name, path, sizeof path))
		return NULL;
	diag *d = diag_new();
	game *g = d ? game_load(path, d) : NULL;
	diag_free(d);
	snprintf(cache[n].name, sizeof cache[n].name, "%s", name);
	cache[n++].g = g;
	return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	find_games();
	char path[] = FUZZ_PATH_TEMPLATE;
	if (!fuzz_write_file(data, size, path))
		return 0;
	char name[1024];
	const game *g = shard_game(path, name, sizeof name) ? game_named(name)
							       : NULL;
	if (g) {
		FILE *out = fopen("/dev/null", "w");
		const char *files[] = {path};
		int status = out ? shard_merge(g, files, 1, out) : 0;
		if (status < 0 || status > 2)
			abort();
		if (out)
			fclose(out);
	}
	unlink(path);
	return 0;
}

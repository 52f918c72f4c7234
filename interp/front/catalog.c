/* catalog.c — the games that can be named, and names that are not found. */
#include "front/catalog.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/load.h"
#include "util/suggest.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(a, b);
}

int catalog_list(char names[][CATALOG_NAME_MAX], int max)
{
	char dirs[16][LOAD_PATH_MAX];
	int ndirs = load_game_dirs(dirs, 16), n = 0;
	for (int i = 0; i < ndirs; i++) {
		DIR *dir = opendir(dirs[i]);
		struct dirent *e;
		while (dir && (e = readdir(dir)) && n < max) {
			size_t len = strlen(e->d_name);
			if (len <= 5 || len > 200 ||
			    strcmp(e->d_name + len - 5, ".yaml") != 0)
				continue;
			snprintf(names[n], CATALOG_NAME_MAX, "%.*s", (int)(len - 5),
				 e->d_name);
			bool seen = false;
			for (int k = 0; k < n && !seen; k++)
				seen = strcmp(names[k], names[n]) == 0;
			n += !seen;
		}
		if (dir)
			closedir(dir);
	}
	qsort(names, (size_t)n, CATALOG_NAME_MAX, compare_names);
	return n;
}

/* The game name closest to a mistyped one ("blacklady"), or NULL. */
static const char *close_game(const char *name, char *buf, size_t size)
{
	static char names[64][CATALOG_NAME_MAX];
	int n = catalog_list(names, 64);
	suggest sg;
	suggest_start(&sg, name, strlen(name));
	for (int i = 0; i < n; i++)
		suggest_consider(&sg, names[i]);
	/* "blacklady" for "black-lady": compare without the dashes too */
	for (int i = 0; i < n && !sg.best; i++) {
		char bare[CATALOG_NAME_MAX];
		size_t k = 0;
		for (const char *c = names[i]; *c && k + 1 < sizeof bare; c++)
			if (*c != '-')
				bare[k++] = *c;
		bare[k] = '\0';
		if (strcmp(bare, name) == 0) {
			snprintf(buf, size, "%.*s", (int)(size - 1), names[i]);
			return buf;
		}
	}
	if (!sg.best)
		return NULL;
	snprintf(buf, size, "%.*s", (int)sg.best_len, sg.best);
	return buf;
}

bool catalog_find(const char *name, char *path, size_t size, char *why,
		  size_t wsize)
{
	if (!*name) {
		snprintf(why, wsize, "the game's name is empty (a rule file's "
			 "path, or a name from 'cardrules list')");
		return false;
	}
	if (load_find_game(name, path, size))
		return true;
	char close[CATALOG_NAME_MAX];
	if (close_game(name, close, sizeof close))
		snprintf(why, wsize, "no game '%s' (did you mean '%s'?)", name,
			 close);
	else
		snprintf(why, wsize, "no game '%s' (a rule file's path, or a name "
			 "from 'cardrules list')", name);
	return false;
}

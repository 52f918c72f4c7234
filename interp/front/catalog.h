/*
 * catalog.h — the games a player can name, and finding one by its name.
 *
 * A game is named by a rule file's path or by the name of a file in the
 * game directories (load.h).  A name that is not found is answered in
 * the same words wherever it was typed — on the command line or in a
 * message of `serve` — with the closest name when there is one.
 */
#ifndef CARDRULES_CATALOG_H
#define CARDRULES_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

/* The longest name listed. */
#define CATALOG_NAME_MAX 256

/* The games that can be named without a path, sorted; a name found in
 * several directories counts once (the first, as load_find_game does).
 * How many, at most max. */
int catalog_list(char names[][CATALOG_NAME_MAX], int max);

/* The rule file of the game `name` into path; false with why it was not
 * found ("no game 'blacklady' (did you mean 'black-lady'?)"). */
bool catalog_find(const char *name, char *path, size_t size, char *why,
		  size_t wsize);

#endif

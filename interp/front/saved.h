/* saved.h — the games saved as they are played: the autosave folder
 * ($XDG_STATE_HOME/cardrules/games or ~/.local/state/cardrules/games),
 * where a game's transcript lives until the game ends. */
#ifndef CARDRULES_SAVED_H
#define CARDRULES_SAVED_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define SAVED_MAX 256            /* games listed, at most */

typedef struct saved_game {
	char path[PATH_MAX];
	struct timespec when;           /* last saved */
} saved_game;

/* The autosave folder in buf, created (with its parents) when `create`.
 * False when neither XDG_STATE_HOME nor HOME is set (errno 0) or when it
 * cannot be created (errno set). */
bool saved_dir(char *buf, size_t size, bool create);

/* A new, empty file for a game of `name` in the autosave folder, named
 * NAME-DATE-TIME.yaml and never one that exists.  False with the reason
 * in why. */
bool saved_new_path(const char *name, char *buf, size_t size, char *why,
		    size_t wsize);

/* The games waiting in the autosave folder (at most max), newest first:
 * the list that `games` numbers from 1 and `play --resume N` reads. */
int saved_list(saved_game *out, int max);

/* Is path a file of the autosave folder? */
bool saved_is_autosave(const char *path);

/* What a saved game holds, read without changing the file. */
typedef struct saved_summary {
	char game[600];                 /* the game's name */
	int deal;                       /* the deal it stopped in (0: none yet) */
	int players;
	unsigned humans;                /* the seats people play */
	bool over;                      /* finished: only a crash keeps it */
} saved_summary;

/* False (and out->game the reason) when the file cannot be replayed: a
 * crash may have cut its last line, which play --resume repairs. */
bool saved_summarize(const char *path, saved_summary *out);

/* Deletes a file of the autosave folder, unless another process is
 * playing it.  False with the reason in why. */
bool saved_delete(const char *path, char *why, size_t size);

#endif

/* saved.c — the autosave folder: its games listed, read and deleted. */
#include "front/saved.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/diag.h"
#include "engine/engine.h"
#include "front/transcript.h"

/* $XDG_STATE_HOME/cardrules/games (or ~/.local/state/...), where every game
 * played is saved until it ends; created when `create`. */
bool saved_dir(char *buf, size_t size, bool create)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	errno = 0;
	if (xdg && *xdg)
		snprintf(buf, size, "%s/cardrules/games", xdg);
	else if (home && *home)
		snprintf(buf, size, "%s/.local/state/cardrules/games", home);
	else
		return false;
	if (!create)
		return true;
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(buf, 0755);
			*p = '/';
		}
	return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

/* A new file for the game `name` in the autosave folder: NAME-DATE-TIME,
 * never one that exists (an unfinished game is never overwritten).  False
 * with the reason in why. */
bool saved_new_path(const char *name, char *buf, size_t size,
			  char *why, size_t wsize)
{
	char dir[PATH_MAX - 96];
	if (!saved_dir(dir, sizeof dir, true)) {
		if (errno)
			snprintf(why, wsize, "cannot create %s: %s", dir,
				 strerror(errno));
		else
			snprintf(why, wsize, "neither XDG_STATE_HOME nor HOME is set");
		return false;
	}
	const char *base = strrchr(name, '/');
	char stem[64];
	snprintf(stem, sizeof stem, "%s", base ? base + 1 : name);
	char *dot = strstr(stem, ".yaml");
	if (dot)
		*dot = '\0';
	time_t now = time(NULL);
	char when[32];
	strftime(when, sizeof when, "%Y%m%d-%H%M%S", localtime(&now));
	for (int k = 1; k < 1000; k++) {
		char suffix[8] = "";
		if (k > 1)
			snprintf(suffix, sizeof suffix, "-%d", k);
		if ((size_t)snprintf(buf, size, "%s/%s-%s%s.yaml", dir, stem, when,
				     suffix) >= size)
			break;
		int fd = open(buf, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			close(fd);
			return true;
		}
		if (errno != EEXIST) {
			snprintf(why, wsize, "cannot create %s: %s", buf,
				 strerror(errno));
			return false;
		}
	}
	snprintf(why, wsize, "cannot name a new file in %s", dir);
	return false;
}

static int newest_first(const void *a, const void *b)
{
	const struct timespec *x = &((const saved_game *)a)->when;
	const struct timespec *y = &((const saved_game *)b)->when;
	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? 1 : -1;
	return (x->tv_nsec < y->tv_nsec) - (x->tv_nsec > y->tv_nsec);
}

/* The unfinished games in the autosave folder (the first max found),
 * newest first. */
int saved_list(saved_game *out, int max)
{
	char dir[PATH_MAX - 300];
	if (!saved_dir(dir, sizeof dir, false))
		return 0;
	DIR *dp = opendir(dir);
	if (!dp)
		return 0;
	int n = 0;
	struct dirent *e;
	while (n < max && (e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		struct stat st;
		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		snprintf(out[n].path, sizeof out[n].path, "%s/%s", dir, e->d_name);
		/* an empty file is a game whose head is not written yet */
		if (stat(out[n].path, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_size > 0) {
			out[n].when = st.st_mtim;
			n++;
		}
	}
	closedir(dp);
	qsort(out, (size_t)n, sizeof *out, newest_first);
	return n;
}

/* Is path a file of the autosave folder? */
bool saved_is_autosave(const char *path)
{
	char dir[PATH_MAX], real_dir[PATH_MAX], real[PATH_MAX];
	if (!saved_dir(dir, sizeof dir, false) || !realpath(dir, real_dir) ||
	    !realpath(path, real))
		return false;
	size_t n = strlen(real_dir);
	return strncmp(real, real_dir, n) == 0 && real[n] == '/' &&
	       !strchr(real + n + 1, '/');
}
bool saved_summarize(const char *path, saved_summary *out)
{
	memset(out, 0, sizeof *out);
	diag *d = diag_new();
	transcript_replay *r = calloc(1, sizeof *r);
	bool ok = d && r && transcript_replay_file(path, r, d, NULL, NULL);
	if (ok) {
		snprintf(out->game, sizeof out->game, "%s", r->g->name);
		out->deal = r->s.deal_no;
		out->players = r->s.players;
		out->humans = r->humans;
		out->over = r->s.over;
	} else {
		snprintf(out->game, sizeof out->game, "%s", r && r->game_name[0]
			 ? r->game_name : "a game that cannot be read");
	}
	if (r)
		game_free(r->g);
	free(r);
	diag_free(d);
	return ok;
}

bool saved_delete(const char *path, char *why, size_t size)
{
	if (!saved_is_autosave(path)) {
		snprintf(why, size, "%s is not a saved game of the autosave "
			 "folder", path);
		return false;
	}
	/* locked first: a game being played is never pulled from under it */
	transcript_writer w = {0};
	if (!transcript_lock(&w, path, false, why, size))
		return false;
	bool gone = unlink(path) == 0;
	if (!gone)
		snprintf(why, size, "cannot delete %s: %s", path,
			 strerror(errno));
	transcript_close(&w);
	return gone;
}

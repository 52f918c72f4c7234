/* cli.c — the command line: subcommands, their options, exit statuses. */
#include "config.h"
#include "front/cli.h"
#include "front/compare.h"
#include "front/shard.h"

#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cards/deck.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "engine/engine.h"
#include "util/arith.h"
#include "util/json.h"
#include "lang/load.h"
#include "front/breakdown.h"
#include "front/catalog.h"
#include "front/explain.h"
#include "front/lint.h"
#include "front/saved.h"
#include "front/render.h"
#include "front/report.h"
#include "front/trace.h"
#include "front/play.h"
#include "lang/schema.h"
#include "front/serve.h"
#include "front/sim.h"
#include "engine/engine.h"
#include "front/transcript.h"
#include "util/suggest.h"

enum { EXIT_USAGE = 2 };

static const char *program = "cardrules";
static const char *invocation = "cardrules";     /* argv[0], for hints */

static int usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* What getopt refused: an option it does not know, or one without its
 * value ("--deals" at the end of the line). */
static int option_error(const char *cmd, int opt, char **argv)
{
	const char *word = optind > 0 ? argv[optind - 1] : "?";
	if (opt == ':')
		return usage_error(cmd, "'%s' needs a value", word);
	return usage_error(cmd, "unknown option '%s'", word);
}

static int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s %s: ", program, cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s %s --help'.\n", program, cmd);
	return EXIT_USAGE;
}

/* Plain digits, with a '-' only when negative values are allowed: " 4"
 * and "+4" are mistakes, not numbers. */
static bool plain_number(const char *text, bool negative)
{
	if (negative && *text == '-')
		text++;
	if (!*text)
		return false;
	for (; *text; text++)
		if (*text < '0' || *text > '9')
			return false;
	return true;
}

static bool parse_int(const char *text, long min, long max, long *out)
{
	if (!plain_number(text, min < 0))
		return false;
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

/* ======================================================================
 * Loading a game named on the command line
 * ====================================================================== */

static game *load_game(const char *name)
{
	char path[PATH_MAX], why[2 * PATH_MAX];
	if (!catalog_find(name, path, sizeof path, why, sizeof why)) {
		fprintf(stderr, "%s: error: %s\n", program, why);
		return NULL;
	}
	diag *d = diag_new();
	if (!d) {
		fprintf(stderr, "%s: error: out of memory\n", program);
		return NULL;
	}
	game *g = game_load(path, d);
	diag_print(d, stderr, true);
	diag_free(d);
	return g;
}

/* Options shared by the commands that set up a table. */
typedef struct table_args {
	int players;            /* 0: the game's default */
	int dealer;
	bool seeded;
	uint64_t seed;
	const char *set[OPTIONS_MAX * 2];
	int nset;
} table_args;

/* Applies --set NAME=VALUE to the game's option values. */
static bool resolve_table(const char *cmd, const game *g, const table_args *t,
			  int *players, int64_t *options)
{
	*players = t->players ? t->players : g->default_players;
	for (int i = 0; i < g->noptions; i++)
		options[i] = g->option[i].fallback;
	for (int i = 0; i < t->nset; i++) {
		const char *eq = strchr(t->set[i], '=');
		char name[64];
		long v;
		if (!eq || eq - t->set[i] >= (long)sizeof name ||
		    !parse_int(eq + 1, LONG_MIN, LONG_MAX, &v)) {
			usage_error(cmd, "--set takes NAME=NUMBER, not '%s'", t->set[i]);
			return false;
		}
		snprintf(name, sizeof name, "%.*s", (int)(eq - t->set[i]), t->set[i]);
		int o = game_option_index(g, name);
		if (o < 0) {
			fprintf(stderr, "%s %s: %s has no option '%s'", program, cmd,
				g->name, name);
			for (int k = 0; k < g->noptions; k++)
				fprintf(stderr, "%s%s", k ? ", " : "; its options: ",
					g->option[k].name);
			fputc('\n', stderr);
			return false;
		}
		options[o] = v;
	}
	/* the table itself: player count, dealer and option ranges */
	state trial;
	char why[300];
	if (!state_setup(&trial, g, *players, t->dealer, options, 0, why,
			 sizeof why)) {
		fprintf(stderr, "%s: error: %s\n", program, why);
		return false;
	}
	return true;
}

static uint64_t fresh_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^
	       ((uint64_t)getpid() << 20);
}

/* ======================================================================
 * The options of play, simulate, compare and explain: one table gives
 * each option's names, the commands that take it, how its argument is
 * read and its lines of --help.
 * ====================================================================== */

/* The commands an option belongs to. */
enum {
	FOR_PLAY = 1 << 0,
	FOR_SIMULATE = 1 << 1,
	FOR_COMPARE = 1 << 2,
	FOR_EXPLAIN = 1 << 3,
	FOR_SERVE = 1 << 4,
	FOR_RUNS = FOR_SIMULATE | FOR_COMPARE,        /* many deals by bots */
	FOR_ALL = FOR_PLAY | FOR_RUNS | FOR_EXPLAIN,  /* those that set a table */
};

/* The options as given; each command reads those it takes. */
typedef struct cli_args {
	table_args table;       /* --players, --seed, --dealer, --set */
	bool help;
	const char *bot;        /* read by bots_resolve once all are known */
	int playouts, deals, jobs;
	int seat;               /* -1: not given */
	bool hotseat, hint, no_save, no_color, ascii;
	bool resuming;          /* --resume, with or without its file */
	const char *transcript, *resume_path;
	bool json, cheat, timing, explicit_deals, no_check, diff;
	int format;             /* compare's: a compare_format */
	const char *plot, *shard_out;
	const char *audit;      /* serve's referee record */
	int shard, shards;
	const char *value[COMPARE_VALUES_MAX];
	int nvalues;
} cli_args;

typedef struct cli_option cli_option;

/* Reads the option's argument (NULL when it has none) into a; false after
 * a usage error of command cmd. */
typedef bool option_reader(const cli_option *o, const char *cmd,
			   const char *arg, cli_args *a);

struct cli_option {
	const char *name;       /* --name */
	char letter;            /* -l; 0: none */
	int has_arg;            /* no_argument, required_argument, ... */
	unsigned commands;      /* FOR_... */
	bool letter_unlisted;   /* -l is taken, but --help shows --name only */
	option_reader *read;
	size_t field;           /* the member of cli_args it sets */
	long min, max;          /* a number's range ... */
	const char *range;      /* ... in words (NULL: "from MIN to MAX") */
	int choice;             /* the value read_choice sets */
	const char *arg;        /* the argument's name in --help */
	const char *help;       /* its lines in --help; NULL: not listed */
};

static void *field_of(cli_args *a, const cli_option *o)
{
	return (char *)a + o->field;
}

static bool read_flag(const cli_option *o, const char *cmd, const char *arg,
		      cli_args *a)
{
	(void)cmd;
	(void)arg;
	*(bool *)field_of(a, o) = true;
	return true;
}

static bool read_choice(const cli_option *o, const char *cmd, const char *arg,
			cli_args *a)
{
	(void)cmd;
	(void)arg;
	*(int *)field_of(a, o) = o->choice;
	return true;
}

static bool read_text(const cli_option *o, const char *cmd, const char *arg,
		      cli_args *a)
{
	(void)cmd;
	*(const char **)field_of(a, o) = arg;
	return true;
}

static bool read_number(const cli_option *o, const char *cmd, const char *arg,
			cli_args *a)
{
	long v;
	if (parse_int(arg, o->min, o->max, &v)) {
		*(int *)field_of(a, o) = (int)v;
		return true;
	}
	if (o->range)
		usage_error(cmd, "--%s takes %s, not '%s'", o->name, o->range, arg);
	else
		usage_error(cmd, "--%s takes a number from %ld to %ld, not '%s'",
			    o->name, o->min, o->max, arg);
	return false;
}

static bool read_seed(const cli_option *o, const char *cmd, const char *arg,
		      cli_args *a)
{
	if (!parse_seed(arg, &a->table.seed)) {
		usage_error(cmd, "--%s takes %s, not '%s'", o->name, o->range, arg);
		return false;
	}
	a->table.seeded = true;
	return true;
}

/* --set NAME=N: checked against the game once it is loaded */
static bool read_set(const cli_option *o, const char *cmd, const char *arg,
		     cli_args *a)
{
	(void)o;
	table_args *t = &a->table;
	if (t->nset == OPTIONS_MAX * 2) {
		usage_error(cmd, "too many --set options");
		return false;
	}
	t->set[t->nset++] = arg;
	return true;
}

static bool read_value(const cli_option *o, const char *cmd, const char *arg,
		       cli_args *a)
{
	(void)o;
	if (a->nvalues == COMPARE_VALUES_MAX) {
		usage_error(cmd, "at most %d --value", COMPARE_VALUES_MAX);
		return false;
	}
	a->value[a->nvalues++] = arg;
	return true;
}

static bool read_shard(const cli_option *o, const char *cmd, const char *arg,
		       cli_args *a)
{
	(void)o;
	char *end;
	long k = strtol(arg, &end, 10), n = 0;
	if (*end == '/')
		n = strtol(end + 1, &end, 10);
	if (*end || k < 1 || n < 1 || k > n || n > SHARD_MAX) {
		usage_error(cmd, "--shard is K/N with 1 <= K <= N, not '%s'", arg);
		return false;
	}
	a->shard = (int)k;
	a->shards = (int)n;
	return true;
}

/* --resume [F]: without F, the file may follow as a word of its own */
static bool read_resume(const cli_option *o, const char *cmd, const char *arg,
			cli_args *a)
{
	(void)o;
	(void)cmd;
	a->resuming = true;
	a->resume_path = arg;
	return true;
}

#define FLAG(member) .read = read_flag, .field = offsetof(cli_args, member)
#define TEXT(member) .read = read_text, .field = offsetof(cli_args, member)
#define CHOICE(member, value) \
	.read = read_choice, .field = offsetof(cli_args, member), .choice = (value)
#define NUMBER(member, low, high) .read = read_number, \
	.field = offsetof(cli_args, member), .min = (low), .max = (high)

/* In the order of --help.  An option whose help or default differs from
 * one command to another has a row for each. */
static const cli_option option_table[] = {
	{"players", 'n', required_argument, FOR_ALL,
	 NUMBER(table.players, 1, SEAT_MAX), .arg = "N",
	 .help = "number of players (default: the game's)"},
	{"seed", 's', required_argument, FOR_ALL, .read = read_seed,
	 .range = "a number from 0 to 2^64-1", .arg = "S",
	 .help = "seed of the shuffles: same seed, same game"},
	{"dealer", 'd', required_argument, FOR_ALL,
	 NUMBER(table.dealer, 0, SEAT_MAX - 1), .range = "a seat number",
	 .arg = "K", .help = "the first dealer's seat (default 0)"},
	{"set", 0, required_argument, FOR_ALL, .read = read_set, .arg = "NAME=N",
	 .help = "set one of the game's options (see 'list')"},
	{"help", 'h', no_argument, FOR_ALL | FOR_SERVE, FLAG(help)},

	{"seat", 0, required_argument, FOR_PLAY, NUMBER(seat, 0, SEAT_MAX - 1),
	 .range = "a seat number", .arg = "K", .help = "your seat (default 0)"},
	{"hotseat", 0, no_argument, FOR_PLAY, FLAG(hotseat),
	 .help = "people play every seat, in turn"},
	{"bot", 'b', required_argument, FOR_PLAY, TEXT(bot),
	 .letter_unlisted = true, .arg = "KIND",
	 .help = "ismcts (default: tree search, the strongest),\n"
		 "mc, low, random, ismcts:N or ismcts:100ms,\n"
		 "or per seat: 1=mc:500,2=low (others ismcts)"},
	{"hint", 0, no_argument, FOR_PLAY, FLAG(hint),
	 .help = "a suggestion before each of your decisions"},
	{"playouts", 0, required_argument, FOR_PLAY,
	 NUMBER(playouts, 1, 1000000), .arg = "N",
	 .help = "effort of the bots and the hint per decision\n"
		 "(default 3000 iterations, at most a second)"},
	{"transcript", 't', required_argument, FOR_PLAY, TEXT(transcript),
	 .arg = "F", .help = "save the game in F, a new or empty file\n"
			     "(default: a new file in $XDG_STATE_HOME or\n"
			     "~/.local/state/cardrules/games, kept until\n"
			     "the game ends)"},
	{"no-save", 0, no_argument, FOR_PLAY, FLAG(no_save),
	 .help = "do not save the game"},
	{"resume", 0, optional_argument, FOR_PLAY, .read = read_resume,
	 .arg = "[F]", .help = "continue the game saved in F, or game F of\n"
			       "'games' (default: the latest unfinished game)"},
	{"no-color", 0, no_argument, FOR_PLAY, FLAG(no_color),
	 .help = "no colours"},
	{"ascii", 0, no_argument, FOR_PLAY, FLAG(ascii),
	 .help = "suits as letters (S H D C X L), not glyphs"},

	{"deals", 'N', required_argument, FOR_SIMULATE,
	 NUMBER(deals, 1, SIM_DEALS_MAX), .range = "a positive number",
	 .arg = "N", .help = "deals to play (default 1000)"},
	{"deals", 'N', required_argument, FOR_COMPARE,
	 NUMBER(deals, 1, SIM_DEALS_MAX), .range = "a positive number",
	 .arg = "N", .help = "deals to play under each file (default 1000)"},
	{"value", 0, required_argument, FOR_COMPARE, .read = read_value,
	 .arg = "NAME", .help = "also compare a named value of the scoring\n"
				"(its sum over the seats; up to 4 times)"},
	{"bot", 'b', required_argument, FOR_RUNS, TEXT(bot),
	 .letter_unlisted = true, .arg = "KIND",
	 .help = "random (default), low, mc, ismcts (:N or\n"
		 ":100ms), search and solve for solitaires,\n"
		 "or per seat: 0=ismcts:500,1=low\n"
		 "(others random)"},
	{"playouts", 0, required_argument, FOR_RUNS,
	 NUMBER(playouts, 1, 1000000), .arg = "N",
	 .help = "effort of mc bots (default 200)"},
	{"cheat", 0, no_argument, FOR_SIMULATE, FLAG(cheat),
	 .help = "bots see hidden cards (a solitaire's stock)"},
	{"time", 0, no_argument, FOR_SIMULATE, FLAG(timing),
	 .help = "the time a game (a solitaire) or a decision\n"
		 "(each seat's bot)"},
	{"json", 0, no_argument, FOR_SIMULATE, FLAG(json),
	 .help = "every deal's dealer, scores and totals"},
	{"jobs", 'j', required_argument, FOR_RUNS, NUMBER(jobs, 1, 64),
	 .arg = "N", .help = "play on N cores (the results do not change)"},
	{"json", 0, no_argument, FOR_COMPARE, CHOICE(format, COMPARE_JSON),
	 .help = "the comparison as JSON"},
	{"csv", 0, no_argument, FOR_COMPARE, CHOICE(format, COMPARE_CSV),
	 .help = "the comparison as CSV"},
	{"plot", 0, required_argument, FOR_COMPARE, TEXT(plot), .arg = "F.svg",
	 .help = "draw the scores' distributions and the\n"
		 "differences with their intervals"},
	/* --out goes with --shard, and is told on its line */
	{"shard", 0, required_argument, FOR_SIMULATE, .read = read_shard,
	 .arg = "K/N --out F", .help = "play slice K of N of the run into the\n"
				      "result file F; cardrules merge combines them"},
	{"out", 0, required_argument, FOR_SIMULATE, TEXT(shard_out)},
	{"transcript", 't', required_argument, FOR_SIMULATE, TEXT(transcript),
	 .arg = "F", .help = "write the matches as transcripts\n"
			     "(F, then F with .2, .3 ... before .yaml)"},
	{"explicit-deals", 0, no_argument, FOR_SIMULATE, FLAG(explicit_deals),
	 .help = "transcripts list each deal's cards"},
	{"no-check", 0, no_argument, FOR_SIMULATE, FLAG(no_check),
	 .help = "do not evaluate the rule file's checks"},

	{"diff", 0, no_argument, FOR_EXPLAIN, FLAG(diff),
	 .help = "for a variant: what it changes\n"
		 "against the file it extends"},

	{"audit", 0, required_argument, FOR_SERVE, TEXT(audit), .arg = "F",
	 .help = "write to F, beside each message sent, what\n"
		 "every seat holds (a referee's record)"},
};

enum { NOPTIONS = sizeof option_table / sizeof *option_table };

/* What getopt_long returns for the option: its letter, or a number past
 * every letter. */
static int option_code(const cli_option *o)
{
	return o->letter ? o->letter : 256 + (int)(o - option_table);
}

static const cli_option *option_for_code(unsigned command, int code)
{
	for (const cli_option *o = option_table; o < option_table + NOPTIONS; o++)
		if ((o->commands & command) && option_code(o) == code)
			return o;
	return NULL;
}

/* The options of a command for getopt_long: longs[] and the letters,
 * after the ':' that has getopt report a missing value quietly. */
static void getopt_tables(unsigned command, struct option *longs,
			  char *letters)
{
	int n = 0, k = 0;
	letters[k++] = ':';
	for (const cli_option *o = option_table; o < option_table + NOPTIONS; o++) {
		if (!(o->commands & command))
			continue;
		longs[n++] = (struct option){o->name, o->has_arg, NULL,
					     option_code(o)};
		if (o->letter)
			letters[k++] = o->letter;
		if (o->letter && o->has_arg == required_argument)
			letters[k++] = ':';
	}
	longs[n] = (struct option){0};
	letters[k] = '\0';
}

/* A command of the table and the words of its --help. */
typedef struct option_command {
	const char *name;
	unsigned bit;           /* its FOR_... */
	const char *usage[2];   /* after "Usage: cardrules NAME" */
	const char *about;      /* before the options */
	const char *footer;     /* after them; NULL: none */
} option_command;

enum { HELP_TEXT_COLUMN = 22 };

/* "  -n, --players N", then the text from HELP_TEXT_COLUMN, or two spaces
 * after names that reach it; the text's further lines under its first. */
static void print_option_help(const cli_option *o)
{
	bool listed = o->letter && !o->letter_unlisted;
	int used = listed ? printf("  -%c, --%s", o->letter, o->name)
			  : printf("      --%s", o->name);
	if (o->arg)
		used += printf(" %s", o->arg);
	int pad = used + 2 > HELP_TEXT_COLUMN ? 2 : HELP_TEXT_COLUMN - used;
	for (const char *line = o->help; *line; pad = HELP_TEXT_COLUMN) {
		int len = (int)strcspn(line, "\n");
		printf("%*s%.*s\n", pad, "", len, line);
		line += len + (line[len] == '\n');
	}
}

static void command_help(const option_command *c)
{
	printf("Usage: %s %s %s\n", program, c->name, c->usage[0]);
	if (c->usage[1])
		printf("       %s %s %s\n", program, c->name, c->usage[1]);
	fputs(c->about, stdout);
	for (const cli_option *o = option_table; o < option_table + NOPTIONS; o++)
		if ((o->commands & c->bit) && o->help)
			print_option_help(o);
	if (c->footer)
		fputs(c->footer, stdout);
}

enum { OPTIONS_READ = -1 };

/* Reads the options of command c into a, stopping at the first one that
 * is refused or at --help; OPTIONS_READ, or the status to exit with. */
static int read_options(const option_command *c, int argc, char **argv,
			cli_args *a)
{
	struct option longs[NOPTIONS + 1];
	char letters[1 + 2 * NOPTIONS + 1];
	getopt_tables(c->bit, longs, letters);
	int code;
	while ((code = getopt_long(argc, argv, letters, longs, NULL)) != -1) {
		const cli_option *o = option_for_code(c->bit, code);
		if (!o)
			return option_error(c->name, code, argv);
		if (!o->read(o, c->name, optarg, a))
			return EXIT_USAGE;
		if (a->help) {
			command_help(c);
			return 0;
		}
	}
	return OPTIONS_READ;
}

/* ======================================================================
 * validate
 * ====================================================================== */

/* Random deals at every player count: does every check of the rule file
 * hold?  A failure is reported where the check is written. */
static bool checks_hold(const game *g, const char *name, long deals)
{
	for (int n = g->min_players; n <= g->max_players; n++) {
		sim_opts o = {.game_name = name, .players = n, .seed = 1,
			      .deals = deals, .checks = true};
		bot_spec_all(&o.bots, BOT_RANDOM, 200);
		for (int i = 0; i < g->noptions; i++)
			o.options[i] = g->option[i].fallback;
		if (sim_run(g, &o) != 0)
			return false;
	}
	return true;
}

static int cmd_validate(int argc, char **argv)
{
	static const struct option longs[] = {
		{"quiet", no_argument, NULL, 'q'},
		{"simulate", required_argument, NULL, 'S'},
		{"strict", no_argument, NULL, 'X'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	bool quiet = false, strict = false;
	long simulate = 0;
	int opt;
	while ((opt = getopt_long(argc, argv, ":" "qh", longs, NULL)) != -1) {
		if (opt == 'h') {
			printf("Usage: %s validate [-q] [--strict] [--simulate N] FILE...\n"
			       "Checks rule files (paths, or names of games) and prints\n"
			       "every problem as\n"
			       "FILE:LINE:COL: error: MESSAGE.  Exit status: 0 when all\n"
			       "are valid, 1 when some are not, 2 on usage errors.\n"
			       "  -q, --quiet       print nothing for valid files\n"
			       "  --simulate N      then play N random deals at every\n"
			       "                    player count and report any check\n"
			       "                    of the rule file that fails\n"
			       "  --strict          also refuse a file whose scoring\n"
			       "                    or match has a formula that\n"
			       "                    explain can only quote (no says)\n",
			       program);
			return 0;
		}
		if (opt == 'q')
			quiet = true;
		else if (opt == 'X')
			strict = true;
		else if (opt == 'S' && parse_int(optarg, 1, 100000000L, &simulate))
			continue;
		else if (opt == 'S')
			return usage_error("validate", "--simulate takes a number of "
					   "deals from 1 to 100000000, not '%s'",
					   optarg);
		else
			return option_error("validate", opt, argv);
	}
	if (optind == argc)
		return usage_error("validate", "name at least one rule file");
	int bad = 0;
	diag *d = diag_new();
	if (!d)
		return 1;
	for (int i = optind; i < argc; i++) {
		char path[PATH_MAX];
		if (!load_find_game(argv[i], path, sizeof path))
			snprintf(path, sizeof path, "%s", argv[i]);
		game *g = game_load(path, d);
		if (g)
			lint_play(g, d);
		int unworded = g && strict ? explain_unworded(g, d) : 0;
		diag_print(d, stderr, true);
		diag_clear(d);
		if (!g) {
			bad++;
			continue;
		}
		if (unworded)
			fprintf(stderr, "%s: %d formula%s without words "
				"(--strict)\n", path, unworded,
				unworded == 1 ? "" : "s");
		char range[40];
		bool checked = !unworded &&
			       (!simulate || checks_hold(g, argv[i], simulate));
		bad += !checked;
		if (!quiet && checked)
			printf("%s: valid (%s, %s)%s\n", path, g->name,
			       game_players_text(g, range, sizeof range),
			       simulate ? "; its checks held in every deal" : "");
		game_free(g);
	}
	diag_free(d);
	return bad ? 1 : 0;
}

/* ======================================================================
 * play
 * ====================================================================== */


/* --resume N: a number of the list of saved games, unless a file has
 * that name. */
static bool is_number(const char *s)
{
	if (!*s || strspn(s, "0123456789") != strlen(s))
		return false;
	return access(s, F_OK) != 0;
}

/* One saved game of the list, numbered as `games` and --resume N read. */
static void print_saved(int k, const saved_game *sg, bool with_path)
{
	saved_summary sum;
	bool read = saved_summarize(sg->path, &sum);
	char when[32];
	strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime(&sg->when.tv_sec));
	int deal = sum.deal > 0 ? sum.deal : 1;    /* saved before it is dealt */
	if (!read)
		printf("  %d. %s, saved %s (cut short by a crash? play --resume %d "
		       "mends it)\n", k, sum.game, when, k);
	else if (sum.players == 1 || sum.humans == 0)
		printf("  %d. %s, deal %d, saved %s\n", k, sum.game, deal, when);
	else if (sum.humans == (1u << sum.players) - 1)
		printf("  %d. %s, deal %d, %d players at one keyboard, saved %s\n",
		       k, sum.game, deal, sum.players, when);
	else
		printf("  %d. %s, deal %d, %d players, you at seat %d, saved %s\n",
		       k, sum.game, deal, sum.players,
		       __builtin_ctz(sum.humans), when);
	if (with_path)
		printf("     %s\n", sg->path);
}

/* Says which games wait to be finished, and how. */
static void tell_unfinished(void)
{
	static saved_game games[SAVED_MAX];
	int n = saved_list(games, SAVED_MAX);
	if (n == 0)
		return;
	printf("%d unfinished game%s saved; the latest goes on with: %s play "
	       "--resume\n", n, n == 1 ? " is" : "s are", invocation);
	for (int i = 0; i < n && i < 3; i++)
		print_saved(i + 1, &games[i], false);
	if (n > 3)
		printf("  (and %d more: %s games lists them all)\n", n - 3,
		       invocation);
	printf("Go on with one: %s play --resume N; delete one: %s games "
	       "--delete N.\n", invocation, invocation);
}

/* The bots of every seat: `kind` with `playouts`, then --bot's text. */
static bool bots_resolve(const char *cmd, bot_spec *spec, bot_kind kind,
			 int playouts, const char *text)
{
	bot_spec_all(spec, kind, playouts);
	char err[200];
	if (text && !bot_spec_parse(spec, text, err, sizeof err)) {
		usage_error(cmd, "%s", err);
		return false;
	}
	return true;
}


static int resume(play_opts *o, const char *path)
{
	diag *d = diag_new();
	transcript_replay *r = calloc(1, sizeof *r);
	if (!d || !r) {
		free(r);
		diag_free(d);
		return 1;
	}
	/* locked before it is read: another process may be writing it */
	transcript_writer w = {0};
	char err[PATH_MAX + 300];
	bool locked = transcript_lock(&w, path, false, err, sizeof err);
	if (!locked)
		fprintf(stderr, "%s: error: %s\n", program, err);
	bool ok = locked && transcript_replay_resumable(path, r, d);
	diag_print(d, stderr, true);
	diag_free(d);
	int status = 1;
	if (ok && r->s.over) {
		fprintf(stderr, "%s: error: the game in %s is over\n", program, path);
		transcript_close(&w);
	} else if (ok) {
		o->game_name = r->game_name;
		o->players = r->s.players;
		o->seed = r->s.seed;
		o->transcript = path;
		o->autosave = saved_is_autosave(path);
		o->invocation = invocation;
		o->resume = true;
		o->seat = r->humans == 0 ? 0 : __builtin_ctz(r->humans);
		o->hotseat = r->humans != 0 &&
			     r->humans == (1u << r->s.players) - 1 && r->s.players > 1;
		status = play_resume(r->g, o, &r->s, &w);
	} else {
		transcript_close(&w);
	}
	game_free(r->g);
	free(r);
	return status;
}

static const option_command play_command = {
	"play", FOR_PLAY, {"GAME [options]", "--resume [TRANSCRIPT|N]"},
	"Plays GAME (a rule file, or a name such as black-lady) in the\n"
	"terminal against bots.  Type help during the game.\n",
	NULL,
};

/* The option given that would change a saved game's table, or NULL. */
static const char *changes_saved_table(const cli_args *a)
{
	const table_args *t = &a->table;
	return a->seat >= 0 ? "--seat" : a->hotseat ? "--hotseat"
		: t->players ? "--players" : t->seeded ? "--seed"
		: t->nset ? "--set" : t->dealer ? "--dealer"
		: a->transcript ? "--transcript" : a->no_save ? "--no-save" : NULL;
}

/* play --resume [F]: the game saved in F, or the latest unfinished one. */
static int play_saved(const cli_args *a, play_opts *o, int argc, char **argv)
{
	/* a saved game keeps its table: say so rather than ignore */
	const char *fixed = changes_saved_table(a);
	if (fixed)
		return usage_error("play", "%s cannot be used with --resume: "
				   "the saved game keeps its seats, players, "
				   "seed, options and file", fixed);
	const char *path = a->resume_path;
	if (!path && optind < argc)
		path = argv[optind++];
	if (optind != argc)
		return usage_error("play", "--resume takes the game from the "
				   "transcript; do not name a game (%s)",
				   argv[optind]);
	static saved_game games[SAVED_MAX];
	int n = path && !is_number(path) ? 0 : saved_list(games, SAVED_MAX);
	if (!path || is_number(path)) {
		long k = 1;
		if (path && !parse_int(path, 1, SAVED_MAX, &k))
			k = SAVED_MAX + 1;
		if (n == 0) {
			fprintf(stderr, "%s: error: no unfinished game is saved\n",
				program);
			return 1;
		}
		if (k > n) {
			fprintf(stderr, "%s: error: there is no saved game %s: "
				"%s games lists the %d there %s\n", program, path,
				invocation, n, n == 1 ? "is" : "are");
			return 1;
		}
		path = games[k - 1].path;
	}
	return resume(o, path);
}

/* Where a new game is saved: in -t's file, or else in a new file of the
 * autosave folder (`saved`); nowhere with --no-save. */
static void choose_save(const char *name, bool no_save, play_opts *o,
			char *saved, size_t size)
{
	char why[PATH_MAX + 100];
	if (no_save)
		o->transcript = NULL;
	else if (o->transcript)
		return;
	else if (saved_new_path(name, saved, size, why, sizeof why)) {
		o->transcript = saved;
		o->autosave = true;
	} else {
		fprintf(stderr, "%s: warning: this game is not saved: %s (-t "
			"FILE saves it elsewhere)\n", program, why);
	}
}

/* play GAME: a new game at the table of t. */
static int play_new(const char *name, const table_args *t, bool no_save,
		    play_opts *o)
{
	game *g = load_game(name);
	if (!g)
		return 1;
	int players;
	char saved[PATH_MAX];
	int status = EXIT_USAGE;
	if (resolve_table("play", g, t, &players, o->options)) {
		o->game_name = name;
		o->players = players;
		o->dealer = t->dealer;
		o->seed = t->seeded ? t->seed : fresh_seed();
		tell_unfinished();
		o->invocation = invocation;
		choose_save(name, no_save, o, saved, sizeof saved);
		status = play_run(g, o);
	}
	game_free(g);
	return status;
}

static int cmd_play(int argc, char **argv)
{
	cli_args a = {.playouts = PLAY_PLAYOUTS, .seat = -1};
	int status = read_options(&play_command, argc, argv, &a);
	if (status != OPTIONS_READ)
		return status;
	play_opts o = {.seat = a.seat < 0 ? 0 : a.seat, .hotseat = a.hotseat,
		       .playouts = a.playouts, .transcript = a.transcript,
		       .color = !a.no_color, .ascii = a.ascii, .hints = a.hint,
		       .in = stdin, .out = stdout};
	if (!bots_resolve("play", &o.bots, BOT_ISMCTS, o.playouts, a.bot))
		return EXIT_USAGE;
	if (a.resuming)
		return play_saved(&a, &o, argc, argv);
	if (optind + 1 != argc)
		return usage_error("play", "name one game to play, e.g. "
				   "'%s play black-lady'", program);
	return play_new(argv[optind], &a.table, a.no_save, &o);
}

/* ======================================================================
 * games: the saved games, listed or deleted
 * ====================================================================== */

/* --delete's list: "all" or numbers N,M,... of the list (each in 1..n)
 * into pick[]; 0, or the exit status of the error said. */
static int read_picks(const char *text, int n, bool *pick)
{
	if (strcmp(text, "all") == 0) {
		for (int i = 0; i < n; i++)
			pick[i] = true;
		return 0;
	}
	char copy[256];
	snprintf(copy, sizeof copy, "%s", text);
	for (char *save = NULL, *w = strtok_r(copy, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		long k;
		if (!parse_int(w, 1, SAVED_MAX, &k)) {
			return usage_error("games", "--delete takes the numbers "
					   "of the list (N or N,M,...) or all, "
					   "not '%s'", text);
		}
		if (k > n) {
			fprintf(stderr, "%s: error: there is no saved game %ld: "
				"%s games lists the %d there %s\n", program, k,
				invocation, n, n == 1 ? "is" : "are");
			return 1;
		}
		pick[k - 1] = true;
	}
	return 0;
}

static int delete_saved(const saved_game *games, int n, const char *which)
{
	bool pick[SAVED_MAX] = {false};
	int status = read_picks(which, n, pick);
	if (status)
		return status;
	for (int i = 0; i < n; i++) {
		char why[PATH_MAX + 200];
		if (!pick[i])
			continue;
		if (saved_delete(games[i].path, why, sizeof why)) {
			printf("deleted %d: %s\n", i + 1, games[i].path);
		} else {
			fprintf(stderr, "%s: error: %s\n", program, why);
			status = 1;
		}
	}
	return status;
}

static int cmd_games(int argc, char **argv)
{
	static const struct option longs[] = {
		{"delete", required_argument, NULL, 'D'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	const char *which = NULL;
	int opt;
	while ((opt = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
		if (opt == 'h') {
			printf("Usage: %s games [--delete N]\n"
			       "Lists the games saved as they are played and not\n"
			       "finished yet, newest first and numbered; %s play\n"
			       "--resume N goes on with game N.  They are kept in\n"
			       "$XDG_STATE_HOME/cardrules/games (or\n"
			       "~/.local/state/cardrules/games) until they end.\n"
			       "  --delete N        delete saved game N of the list\n"
			       "                    (N,M,... for several, all for all)\n",
			       program, program);
			return 0;
		}
		if (opt == 'D')
			which = optarg;
		else
			return option_error("games", opt, argv);
	}
	if (optind != argc)
		return usage_error("games", "takes no game or file (%s); name "
				   "saved games by their numbers", argv[optind]);
	static saved_game games[SAVED_MAX];
	int n = saved_list(games, SAVED_MAX);
	if (n == 0) {
		printf("No unfinished game is saved.\n");
		return which ? 1 : 0;
	}
	if (which)
		return delete_saved(games, n, which);
	printf("%d unfinished game%s saved, the latest first:\n", n,
	       n == 1 ? " is" : "s are");
	for (int i = 0; i < n; i++)
		print_saved(i + 1, &games[i], true);
	printf("Go on with one: %s play --resume N; delete one: %s games "
	       "--delete N.\n", invocation, invocation);
	return 0;
}

/* ======================================================================
 * simulate
 * ====================================================================== */

static const option_command simulate_command = {
	"simulate", FOR_SIMULATE, {"GAME [options]", NULL},
	"Bots play many deals; prints each seat's mean deal score,\n"
	"its spread, the totals and the matches won, and checks the\n"
	"rule file's invariants after every deal.\n",
	"The seed defaults to 1.  Exit status 1 when a check failed.\n",
};

/* Simulate's and compare's defaults: the seed 1, 1000 deals, 200
 * playouts for mc bots. */
static cli_args run_defaults(void)
{
	return (cli_args){.table = {.seed = 1, .seeded = true}, .deals = 1000,
			  .playouts = 200};
}

/* The table of a run of the game `name`: players, options, dealer, seed;
 * false after a usage error. */
static bool run_table(const char *cmd, const game *g, const char *name,
		      const table_args *t, sim_opts *o)
{
	int players;
	if (!resolve_table(cmd, g, t, &players, o->options))
		return false;
	o->game_name = name;
	o->players = players;
	o->dealer = t->dealer;
	o->seed = t->seed;
	return true;
}

/* A run is split into shards, or among jobs, or written as transcripts:
 * one of them; false after a usage error. */
static bool one_split(const sim_opts *o, const char *shard_out)
{
	if (!!o->shards != !!shard_out)
		return usage_error("simulate", "--shard and --out go together"),
		       false;
	if (o->shards && (o->transcript || o->jobs > 1))
		return usage_error("simulate", "a shard is played by one job, "
				   "without --transcript"), false;
	if (o->transcript && o->jobs > 1)
		return usage_error("simulate", "--transcript is written by one "
				   "job: leave out --jobs"), false;
	return true;
}

static int cmd_simulate(int argc, char **argv)
{
	cli_args a = run_defaults();
	int status = read_options(&simulate_command, argc, argv, &a);
	if (status != OPTIONS_READ)
		return status;
	if (optind + 1 != argc)
		return usage_error("simulate", "name one game, e.g. '%s simulate "
				   "black-lady --deals 10000'", program);
	sim_opts o = {.deals = a.deals, .json = a.json, .jobs = a.jobs,
		      .shard = a.shard, .shards = a.shards,
		      .transcript = a.transcript, .explicit_deals = a.explicit_deals,
		      .checks = !a.no_check, .timing = a.timing, .out = stdout};
	if (!bots_resolve("simulate", &o.bots, BOT_RANDOM, a.playouts, a.bot))
		return EXIT_USAGE;
	o.bots.cheat = a.cheat;
	if (!one_split(&o, a.shard_out))
		return EXIT_USAGE;
	o.progress = isatty(STDERR_FILENO) && !o.json && !o.transcript;
	game *g = load_game(argv[optind]);
	if (!g)
		return 1;
	status = EXIT_USAGE;
	if (run_table("simulate", g, argv[optind], &a.table, &o))
		status = a.shard_out ? shard_run(g, &o, a.shard_out)
				     : sim_run(g, &o);
	game_free(g);
	return status;
}

/* ======================================================================
 * compare
 * ====================================================================== */

static const option_command compare_command = {
	"compare", FOR_COMPARE, {"A.yaml B.yaml [options]", NULL},
	"Plays the same deals (the same seeds, the same hands where\n"
	"the decks agree) under both rule files with the same bots,\n"
	"and reports each quantity side by side with the 95% interval\n"
	"of the paired differences B - A: every seat's mean deal\n"
	"score, the spread within a deal, the dealer's and the first\n"
	"player's advantage, named values, and the matches won.\n",
	"Options and player counts apply to both files.\n",
};

/* Games a and b, named names[0] and names[1], at the same table. */
static int compare_games(const game *a, const game *b, char **names,
			 const table_args *t, compare_opts *o)
{
	int players_b;
	if (!run_table("compare", a, names[0], t, &o->sim) ||
	    !resolve_table("compare", b, t, &players_b, o->options_b))
		return EXIT_USAGE;
	if (o->sim.players != players_b) {
		fprintf(stderr, "%s: error: %s is played by %d players here, "
			"%s by %d: give --players\n", program, names[0],
			o->sim.players, names[1], players_b);
		return 1;
	}
	o->names[0] = names[0];
	o->names[1] = names[1];
	return compare_run(a, b, o);
}

static int cmd_compare(int argc, char **argv)
{
	cli_args a = run_defaults();
	int status = read_options(&compare_command, argc, argv, &a);
	if (status != OPTIONS_READ)
		return status;
	if (optind + 2 != argc)
		return usage_error("compare", "name two games, e.g. '%s compare "
				   "hearts omnibus-hearts.yaml'", program);
	compare_opts o = {.sim = {.deals = a.deals, .jobs = a.jobs, .checks = true},
			  .format = (compare_format)a.format, .plot = a.plot,
			  .nvalues = a.nvalues, .out = stdout};
	memcpy(o.value, a.value, sizeof o.value);
	if (!bots_resolve("compare", &o.sim.bots, BOT_RANDOM, a.playouts, a.bot))
		return EXIT_USAGE;
	game *ga = load_game(argv[optind]);
	game *gb = ga ? load_game(argv[optind + 1]) : NULL;
	status = ga && gb ? compare_games(ga, gb, argv + optind, &a.table, &o)
			  : 1;
	game_free(ga);
	game_free(gb);
	return status;
}

/* ======================================================================
 * merge
 * ====================================================================== */

static int cmd_merge(int argc, char **argv)
{
	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
			  strcmp(argv[1], "--help") == 0)) {
		printf("Usage: %s merge FILE...\n"
		       "Combines the result files of simulate --shard K/N --out FILE\n"
		       "into the statistics (or, when the shards were run with --json,\n"
		       "the JSON) of the whole run, exactly as one simulate prints them.\n"
		       "A file that is not a slice of the run is refused: exit status 1.\n",
		       program);
		return 0;
	}
	if (argc < 2)
		return usage_error("merge", "name the result files of the shards");
	char name[1024];
	if (!shard_game(argv[1], name, sizeof name))
		return 1;
	game *g = load_game(name);
	if (!g) {                       /* a result file names it on line 2 */
		fprintf(stderr, "%s:2: error: the game of the shard, '%s', cannot "
			"be loaded\n", argv[1], name);
		return 1;
	}
	int status = shard_merge(g, (const char *const *)argv + 1, argc - 1,
				 stdout);
	game_free(g);
	return status;
}

/* ======================================================================
 * replay
 * ====================================================================== */

typedef struct replay_out {
	bool json;
	bool decisions;                 /* each deal's decisions and tricks */
	trace decided;
	json j;
	const char *path;
	bool check_reported;
} replay_out;

static void replay_decision(void *ctx, const state *before,
			    const state *after, const action *a, int n)
{
	trace_decision(&((replay_out *)ctx)->decided, before, after, a, n);
}

/* The first check of the rule file that fails, where it is written. */
static void replay_check(replay_out *out, const state *s)
{
	if (!s->failed_check || out->check_reported)
		return;
	char again[PATH_MAX + 32];
	snprintf(again, sizeof again, "deal %d of %s", s->deal_no, out->path);
	diag *d = diag_new();
	if (d) {
		fflush(stdout);
		breakdown_failed_check(d, s, again);
		diag_print(d, stderr, true);
		diag_free(d);
	}
	out->check_reported = true;
}

/* Each deal's scores, then the breakdown of its scoring. */
static void replay_deal_text(void *ctx, const state *s, const state *during)
{
	replay_check(ctx, s);
	printf("deal %d (dealer %d): scores", s->deal_no, s->dealer);
	for (int p = 0; p < s->players; p++)
		printf(" %+" PRId64, s->deal_score[p]);
	printf("; totals");
	for (int p = 0; p < s->players; p++)
		printf(" %+" PRId64, s->total[p]);
	putchar('\n');
	render r;
	render_setup(&r, &s->g->deck, stdout);
	char names[SEAT_MAX][16];
	const char *list[SEAT_MAX];
	for (int p = 0; p < s->players; p++) {
		snprintf(names[p], sizeof names[p], "seat %d", p);
		list[p] = names[p];
	}
	breakdown_print(stdout, &r, s, during, list);
}

static void replay_deal_json(void *ctx, const state *s, const state *during)
{
	replay_out *out = ctx;
	json *j = &out->j;
	replay_check(ctx, s);
	json_object(j);
	report_deal_fields(j, s);
	report_deal_values(j, s, during);
	if (out->decisions && !trace_write(&out->decided, j))
		fprintf(stderr, "%s: out of memory: the decisions of deal %d "
			"are left out\n", program, s->deal_no);
	json_end_object(j);
}

static void replay_result(replay_out *out, const transcript_replay *r)
{
	const state *s = &r->s;
	if (!out->json) {
		if (s->over) {
			printf("result:");
			for (int p = 0; p < s->players; p++)
				printf(" seat %d %+" PRId64 " (place %d)%s", p,
				       s->total[p], s->place[p],
				       p + 1 < s->players ? "," : "\n");
		} else {
			printf("the game goes on: deal %d %s\n", s->deal_no,
			       s->current == SEAT_CHANCE ? "is over, the next is due" : "is in progress");
		}
		return;
	}
	json *j = &out->j;
	json_end_array(j);
	report_result_fields(j, s);
	json_end_object(j);
	json_finish(j);
}

static int cmd_replay(int argc, char **argv)
{
	static const struct option longs[] = {
		{"json", no_argument, NULL, 'j'},
		{"decisions", no_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	replay_out out = {0};
	int opt;
	while ((opt = getopt_long(argc, argv, ":" "jdh", longs, NULL)) != -1) {
		if (opt == 'h') {
			printf("Usage: %s replay [--json [--decisions]] TRANSCRIPT\n"
			       "Replays a recorded game and prints every deal's scores,\n"
			       "each named value of its scoring per seat, and the result.\n"
			       "      --json          the same in JSON\n"
			       "      --decisions     with --json, each deal lists every decision\n"
			       "                      (the seat, its legal moves, the move made)\n"
			       "                      and every trick (its leader, cards, winner)\n"
			       "Exit status 1 when the transcript holds an illegal\n"
			       "decision (named with its line and column).\n",
			       program);
			return 0;
		}
		if (opt == 'j')
			out.json = true;
		else if (opt == 'd')
			out.decisions = true;
		else
			return option_error("replay", opt, argv);
	}
	if (out.decisions && !out.json)
		return usage_error("replay", "--decisions is written in JSON: "
				   "give --json too");
	if (optind + 1 != argc)
		return usage_error("replay", "name one transcript");
	out.path = argv[optind];
	diag *d = diag_new();
	transcript_replay *r = calloc(1, sizeof *r);
	if (!d || !r) {
		free(r);
		diag_free(d);
		return 1;
	}
	if (out.json) {
		json_init(&out.j, stdout, false);
		json_object(&out.j);
		json_key(&out.j, "transcript");
		json_string(&out.j, argv[optind]);
		json_key(&out.j, "deals");
		json_array(&out.j);
	}
	bool ok = transcript_replay_traced(argv[optind], r, d,
				out.json ? replay_deal_json : replay_deal_text,
				out.decisions ? replay_decision : NULL, &out);
	trace_free(&out.decided);
	if (ok && state_stuck(&r->s)) {         /* where the game cannot go on */
		char again[PATH_MAX + 32];
		snprintf(again, sizeof again, "at the end of %s", out.path);
		breakdown_fault(d, &r->s, again);
		ok = false;
	}
	diag_print(d, stderr, true);
	if (ok)
		replay_result(&out, r);
	else if (out.json)
		fputs("]}\n", stdout);
	game_free(r->g);
	free(r);
	diag_free(d);
	return ok ? 0 : 1;
}

/* ======================================================================
 * explain
 * ====================================================================== */

static const option_command explain_command = {
	"explain", FOR_EXPLAIN, {"GAME [options]", NULL},
	"Prints the rules of GAME in words, written from its rule\n"
	"file: players, cards, the deal, each phase, the scoring,\n"
	"the match and the options.\n",
	NULL,
};

/* explain --diff: what the variant g, named `name`, changes against the
 * file it extends. */
static int explain_changes(const game *g, const char *name)
{
	if (g->nsources < 2) {
		fprintf(stderr, "%s: error: %s extends no other rule file\n",
			program, name);
		return 1;
	}
	game *base = load_game(g->source[1]->name);
	if (!base)
		return 1;
	printf("%s against %s:\n", g->name, base->name);
	if (explain_diff(stdout, base, g) == 0)
		puts("(no difference in the rules as explained)");
	game_free(base);
	return 0;
}

/* explain GAME: its rules at the table of t. */
static int explain_table(const game *g, const table_args *t)
{
	int players;
	int64_t options[OPTIONS_MAX];
	if (!resolve_table("explain", g, t, &players, options))
		return EXIT_USAGE;
	explain_game(stdout, g, players, options);
	return 0;
}

static int cmd_explain(int argc, char **argv)
{
	cli_args a = {0};
	int status = read_options(&explain_command, argc, argv, &a);
	if (status != OPTIONS_READ)
		return status;
	if (optind + 1 != argc)
		return usage_error("explain", "name one game, e.g. '%s explain "
				   "hearts'", program);
	game *g = load_game(argv[optind]);
	if (!g)
		return 1;
	status = a.diff ? explain_changes(g, argv[optind])
			: explain_table(g, &a.table);
	game_free(g);
	return status;
}

/* ======================================================================
 * serve
 * ====================================================================== */

static const option_command serve_command = {
	"serve", FOR_SERVE, {"[--audit F]", NULL},
	"Plays games with another program: it sends requests and reads the\n"
	"replies and events, JSON objects one a line, on the standard input\n"
	"and output (docs/protocol.md).\n",
	NULL,
};

static int cmd_serve(int argc, char **argv)
{
	cli_args a = {0};
	int status = read_options(&serve_command, argc, argv, &a);
	if (status != OPTIONS_READ)
		return status;
	if (optind != argc)
		return usage_error("serve", "takes no arguments (the games are "
				   "named in its requests)");
	serve_opts o = {.in = stdin, .out = stdout};
	if (a.audit && !(o.audit = fopen(a.audit, "w"))) {
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", program,
			a.audit, strerror(errno));
		return 1;
	}
	status = serve_run(&o);
	if (o.audit && fclose(o.audit) != 0) {
		fprintf(stderr, "%s: error: cannot write '%s'\n", program, a.audit);
		status = 1;
	}
	return status;
}

/* ======================================================================
 * schema, list, bench
 * ====================================================================== */

static int cmd_schema(int argc, char **argv)
{
	bool markdown = argc == 2 && strcmp(argv[1], "--markdown") == 0;
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("Usage: %s schema [--markdown]\n"
		       "Prints the JSON Schema of the rule-file format\n"
		       "(schemas/cardrules.schema.json), or with --markdown the key\n"
		       "reference (docs/format-keys.md).\n", program);
		return 0;
	}
	if (argc > 1 && !markdown)
		return usage_error("schema", "takes no arguments but --markdown");
	if (markdown)
		schema_write_markdown(stdout);
	else
		schema_write_json(stdout);
	return 0;
}

/* Text as lines of at most `width` columns, each indented by `indent`. */
static void print_wrapped(FILE *out, const char *text, int indent, int width)
{
	int col = 0;
	const char *p = text;
	while (*p) {
		while (*p == ' ' || *p == '\n')
			p++;
		size_t len = strcspn(p, " \n");
		if (!len)
			break;
		if (col > 0 && col + 1 + (int)len > width) {
			fputc('\n', out);
			col = 0;
		}
		if (col == 0)
			col = fprintf(out, "%*s", indent, "");
		else
			col += fprintf(out, " ");
		col += fprintf(out, "%.*s", (int)len, p);
		p += len;
	}
	if (col)
		fputc('\n', out);
}

/* The deals of a match at the game's default table, with its options'
 * defaults: a number, where the formula may read players and options. */
static void list_deals(const game *g)
{
	state *s = malloc(sizeof *s);
	char why[200];
	int n = g->default_players;
	if (s && state_setup(s, g, n, 0, NULL, 0, why, sizeof why))
		printf("; %d deal%s%s", s->deals, s->deals == 1 ? "" : "s",
		       g->min_players == g->max_players ? ""
		       : n == 1 ? " with 1 player" : " with");
	if (s && g->min_players != g->max_players && n > 1)
		printf(" %d players", n);
	free(s);
}

static int cmd_list(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("Usage: %s list\nLists the games that can be named without "
		       "a path, with their players and options.\n", program);
		return 0;
	}
	if (argc > 1)
		return usage_error("list", "takes no arguments");
	static char names[64][CATALOG_NAME_MAX];
	int n = catalog_list(names, 64);
	for (int i = 0; i < n; i++) {
		game *g = load_game(names[i]);
		if (!g)
			continue;
		char range[40];
		printf("%-24s %s, %s", names[i], g->name,
		       game_players_text(g, range, sizeof range));
		char words[300];
		if (g->end)
			printf("; until %s", formula_condition_said(g->end, words,
								    sizeof words));
		else if (g->has_deals && g->deals.e &&
			 strcmp(expr_text(g->deals.e), "1") == 0)
			printf("; one deal");
		else if (g->has_deals && g->deals.e)
			list_deals(g);
		for (int k = 0; k < g->noptions; k++)
			printf("; --set %s=%" PRId64 " (%" PRId64 "..%" PRId64 ")",
			       g->option[k].name, g->option[k].fallback,
			       g->option[k].min, g->option[k].max);
		putchar('\n');
		if (g->description)
			print_wrapped(stdout, g->description, 25, 78);
		game_free(g);
	}
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cards_in_hands(const state *s)
{
	int n = 0;
	for (int p = 0; p < s->players; p++)
		n += cset_count(s->hand[p]);
	return n;
}

/* What a random deal plays, on average over a few deals replayed one
 * action at a time, out of the timed run: the cards that leave the
 * hands (played, laid or discarded; a pass between hands is none), or,
 * in a game whose hands play no part (a solitaire), the moves.  *per
 * says which.  The deals follow one another in matches, set up as the
 * timed run sets them up: where the hands change from deal to deal (Oh
 * Hell), the average is over the same deals of the match. */
static double plays_per_deal(const game *g, long deals, const char **per)
{
	state s;
	char why[200];
	rng r;
	rng_seed(&r, 1, 0);
	long cards = 0, moves = 0;
	if (!state_setup(&s, g, g->default_players, 0, NULL, 1, why,
			 sizeof why))
		deals = 0;
	for (long d = 0; d < deals; d++) {
		if (s.current != SEAT_CHANCE &&
		    !state_setup(&s, g, g->default_players, 0, NULL,
				 (uint64_t)d, why, sizeof why))
			break;
		state_deal(&s);
		int deal = s.deal_no;
		while (s.current >= 0 && s.deal_no == deal) {
			int before = cards_in_hands(&s);
			if (state_apply_random(&s, &r).kind == ACT_NONE)
				break;
			/* the deal's last action ends it with its cards
			 * still held (a last trick played by itself) and may
			 * deal the next: what was held counts as played */
			int after = s.current >= 0 && s.deal_no == deal
				? cards_in_hands(&s) : 0;
			cards += before > after ? before - after : 0;
			moves++;
		}
	}
	*per = cards ? "card" : "move";
	return deals ? (double)(cards ? cards : moves) / (double)deals : 0;
}

/* Random deals through the path of simulate's random bots: one generator
 * per seat, state_random_playout_seats().  The rate is in CPU time. */
static int bench_game(const char *name, long deals, double seconds,
		      bool as_json)
{
	game *g = load_game(name);
	if (!g)
		return 1;
	state s;
	char why[200];
	if (!state_setup(&s, g, g->default_players, 0, NULL, 1, why, sizeof why)) {
		fprintf(stderr, "%s: error: %s\n", program, why);
		game_free(g);
		return 1;
	}
	bot bots[SEAT_MAX];
	seat_rngs r;
	for (int p = 0; p < SEAT_MAX; p++) {
		bot_init(&bots[p], BOT_RANDOM, 1, p);
		r.seat[p] = &bots[p].r;
	}
	int64_t checksum = 0;
	double t0 = now(), secs = 0, cpu0 = cpu_now();
	long played = 0;
	while (played < deals && (seconds <= 0 || secs < seconds)) {
		if (s.current == SEAT_END)
			state_setup(&s, g, g->default_players, 0, NULL,
				    (uint64_t)played, why, sizeof why);
		state_random_playout_seats(&s, &r);
		checksum = arith_add(checksum, s.deal_score[0]);
		played++;
		if (seconds > 0)
			secs = now() - t0;
	}
	secs = cpu_now() - cpu0;
	deals = played;
	double rate = secs > 0 ? deals / secs : 0;
	const char *per;
	double plays = plays_per_deal(g, deals < 200 ? deals : 200, &per);
	if (as_json)
		printf("{\"program\":\"cardrules\",\"game\":\"%s\",\"players\":%d,"
		       "\"deals\":%ld,\"seconds\":%.3f,\"deals_per_second\":%.0f,"
		       "\"per\":\"%s\",\"per_deal\":%.2f,\"per_second\":%.0f,"
		       "\"state_bytes\":%zu,\"game_bytes\":%zu}\n", name,
		       s.players, deals, secs, rate, per, plays, rate * plays,
		       sizeof(state), g->arena.used + sizeof *g);
	else
		printf("cardrules %s %d %.0f deals/s, %.0f %ss/s (%ld deals, "
		       "%.3f s of CPU, %.1f %ss a deal; state %zu bytes, game %zu "
		       "bytes; checksum %" PRId64 ")\n", name, s.players, rate,
		       rate * plays, per, deals, secs, plays, per, sizeof(state),
		       g->arena.used + sizeof *g, checksum);
	game_free(g);
	return 0;
}

static int cmd_bench(int argc, char **argv)
{
	enum { OPT_SECONDS = 1000 };
	static const struct option longs[] = {
		{"deals", required_argument, NULL, 'N'},
		{"seconds", required_argument, NULL, OPT_SECONDS},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	long deals = 200000, v;
	double seconds = 0;
	bool as_json = false;
	int opt;
	while ((opt = getopt_long(argc, argv, ":" "N:jh", longs, NULL)) != -1) {
		if (opt == 'h') {
			printf("Usage: %s bench [--deals N] [--seconds S] [--json] "
			       "[GAME...]\n"
			       "Plays random deals of each game (default: every game\n"
			       "in games/) and prints deals per second; --seconds stops\n"
			       "a game's run after S seconds (a slow game, a solitaire).\n",
			       program);
			return 0;
		}
		if (opt == OPT_SECONDS) {
			if (!parse_int(optarg, 1, 3600, &v))
				return usage_error("bench", "--seconds takes a number "
						   "from 1 to 3600, not '%s'", optarg);
			seconds = (double)v;
		} else if (opt == 'j')
			as_json = true;
		else if (opt == 'N' && parse_int(optarg, 1, 1000000000L, &v))
			deals = v;
		else if (opt == 'N')
			return usage_error("bench", "--deals takes a number from 1 to "
					   "1000000000, not '%s'", optarg);
		else
			return option_error("bench", opt, argv);
	}
	int status = 0;
	if (optind < argc) {
		for (int i = optind; i < argc; i++)
			status |= bench_game(argv[i], deals, seconds, as_json);
		return status;
	}
	static char names[64][CATALOG_NAME_MAX];
	int n = catalog_list(names, 64);
	for (int i = 0; i < n; i++)
		status |= bench_game(names[i], deals, seconds, as_json);
	return status;
}

/* ======================================================================
 * main
 * ====================================================================== */

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{"play", cmd_play, "play a game in the terminal against bots"},
	{"games", cmd_games, "list or delete the unfinished games saved"},
	{"validate", cmd_validate, "check rule files, reporting every problem"},
	{"simulate", cmd_simulate, "let bots play many deals and report statistics"},
	{"compare", cmd_compare, "play two rule files on the same deals, side by side"},
	{"merge", cmd_merge, "combine the result files of simulate --shard"},
	{"replay", cmd_replay, "replay a transcript and print the result"},
	{"serve", cmd_serve, "play with another program, in JSON lines"},
	{"explain", cmd_explain, "print a game's rules in words, from its file"},
	{"list", cmd_list, "list the games that can be named without a path"},
	{"schema", cmd_schema, "print the JSON Schema of the rule-file format"},
	{"bench", cmd_bench, "measure random playouts per second"},
};

static void main_help(FILE *out)
{
	fprintf(out, "Usage: %s COMMAND [options]\n\n"
		"cardrules plays card games described in YAML rule files.\n\n"
		"Commands:\n", program);
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'%s COMMAND --help' tells more; see also man cardrules.\n"
		"Start with: %s play black-lady\n", program, program);
}

static void cleanup(void)
{
	deck_cleanup();
	expr_cleanup();
	schema_cleanup();
}

/* Output that could not be written (a full disk, a closed pipe) is an
 * error, not a quiet success. */
static int output_written(int status)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	fprintf(stderr, "%s: error: cannot write the output: %s\n", program,
		errno ? strerror(errno) : "write error");
	return status ? status : 1;
}

int cli_main(int argc, char **argv)
{
	if (argc > 0 && argv[0] && *argv[0])
		invocation = argv[0];
	if (argc < 2) {
		main_help(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		main_help(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("cardrules %s\n", PACKAGE_VERSION);
		return 0;
	}
	/* `schema` writes the hooks without loading a game */
	engine_register_hooks();
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			int status = commands[i].run(argc - 1, argv + 1);
			cleanup();
			return output_written(status);
		}
	suggest sg;
	suggest_start(&sg, argv[1], strlen(argv[1]));
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		suggest_consider(&sg, commands[i].name);
	if (sg.best) {
		fprintf(stderr, "%s: unknown command '%s' (did you mean '%.*s'?)\n",
			program, argv[1], (int)sg.best_len, sg.best);
		return EXIT_USAGE;
	}
	fprintf(stderr, "%s: unknown command '%s'\n", program, argv[1]);
	main_help(stderr);
	return EXIT_USAGE;
}

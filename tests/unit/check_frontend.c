/*
 * check_frontend.c — the pieces front ends are made of: reading commands,
 * drawing cards, writing JSON, and "did you mean".
 */
#include "testutil.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/breakdown.h"
#include "lang/diag.h"
#include "lang/node.h"
#include "lang/src.h"
#include "front/command.h"
#include "lang/expr.h"
#include "util/json.h"
#include "front/render.h"
#include "front/sim.h"
#include "lang/schema.h"
#include "util/suggest.h"

static game *bl;
static state s;                 /* a Black Lady deal at its first pass */

static void setup(void)
{
	bl = scn_load(TOP_SRCDIR "/games/black-lady.yaml");
	char why[100];
	ck_assert(state_setup(&s, bl, 4, 0, NULL, 7, why, sizeof why));
	state_deal(&s);
}

static void teardown(void)
{
	game_free(bl);
	scn_cleanup();
}

/* The notation of the k-th card of the seat to move. */
static const char *held(int k, char *buf)
{
	return deck_card_name(&bl->deck, cset_nth(s.hand[s.current], k), false,
			      buf);
}

/* ---- commands ---- */

static const struct word_case {
	const char *line;
	cmd_kind kind;
} word_cases[] = {
	{"", CMD_EMPTY}, {"   ", CMD_EMPTY}, {"help", CMD_HELP}, {"?", CMD_HELP},
	{"HELP", CMD_HELP}, {"hand", CMD_HAND}, {"table", CMD_TABLE},
	{"moves", CMD_MOVES}, {"legal", CMD_MOVES}, {"scores", CMD_SCORES},
	{"hint", CMD_HINT}, {"quit", CMD_QUIT}, {"exit", CMD_QUIT},
};

START_TEST(test_words)
{
	command c;
	char err[300];
	ck_assert(command_parse(&s, word_cases[_i].line, &c, err, sizeof err));
	ck_assert_int_eq(c.kind, word_cases[_i].kind);
}
END_TEST

START_TEST(test_pass_decision)
{
	char a[8], b[8], line[64], err[300];
	command c;
	ck_assert_str_eq(command_verb(&s), "pass");
	ck_assert_int_eq(command_decision_size(&s), 2);
	snprintf(line, sizeof line, "pass %s %s", held(0, a), held(1, b));
	ck_assert(command_parse(&s, line, &c, err, sizeof err));
	ck_assert_int_eq(c.kind, CMD_DECISION);
	ck_assert_int_eq(c.nactions, 2);
	/* the verb may be left out, and case does not matter */
	for (char *p = line; *p; p++)
		*p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
	ck_assert(command_parse(&s, line + 5, &c, err, sizeof err));
	state before = s;
	ck_assert(command_apply(&s, &c, err, sizeof err));
	ck_assert_int_ne(s.current, before.current);
	char words[100];
	command_format(&before, c.actions, c.nactions, words, sizeof words);
	snprintf(line, sizeof line, "pass %s %s", a, b);
	ck_assert_str_eq(words, line);
}
END_TEST

static const struct bad_case {
	const char *line;
	const char *error;
} bad_cases[] = {
	{"bogus", "unknown command 'bogus'; type help for the commands"},
	{"pass ZZ", "'ZZ' is not a card: write the rank, then the suit, as in QS, 10H or TH"},
	{"pass 10X", "this game has no card '10X'"},
	{"play", "it is time to pass, not to play"},
	{"pass", "pass 2 cards, for example: pass QS 10H"},
};

/* A bad line leaves the state untouched, with one line of explanation. */
START_TEST(test_bad_lines)
{
	command c;
	char err[300];
	state before = s;
	ck_assert(!command_parse(&s, bad_cases[_i].line, &c, err, sizeof err));
	ck_assert_str_eq(err, bad_cases[_i].error);
	ck_assert(strchr(err, '\n') == NULL);
	ck_assert(memcmp(&before, &s, sizeof s) == 0);
}
END_TEST

/* A line longer than a command may be is refused whole, never read as
 * its beginning ("quit" and a thousand spaces, then more). */
START_TEST(test_long_line)
{
	char line[COMMAND_LINE_MAX + 64], err[300];
	command c;
	memset(line, ' ', sizeof line);
	memcpy(line, "quit", 4);
	memcpy(line + sizeof line - 9, "pass 2C", 8);
	ck_assert(!command_parse(&s, line, &c, err, sizeof err));
	ck_assert_str_eq(err, "the line is too long: a command has at most "
			 "1000 characters");
	line[COMMAND_LINE_MAX] = '\0';
	ck_assert(command_parse(&s, line, &c, err, sizeof err));
	ck_assert_int_eq(c.kind, CMD_QUIT);
}
END_TEST

START_TEST(test_not_held_and_twice)
{
	char a[8], line[64], err[300];
	command c;
	card_id other = cset_first(s.hand[(s.current + 1) % 4]);
	char name[8];
	deck_card_name(&bl->deck, other, false, name);
	snprintf(line, sizeof line, "pass %s %s", held(0, a), name);
	ck_assert(!command_parse(&s, line, &c, err, sizeof err));
	snprintf(line, sizeof line, "you do not hold %s", name);
	ck_assert_str_eq(err, line);
	snprintf(line, sizeof line, "pass %s %s", a, a);
	ck_assert(!command_parse(&s, line, &c, err, sizeof err));
	snprintf(line, sizeof line, "you do not hold %s twice", a);
	ck_assert_str_eq(err, line);
}
END_TEST

/* A decision is applied all or nothing: the second card refused leaves
 * even the first one unchosen. */
START_TEST(test_all_or_nothing)
{
	while (state_phase_kind(&s) != PHASE_TRICKS) {
		cardset legal = state_legal_cards(&s);
		ck_assert(state_apply_card(&s, cset_first(legal)));
	}
	/* play to the first trick until a seat holds an off-suit card it may
	 * not play */
	for (int k = 0; k < 4 && s.nplayed < 3; k++) {
		cardset legal = state_legal_cards(&s);
		cardset refused = cset_minus(s.hand[s.current], legal);
		if (s.nplayed > 0 && !cset_is_empty(refused)) {
			command c = {.kind = CMD_DECISION, .nactions = 1};
			c.actions[0] = action_card(cset_first(refused));
			char err[300];
			state before = s;
			ck_assert(!command_apply(&s, &c, err, sizeof err));
			ck_assert(strstr(err, "you must follow the suit led") != NULL);
			ck_assert(memcmp(&before, &s, sizeof s) == 0);
			return;
		}
		state_apply_card(&s, cset_first(legal));
	}
	ck_abort_msg("the first trick of this deal refused no card; pick "
		     "another seed");
}
END_TEST

/* ---- rendering ---- */

/* ---- the phases' words (tales) ---- */

static const char *name_seat(const void *ctx, int seat, seat_word word,
			     char *buf, size_t size)
{
	(void)ctx;
	if (word == SEAT_WORD_WHERE)
		snprintf(buf, size, "%s", seat == 1 ? " (on your left)" : "");
	else if (word == SEAT_WORD_WHOSE)
		snprintf(buf, size, seat == 0 ? "your" : "seat %d's", seat);
	else
		snprintf(buf, size, seat == 0 ? "you" : "seat %d", seat);
	return buf;
}

/* A tale drawn: its marks as the table words seats, cards and suits, and
 * braces of plain words kept. */
static const char *drawn(const tale *t, bool glyphs, char *buf, size_t size)
{
	render r = {.d = &bl->deck, .color = false, .glyphs = glyphs};
	buf[0] = '\0';
	FILE *f = fmemopen(buf, size, "w");
	ck_assert(f != NULL);
	render_tale(f, &r, t->text, name_seat, NULL);
	fclose(f);
	return buf;
}

START_TEST(test_tale_marks)
{
	static tale t;
	char buf[256], a[8];
	card_id c = cset_nth(s.hand[0], 0);
	cardset two = cset_empty();
	cset_add(&two, cset_nth(s.hand[1], 0));
	cset_add(&two, cset_nth(s.hand[1], 1));
	tale_clear(&t);
	tale_printf(&t, "{a} %d ", 5);
	tale_seat(&t, 1);
	tale_where(&t, 1);
	tale_printf(&t, " and ");
	tale_seat(&t, 0);
	tale_printf(&t, ": ");
	tale_card(&t, c);
	tale_printf(&t, "; ");
	tale_cards(&t, two);
	tale_printf(&t, "; ");
	tale_suit_named(&t, 2);
	char want[256], list[64];
	render r = {.d = &bl->deck, .color = false, .glyphs = false};
	snprintf(want, sizeof want, "{a} 5 seat 1 (on your left) and you: %s; %s; "
		 "D (diamonds)", deck_card_name(&bl->deck, c, false, a),
		 render_list(&r, two, list, sizeof list));
	ck_assert_str_eq(drawn(&t, false, buf, sizeof buf), want);
}
END_TEST

/* A seat opening a sentence is capitalised; a seat as an owner is
 * "your" or "seat 2's", also opening a sentence. */
START_TEST(test_tale_seat_forms)
{
	static tale t;
	char buf[256];
	tale_clear(&t);
	tale_seat_as(&t, 0, TALE_OPENS);
	tale_printf(&t, " lay; ");
	tale_seat_as(&t, 2, TALE_OPENS);
	tale_printf(&t, " lays; ");
	tale_seat_as(&t, 0, TALE_WHOSE);
	tale_printf(&t, " cards, ");
	tale_seat_as(&t, 2, TALE_WHOSE);
	tale_printf(&t, " cards; ");
	tale_seat_as(&t, 0, TALE_OPENS | TALE_WHOSE);
	tale_printf(&t, " ribs; ");
	tale_seat_as(&t, 3, TALE_OPENS | TALE_WHOSE);
	tale_printf(&t, " ribs");
	ck_assert_str_eq(drawn(&t, false, buf, sizeof buf),
			 "You lay; Seat 2 lays; your cards, seat 2's cards; "
			 "Your ribs; Seat 3's ribs");
	ck_assert_str_eq(tale_plural(1), "");
	ck_assert_str_eq(tale_plural(2), "s");
	ck_assert_str_eq(tale_plural(0), "s");
}
END_TEST

/* The first pass (two cards each) is told as it happens; once all have
 * chosen, each seat alone learns what it gave and got, in its own tale. */
START_TEST(test_pass_narrated)
{
	static tale told, news[SEAT_MAX];
	char buf[512];
	audience me = {0, false};
	for (int q = 0; q < SEAT_MAX; q++)
		tale_clear(&news[q]);
	int first = s.phase;
	while (s.phase == first) {
		state before = s;
		action a[2];
		int seat = s.current;
		a[0] = action_card(cset_nth(s.hand[seat], 0));
		a[1] = action_card(cset_nth(s.hand[seat], 1));
		ck_assert(state_apply(&s, a[0]));
		ck_assert(state_apply(&s, a[1]));
		state_narrate(&before, &s, seat, a, 2, &me, &told, news);
		if (seat == 0)
			ck_assert_str_eq(drawn(&told, false, buf, sizeof buf), "");
		else
			ck_assert(strstr(drawn(&told, false, buf, sizeof buf),
					 "has chosen the cards to pass") != NULL);
	}
	for (int q = 0; q < s.players; q++) {
		drawn(&news[q], false, buf, sizeof buf);
		ck_assert_msg(strncmp(buf, "  You passed ", 13) == 0, "%s", buf);
		ck_assert(strstr(buf, " and received ") != NULL);
	}
}
END_TEST

/* The help lists each way of typing a decision once, for the game's own
 * phases only. */
START_TEST(test_help_of_the_game)
{
	static tale help;
	game_help(bl, &help);
	ck_assert(strstr(help.text, "pass 3C QS") != NULL);
	ck_assert(strstr(help.text, "play QS") != NULL);
	ck_assert(strstr(help.text, "vote") == NULL);
	ck_assert(strstr(help.text, "call 120") == NULL);
	const char *first = strstr(help.text, "play QS");
	ck_assert(strstr(first + 1, "play QS") == NULL);
}
END_TEST

START_TEST(test_render_plain_and_glyphs)
{
	render r = {.d = &bl->deck, .color = false, .glyphs = false};
	card_face f;
	int copy;
	ck_assert(deck_parse_face(&bl->deck, "10H", 3, &f, &copy) == DECK_PARSE_OK);
	card_id ten = deck_find(&bl->deck, bl->deck.all, f, 0);
	char buf[64];
	ck_assert_str_eq(render_card(&r, ten, buf, sizeof buf), "10H");
	r.glyphs = true;
	ck_assert_str_eq(render_card(&r, ten, buf, sizeof buf), "10\u2665");
	r.color = true;
	ck_assert_str_eq(render_card(&r, ten, buf, sizeof buf),
			 "\033[31m10\u2665\033[0m");
	r.color = false;
	ck_assert_str_eq(render_suit(&r, 0, buf, sizeof buf), "\u2660");
}
END_TEST

/* Of a deck of two copies, a list for the player names each face once,
 * and typed words lose their copy tags only where asked. */
START_TEST(test_render_copies_once)
{
	game *dk = scn_load(TOP_SRCDIR "/games/doppelkopf.yaml");
	render r = {.d = &dk->deck, .color = false, .glyphs = false};
	char buf[64];
	cardset two = scn_card_set(dk, "QC#1 QC#2 9D#1 9D#2");
	ck_assert_int_eq(cset_count(two), 4);
	ck_assert_str_eq(render_faces(&r, two, buf, sizeof buf), "QC 9D");
	ck_assert_str_eq(render_untagged("play KC#1", buf, sizeof buf), "play KC");
	ck_assert_str_eq(render_untagged("move 10H#2 t1", buf, sizeof buf),
			 "move 10H t1");
	ck_assert_str_eq(render_untagged("call #3", buf, sizeof buf), "call #3");
	ck_assert_str_eq(render_untagged("play KC#12", buf, 6), "play ");
	game_free(dk);
}
END_TEST

/* TENNOS's Cross and Leaf look like no other suit: their own glyphs and
 * colours, their letters on a plain terminal. */
START_TEST(test_render_tennos_suits)
{
	static const char *const ranks[] = {"2", "A"};
	deck d;
	char why[100], buf[64];
	ck_assert(deck_build(&d, "SHDCXL", 6, ranks, 2, 1, 0, why, sizeof why));
	render r = {.d = &d, .color = false, .glyphs = false};
	card_id ax = deck_find(&d, d.all, face_make(4, 1), 0);
	card_id al = deck_find(&d, d.all, face_make(5, 1), 0);
	ck_assert_str_eq(render_card(&r, ax, buf, sizeof buf), "AX");
	ck_assert_str_eq(render_card(&r, al, buf, sizeof buf), "AL");
	r.glyphs = true;
	ck_assert_str_eq(render_card(&r, ax, buf, sizeof buf), "A\u271a");
	ck_assert_str_eq(render_card(&r, al, buf, sizeof buf), "A\u2766");
	r.color = true;
	ck_assert_str_eq(render_card(&r, ax, buf, sizeof buf),
			 "\033[34mA\u271a\033[0m");
	ck_assert_str_eq(render_suit(&r, 5, buf, sizeof buf),
			 "\033[32m\u2766\033[0m");
	ck_assert_str_eq(render_suit_name(&d, 4), "cross");
	ck_assert_str_eq(render_suit_name(&d, 5), "leaf");
	d.suit_name[5] = "Blatt";
	ck_assert_str_eq(render_suit_name(&d, 5), "Blatt");
}
END_TEST

START_TEST(test_render_hand)
{
	render r = {.d = &bl->deck, .color = false, .glyphs = false};
	cardset h = cset_empty();
	const char *cards[] = {"AS", "5S", "QS", "KH", "2C"};
	for (int i = 0; i < 5; i++) {
		card_face f;
		int copy;
		deck_parse_face(&bl->deck, cards[i], strlen(cards[i]), &f, &copy);
		cset_add(&h, deck_find(&bl->deck, bl->deck.all, f, 0));
	}
	char buf[200];
	/* by suit in the deck's order, high ranks first */
	ck_assert_str_eq(render_hand(&r, h, buf, sizeof buf), "S A Q 5  H K  C 2");
	ck_assert_str_eq(render_list(&r, h, buf, sizeof buf), "5S QS AS KH 2C");
	/* a buffer too small is cut, never overrun */
	char tiny[6];
	render_hand(&r, h, tiny, sizeof tiny);
	ck_assert_int_eq(strlen(tiny), 5);
}
END_TEST

/* ---- JSON ---- */

static char *capture(void (*write)(json *j))
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	json j;
	json_init(&j, out, false);
	write(&j);
	json_finish(&j);
	fclose(out);
	return text;
}

static void write_sample(json *j)
{
	json_object(j);
	json_key(j, "name");
	json_string(j, "a \"quoted\"\\ name\n\t\001");
	json_key(j, "list");
	json_array(j);
	json_int(j, -3);
	json_bool(j, true);
	json_null(j);
	json_double(j, 0.5);
	json_end_array(j);
	json_key(j, "empty");
	json_object(j);
	json_end_object(j);
	json_end_object(j);
}

START_TEST(test_json)
{
	char *text = capture(write_sample);
	ck_assert_str_eq(text, "{\"name\":\"a \\\"quoted\\\"\\\\ name\\n\\t\\u0001\","
			 "\"list\":[-3,true,null,0.5],\"empty\":{}}\n");
	free(text);
}
END_TEST

/* Text from elsewhere that json_raw may copy: one JSON value. */
static const struct json_case {
	const char *text;
	bool valid;
} json_cases[] = {
	{"{\"a\":[1,-2.5e3,true,false,null,\"x\\\"\\u00e9\"],\"b\":{}}", true},
	{" [ 1 , {} ] ", true}, {"0", true}, {"\"\"", true},
	{"", false}, {"{", false}, {"[1,]", false}, {"{\"a\":1,}", false},
	{"{\"a\" 1}", false}, {"{a:1}", false}, {"[1] [2]", false},
	{"01", false}, {"1.", false}, {"-", false}, {"tru", false},
	{"\"\\q\"", false}, {"\"\\u12\"", false}, {"\"a\tb\"", false},
	{"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
	 false},
};

START_TEST(test_json_valid)
{
	const struct json_case *c = &json_cases[_i];
	ck_assert_msg(json_valid(c->text) == c->valid, "%s", c->text);
}
END_TEST

/* ---- did you mean ---- */

static const struct suggest_case {
	const char *word;
	const char *best;
} suggest_cases[] = {
	{"folow", "follow"}, {"leadr", "leader"}, {"tricks", "tricks"},
	{"x", NULL}, {"whatever", NULL}, {"restirct", "restrict"},
};

START_TEST(test_suggest)
{
	static const char *const words[] = {
		"follow", "leader", "tricks", "restrict", "trumps", NULL,
	};
	const struct suggest_case *sc = &suggest_cases[_i];
	const char *got = schema_suggest(sc->word, words);
	if (sc->best)
		ck_assert_str_eq(got, sc->best);
	else
		ck_assert_ptr_null(got);
	ck_assert_uint_eq(suggest_distance("kitten", 6, "sitting", 7), 3);
}
END_TEST

/* What a function writes to a stream, in a malloc'd string. */
#define CAPTURE(buf, out, call) do {                                     \
		size_t size_;                                            \
		FILE *out = open_memstream(&(buf), &size_);              \
		ck_assert_ptr_nonnull(out);                              \
		call;                                                    \
		fclose(out);                                             \
	} while (0)

/* Omnibus Hearts: the running counts follow the scoring's own names, the
 * jack of diamonds of the second value table included; the breakdown of a
 * scored deal shows every named value per seat. */
START_TEST(test_running_counts_and_breakdown)
{
	game *om = scn_load(TOP_SRCDIR "/examples/omnibus-hearts.yaml");
	state m;
	char why[200];
	ck_assert(state_setup(&m, om, 4, 0, NULL, 3, why, sizeof why));
	state_deal(&m);
	state during = m;
	static const char *const names[] = {"you", "seat 1", "seat 2", "seat 3"};
	char *text = NULL;
	CAPTURE(text, out, breakdown_running(out, &m, names, false));
	ck_assert_str_eq(text, "");             /* nothing taken yet */
	free(text);
	cset_add(&m.won[2], scn_card(om, "JD"));
	cset_add(&m.won[1], scn_card(om, "QS"));
	CAPTURE(text, out, breakdown_running(out, &m, names, false));
	ck_assert_str_eq(text, "  hearts so far: you 0, seat 1 13, seat 2 0, seat 3 0\n"
			 "  jack so far: you 0, seat 1 0, seat 2 -10, seat 3 0\n");
	free(text);
	rng r;
	rng_seed(&r, 5, 5);
	state_random_playout(&m, &r);
	ck_assert_int_eq(m.event, EV_SCORED);
	render plain = {.d = &om->deck};
	CAPTURE(text, out, breakdown_print(out, &plain, &m, &during, names));
	ck_assert_msg(strstr(text, "\n  jack        ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\n  moon         ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\n  deal score  ") != NULL, "%s", text);
	free(text);
	game_free(om);
}
END_TEST

/* ---- simulate on several jobs ---- */

/* A run of black-lady's deals on `jobs` jobs: its statistics, and the
 * most matches it held at once. */
static char *simulated(long deals, int jobs, int *held)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	ck_assert(out != NULL);
	sim_opts o = {.game_name = "black-lady", .players = 4, .seed = 3,
		      .deals = deals, .checks = true, .out = out, .jobs = jobs,
		      .held_most = held};
	bot_spec_all(&o.bots, BOT_RANDOM, 200);
	for (int i = 0; i < bl->noptions; i++)
		o.options[i] = bl->option[i].fallback;
	ck_assert_int_eq(sim_run(bl, &o), 0);
	fclose(out);
	return text;
}

START_TEST(test_jobs_hold_few_matches)
{
	/* thousands of matches; a few dozen held, whatever the deals */
	for (long deals = 2000; deals <= 40000; deals *= 20) {
		int one = -1, two = -1;
		char *a = simulated(deals, 1, &one);
		char *b = simulated(deals, 2, &two);
		ck_assert_str_eq(a, b);
		ck_assert_int_eq(one, -1);      /* one job holds no match */
		ck_assert_int_ge(two, 1);
		ck_assert_msg(two <= SIM_AHEAD, "%ld deals: %d matches held at "
			      "once", deals, two);
		free(a);
		free(b);
	}
}
END_TEST

/* ---- formulas in words (engine/wording.c) ---- */

/* The source of the last formula, kept while its words are read. */
static src_file *formula_source;

/* `text` compiled in Black Lady's names, as if written in its file. */
static const expr *formula(const char *text)
{
	static node n;
	src_free(formula_source);
	src_file *f = formula_source = src_from_text("w.yaml", text, strlen(text));
	ck_assert_ptr_nonnull(f);
	memset(&n, 0, sizeof n);
	n.kind = NODE_SCALAR;
	n.file = f;
	n.line = n.col = 1;
	n.text = f->text;
	n.len = strlen(text);
	diag *d = diag_new();
	expr *e = expr_compile(bl->scope, &n, TY_NONE, d);
	ck_assert_msg(e != NULL, "%s does not compile", text);
	diag_free(d);
	return e;
}

static const char *seat_words(const char *text)
{
	static char buf[300];
	return formula_seat_words(formula(text), buf, sizeof buf);
}

static const char *condition_words(const char *text)
{
	static char buf[300];
	return formula_condition_words(formula(text), buf, sizeof buf);
}

START_TEST(test_formulas_in_words)
{
	ck_assert_str_eq(seat_words("left(dealer)"),
			 "the player on the dealer's left");
	ck_assert_str_eq(seat_words("right(dealer)"),
			 "the player on the dealer's right");
	ck_assert_str_eq(seat_words("right(right(declarer))"),
			 "the player 2 seats to the declarer's right");
	ck_assert_str_eq(seat_words("across(dealer)"),
			 "the player across from the dealer");
	ck_assert_str_eq(seat_words("holder(2C)"), "whoever holds 2C");
	ck_assert_str_eq(seat_words("if declared then dealer else left(dealer)"),
			 "the dealer if someone has declared, else the player on "
			 "the dealer's left");
	ck_assert_str_eq(seat_words("(if not declared then left(dealer) else "
				    "declarer)"), "the player on the dealer's "
			 "left if nobody has declared, else the declarer");
	ck_assert_ptr_null(seat_words("choose(deal % 2, dealer, left(dealer))"));
	ck_assert_str_eq(condition_words("max(total) >= 100"),
			 "a player's total reaches 100");
	ck_assert_str_eq(condition_words("declared and deal >= 3"),
			 "someone has declared and deal is at least 3");
	ck_assert_str_eq(condition_words("seat != declarer"),
			 "the player is not the declarer");
	ck_assert_ptr_null(condition_words("count(total == max(total)) == 1"));
	src_free(formula_source);
	formula_source = NULL;
}
END_TEST

static Suite *frontend_suite(void)
{
	Suite *su = suite_create("frontend");
	TCase *tc = tcase_create("commands");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_words, 0, sizeof word_cases / sizeof *word_cases);
	tcase_add_test(tc, test_pass_decision);
	tcase_add_loop_test(tc, test_bad_lines, 0, sizeof bad_cases / sizeof *bad_cases);
	tcase_add_test(tc, test_long_line);
	tcase_add_test(tc, test_not_held_and_twice);
	tcase_add_test(tc, test_all_or_nothing);
	tcase_add_test(tc, test_tale_marks);
	tcase_add_test(tc, test_tale_seat_forms);
	tcase_add_test(tc, test_formulas_in_words);
	tcase_add_test(tc, test_pass_narrated);
	tcase_add_test(tc, test_help_of_the_game);
	tcase_add_test(tc, test_render_plain_and_glyphs);
	tcase_add_test(tc, test_render_tennos_suits);
	tcase_add_test(tc, test_render_copies_once);
	tcase_add_test(tc, test_render_hand);
	tcase_add_test(tc, test_running_counts_and_breakdown);
	suite_add_tcase(su, tc);
	TCase *tj = tcase_create("json and hints");
	tcase_add_test(tj, test_json);
	tcase_add_loop_test(tj, test_json_valid, 0,
			    sizeof json_cases / sizeof *json_cases);
	tcase_add_loop_test(tj, test_suggest, 0,
			    sizeof suggest_cases / sizeof *suggest_cases);
	suite_add_tcase(su, tj);
	TCase *ts = tcase_create("simulate");
	tcase_add_checked_fixture(ts, setup, teardown);
	tcase_add_test(ts, test_jobs_hold_few_matches);
	suite_add_tcase(su, ts);
	return su;
}

TEST_MAIN(frontend_suite)

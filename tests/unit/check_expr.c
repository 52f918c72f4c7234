/* check_expr.c — the expression language: values, types, errors, limits. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "util/alloc.h"
#include "util/arena.h"
#include "cards/deck.h"
#include "lang/diag.h"
#include "lang/expr.h"
#include "lang/node.h"
#include "lang/src.h"

static const char *const std_ranks[] = {
	"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};

/* ---- The fixture: a 52-card deck, a scope, a 4-player frame ----------- */

static deck dk;
static arena ar = ARENA_INIT;
static diag *dg;
static expr_scope *root, *lady;         /* lady: the Black Lady names */
static int32_t points_of[CARD_MAX];
static int s_won, s_total, s_carry, s_penalty, s_clear, s_share;
static value slots[64];
static expr_frame fr;
static src_file *files[64];
static int nfiles;

/* The ids of "QS AH 2C" */
static cardset set_of(const deck *d, const char *list)
{
	cardset s = cset_empty();
	char buf[8];
	while (*list) {
		size_t n = strcspn(list, " ");
		card_face f;
		int copy;
		memcpy(buf, list, n);
		buf[n] = '\0';
		ck_assert_msg(deck_parse_face(d, buf, n, &f, &copy) == DECK_PARSE_OK,
			      "bad card %s in a test", buf);
		s = cset_or(s, d->by_face[f]);
		list += n + (list[n] == ' ');
	}
	return s;
}

/* holder(card) -> seat: whose won pile has the card (seat 0 if none). */
static value holder(const value *args, int nargs, const expr_frame *f)
{
	value r = {.i = 0};
	ck_assert_int_eq(nargs, 1);
	for (int s = 0; s < f->players; s++)
		if (args[0].i <= FACE_JOKER
		    && cset_meets(dk.by_face[args[0].i], f->slot[s_won + s].s))
			r.i = s;
	return r;
}

static void deal(const char *const won[4], const int64_t total[4],
		 int64_t carry)
{
	for (int s = 0; s < 4; s++) {
		slots[s_won + s].s = set_of(&dk, won[s]);
		slots[s_total + s].i = total[s];
	}
	slots[s_carry].i = carry;
}

static const char *const deal1[4] = {
	"QS AH 2C",
	"2H 3H KD",
	"",
	"4H 5H 6H 7H 8H 9H 10H JH QH KH AS KS",
};
static const int64_t totals1[4] = {10, -5, 0, 3};

static void setup(void)
{
	char why[100];
	ck_assert(deck_build(&dk, "SHDC", 4, std_ranks, 13, 1, 0, why,
			     sizeof why));
	dg = diag_new();
	root = expr_scope_new(&ar, &dk);
	s_won = expr_scope_var(root, "won", TY_CARDS, true);
	s_total = expr_scope_var(root, "total", TY_INT, true);
	s_carry = expr_scope_var(root, "carry", TY_INT, false);
	memset(points_of, 0, sizeof points_of);
	CSET_FOREACH(c, dk.by_suit[1])
		points_of[c] = 1;
	points_of[10] = 13;             /* QS */
	ck_assert(expr_scope_table(root, "points", points_of));
	static const expr_type card_param[] = {TY_CARD};
	ck_assert(expr_scope_native(root, "holder", TY_SEAT, card_param, 1,
				    holder));
	lady = expr_scope_child(root);
	s_penalty = expr_scope_var(lady, "penalty", TY_INT, true);
	s_clear = expr_scope_var(lady, "clear", TY_BOOL, true);
	s_share = expr_scope_var(lady, "share", TY_INT, false);
	ck_assert_int_le(expr_scope_slots(lady), 64);
	memset(slots, 0, sizeof slots);
	fr.slot = slots;
	fr.players = 4;
	fr.seat = 1;
	fr.ctx = NULL;
	deal(deal1, totals1, 2);
	nfiles = 0;
}

static void teardown(void)
{
	alloc_fail_reset();
	for (int i = 0; i < nfiles; i++)
		src_free(files[i]);
	diag_free(dg);
	arena_free(&ar);
	expr_cleanup();
	deck_cleanup();
}

/* A scalar node for `text` as it appears in `yaml` at line:col. */
static node scalar_in(const char *yaml, int line, int col, node_style style,
		      const char *text)
{
	src_file *f = src_from_text("t.yaml", yaml, strlen(yaml));
	ck_assert_ptr_nonnull(f);
	ck_assert_int_lt(nfiles, 64);
	files[nfiles++] = f;
	node n;
	memset(&n, 0, sizeof n);
	n.kind = NODE_SCALAR;
	n.style = style;
	n.file = f;
	n.line = line;
	n.col = col;
	n.text = text;
	n.len = strlen(text);
	return n;
}

/* `score: TEXT`: a plain scalar starting at column 8. */
static expr *compile_in(expr_scope *sc, const char *text, expr_type want)
{
	char yaml[5000];
	snprintf(yaml, sizeof yaml, "score: %s\n", text);
	node n = scalar_in(yaml, 1, 8, NODE_PLAIN, text);
	n.text = files[nfiles - 1]->text + 7;
	return expr_compile(sc, &n, want, dg);
}

static char *rendered(void)
{
	static char buf[4096];
	char *s = diag_render(dg);
	snprintf(buf, sizeof buf, "%s", s ? s : "(null)");
	free(s);
	return buf;
}

static expr *ok(expr_scope *sc, const char *text)
{
	expr *e = compile_in(sc, text, TY_NONE);
	ck_assert_msg(e != NULL, "%s: %s", text, rendered());
	return e;
}

/* expr_reads_only: the slots read, and nothing else of the frame. */
START_TEST(test_reads_only)
{
	const int carry_share[] = {s_carry, s_share};
	ck_assert(expr_reads_only(ok(lady, "carry + share * 2"), carry_share, 2));
	ck_assert(expr_reads_only(ok(lady, "carry > 3 and count(QS + H) > 1"),
				  carry_share, 1));
	ck_assert(!expr_reads_only(ok(lady, "carry + share"), carry_share, 1));
	/* a seat, per-seat values and the players are not slots listed */
	ck_assert(!expr_reads_only(ok(lady, "carry + players"), carry_share, 2));
	ck_assert(!expr_reads_only(ok(lady, "holder(QS) == holder(AS)"), carry_share, 2));
	ck_assert(!expr_reads_only(ok(lady, "sum(total) + carry"),
				   carry_share, 2));
	ck_assert(expr_reads_slot(ok(lady, "carry + 1"), s_carry));
	ck_assert(!expr_reads_slot(ok(lady, "carry + 1"), s_share));
}
END_TEST

/* expr_and_rest_holds: the leading operands are taken to hold, the
 * others are evaluated (carry is 2). */
START_TEST(test_and_rest)
{
	const int carry[] = {s_carry};
	expr *e = ok(lady, "count(QS) > 1 and share >= 0 and carry > 1");
	ck_assert_int_eq(expr_and_lead(e, carry, 1), 2);
	ck_assert(!expr_and_lead_holds(e, 2, &fr));
	ck_assert(expr_and_rest_holds(e, 2, &fr));
	ck_assert(!expr_and_rest_holds(e, 0, &fr));     /* all of it */
	ck_assert(!expr_and_rest_holds(ok(lady, "share >= 0 and carry > 3"), 1,
				       &fr));
	ck_assert(expr_and_rest_holds(ok(lady, "carry > 1"), 0, &fr));
}
END_TEST

/* ---- Hoisting ---------------------------------------------------------- */

/* `weighed`: the name that changes from one evaluation to the next;
 * each read counted, so that the parts worked out ahead are seen to
 * read none. */
static int64_t weighed_value;
static int weighed_reads;

static value get_weighed(const expr_frame *f, int seat, int arg)
{
	(void)f, (void)seat, (void)arg;
	weighed_reads++;
	return (value){.i = weighed_value};
}

static bool weighed_not(expr_getter_fn get, int arg, expr_native_fn native,
			const void *ctx)
{
	(void)arg, (void)native, (void)ctx;
	return get != get_weighed;
}

/* A scope of the Black Lady names and `weighed`. */
static expr_scope *weighed_scope(void)
{
	expr_scope *sc = expr_scope_child(lady);
	ck_assert(expr_scope_getter(sc, "weighed", TY_INT, false, get_weighed,
				    0));
	return sc;
}

/* Each condition, its parts worked out once a seat, gives the walker's
 * value for every value of `weighed`; the parts read no `weighed`. */
START_TEST(test_hoist)
{
	static const struct {
		const char *text;
		bool hoists;            /* some part is worked out ahead */
	} cases[] = {
		{"weighed + total[left(seat)] > 13", true},
		{"weighed > 3", false},         /* nothing but a constant */
		{"carry > 1 and total + weighed == 4", true},
		{"if carry > 1 then weighed * 2 else weighed - total", true},
		{"sum(s in seats, total[s] + weighed) > 5", false},
		{"count(won & H) + weighed == 4 or points(won) > weighed", true},
		{"max(total) + weighed + count(won)", true},
		{"choose(weighed, 1, total, 3) + choose(carry, weighed, 7)", true},
		{"total[seat_number(weighed)] + carry * 2", true},
		{"share + carry > total", true},        /* no `weighed`: whole */
		{"weighed > 0 and holder(QS) == seat", true},
	};
	expr_scope *sc = weighed_scope();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		expr *e = ok(sc, cases[i].text);
		const expr_hoisted *h = expr_hoist(sc, e, weighed_not, NULL);
		ck_assert_msg((h != NULL) == cases[i].hoists, "%s",
			      cases[i].text);
		if (!h)
			continue;
		ck_assert_int_le(expr_hoisted_parts(h), EXPR_HOISTED_MAX);
		for (int seat = 0; seat < 4; seat++) {
			fr.seat = seat;
			value parts[EXPR_HOISTED_MAX];
			weighed_reads = 0;
			expr_hoisted_values(h, &fr, parts);
			ck_assert_msg(weighed_reads == 0, "%s", cases[i].text);
			for (weighed_value = -3; weighed_value <= 15;
			     weighed_value++) {
				value want = expr_eval(e, &fr);
				value got = expr_hoisted_eval(h, parts, &fr);
				ck_assert_msg(got.i == want.i, "%s at seat %d, "
					      "weighed %d: %lld, not %lld",
					      cases[i].text, seat,
					      (int)weighed_value,
					      (long long)got.i,
					      (long long)want.i);
			}
		}
	}
	fr.seat = 1;
}
END_TEST

/* A condition that holds at one value of `weighed` at most, solved:
 * at every seat, over the values around, it holds exactly where the
 * solution says (and nowhere where a part is false); the other shapes
 * are not solved. */
START_TEST(test_hoist_single)
{
	static const struct {
		const char *text;
		bool single;
	} cases[] = {
		{"carry > 1 and total + weighed == 4", true},
		{"weighed == total[left(seat)] + 1", true},
		{"weighed + total == carry * 3", true},
		{"carry * 3 == total + weighed - 1", true},
		{"total > 0 and weighed - carry + 2 == total - 5 and carry < 9",
		 true},
		{"weighed == 3 and carry > 0", true},
		{"total == 1 and 7 == weighed + total + carry", true},
		{"total < 0 and weighed == 2", true},   /* a part false */
		{"weighed + total > 4", false},         /* a run, not one */
		{"weighed * 2 == total", false},
		{"weighed == 1 or total == 0", false},
		{"weighed + weighed == carry", false},
		{"weighed == carry and weighed == 2", false},
		{"carry * 4611686018427387904 + weighed == 3", false},
	};
	expr_scope *sc = weighed_scope();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		expr *e = ok(sc, cases[i].text);
		const expr_hoisted *h = expr_hoist(sc, e, weighed_not, NULL);
		ck_assert_msg(h, "%s: no parts", cases[i].text);
		for (int seat = 0; seat < 4; seat++) {
			fr.seat = seat;
			value parts[EXPR_HOISTED_MAX];
			expr_hoisted_values(h, &fr, parts);
			int64_t at = 0;
			bool single = expr_hoisted_single(h, parts, get_weighed,
							  &at);
			ck_assert_msg(single == cases[i].single, "%s",
				      cases[i].text);
			for (weighed_value = -20; single && weighed_value <= 20;
			     weighed_value++)
				ck_assert_msg(expr_eval_bool(e, &fr) ==
					      (weighed_value == at),
					      "%s at seat %d, weighed %d",
					      cases[i].text, seat,
					      (int)weighed_value);
		}
	}
	fr.seat = 1;
}
END_TEST

/* A per-seat condition asked of every seat: its parts, worked out with
 * no seat, give the walker's value at each seat; where the parts settle
 * it (carry is 2, share 0), that is its value at every seat. */
START_TEST(test_hoist_seat)
{
	static const struct {
		const char *text;
		bool hoists;            /* some part is worked out ahead */
		bool settles;           /* the same at every seat */
	} cases[] = {
		{"carry > 5 and seat == seat_number(2)", true, true},
		{"carry > 1 and seat == seat_number(2)", true, false},
		{"(carry > 5 and seat == seat_number(1)) or (share > 3 and total > 0)", true, true},
		{"(carry > 5 and seat == seat_number(1)) or (share == 0 and total > 0)", true, false},
		{"carry == 2 or total > 100", true, true},
		{"not (carry > 5 and total[left(seat)] > 0)", true, true},
		{"if carry > 1 then share == 0 or seat == seat_number(3) else total > 0", true, true},
		{"if carry > 1 then total > 0 else seat == seat_number(3)", true, false},
		{"total > 0 and holder(QS) == seat", false, false},
		{"sum(s in seats, total[s]) > total", true, false},
	};
	fr.slot[s_share].i = 0;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		expr *e = ok(lady, cases[i].text);
		ck_assert_msg(expr_is_per_seat(e), "%s", cases[i].text);
		const expr_hoisted *h = expr_hoist_seat(lady, e);
		ck_assert_msg((h != NULL) == cases[i].hoists, "%s",
			      cases[i].text);
		if (!h)
			continue;
		value parts[EXPR_HOISTED_MAX];
		bool all;
		fr.seat = -1;
		bool settles = expr_hoisted_settle(h, &fr, parts, &all);
		ck_assert_msg(settles == cases[i].settles, "%s", cases[i].text);
		for (int seat = 0; seat < 4; seat++) {
			fr.seat = seat;
			value want = expr_eval(e, &fr);
			if (settles) {
				ck_assert_msg(all == (want.i != 0), "%s settled "
					      "as %d, at seat %d %lld",
					      cases[i].text, all, seat,
					      (long long)want.i);
				continue;
			}
			value got = expr_hoisted_eval(h, parts, &fr);
			ck_assert_msg(got.i == want.i, "%s at seat %d: %lld, "
				      "not %lld", cases[i].text, seat,
				      (long long)got.i, (long long)want.i);
		}
	}
	ck_assert(!expr_hoist_seat(lady, ok(lady, "carry > 1 and share < 2")));
	fr.seat = 1;
}
END_TEST

/* The form run evaluates only the value choose() picks; out of range it
 * is the zero value, as in the reference. */
START_TEST(test_choose_lazy)
{
	expr_scope *sc = weighed_scope();
	weighed_value = 7;
	expr *e = ok(sc, "choose(carry - 1, weighed, 5, weighed * 2)");
	weighed_reads = 0;
	ck_assert_int_eq(expr_eval_int(e, &fr), 5);     /* carry is 2 */
	ck_assert_int_eq(weighed_reads, 0);
	ck_assert_int_eq(expr_eval_reference(e, &fr).i, 5);
	ck_assert_int_eq(weighed_reads, 2);             /* every value */
	slots[s_carry].i = 3;
	ck_assert_int_eq(expr_eval_int(e, &fr), 14);
	slots[s_carry].i = 9;                           /* out of range */
	ck_assert_int_eq(expr_eval_int(e, &fr), 0);
	ck_assert_int_eq(expr_eval_reference(e, &fr).i, 0);
	slots[s_carry].i = 2;
}
END_TEST

/* Directions: `fewer` only loses cards, `more` only gains them,
 * `level` stands, `moving` goes either way; a comparison of a side that
 * never rises with one that never falls stays false once false. */
static value get_set(const expr_frame *f, int seat, int arg)
{
	(void)f, (void)seat, (void)arg;
	return (value){.s = cset_empty()};
}

static value get_number(const expr_frame *f, int seat, int arg)
{
	(void)f, (void)seat, (void)arg;
	return (value){.i = 0};
}

static expr_direction test_direction(expr_getter_fn get, int arg,
				     expr_native_fn native, const void *ctx)
{
	(void)ctx;
	if (native)
		return EXPR_STEADY;             /* holder() of a steady card */
	if (get == get_set)
		return arg == 0 ? EXPR_FALLS : EXPR_RISES;
	if (get == get_number)
		return arg == 0 ? EXPR_STEADY : EXPR_MOVES;
	return EXPR_MOVES;
}

START_TEST(test_directions)
{
	expr_scope *sc = expr_scope_child(lady);
	ck_assert(expr_scope_getter(sc, "fewer", TY_CARDS, false, get_set, 0));
	ck_assert(expr_scope_getter(sc, "more", TY_CARDS, false, get_set, 1));
	ck_assert(expr_scope_getter(sc, "level", TY_INT, false, get_number, 0));
	ck_assert(expr_scope_getter(sc, "moving", TY_INT, false, get_number,
				    1));
	static const struct {
		const char *text;
		expr_direction want;
	} dirs[] = {
		{"count(fewer)", EXPR_FALLS},
		{"count(fewer & H) + level - 1", EXPR_FALLS},
		{"count(more) - count(fewer)", EXPR_RISES},
		{"count(fewer - more)", EXPR_FALLS},
		{"-count(more)", EXPR_FALLS},
		{"min(count(fewer), level)", EXPR_FALLS},
		{"if level > 1 then count(fewer) else 3", EXPR_FALLS},
		{"if level > 1 then count(fewer) else count(more)", EXPR_MOVES},
		{"if count(fewer) > 1 then 1 else 3", EXPR_MOVES},
		{"count(fewer) + count(more)", EXPR_MOVES},
		{"count(fewer) * 2", EXPR_MOVES},       /* not looked into */
		{"sum(s in seats, count(fewer))", EXPR_MOVES},
		{"level + choose(level, 1, 2)", EXPR_STEADY},
		{"moving + 1", EXPR_MOVES},
		{"carry + 1", EXPR_MOVES},              /* a slot */
		/* conditions as 0 and 1 */
		{"count(fewer) > level", EXPR_FALLS},
		{"level <= count(more)", EXPR_RISES},
		{"count(fewer) >= 2 and level < 3", EXPR_FALLS},
		{"not (count(more) > 1)", EXPR_FALLS},
		{"count(fewer) > 1 or count(more) > 1", EXPR_MOVES},
		{"count(fewer) == 2", EXPR_MOVES},
		{"level != 2 or count(more) < 1", EXPR_FALLS},
	};
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
		ck_assert_msg(expr_direction_of(ok(sc, dirs[i].text),
						test_direction, NULL) ==
			      dirs[i].want, "%s", dirs[i].text);
	static const struct {
		const char *text;
		uint32_t latching;
	} conds[] = {
		{"level == 0 and count(fewer) >= 10 and moving > 1", 2},
		{"count(fewer) + level > level * 2 and count(more) <= 3", 3},
		{"3 < count(fewer) and count(more) >= 2", 1},
		{"count(fewer) == 4 and count(fewer) <= 4", 0},
		{"level >= 1 and level < 3", 0},        /* steady: a gate */
		{"count(fewer) >= 10", 0},              /* no `and` */
	};
	for (size_t i = 0; i < sizeof conds / sizeof *conds; i++)
		ck_assert_msg(expr_and_ops_latching(ok(sc, conds[i].text),
						    test_direction, NULL) ==
			      conds[i].latching, "%s", conds[i].text);
}
END_TEST

/* ---- Values ------------------------------------------------------------- */

#define K true                  /* constant */
#define PS true                 /* per-seat */

static const struct value_case {
	const char *text;
	expr_type type;
	bool ps, constant;
	int64_t want;           /* int, bool, suit, rank, seat, suits */
	const char *cards;      /* card: the face ("-": none); cards: ids */
} value_cases[] = {
	{"12", TY_INT, 0, K, 12, NULL},
	{"true", TY_BOOL, 0, K, 1, NULL},
	{"1 + 2 * 3", TY_INT, 0, K, 7, NULL},
	{"(1 + 2) * 3", TY_INT, 0, K, 9, NULL},
	{"7 / 2", TY_INT, 0, K, 3, NULL},
	{"-7 / 2", TY_INT, 0, K, -3, NULL},
	{"-95 / 10", TY_INT, 0, K, -9, NULL},  /* SRA-3: toward zero */
	{"7 % 3", TY_INT, 0, K, 1, NULL},
	{"-7 % 3", TY_INT, 0, K, -1, NULL},
	{"10 - 2 - 3", TY_INT, 0, K, 5, NULL},
	{"- - 4", TY_INT, 0, K, 4, NULL},
	{"1 < 2 and not (2 < 1)", TY_BOOL, 0, K, 1, NULL},
	{"not true or true", TY_BOOL, 0, K, 1, NULL},
	{"if 1 > 2 then 3 else 4", TY_INT, 0, K, 4, NULL},
	{"if carry > 1 then 3 else 4", TY_INT, 0, 0, 3, NULL},
	{"carry", TY_INT, 0, 0, 2, NULL},
	{"-carry", TY_INT, 0, 0, -2, NULL},
	{"players", TY_INT, 0, 0, 4, NULL},
	{"seat", TY_SEAT, PS, 0, 1, NULL},
	/* ranks, suits, cards */
	{"Q > J and A > K and rank(10) < J", TY_BOOL, 0, K, 1, NULL},
	{"rank(QS) == Q", TY_BOOL, 0, K, 1, NULL},
	{"rank(2)", TY_RANK, 0, K, 0, NULL},
	{"rank(10H)", TY_RANK, 0, K, 8, NULL},
	{"suit(QS) == S and suit(2C) == C", TY_BOOL, 0, K, 1, NULL},
	{"suit(KD)", TY_SUIT, 0, K, 2, NULL},
	{"QS", TY_CARD, 0, K, 0, "QS"},
	{"QS == QS and QS != KS", TY_BOOL, 0, K, 1, NULL},
	{"QS in S", TY_BOOL, 0, K, 1, NULL},
	{"QS in H + D", TY_BOOL, 0, K, 0, NULL},
	{"H == H and H != S", TY_BOOL, 0, K, 1, NULL},
	{"cards(QS) == QS", TY_BOOL, 0, K, 1, NULL},
	{"count(S)", TY_INT, 0, K, 13, NULL},
	{"count(Q)", TY_INT, 0, K, 4, NULL},
	{"count(S + H & Q)", TY_INT, 0, K, 14, NULL},
	{"count(cards(S, Q, AH))", TY_INT, 0, K, 17, NULL},
	{"lowest(C)", TY_CARD, 0, K, 0, "2C"},
	{"highest(S + H)", TY_CARD, 0, K, 0, "AS"},
	{"lowest(S - S)", TY_CARD, 0, K, 0, "-"},
	{"points(QS)", TY_INT, 0, K, 13, NULL},
	{"points(H)", TY_INT, 0, K, 13, NULL},
	{"points(cards(QS, H))", TY_INT, 0, K, 26, NULL},
	{"points(lowest(S - S))", TY_INT, 0, K, 0, NULL},
	{"sum(x in H, points(x))", TY_INT, 0, K, 13, NULL},
	{"count(x in S, rank(x) > rank(10) or x == 2S)", TY_INT, 0, K, 5, NULL},
	{"nsuits(S + QH)", TY_INT, 0, K, 2, NULL},
	{"suits(S + QH) == suits(H + S)", TY_BOOL, 0, K, 1, NULL},
	{"H in suits(QH)", TY_BOOL, 0, K, 1, NULL},
	{"suits(QH) - H", TY_SUITS, 0, K, 0, NULL},
	{"suits(QH) + S", TY_SUITS, 0, K, 3, NULL},
	{"(suits(QH) + S) & suits(S)", TY_SUITS, 0, K, 1, NULL},
	{"S + H & S", TY_CARDS, 0, K, 0, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"},
	/* cards of a suit set: the trumps of a card turned up */
	{"count(cards(suits(QH + 2S)))", TY_INT, 0, K, 26, NULL},
	{"cards(suits(QH)) == H", TY_BOOL, 0, K, 1, NULL},
	{"cards(suits(QH) - H)", TY_CARDS, 0, K, 0, ""},
	{"cards(H) == H", TY_BOOL, 0, K, 1, NULL},
	/* per-seat variables, read at seat 1 */
	{"won", TY_CARDS, PS, 0, 0, "2H 3H KD"},
	{"count(won)", TY_INT, PS, 0, 3, NULL},
	{"count(won & H)", TY_INT, PS, 0, 2, NULL},
	{"won - H", TY_CARDS, PS, 0, 0, "KD"},
	{"won + QS", TY_CARDS, PS, 0, 0, "2H 3H KD QS"},
	{"if carry > 0 then won else H", TY_CARDS, PS, 0, 0, "2H 3H KD"},
	{"QS in won", TY_BOOL, PS, 0, 0, NULL},
	{"2H in won and not (QS in won)", TY_BOOL, PS, 0, 1, NULL},
	{"points(won)", TY_INT, PS, 0, 2, NULL},
	{"lowest(won)", TY_CARD, PS, 0, 0, "2H"},
	{"highest(won)", TY_CARD, PS, 0, 0, "KD"},
	{"lowest(won & S)", TY_CARD, PS, 0, 0, "-"},
	{"nsuits(won)", TY_INT, PS, 0, 2, NULL},
	{"H in suits(won) and not (S in suits(won))", TY_BOOL, PS, 0, 1, NULL},
	{"total", TY_INT, PS, 0, -5, NULL},
	{"total[left(seat)]", TY_INT, PS, 0, 0, NULL},
	{"won[holder(QS)]", TY_CARDS, 0, 0, 0, "QS AH 2C"},
	{"won[holder(QS)] == cards(QS, AH, 2C)", TY_BOOL, 0, 0, 1, NULL},
	{"holder(KS)", TY_SEAT, 0, 0, 3, NULL},
	/* seats */
	{"left(seat)", TY_SEAT, PS, 0, 2, NULL},
	{"right(seat)", TY_SEAT, PS, 0, 0, NULL},
	{"across(seat)", TY_SEAT, PS, 0, 3, NULL},
	{"next(seat, -3)", TY_SEAT, PS, 0, 2, NULL},
	{"next(seat, 9)", TY_SEAT, PS, 0, 2, NULL},
	{"left(seat) == next(seat, 1)", TY_BOOL, PS, 0, 1, NULL},
	/* a seat by its number, round the table of 4 */
	{"seat_number(0)", TY_SEAT, 0, 0, 0, NULL},
	{"seat_number(3)", TY_SEAT, 0, 0, 3, NULL},
	{"seat_number(5)", TY_SEAT, 0, 0, 1, NULL},
	{"seat_number(-1)", TY_SEAT, 0, 0, 3, NULL},
	{"left(seat_number(3))", TY_SEAT, 0, 0, 0, NULL},
	{"seat_number(carry) == right(seat)", TY_BOOL, PS, 0, 0, NULL},
	/* aggregates over the seats */
	{"sum(points(won))", TY_INT, 0, 0, 26, NULL},
	{"count(points(won) == 0)", TY_INT, 0, 0, 1, NULL},
	{"count(QS in won)", TY_INT, 0, 0, 1, NULL},
	{"any(points(won) == 26)", TY_BOOL, 0, 0, 0, NULL},
	{"any(points(won) > 13)", TY_BOOL, 0, 0, 1, NULL},
	{"all(count(won) >= 0)", TY_BOOL, 0, 0, 1, NULL},
	{"all(count(won) > 0)", TY_BOOL, 0, 0, 0, NULL},
	{"max(points(won))", TY_INT, 0, 0, 14, NULL},
	{"min(total)", TY_INT, 0, 0, -5, NULL},
	{"sum(total) + carry", TY_INT, 0, 0, 10, NULL},
	{"total - max(total)", TY_INT, PS, 0, -15, NULL},
	{"max(total, 0)", TY_INT, PS, 0, 0, NULL},
	{"max(3, 7, 5)", TY_INT, 0, K, 7, NULL},
	{"min(3, -7)", TY_INT, 0, K, -7, NULL},
	/* loops */
	{"sum(x in won, points(x))", TY_INT, PS, 0, 2, NULL},
	{"count(x in H, x in won)", TY_INT, PS, 0, 2, NULL},
	{"sum(s in seats, total[s])", TY_INT, 0, 0, 8, NULL},
	{"max(s in seats, points(won[s]))", TY_INT, 0, 0, 14, NULL},
	{"count(s in seats, s != seat)", TY_INT, PS, 0, 3, NULL},
	{"max(x in won & S, 1)", TY_INT, PS, 0, 0, NULL},
	{"min(x in won & S, 1)", TY_INT, PS, 0, 0, NULL},
	{"any(x in won, x == KD)", TY_BOOL, PS, 0, 1, NULL},
	{"all(x in won, suit(x) == H)", TY_BOOL, PS, 0, 0, NULL},
	{"all(x in won & S, false)", TY_BOOL, PS, 0, 1, NULL},
	{"any(x in won & S, true)", TY_BOOL, PS, 0, 0, NULL},
	{"sum(s in suits(won), count(won & s))", TY_INT, PS, 0, 3, NULL},
	{"sum(s in seats, sum(x in won[s], points(x)))", TY_INT, 0, 0, 26,
	 NULL},
	{"min(x in won, if rank(x) == rank(lowest(won)) then 1 else 5)",
	 TY_INT, PS, 0, 1, NULL},
	/* choose: v_i, or the zero value */
	{"choose(2, 10, 20, 30)", TY_INT, 0, K, 30, NULL},
	{"choose(3, 10, 20, 30)", TY_INT, 0, K, 0, NULL},
	/* a table of values as long as a game needs */
	{"choose(57, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310, 320, 330, 340, 350, 360, 370, 380, 390, 400, 410, 420, 430, 440, 450, 460, 470, 480, 490, 500, 510, 520, 530, 540, 550, 560, 570, 580, 590)", TY_INT, 0, K, 570, NULL},
	{"choose(-1, QS, KS)", TY_CARD, 0, K, 0, "-"},
	{"choose(1, QS, KS)", TY_CARD, 0, K, 0, "KS"},
	{"choose(0, QS, H)", TY_CARDS, 0, K, 0, "QS"},
	{"choose(carry, won, H)", TY_CARDS, PS, 0, 0, ""},
	/* totality and saturation */
	{"1 / 0", TY_INT, 0, K, 0, NULL},
	{"5 % 0", TY_INT, 0, K, 0, NULL},
	{"carry / (carry - 2)", TY_INT, 0, 0, 0, NULL},
	{"9223372036854775807 + 1", TY_INT, 0, K, INT64_MAX, NULL},
	{"-9223372036854775807 - 2", TY_INT, 0, K, INT64_MIN, NULL},
	{"9223372036854775807 * -2", TY_INT, 0, K, INT64_MIN, NULL},
	{"(-9223372036854775807 - 1) / -1", TY_INT, 0, K, INT64_MAX, NULL},
	{"(-9223372036854775807 - 1) % -1", TY_INT, 0, K, 0, NULL},
	{"-(-9223372036854775807 - 1)", TY_INT, 0, K, INT64_MAX, NULL},
	{"abs(-9223372036854775807 - 1)", TY_INT, 0, K, INT64_MAX, NULL},
	{"sum(x in cards(S, H, D, C), 9223372036854775807)", TY_INT, 0, K,
	 INT64_MAX, NULL},
	{"highest(won & S)", TY_CARD, PS, 0, 0, "-"},
	{"suit(lowest(won & S))", TY_SUIT, PS, 0, -1, NULL},
	{"rank(lowest(won & S))", TY_RANK, PS, 0, -1, NULL},
	/* white space includes line breaks */
	{"if carry > 0\n  then 1\n  else 2", TY_INT, 0, 0, 1, NULL},
};

static void check_value(const struct value_case *vc, expr *e, value v)
{
	char buf[8];
	ck_assert_msg(expr_result_type(e) == vc->type, "%s: type %s",
		      vc->text, expr_type_name(expr_result_type(e)));
	ck_assert_msg(expr_is_per_seat(e) == vc->ps, "%s: per-seat %d",
		      vc->text, expr_is_per_seat(e));
	ck_assert_msg(expr_is_constant(e) == vc->constant, "%s: constant %d",
		      vc->text, expr_is_constant(e));
	if (vc->type == TY_CARDS)
		ck_assert_msg(cset_eq(v.s, set_of(&dk, vc->cards)), "%s",
			      vc->text);
	else if (vc->type == TY_CARD)
		ck_assert_str_eq(deck_face_name(&dk, (card_face)v.i, buf),
				 vc->cards);
	else
		ck_assert_msg(v.i == vc->want, "%s: got %lld", vc->text,
			      (long long)v.i);
}

START_TEST(test_value)
{
	const struct value_case *vc = &value_cases[_i];
	expr *e = ok(root, vc->text);
	check_value(vc, e, expr_eval(e, &fr));
	/* evaluating twice gives the same: nothing is left behind */
	check_value(vc, e, expr_eval(e, &fr));
}
END_TEST

/* ---- Errors ------------------------------------------------------------- */

static const struct error_case {
	const char *text;
	expr_type want;
	const char *diags;
} error_cases[] = {
	{"penalyt + 1", TY_NONE,
	 "t.yaml:1:8: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"share - penalyt", TY_NONE,
	 "t.yaml:1:16: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"penalyt + sahre", TY_NONE,
	 "t.yaml:1:8: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"
	 "t.yaml:1:18: error: unknown name 'sahre' (did you mean 'share'?)\n"},
	{"penalyt + won", TY_NONE,
	 "t.yaml:1:8: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"frobnicate", TY_NONE, "t.yaml:1:8: error: unknown name 'frobnicate'\n"},
	{"qs in won", TY_NONE, "t.yaml:1:8: error: unknown name 'qs' (cards are "
	 "written in upper case: 'QS')\n"},
	{"clear and 1", TY_NONE,
	 "t.yaml:1:18: error: 'and' needs booleans; its right side is an integer\n"},
	{"won or 1", TY_NONE,
	 "t.yaml:1:8: error: 'or' needs booleans; its left side is a card set\n"
	 "t.yaml:1:15: error: 'or' needs booleans; its right side is an integer\n"},
	{"1 + won", TY_NONE,
	 "t.yaml:1:10: error: '+' cannot add an integer and a card set\n"},
	{"won - 1", TY_NONE,
	 "t.yaml:1:12: error: '-' cannot subtract an integer from a card set\n"},
	{"(1 + won) * (QS & 2)", TY_NONE,
	 "t.yaml:1:11: error: '+' cannot add an integer and a card set\n"
	 "t.yaml:1:24: error: '&' cannot intersect a card with an integer\n"},
	{"H < S", TY_NONE, "t.yaml:1:10: error: '<' cannot order a suit and a "
	 "suit; it orders integers and ranks\n"},
	{"won == 1", TY_NONE,
	 "t.yaml:1:12: error: '==' cannot compare a card set with an integer\n"},
	{"H in won", TY_NONE,
	 "t.yaml:1:10: error: 'in' cannot look for a suit in a card set\n"},
	{"-won", TY_NONE, "t.yaml:1:8: error: '-' cannot negate a card set\n"},
	{"not 3", TY_NONE,
	 "t.yaml:1:12: error: 'not' needs a boolean, but this is an integer\n"},
	{"if 1 then 2 else 3", TY_NONE, "t.yaml:1:11: error: 'if' needs a "
	 "boolean condition, but this is an integer\n"},
	{"if clear then 1 else won", TY_NONE, "t.yaml:1:29: error: the branches "
	 "of 'if' differ: an integer after 'then', a card set after 'else'\n"},
	{"carry", TY_BOOL, "t.yaml:1:8: error: expected a boolean here, but this "
	 "is an integer\n"},
	{"won", TY_INT, "t.yaml:1:8: error: expected an integer here, but this "
	 "is a card set\n"},
	{"QS", TY_SUITS, "t.yaml:1:8: error: expected a suit set here, but this "
	 "is a card\n"},
	/* syntax */
	{"1 <", TY_NONE, "t.yaml:1:11: error: expected an expression after '<'\n"},
	{"1 + )", TY_NONE,
	 "t.yaml:1:12: error: expected an expression after '+'\n"},
	{"count(won", TY_NONE, "t.yaml:1:17: error: expected ')' after the "
	 "arguments of 'count'\n"},
	{"(1 + 2", TY_NONE, "t.yaml:1:14: error: expected ')' to match the '(' "
	 "before\n"},
	{"if clear then 1", TY_NONE, "t.yaml:1:23: error: expected 'else': every "
	 "'if' needs one\n"},
	{"if clear 1 else 2", TY_NONE, "t.yaml:1:17: error: expected 'then' "
	 "after the condition of 'if'\n"},
	{"1 then 2", TY_NONE, "t.yaml:1:10: error: unexpected 'then'\n"},
	{"1 < 2 < 3", TY_NONE, "t.yaml:1:14: error: '<' cannot follow another "
	 "comparison; join comparisons with 'and'\n"},
	{"1 + if clear then 1 else 2", TY_NONE, "t.yaml:1:12: error: an 'if' "
	 "inside an operation needs parentheses: (if C then A else B)\n"},
	{"won[seat", TY_NONE, "t.yaml:1:16: error: expected ']' after the seat\n"},
	{"", TY_NONE, "t.yaml:1:8: error: the expression is empty\n"},
	{"clear && clear", TY_NONE,
	 "t.yaml:1:14: error: '&&' is not an operator; write 'and'\n"},
	{"carry = 2", TY_NONE, "t.yaml:1:14: error: '=' is not an operator; "
	 "write '==' to compare\n"},
	{"!clear", TY_NONE,
	 "t.yaml:1:8: error: '!' is not an operator; write 'not'\n"},
	{"1 @ 2", TY_NONE, "t.yaml:1:10: error: unexpected character '@'\n"},
	{"1 + \x01", TY_NONE,
	 "t.yaml:1:12: error: unexpected control character 0x01\n"},
	{"1 + \xc3\xa9", TY_NONE,
	 "t.yaml:1:12: error: unexpected character '\xc3\xa9'\n"},
	{"99999999999999999999", TY_NONE, "t.yaml:1:8: error: the number "
	 "99999999999999999999 is too large (the largest is "
	 "9223372036854775807)\n"},
	/* literals */
	{"QS in 5X", TY_NONE, "t.yaml:1:14: error: the deck has no card '5X'\n"},
	{"count(X)", TY_NONE, "t.yaml:1:14: error: the deck has no suit 'X'\n"},
	{"count(JK)", TY_NONE, "t.yaml:1:14: error: the deck has no card 'JK'\n"},
	{"ZZ", TY_NONE,
	 "t.yaml:1:8: error: 'ZZ' is not a card, a suit or a rank\n"},
	{"TH", TY_NONE,
	 "t.yaml:1:8: error: the ten is written 10 in expressions: '10H'\n"},
	{"10h", TY_NONE, "t.yaml:1:8: error: cards are written in upper case in "
	 "expressions: '10H'\n"},
	{"AS#2", TY_NONE, "t.yaml:1:8: error: 'AS#2' names one copy, but "
	 "expressions speak of cards by face: write 'AS'\n"},
	{"rank(11)", TY_NONE,
	 "t.yaml:1:13: error: rank() of a number needs 2 to 10, not 11\n"},
	{"rank(carry)", TY_NONE, "t.yaml:1:13: error: rank() needs a card or a "
	 "number written out (as in rank(7)), but this is an integer\n"},
	/* functions */
	{"count", TY_NONE,
	 "t.yaml:1:8: error: 'count' is a function: write count(...)\n"},
	{"points + 1", TY_NONE,
	 "t.yaml:1:8: error: 'points' is a function: write points(...)\n"},
	{"won(1)", TY_NONE, "t.yaml:1:8: error: 'won' is not a function\n"},
	{"lowst(won)", TY_NONE, "t.yaml:1:8: error: unknown function 'lowst' "
	 "(did you mean 'lowest'?)\n"},
	{"lowest(1)", TY_NONE,
	 "t.yaml:1:15: error: lowest() needs a card set, but this is an integer\n"},
	{"points(1)", TY_NONE, "t.yaml:1:15: error: points() needs a card or a "
	 "card set, but this is an integer\n"},
	{"next(seat)", TY_NONE,
	 "t.yaml:1:8: error: next() takes 2 arguments, but 1 is given\n"},
	{"choose(1)", TY_NONE, "t.yaml:1:8: error: choose() takes at least 2 "
	 "arguments, but 1 is given\n"},
	{"next(seat, QS)", TY_NONE, "t.yaml:1:19: error: next() needs an integer "
	 "as argument 2, but this is a card\n"},
	{"choose(1, 2, QS)", TY_NONE, "t.yaml:1:8: error: choose() needs values "
	 "of one type, but its arguments have different types\n"},
	{"holder(H)", TY_NONE,
	 "t.yaml:1:15: error: holder() needs a card, but this is a suit\n"},
	{"sum(1, 2)", TY_NONE,
	 "t.yaml:1:8: error: sum() takes 1 argument, but 2 are given\n"},
	{"max()", TY_NONE, "t.yaml:1:8: error: max() takes at least 1 argument, "
	 "but 0 are given\n"},
	/* per-seat */
	{"sum(carry)", TY_NONE, "t.yaml:1:12: error: sum() adds up the seats' "
	 "values, but 'carry' is the same for every seat\n"},
	{"max(carry * 2)", TY_NONE, "t.yaml:1:12: error: max() takes the largest "
	 "of the seats' values, but 'carry * 2' is the same for every seat\n"},
	{"any(carry > 0)", TY_NONE, "t.yaml:1:12: error: any() asks whether it "
	 "holds at some seat, but 'carry > 0' is the same for every seat\n"},
	{"count(carry)", TY_NONE, "t.yaml:1:14: error: count() needs a card set "
	 "or a boolean, but this is an integer\n"},
	{"sum(won)", TY_NONE,
	 "t.yaml:1:12: error: sum() needs an integer, but this is a card set\n"},
	{"carry[seat]", TY_NONE, "t.yaml:1:13: error: '[...]' picks one seat's "
	 "value, but 'carry' is the same for every seat\n"},
	{"won[1]", TY_NONE,
	 "t.yaml:1:12: error: '[...]' needs a seat, but this is an integer\n"},
	{"seats", TY_NONE, "t.yaml:1:8: error: 'seats' can only be looped over, "
	 "as in sum(s in seats, ...)\n"},
	/* loops */
	{"sum(x in 3, x)", TY_NONE, "t.yaml:1:17: error: a loop goes over a card "
	 "set, a suit set, 'seats' or range(FROM, TO); this is an integer\n"},
	{"sum(x in range(1, won), x)", TY_NONE, "t.yaml:1:26: error: the bounds "
	 "of range(FROM, TO) are integers; this is a card set\n"},
	{"sum(x in range(1 2), x)", TY_NONE, "t.yaml:1:25: error: expected ',' "
	 "between the bounds of range(FROM, TO)\n"},
	{"sum(x in won, x)", TY_NONE, "t.yaml:1:22: error: the body of sum(x in "
	 "..., ...) must be an integer, but this is a card\n"},
	{"count(x in won, 1)", TY_NONE, "t.yaml:1:24: error: the body of count(x "
	 "in ..., ...) must be a boolean, but this is an integer\n"},
	{"sum(won in H, 1)", TY_NONE, "t.yaml:1:12: error: 'won' is already a "
	 "name; choose another name for the loop\n"},
	{"sum(x in H, y)", TY_NONE, "t.yaml:1:20: error: unknown name 'y'\n"},
	{"sum(x in H, 1) + x", TY_NONE, "t.yaml:1:25: error: unknown name 'x'\n"},
	{"sum(x in H y, 1)", TY_NONE,
	 "t.yaml:1:19: error: expected ',' after 'x in ...'\n"},
	{"sum(x in H:1)", TY_NONE,
	 "t.yaml:1:18: error: write a comma between the set and the body, as "
	 "in sum(x in won, points(x)): in YAML, ': ' ends a plain value\n"},
	{"sum(x in H, 1", TY_NONE, "t.yaml:1:21: error: expected ')' after the "
	 "body of sum(x in ..., ...)\n"},
};

START_TEST(test_error)
{
	const struct error_case *ec = &error_cases[_i];
	expr *e = compile_in(lady, ec->text, ec->want);
	ck_assert_msg(e == NULL, "%s compiled", ec->text);
	ck_assert_str_eq(rendered(), ec->diags);
}
END_TEST

/* Long and deep inputs are refused, not crashed on. */
START_TEST(test_limits)
{
	char text[5000];
	int n = 0;
	for (int i = 0; i < 70; i++)
		text[n++] = '(';
	text[n++] = '1';
	for (int i = 0; i < 70; i++)
		text[n++] = ')';
	text[n] = '\0';
	ck_assert_ptr_null(compile_in(root, text, TY_NONE));
	ck_assert_str_eq(rendered(), "t.yaml:1:72: error: the expression is "
			 "nested too deeply\n");
	diag_clear(dg);

	/* a long chain: bounded by the tree's height */
	n = 0;
	for (int i = 0; i < 400; i++)
		n += sprintf(text + n, "carry+");
	sprintf(text + n, "1");
	ck_assert_ptr_null(compile_in(root, text, TY_NONE));
	ck_assert(strstr(rendered(), "nested too deeply") != NULL);
	diag_clear(dg);

	/* ... but 400 constants fold into one */
	n = 0;
	for (int i = 0; i < 400; i++)
		n += sprintf(text + n, "1+");
	sprintf(text + n, "1");
	ck_assert_int_eq(expr_eval_int(ok(root, text), &fr), 401);

	memset(text, ' ', 4097);
	text[4097] = '\0';
	text[0] = '1';
	ck_assert_ptr_null(compile_in(root, text, TY_NONE));
	ck_assert_str_eq(rendered(), "t.yaml:1:8: error: the expression is "
			 "longer than 4096 bytes\n");
	diag_clear(dg);

	n = 0;
	for (int i = 0; i < 9; i++)
		n += sprintf(text + n, "sum(x%d in H, ", i);
	n += sprintf(text + n, "1");
	for (int i = 0; i < 9; i++)
		text[n++] = ')';
	text[n] = '\0';
	ck_assert_ptr_null(compile_in(root, text, TY_NONE));
	ck_assert_str_eq(rendered(), "t.yaml:1:116: error: loops are nested "
			 "too deeply (at most 8)\n");
	diag_clear(dg);
	text[n - 9] = '\0';
	strcpy(text + 12, "1)");        /* sum(x0 in H, 1) */
	ck_assert_int_eq(expr_eval_int(ok(root, text), &fr), 13);
}
END_TEST

/* ---- Positions inside YAML scalars -------------------------------------- */

static const struct position_case {
	const char *yaml;
	int line, col;
	node_style style;
	const char *text;       /* the scalar's value */
	const char *diags;
} position_cases[] = {
	{"score: |\n  share +\n  penalyt\n", 1, 8, NODE_LITERAL,
	 "share +\npenalyt\n",
	 "t.yaml:3:3: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: |\n\n    share +\n      -penalyt\n", 1, 8, NODE_LITERAL,
	 "\nshare +\n  -penalyt\n",
	 "t.yaml:4:8: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: >\n  share +\n  penalyt\n", 1, 8, NODE_FOLDED,
	 "share + penalyt\n",
	 "t.yaml:3:3: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: share +\n   penalyt # note\n", 1, 8, NODE_PLAIN,
	 "share + penalyt",
	 "t.yaml:2:4: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: share +\n\n   penalyt\n", 1, 8, NODE_PLAIN,
	 "share +\npenalyt",
	 "t.yaml:3:4: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: \"share + penalyt\"\n", 1, 8, NODE_DOUBLE_QUOTED,
	 "share + penalyt",
	 "t.yaml:1:17: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: 'share + penalyt'\n", 1, 8, NODE_SINGLE_QUOTED,
	 "share + penalyt",
	 "t.yaml:1:17: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	/* an escape: the column is counted in the value (approximate) */
	{"score: \"share\\t+ penalyt\"\n", 1, 8, NODE_DOUBLE_QUOTED,
	 "share\t+ penalyt",
	 "t.yaml:1:17: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	/* columns count characters */
	{"\xd1\x81\xd1\x87\xd1\x91\xd1\x82: penalyt\n", 1, 7, NODE_PLAIN,
	 "penalyt",
	 "t.yaml:1:7: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"- {a: 1, b: share + penalyt}\n", 1, 13, NODE_PLAIN, "share + penalyt",
	 "t.yaml:1:21: error: unknown name 'penalyt' (did you mean 'penalty'?)\n"},
	{"score: |\n  1 +\n", 1, 8, NODE_LITERAL, "1 +\n",
	 "t.yaml:2:6: error: expected an expression after '+'\n"},
};

START_TEST(test_position)
{
	const struct position_case *pc = &position_cases[_i];
	node n = scalar_in(pc->yaml, pc->line, pc->col, pc->style, pc->text);
	ck_assert_ptr_null(expr_compile(lady, &n, TY_NONE, dg));
	ck_assert_str_eq(rendered(), pc->diags);
}
END_TEST

/* The same through the YAML loader: marks as libyaml gives them. */
START_TEST(test_position_loaded)
{
	static const char yaml[] =
		"scoring:\n"
		"  deal: |\n"
		"    if clear\n"
		"    then share else -penalyt\n"
		"  moon: any(points(won) ==\n"
		"          26) and sahre > 0\n"
		"  flow: [\"1 +\", 'won and 1']\n";
	src_file *f = src_from_text("t.yaml", yaml, strlen(yaml));
	files[nfiles++] = f;
	node *doc;
	ck_assert(node_parse(f, &ar, &node_default_limits, dg, &doc));
	node *sc = node_get(doc, "scoring");
	ck_assert_ptr_null(expr_compile(lady, node_get(sc, "deal"), TY_INT, dg));
	ck_assert_ptr_null(expr_compile(lady, node_get(sc, "moon"), TY_BOOL,
					dg));
	node *flow = node_get(sc, "flow");
	ck_assert_ptr_null(expr_compile(lady, flow->item[0], TY_INT, dg));
	ck_assert_ptr_null(expr_compile(lady, flow->item[1], TY_BOOL, dg));
	ck_assert_ptr_null(expr_compile(lady, sc, TY_INT, dg));
	ck_assert_str_eq(rendered(),
		"t.yaml:2:3: error: expected an expression, but this is a "
		"mapping\n"
		"t.yaml:4:22: error: unknown name 'penalyt' (did you mean "
		"'penalty'?)\n"
		"t.yaml:6:19: error: unknown name 'sahre' (did you mean "
		"'share'?)\n"
		"t.yaml:7:14: error: expected an expression after '+'\n"
		"t.yaml:7:18: error: 'and' needs booleans; its left side is a "
		"card set\n"
		"t.yaml:7:26: error: 'and' needs booleans; its right side is an "
		"integer\n");
}
END_TEST

/* ---- Scopes ------------------------------------------------------------- */

static value zero_native(const value *args, int nargs, const expr_frame *f)
{
	(void)args, (void)nargs, (void)f;
	value r = {.i = 0};
	return r;
}

START_TEST(test_scopes)
{
	ck_assert_int_eq(s_won, 0);
	ck_assert_int_eq(s_total, SEAT_MAX);
	ck_assert_int_eq(s_carry, 2 * SEAT_MAX);
	ck_assert_int_eq(s_penalty, 2 * SEAT_MAX + 1);
	/* one count for the family: a frame that fits one fits all */
	ck_assert_int_eq(expr_scope_slots(root), 4 * SEAT_MAX + 2);
	ck_assert_int_eq(expr_scope_slots(lady), 4 * SEAT_MAX + 2);
	/* taken above or below, reserved, misspelt names */
	ck_assert_int_eq(expr_scope_var(lady, "penalty", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(lady, "won", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(root, "penalty", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(lady, "seat", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(lady, "then", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(lady, "Won", TY_INT, false), -1);
	ck_assert_int_eq(expr_scope_var(lady, "x", TY_NONE, false), -1);
	ck_assert(!expr_scope_const(lady, "points", TY_INT, 1));
	ck_assert(!expr_scope_table(lady, "carry", points_of));
	ck_assert(!expr_scope_table(lady, "count", points_of));
	ck_assert(!expr_scope_native(lady, "holder", TY_INT, NULL, 0,
				     zero_native));
	/* a parent may still grow: its slots come after everything */
	ck_assert_int_eq(expr_scope_var(root, "late", TY_INT, false),
			 4 * SEAT_MAX + 2);
	ck_assert(expr_scope_table(root, "late_table", points_of));
	ck_assert_int_eq(expr_scope_slots(lady), 4 * SEAT_MAX + 3);
	/* siblings may reuse names */
	expr_scope *other = expr_scope_child(root);
	ck_assert_int_eq(expr_scope_var(other, "penalty", TY_BOOL, false),
			 4 * SEAT_MAX + 3);
	ck_assert(expr_scope_const(other, "goal", TY_INT, 100));
	ck_assert(expr_scope_const(other, "trumps", TY_SUIT, 1));
	ck_assert(!expr_scope_const(other, "pile", TY_CARDS, 0));
	ck_assert(expr_scope_native(other, "zero", TY_INT, NULL, 0,
				    zero_native));
	expr *e = ok(other, "goal * 2 + count(trumps) + late_table(QS)");
	ck_assert(expr_is_constant(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), 226);
	e = ok(other, "zero() + 1");
	ck_assert(!expr_is_constant(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), 1);
	/* names of the sibling are not seen */
	ck_assert_ptr_null(compile_in(other, "share", TY_NONE));
	ck_assert_ptr_null(compile_in(lady, "goal", TY_NONE));
	const src_file *f;
	int line, col;
	expr_position(e, &f, &line, &col);
	ck_assert_str_eq(f->name, "t.yaml");
	ck_assert_int_eq(line, 1);
	ck_assert_int_eq(col, 8);
}
END_TEST

/* A value may have a built-in function's name: `left` is a pass
 * direction, left(seat) the seat. */
START_TEST(test_value_and_function_names)
{
	expr_scope *sc = expr_scope_child(root);
	ck_assert(expr_scope_const(sc, "left", TY_INT, 1));
	ck_assert(expr_scope_const(sc, "right", TY_INT, -1));
	ck_assert_int_ge(expr_scope_var(sc, "across", TY_INT, false), 0);
	expr *e = ok(sc, "left - right");
	ck_assert(expr_is_constant(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), 2);
	e = ok(sc, "next(left(seat), right)");
	ck_assert_int_eq(expr_eval_int(e, &fr), 1);
	slots[expr_scope_slots(sc) - 1].i = 7;
	ck_assert_int_eq(expr_eval_int(ok(sc, "across + 1"), &fr), 8);
	ck_assert_int_eq(expr_eval_int(ok(sc, "across(seat)"), &fr), 3);
	/* a loop name must still be new */
	ck_assert_ptr_null(compile_in(sc, "sum(left in H, 1)", TY_NONE));
	ck_assert_ptr_null(compile_in(sc, "sum(count in H, 1)", TY_NONE));
	ck_assert_str_eq(rendered(),
		"t.yaml:1:12: error: 'left' is already a name; choose another "
		"name for the loop\n"
		"t.yaml:1:12: error: 'count' is already a name; choose another "
		"name for the loop\n");
}
END_TEST

/* Getters read the engine's state through a function: the seat asked
 * for, and the declared argument. */
static value get_tricks(const expr_frame *f, int seat, int arg)
{
	value r = {.i = 0};
	ck_assert_ptr_eq(f->ctx, &fr);
	ck_assert_int_eq(seat, f->seat);
	ck_assert(seat >= 0 && seat < f->players);
	r.i = 10 * seat + arg;
	return r;
}

static value get_flag(const expr_frame *f, int seat, int arg)
{
	value r = {.i = arg};
	(void)f;
	ck_assert_int_eq(seat, -1);
	return r;
}

START_TEST(test_getters)
{
	expr_scope *sc = expr_scope_child(lady);
	fr.ctx = &fr;
	ck_assert(expr_scope_getter(sc, "tricks", TY_INT, true, get_tricks, 3));
	ck_assert(expr_scope_getter(sc, "leading", TY_BOOL, false, get_flag,
				    42));
	ck_assert(!expr_scope_getter(sc, "won", TY_INT, false, get_flag, 0));
	ck_assert(!expr_scope_getter(sc, "other", TY_INT, false, NULL, 0));
	int before = expr_scope_slots(sc);
	ck_assert(expr_scope_getter(sc, "dealt", TY_CARDS, true, get_flag, 0));
	ck_assert_int_eq(expr_scope_slots(sc), before);     /* no slots */
	expr *e = ok(sc, "tricks");
	ck_assert(expr_is_per_seat(e) && !expr_is_constant(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), 13);
	ck_assert_int_eq(expr_eval_int(ok(sc, "sum(tricks)"), &fr), 72);
	ck_assert_int_eq(expr_eval_int(ok(sc, "tricks[left(seat)]"), &fr), 23);
	/* counted over the seats in place (OP_SEATCOUNT_CMP): 3 13 23 33 */
	static const struct {
		const char *text;
		int64_t want;
	} counts[] = {
		{"count(s in seats, tricks[s] > tricks)", 2},
		{"count(s in seats, tricks >= tricks[s])", 2},
		{"count(s in seats, tricks[s] <= 13)", 2},
		{"count(s in seats, 23 == tricks[s])", 1},
	};
	for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
		e = ok(sc, counts[i].text);
		ck_assert_int_lt(expr_size(e, true), expr_size(e, false));
		ck_assert_int_eq(expr_eval_int(e, &fr), counts[i].want);
		ck_assert_int_eq(expr_eval_reference(e, &fr).i, counts[i].want);
	}
	e = ok(sc, "leading");
	ck_assert(!expr_is_per_seat(e) && !expr_is_constant(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), 1);     /* a boolean is 0/1 */
	fr.seat = 7;            /* not at the table: not asked */
	ck_assert_int_eq(expr_eval_int(ok(sc, "tricks"), &fr), 0);
	fr.seat = -1;
	ck_assert_int_eq(expr_eval_int(ok(sc, "tricks"), &fr), 0);
}
END_TEST

/* A per-seat name fixed with the game reads as its table says, and the
 * form run reads the table, not the getter. */
static const int8_t sides[SEAT_MAX] = {0, 1, 0, 1};
static int side_reads;

static value get_side(const expr_frame *f, int seat, int arg)
{
	value r = {.i = sides[seat]};
	(void)f, (void)arg;
	side_reads++;
	return r;
}

START_TEST(test_seat_table)
{
	static const char *const texts[] = {
		"side", "side[left(seat)]", "side == side[left(left(seat))]",
		"sum(s in seats, if side[s] == side then total[s] else 0)",
		"count(s in seats, side[s] == 1)",
	};
	static const int64_t want[][4] = {
		{0, 1, 0, 1}, {1, 0, 1, 0}, {1, 1, 1, 1}, {10, -2, 10, -2},
		{2, 2, 2, 2},
	};
	expr_scope *sc = expr_scope_child(lady);
	ck_assert(expr_scope_seat_table(sc, "side", get_side, 0, sides));
	ck_assert(!expr_scope_seat_table(sc, "side", get_side, 0, sides));
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		expr *e = ok(sc, texts[i]);
		for (fr.seat = 0; fr.seat < 4; fr.seat++) {
			side_reads = 0;
			ck_assert_int_eq(expr_eval_int(e, &fr), want[i][fr.seat]);
			ck_assert_int_eq(side_reads, 0);
			ck_assert_int_eq(expr_eval_reference(e, &fr).i,
					 want[i][fr.seat]);
			ck_assert_int_gt(side_reads, 0);
		}
	}
	fr.seat = 7;            /* not at the table: the zero value */
	ck_assert_int_eq(expr_eval_int(ok(sc, "side + 5"), &fr), 5);
	fr.seat = 1;
}
END_TEST

/* Shapes the form run fuses into one node give what the tree as
 * compiled gives, at every seat, with fewer nodes. */
/* e as run against the reference walk, at every seat (and none) of 0
 * and of 4 players; the frame left at seat 1 of 4. */
static void agrees_at_every_seat(const expr *e, const char *text)
{
	for (int players = 0; players <= 4; players += 4)
		for (fr.seat = -1; fr.seat < 5; fr.seat++) {
			fr.players = players;
			ck_assert_msg(expr_eval_int(e, &fr) ==
				      expr_eval_reference(e, &fr).i,
				      "%s at seat %d of %d", text, fr.seat,
				      players);
		}
	fr.players = 4;
	fr.seat = 1;
}

START_TEST(test_fused_shapes)
{
	static const char *const texts[] = {
		"count(won & H) == 3", "count(won) > 2", "count(won - H) <= 1",
		"points(won - H)", "points(won & H)", "points(won + QS)",
		"left(left(seat))", "right(left(seat))",
		"left(right(right(seat)))", "right(left(holder(QS)))",
		"total[left(left(seat))]",
		"count(s in seats, total[s] > total)",
		"count(s in seats, total >= total[s])",
		"count(s in seats, total[s] == 0)",
		"count(s in seats, 3 != total[s])",
	};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		expr *e = ok(root, texts[i]);
		ck_assert_msg(expr_size(e, true) < expr_size(e, false),
			      "%s: %d nodes run of %d", texts[i],
			      expr_size(e, true), expr_size(e, false));
		agrees_at_every_seat(e, texts[i]);
	}
	ck_assert_int_eq(expr_eval_int(ok(root, "left(left(seat))"), &fr), 3);
	ck_assert_int_eq(expr_eval_int(ok(root, "points(won - H)"), &fr), 0);
	ck_assert_int_eq(expr_eval_int(ok(root, "count(won & H) == 2"), &fr),
			 1);
}
END_TEST

/* Integer expressions laid out as instructions (expr_code.c) give what
 * the reference walk gives: every instruction, choose() in and out of
 * its range, `and` and `or` decided by their first operand, overflow
 * saturated, another seat's value by a seat worked out (in and off the
 * table), at every seat of 0 and 4 players.  One too deep for the
 * instructions' stack is walked instead. */
START_TEST(test_instructions)
{
	static const char *const texts[] = {
		"carry * 3 - total / 2 + total % 3",
		"-(carry - total) * 8796093022207 * 8796093022207 * carry",
		"total / (carry - 2)",
		"if carry > total then carry - 1 else if total == 0 then 7 else total",
		"choose(carry, 10, 20, 30) + choose(carry - 3, total, 5)",
		"choose(total + carry, 1, 2) * 2",
		"min(carry, total, 4) + max(total, carry + 1, -3) * 10",
		"carry > 1 and total < 5 or players > 3 and total == 1",
		"not (total >= carry or carry == 2) and total != 1",
		"count(won) + carry * 2 + (if points(won) > 0 then 1 else 0)",
		"count(s in seats, total[s] > total) + carry + total[left(seat)]",
		"players * 10 + carry * total + total[seat]",
		/* another seat's value, the seat worked out first: off the
		 * table (below 0, at players and past it) it reads zero */
		"total[right(seat)] * 3 + carry",
		"total[holder(QS)] - total[holder(JD)] + carry",
	};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		expr *e = ok(root, texts[i]);
		ck_assert_msg(expr_has_code(e), "%s: not laid out", texts[i]);
		agrees_at_every_seat(e, texts[i]);
	}
	/* 40 nested sums hold 40 values at once */
	char deep[512] = "carry";
	for (int k = 0; k < 40; k++)
		strcat(deep, " + (total");
	for (int k = 0; k < 40; k++)
		strcat(deep, ")");
	expr *e = ok(root, deep);
	ck_assert(!expr_has_code(e));
	ck_assert_int_eq(expr_eval_int(e, &fr), expr_eval_reference(e, &fr).i);
	ck_assert(!expr_has_code(ok(root, "carry + 1")));    /* one node */
}
END_TEST

/* `want` promotes a card, suit or rank to cards, a suit to suits. */
START_TEST(test_want)
{
	expr *e = compile_in(root, "H", TY_CARDS);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(expr_result_type(e), TY_CARDS);
	ck_assert(cset_eq(expr_eval_cards(e, &fr), dk.by_suit[1]));
	e = compile_in(root, "H", TY_SUITS);
	ck_assert_int_eq(expr_eval_int(e, &fr), 2);
	e = compile_in(root, "Q", TY_CARDS);
	ck_assert_int_eq(cset_count(expr_eval_cards(e, &fr)), 4);
	e = compile_in(root, "lowest(won)", TY_CARDS);
	ck_assert(expr_is_per_seat(e));
	ck_assert(cset_eq(expr_eval_cards(e, &fr), set_of(&dk, "2H")));
	e = compile_in(root, "true", TY_BOOL);
	ck_assert(expr_eval_bool(e, &fr));
}
END_TEST

/* Reading per-seat values for no seat gives zero values. */
START_TEST(test_no_seat)
{
	fr.seat = -1;
	ck_assert(cset_is_empty(expr_eval_cards(ok(root, "won"), &fr)));
	ck_assert_int_eq(expr_eval_int(ok(root, "count(won)"), &fr), 0);
	ck_assert_int_eq(expr_eval_int(ok(root, "sum(points(won))"), &fr), 26);
	fr.players = 0;
	ck_assert_int_eq(expr_eval_int(ok(root, "sum(points(won))"), &fr), 0);
	ck_assert_int_eq(expr_eval_int(ok(root, "left(holder(QS))"), &fr), 0);
	ck_assert(expr_eval_bool(ok(root, "all(x in seats, false)"), &fr));
	fr.seat = 5;            /* not at the table */
	ck_assert(cset_is_empty(expr_eval_cards(ok(root, "won"), &fr)));
	fr.seat = 1;
	ck_assert(cset_is_empty(expr_eval_cards(ok(root, "won[right(seat)]"),
						&fr)));
	fr.players = 99;        /* more seats than a frame has: bounded */
	ck_assert_int_eq(expr_eval_int(ok(root, "count(s in seats, true)"),
				       &fr), SEAT_MAX);
}
END_TEST

START_TEST(test_jokers)
{
	deck jd;
	char why[100];
	ck_assert(deck_build(&jd, "SHDC", 4, std_ranks, 13, 1, 2, why,
			     sizeof why));
	expr_scope *sc = expr_scope_new(&ar, &jd);
	static const struct {
		const char *text;
		int64_t want;
	} cases[] = {
		{"count(JK)", 2},
		{"JK2 == JK", 1},
		{"suit(JK)", -1},
		{"rank(JK)", -1},
		{"lowest(JK + 2S) == 2S", 1},
		{"highest(JK + AS) == JK", 1},
		{"lowest(cards(JK)) == JK", 1},
		{"nsuits(JK + 2S)", 1},
		{"count(x in JK + AS, true)", 3},
		{"JK in S", 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		expr *e = ok(sc, cases[i].text);
		ck_assert_msg(expr_eval_int(e, &fr) == cases[i].want, "%s",
			      cases[i].text);
	}
}
END_TEST

/* ---- Games written as expressions --------------------------------------- */

/* Black Lady's clear rule: the clear players share the pot. */
static void black_lady(const char *const won[4], int64_t carry,
		       const int64_t want[4], int64_t want_carry)
{
	static const int64_t zero[4];
	deal(won, zero, carry);
	expr *penalty = ok(lady, "points(won)");
	expr *clear = ok(lady, "penalty == 0");
	expr *share = ok(lady, "if count(clear) > 0 "
			 "then (26 + carry) / count(clear) else 0");
	expr *next_carry = ok(lady, "26 + carry - share * count(clear)");
	expr *score = ok(lady, "if clear then share else -penalty");
	ck_assert(expr_is_per_seat(penalty) && expr_is_per_seat(clear));
	ck_assert(!expr_is_per_seat(share) && expr_is_per_seat(score));
	for (fr.seat = 0; fr.seat < 4; fr.seat++)
		slots[s_penalty + fr.seat] = expr_eval(penalty, &fr);
	for (fr.seat = 0; fr.seat < 4; fr.seat++)
		slots[s_clear + fr.seat] = expr_eval(clear, &fr);
	fr.seat = -1;
	slots[s_share] = expr_eval(share, &fr);
	for (fr.seat = 0; fr.seat < 4; fr.seat++)
		ck_assert_int_eq(expr_eval_int(score, &fr), want[fr.seat]);
	ck_assert_int_eq(expr_eval_int(next_carry, &fr), want_carry);
}

START_TEST(test_black_lady)
{
	static const int64_t one_clear[4] = {-14, -2, 28, -10};
	black_lady(deal1, 2, one_clear, 0);
	static const char *const three[4] = {
		"QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "AS", "", "2C",
	};
	static const int64_t three_clear[4] = {-26, 9, 9, 9};
	black_lady(three, 2, three_clear, 1);
	static const char *const two[4] = {"QS", "", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", ""};
	static const int64_t two_clear[4] = {-13, 13, -13, 13};
	black_lady(two, 0, two_clear, 0);
}
END_TEST

/* Hearts: shooting the moon. */
START_TEST(test_moon)
{
	expr *moon = ok(root, "any(points(won) == 26)");
	expr *score = ok(root, "if any(points(won) == 26) "
			 "then (if points(won) == 26 then 0 else 26) "
			 "else points(won)");
	ck_assert(!expr_eval_bool(moon, &fr));
	static const char *const shot[4] = {
		"", "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2C", "",
	};
	static const int64_t zero[4];
	deal(shot, zero, 0);
	ck_assert(expr_eval_bool(moon, &fr));
	static const int64_t want[4] = {26, 0, 26, 26};
	for (fr.seat = 0; fr.seat < 4; fr.seat++)
		ck_assert_int_eq(expr_eval_int(score, &fr), want[fr.seat]);
}
END_TEST

/* Stendhal: the minus suits score (k - 1) + the face of the lowest card;
 * a clean player gets a bonus by the number of suits taken. */
START_TEST(test_stendhal)
{
	deck td;
	char why[100];
	ck_assert(deck_build(&td, "SHDCXL", 6, std_ranks, 13, 1, 0, why,
			     sizeof why));
	static int32_t face[CARD_MAX];
	for (int c = 0; c < td.ncards; c++)
		face[c] = td.rank_of[c] == 12 ? 1 : td.rank_of[c] + 2;
	expr_scope *sc = expr_scope_new(&ar, &td);
	int won = expr_scope_var(sc, "won", TY_CARDS, true);
	ck_assert(expr_scope_table(sc, "face", face));
	ck_assert(expr_scope_const(sc, "minus", TY_SUITS, 1 << 4 | 1 << 5));
	expr *score = ok(sc,
		"if count(won) == 0 then 0\n"
		"else if all(s in minus, count(won & s) == 0)\n"
		"     then choose(nsuits(won), 0, 1, 3, 6, 10)\n"
		"else -sum(s in minus, if count(won & s) > 0\n"
		"          then count(won & s) - 1 + face(lowest(won & s)) else 0)");
	static const struct {
		const char *won;
		int64_t want;
	} cases[] = {
		{"3X 5X 9X KX AX 10L 2S", -17},
		{"2S 3H 4D", 6},
		{"", 0},
		{"AS KS", 1},
		{"AL", -1},
	};
	value slot[SEAT_MAX] = {{0}};
	expr_frame f = {slot, 5, 0, NULL, NULL};
	for (int i = 0; i < 5; i++)
		slot[won + i].s = set_of(&td, cases[i].won);
	for (f.seat = 0; f.seat < 5; f.seat++)
		ck_assert_int_eq(expr_eval_int(score, &f), cases[f.seat].want);
}
END_TEST

/* Ribs: ranks 7..A, three copies.  Copies count separately. */
START_TEST(test_copies)
{
	static const char *const ribs[] = {"7", "8", "9", "10", "J", "Q", "K",
					   "A"};
	deck rd;
	char why[100];
	ck_assert(deck_build(&rd, "SHDC", 4, ribs, 8, 3, 0, why, sizeof why));
	expr_scope *sc = expr_scope_new(&ar, &rd);
	ck_assert_int_eq(expr_eval_int(ok(sc, "count(AS)"), &fr), 3);
	ck_assert_int_eq(expr_eval_int(ok(sc, "count(x in AS + KS, x == AS)"),
				       &fr), 3);
	ck_assert_int_eq(expr_eval_int(ok(sc, "count(rank(7))"), &fr), 12);
	ck_assert_int_eq(expr_eval_int(ok(sc, "rank(lowest(S)) == rank(7)"),
				       &fr), 1);
	ck_assert_ptr_null(compile_in(sc, "rank(2) + 2S", TY_NONE));
	ck_assert_str_eq(rendered(),
			 "t.yaml:1:13: error: the deck has no rank 2\n"
			 "t.yaml:1:18: error: the deck has no card '2S'\n");
	diag_clear(dg);
	static const char *const low[] = {"2", "3", "4", "5", "6", "7", "8",
					  "9", "10"};
	ck_assert(deck_build(&rd, "SH", 2, low, 9, 1, 0, why, sizeof why));
	ck_assert_ptr_null(compile_in(sc, "count(A) + count(D)", TY_NONE));
	ck_assert_str_eq(rendered(),
			 "t.yaml:1:14: error: the deck has no rank 'A'\n"
			 "t.yaml:1:25: error: the deck has no suit 'D'\n");
}
END_TEST

/* ---- Out of memory ------------------------------------------------------ */

/* Compiles text under the allocator failing after k allocations. */
static bool compile_failing(const node *n, long k, int64_t want)
{
	static const expr_type card_param[] = {TY_CARD};
	arena a = ARENA_INIT;
	diag *d = diag_new();
	expr *e = NULL;
	ck_assert_ptr_nonnull(d);
	alloc_fail_after(k);
	expr_scope *sc = expr_scope_new(&a, &dk);
	if (sc && expr_scope_var(sc, "won", TY_CARDS, true) == 0
	    && expr_scope_var(sc, "total", TY_INT, true) > 0
	    && expr_scope_var(sc, "carry", TY_INT, false) > 0
	    && expr_scope_table(sc, "points", points_of)
	    && expr_scope_native(sc, "holder", TY_SEAT, card_param, 1,
				 holder)) {
		e = expr_compile(sc, n, TY_INT, d);
		ck_assert(e || diag_count(d) > 0);
	}
	alloc_fail_reset();
	if (e)
		ck_assert_int_eq(expr_eval_int(e, &fr), want);
	diag_free(d);
	arena_free(&a);
	return e != NULL;
}

/* Every allocation fails in turn: each failure is an error, never a
 * crash or a leak (the arena is freed whole). */
START_TEST(test_out_of_memory)
{
	static char text[4000];
	int len = 0;
	if (_i == 0)
		len = snprintf(text, sizeof text, "%s",
			       "if any(points(won) == 26) then sum(s in seats, "
			       "count(won[s] & H)) + count(won[holder(QS)]) "
			       "else max(x in won, 1) + choose(carry, 1, 2, 3) "
			       "+ count(cards(QS, H, Q))");
	else            /* spans several arena blocks */
		for (int i = 0; i < 200; i++)
			len += snprintf(text + len, sizeof text - (size_t)len,
					"%scount(won & %c)", i ? " + " : "",
					"SHDC"[i % 4]);
	char yaml[4100];
	snprintf(yaml, sizeof yaml, "score: %s\n", text);
	node n = scalar_in(yaml, 1, 8, NODE_PLAIN, text);
	n.text = files[nfiles - 1]->text + 7;
	long k = 0;
	while (!compile_failing(&n, k, _i == 0 ? 1 + 3 + 16 : 50 * 3))
		ck_assert_int_lt(++k, 100000);
	ck_assert_int_gt(k, _i == 0 ? 1 : 4);
}
END_TEST

static Suite *expr_suite(void)
{
	Suite *s = suite_create("expr");
	TCase *tc = tcase_create("values");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_value, 0,
			    sizeof value_cases / sizeof *value_cases);
	tcase_add_test(tc, test_want);
	tcase_add_test(tc, test_reads_only);
	tcase_add_test(tc, test_and_rest);
	tcase_add_test(tc, test_hoist);
	tcase_add_test(tc, test_hoist_single);
	tcase_add_test(tc, test_hoist_seat);
	tcase_add_test(tc, test_choose_lazy);
	tcase_add_test(tc, test_directions);
	tcase_add_test(tc, test_no_seat);
	tcase_add_test(tc, test_jokers);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_error, 0,
			    sizeof error_cases / sizeof *error_cases);
	tcase_add_loop_test(tc, test_position, 0,
			    sizeof position_cases / sizeof *position_cases);
	tcase_add_test(tc, test_position_loaded);
	tcase_add_test(tc, test_limits);
	suite_add_tcase(s, tc);

	tc = tcase_create("scopes and games");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_scopes);
	tcase_add_test(tc, test_value_and_function_names);
	tcase_add_test(tc, test_getters);
	tcase_add_test(tc, test_seat_table);
	tcase_add_test(tc, test_fused_shapes);
	tcase_add_test(tc, test_instructions);
	tcase_add_test(tc, test_black_lady);
	tcase_add_test(tc, test_moon);
	tcase_add_test(tc, test_stendhal);
	tcase_add_test(tc, test_copies);
	tcase_add_loop_test(tc, test_out_of_memory, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(expr_suite)

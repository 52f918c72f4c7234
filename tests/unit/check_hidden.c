/*
 * check_hidden.c — what each seat may see, on every shipped game and on
 * the test files that cover every phase kind that moves or lays cards
 * (places, pass, choose with take, vote, double trick, auction, tricks,
 * layout).
 *
 * Random decisions are played; at every decision, for every seat, the
 * seat's view must locate exactly the cards the seat may know, worked out
 * here from the moves made, not by the view's code: its own hand, cards
 * face up for all (on the table, in face-up places and leftovers, played
 * to tricks, turned up) and in the hand they went into since (until its
 * holder passes or lays cards face down), the scoring melds once shown,
 * the cards it passed (in any pass of the deal) while they stay where
 * they went, the cards it laid back while they lie where it laid
 * them or in the hand that took them, a dummy's hand once the first
 * card of its tricks is played (or at once when it leads), and a hand
 * laid open from the start of its tricks (`open-hand`, Skat's Ouvert).  A sample of
 * the view (the bots' guess) must leave every card the seat knows where
 * it is, put the others only where the seat cannot tell (other hands,
 * face-down leftovers, face-down positions of places), never against a
 * suit a player showed it lacks, keep a card all saw a player take in
 * that player's hand (or among the cards it laid back), deal each seat as
 * many cards as it was dealt, list the hidden positions of places in the
 * same order as the sample's own view does (an order of the hidden cards
 * would tell them apart), and play on to the end of the deal with the
 * rule file's checks holding.
 */
#include "testutil.h"
#include "scenario.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/place.h"
#include "engine/vars.h"
#include "lang/expr.h"
#include "lang/schema.h"

#define DEALS 3
/* moves checked in a deal: random solitaires run to the move limit, and
 * by then every kind of move has been seen many times over */
#define STEPS_MAX 600

/* What every seat may know, followed move by move through one deal. */
typedef struct oracle {
	int16_t deal_no;
	cardset open;                   /* face up for all, and in no hand
					   since */
	cardset held[SEAT_MAX];         /* seen by all to go into the hand
					   (taken face up, melds shown), and
					   in it since */
	cardset bound[SEAT_MAX];        /* held, then the seat laid cards
					   face down: in its hand or among
					   them */
	bool melds_shown;
	bool dummy_shown;
	bool opened;                    /* open hands laid face up */
	cardset passed[SEAT_MAX];       /* passed by the seat, still held by
					   whoever got them */
	cardset choosing[SEAT_MAX];     /* chosen in the pass in progress */
	int8_t holder[CARD_MAX];        /* who got a passed card */
	cardset laying[SEAT_MAX];       /* being laid back */
	cardset laid[SEAT_MAX];         /* laid back, still where they lie */
	cardset laid_down;              /* laid back face down */
	uint8_t laid_pile[CARD_MAX];    /* 1 + where */
} oracle;

static void oracle_start(oracle *o, const state *s)
{
	memset(o, 0, sizeof *o);
	o->deal_no = s->deal_no;
	/* a card turned up in the deal (deal.turn-up): seen by all to be in
	 * its hand */
	for (int q = 0; s->turned_up != CARD_NONE && q < s->players; q++)
		if (cset_has(s->hand[q], s->turned_up))
			cset_add(&o->held[q], s->turned_up);
}

static cardset face_up_places(const state *s, const oracle *o)
{
	const game *g = s->g;
	cardset out = cset_empty();
	for (int k = 0; k < g->nplaces; k++)
		if (g->place[k].face_up)
			out = cset_or(out, place_cards(s, k));
	/* a solitaire says which cards lie face down; in other games only
	 * cards laid back do, as followed here */
	return cset_minus(out, game_is_solitaire(g) ? s->down : o->laid_down);
}

/* The cards on the table for all to see now. */
static cardset visible(const state *s, const oracle *o)
{
	cardset v = cset_or(s->leftover_up, s->played);
	for (int i = 0; i < s->nplayed; i++)
		cset_add(&v, s->table[i]);
	if (state_phase_kind(s) == PHASE_DOUBLE)
		for (int q = 0; q < s->players; q++)
			if (state_laid_pair(s, q).laid &&
			    !state_laid_pair(s, q).down) {
				cset_add(&v, state_laid_pair(s, q).card[0]);
				cset_add(&v, state_laid_pair(s, q).card[1]);
			}
	return cset_or(v, face_up_places(s, o));
}

static int owner(const state *s, card_id c)
{
	for (int q = 0; q < s->players; q++)
		if (cset_has(s->hand[q], c))
			return q;
	return -1;
}

/* After any change: what is seen now, and what has moved out of sight
 * (a card seen going into a hand stays known there). */
static void oracle_refresh(oracle *o, const state *s)
{
	o->open = cset_or(o->open, visible(s, o));
	for (int q = 0; q < s->players; q++) {
		o->held[q] = cset_or(o->held[q], cset_and(o->open, s->hand[q]));
		o->open = cset_minus(o->open, s->hand[q]);
		/* played, or laid face up: face up for all again */
		o->held[q] = cset_and(o->held[q], s->hand[q]);
		o->bound[q] = cset_and(o->bound[q], cset_minus(s->in_play,
							       visible(s, o)));
	}
	for (int k = 0; k < s->players; k++) {
		CSET_FOREACH(c, o->passed[k])
			if (!cset_has(s->hand[o->holder[c]], c))
				cset_del(&o->passed[k], c);
		CSET_FOREACH(c, o->laid[k])
			if (s->pile_of[c] != o->laid_pile[c]) {
				cset_del(&o->laid[k], c);
				cset_del(&o->laid_down, c);
				/* taken into a hand: its layer knows whose */
				int q = owner(s, c);
				if (q >= 0 && q != k) {
					cset_add(&o->passed[k], c);
					o->holder[c] = (int8_t)q;
					o->bound[k] = cset_empty();
				}
			}
	}
}

/* A dummy's hand lies face up from the first card of its tricks, or
 * from their start when it leads. */
static void oracle_dummy(oracle *o, const state *s)
{
	if (o->dummy_shown || s->dummy < 0 ||
	    state_phase_kind(s) != PHASE_TRICKS ||
	    (s->nplayed == 0 && cset_is_empty(s->played) &&
	     s->leader != s->dummy))
		return;
	o->held[s->dummy] = cset_or(o->held[s->dummy], s->hand[s->dummy]);
	o->dummy_shown = true;
}

/* A hand for which the tricks' `open-hand` holds lies face up from
 * their start, worked out here from the rule's condition. */
static void oracle_open(oracle *o, const state *s)
{
	if (o->opened || state_phase_kind(s) != PHASE_TRICKS)
		return;
	const expr *open = s->g->phase[s->phase].u.tricks.open_hand;
	for (int q = 0; open && q < s->players; q++)
		if (vars_eval(s, open, q).i)
			o->held[q] = cset_or(o->held[q], s->hand[q]);
	o->opened = true;
}

/* Where every meld is declared by itself, the melds that score are shown
 * as the first trick starts (a declaration chosen by the player shows its
 * cards when it is made: oracle_move). */
static void oracle_melds(oracle *o, const state *s)
{
	if (!s->g->melds.hook || s->g->melds_chosen || o->melds_shown ||
	    state_phase_kind(s) != PHASE_TRICKS)
		return;
	meld_result r;
	vars_melds(s, &r);
	for (int q = 0; q < s->players; q++)
		for (int k = 0; r.points[q] > 0 && k < r.nmelds[q]; k++)
			for (int i = 0; i < r.meld[q][k].n; i++)
				cset_add(&o->held[q], r.meld[q][k].card[i]);
	o->melds_shown = true;
}

/* What a choice or a call of the rule file shows (none for other
 * actions). */
static const card_show *shows_of(const state *before, const action *a)
{
	if (a->kind != ACT_CHOICE)
		return NULL;
	const phase *p = &before->g->phase[before->phase];
	if (p->kind == PHASE_CHOOSE && state_laying(before) < 0)
		return &p->u.choose.choice[a->number].shows;
	if (p->kind == PHASE_TRICKS && a->number < p->u.tricks.ncalls)
		return &p->u.tricks.call[a->number].shows;
	return NULL;
}

/* The cards it shows, by the rule: `count` (default all) of its cards in
 * the hand that all do not know there yet, the lowest ids first (copies
 * of a card are alike). */
static cardset shown_by(const oracle *o, const state *before, int seat,
			const card_show *sh)
{
	cardset out = cset_empty();
	if (!sh || !sh->cards)
		return out;
	cardset held = cset_minus(cset_and(vars_eval(before, sh->cards, seat).s,
					   before->hand[seat]), o->held[seat]);
	int64_t n = sh->count ? vars_eval(before, sh->count, seat).i : 99;
	for (card_id c = 0; c < CARD_MAX && n > 0; c++)
		if (cset_has(held, c)) {
			cset_add(&out, c);
			n--;
		}
	return out;
}

/* Seat `seat` made action a, which led from `before` to `s`. */
static void oracle_move(oracle *o, const state *before, const action *a,
			const state *s)
{
	int seat = before->current;
	int kind = state_phase_kind(before);
	bool phase_over = s->phase != before->phase ||
			  s->deal_no != before->deal_no || s->current < 0;
	if (kind == PHASE_PASS) {
		cset_add(&o->choosing[seat], a->card[0]);
		/* a card passed on is no longer known to its first passer */
		cardset moved = cset_empty();
		for (int k = 0; phase_over && k < s->players; k++)
			moved = cset_or(moved, o->choosing[k]);
		for (int k = 0; phase_over && k < s->players; k++) {
			o->passed[k] = cset_or(cset_minus(o->passed[k], moved),
					       o->choosing[k]);
			/* nobody else can tell which held cards went */
			if (!cset_is_empty(o->choosing[k]))
				o->held[k] = o->bound[k] = cset_empty();
			o->choosing[k] = cset_empty();
		}
		CSET_FOREACH(c, moved)
			o->holder[c] = (int8_t)owner(s, c);
	}
	if (kind == PHASE_CHOOSE && state_laying(before) >= 0) {
		const choice_def *ch = &s->g->phase[before->phase].u.choose
			.choice[state_laying(before)];
		cset_add(&o->laying[seat], a->card[0]);
		if (state_laying(s) < 0 || phase_over) {
			CSET_FOREACH(c, o->laying[seat]) {
				cset_add(&o->laid[seat], c);
				o->laid_pile[c] = s->pile_of[c];
				if (!ch->lay_up)
					cset_add(&o->laid_down, c);
			}
			/* laid face down: which held cards were laid is
			 * hidden */
			if (!ch->lay_up) {
				o->bound[seat] = cset_or(o->bound[seat],
							 o->held[seat]);
				o->held[seat] = cset_empty();
			}
			o->laying[seat] = cset_empty();
		}
	}
	/* a choice or a call may show cards of the hand to all */
	o->held[seat] = cset_or(o->held[seat],
				shown_by(o, before, seat, shows_of(before, a)));
	/* the cards of a declaration are shown to all */
	if (a->kind == ACT_MELDS)
		o->held[seat] = cset_or(o->held[seat],
					cset_and(s->melded[seat], s->hand[seat]));
	oracle_dummy(o, s);
	oracle_open(o, s);
	oracle_refresh(o, s);
	oracle_melds(o, s);
}

/* The cards seat k may locate: its own hand once it has looked at it
 * (test_blind_choice checks when it may). */
static cardset may_know(const oracle *o, const state *s, int k)
{
	cardset held = cset_empty();
	for (int q = 0; q < s->players; q++)
		held = cset_or(held, o->held[q]);
	cardset mine = state_sees_hand(s, k) ? s->hand[k] : cset_empty();
	return cset_and(cset_or(cset_or(mine, cset_or(o->open, held)),
				cset_or(o->passed[k], o->laid[k])),
			s->in_play);
}

/* Where a card is: a hand, a won pile, a pile and depth, the leftovers,
 * or elsewhere (on the table, out of play). */
enum { AT_HAND = 0x100, AT_WON = 0x200, AT_LEFTOVER = 0x300,
       AT_ELSEWHERE = 0x400, AT_PILE = 0x10000 };

static int locate(const state *s, card_id c)
{
	for (int q = 0; q < s->players; q++)
		if (cset_has(s->hand[q], c))
			return AT_HAND + q;
	for (int q = 0; q < s->players; q++)
		if (cset_has(s->won[q], c))
			return AT_WON + q;
	if (s->pile_of[c])
		return AT_PILE + (s->pile_of[c] - 1) * 256 + s->depth[c];
	if (cset_has(s->leftover, c))
		return AT_LEFTOVER;
	return AT_ELSEWHERE;
}

static void check_view(const state *s, const oracle *o, int k, const view *v)
{
	const char *name = s->g->name;
	cardset shown = cset_minus(s->in_play, v->unknown);
	ck_assert(cset_subset(v->unknown, s->in_play));
	/* what the view shows is where it is; what it hides is nowhere */
	CSET_FOREACH(c, shown)
		ck_assert_int_eq(locate(&v->s, c), locate(s, c));
	CSET_FOREACH(c, v->unknown) {
		int at = locate(&v->s, c);
		ck_assert_msg(at == AT_ELSEWHERE, "%s: seat %d's view locates "
			      "card %d, which it says is unknown", name, k, c);
		ck_assert(!cset_has(v->s.down, c));
	}
	for (int q = 0; q < s->players; q++)
		if (q != k)
			ck_assert(cset_is_empty(cset_and(v->s.passing[q],
							 v->unknown)));
	cardset leak = cset_minus(shown, may_know(o, s, k));
	ck_assert_msg(cset_is_empty(leak), "%s, deal %d: seat %d sees card %d "
		      "(at %#x), which it may not know", name, s->deal_no, k,
		      cset_first(leak), locate(s, cset_first(leak)));
	cardset lost = cset_minus(may_know(o, s, k), shown);
	ck_assert_msg(cset_is_empty(lost), "%s, deal %d: seat %d does not see "
		      "card %d (at %#x), which it knows", name, s->deal_no, k,
		      cset_first(lost), locate(s, cset_first(lost)));
	ck_assert_msg(v->s.seed != s->seed || s->seed == 0,
		      "the view carries the match seed");
}

/* A sample keeps what the seat knows, and puts each card it does not
 * know where the seat could not tell. */
/* What each seat was dealt, in a sample: as many cards as it was
 * really dealt, none twice, the seat's own as they were, and with every
 * card a seat holds that it cannot have got from another. */
static void check_sample_dealt(const state *s, int k, const state *t)
{
	cardset all = cset_empty();
	for (int q = 0; q < s->players; q++) {
		ck_assert_int_eq(cset_count(t->dealt[q]), cset_count(s->dealt[q]));
		ck_assert_msg(!cset_meets(all, t->dealt[q]), "%s: a sample of "
			      "seat %d's view deals a card twice", s->g->name, k);
		all = cset_or(all, t->dealt[q]);
	}
	if (state_sees_hand(s, k))
		ck_assert(cset_eq(t->dealt[k], s->dealt[k]));
}

/* A card the seat saw go into q's hand, then q laid cards face down, is
 * in q's hand or among the cards q laid. */
static void check_sample_bound(const state *s, const oracle *o, int k,
			       const state *t)
{
	for (int q = 0; q < s->players; q++) {
		if (q == k)
			continue;
		CSET_FOREACH(c, o->bound[q]) {
			bool in_laid = false;
			CSET_FOREACH(x, o->laid[q])
				in_laid |= t->pile_of[c] && s->pile_of[x] ==
					   t->pile_of[c] && s->depth[x] == t->depth[c];
			ck_assert_msg(cset_has(t->hand[q], c) || in_laid,
				      "%s: a sample of seat %d's view moves card "
				      "%d away from seat %d, who was seen to take "
				      "it", s->g->name, k, c, q);
		}
	}
}

static void check_sample(const state *s, const oracle *o, int k,
			 const view *v, rng *r, bool playout)
{
	const char *name = s->g->name;
	state t;
	view_sample(v, r, &t);
	cardset all = cset_empty();
	CSET_FOREACH(c, s->in_play) {
		int real = locate(s, c), guess = locate(&t, c);
		cset_add(&all, c);
		if (!cset_has(v->unknown, c)) {
			ck_assert_msg(guess == real, "%s: a sample of seat %d's view "
				      "moves card %d, which the seat sees (%#x to "
				      "%#x)", name, k, c, real, guess);
			continue;
		}
		bool hidden_spot = (guess >= AT_HAND && guess < AT_HAND + SEAT_MAX &&
				    (guess != AT_HAND + k ||
				     !state_sees_hand(s, k))) ||
				   guess == AT_LEFTOVER;
		if (guess >= AT_PILE) {
			/* a position whose real card the seat does not see,
			 * face down if that card is */
			int p = (guess - AT_PILE) / 256, d = (guess - AT_PILE) % 256;
			CSET_FOREACH(x, v->unknown)
				if (s->pile_of[x] == p + 1 && s->depth[x] == d) {
					hidden_spot = true;
					ck_assert(cset_has(t.down, c) ==
						  cset_has(s->down, x));
				}
		}
		ck_assert_msg(hidden_spot, "%s: a sample of seat %d's view puts "
			      "card %d at %#x, where the seat would see it", name,
			      k, c, guess);
		if (guess < AT_HAND + SEAT_MAX && guess >= AT_HAND) {
			int q = guess - AT_HAND;
			int bit = cset_has(t.trumps, c) ? DECK_JOKER + 1
							: s->g->deck.suit_of[c];
			ck_assert_msg(!(s->void_suits[q] >> bit & 1), "%s: a sample "
				      "gives seat %d a card of a suit it showed it "
				      "lacks", name, q);
		}
	}
	for (int q = 0; q < s->players; q++) {
		ck_assert_int_eq(cset_count(t.hand[q]), cset_count(s->hand[q]));
		ck_assert(cset_subset(t.passing[q], t.hand[q]));
		ck_assert_int_eq(cset_count(t.passing[q]), cset_count(s->passing[q]));
	}
	for (int p = 0; p < s->g->npiles; p++)
		ck_assert_int_eq(t.pile_size[p], s->pile_size[p]);
	ck_assert_int_eq(cset_count(t.leftover), cset_count(s->leftover));
	ck_assert(cset_eq(all, s->in_play));
	/* the sample's own view lists the hidden positions as the view
	 * does: their order tells nothing of the cards lying there */
	view w;
	state_view(&t, k, &w);
	ck_assert_int_eq(w.hidden_slots, v->hidden_slots);
	for (int i = 0; i < v->hidden_slots; i++) {
		ck_assert_int_eq(w.slot_pile[i], v->slot_pile[i]);
		ck_assert_int_eq(w.slot_depth[i], v->slot_depth[i]);
	}
	check_sample_dealt(s, k, &t);
	check_sample_bound(s, o, k, &t);
	if (playout) {
		/* the rule file's checks hold in the sampled world too */
		state_random_playout(&t, r);
		ck_assert(t.current < 0);
		ck_assert_msg(t.failed_check == 0, "%s, deal %d: a playout of a "
			      "sample of seat %d's view fails check %d", name,
			      s->deal_no, k, t.failed_check);
	}
}

static void check_seats(const state *s, const oracle *o, rng *r,
			bool playout)
{
	for (int k = 0; k < s->players; k++) {
		view v;
		state_view(s, k, &v);
		ck_assert_int_eq(v.seat, k);
		check_view(s, o, k, &v);
		check_sample(s, o, k, &v, r, playout);
	}
}

/* Random deals of one file at one table, checked at every decision. */
static void play(const game *g, int players, uint64_t seed)
{
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, players, (int)(seed % players), NULL,
				  seed, why, sizeof why), "%s", why);
	s.checks = true;
	rng r, rs;
	rng_seed(&r, seed, 41);
	rng_seed(&rs, seed, 42);
	oracle o;
	for (int d = 0; d < DEALS && !state_over(&s); d++) {
		state_deal(&s);
		oracle_start(&o, &s);
		oracle_refresh(&o, &s);
		oracle_melds(&o, &s);
		int deal = s.deal_no;
		/* samples are played out now and then: a solitaire's
		 * playouts are long */
		int step;
		for (step = 0; s.current >= 0 && s.deal_no == deal &&
			       step < STEPS_MAX; step++) {
			check_seats(&s, &o, &rs, step % 16 == 0);
			action list[ACTIONS_MAX];
			int n = state_legal(&s, list);
			ck_assert_int_gt(n, 0);
			state before = s;
			action a = list[rng_below(&r, (uint32_t)n)];
			ck_assert(state_apply(&s, a));
			oracle_move(&o, &before, &a, &s);
		}
		if (step == STEPS_MAX)
			return;         /* a solitaire wandering at random */
	}
}

/* Every rule file of a directory, at its smallest, usual and largest
 * tables. */
static void play_dir(const char *dir_path)
{
	DIR *dir = opendir(dir_path);
	ck_assert_msg(dir != NULL, "cannot open %s", dir_path);
	struct dirent *e;
	int files = 0;
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof path, "%s/%s", dir_path, e->d_name);
		game *g = scn_load(path);
		int counts[] = {g->min_players, g->default_players, g->max_players};
		for (int i = 0; i < 3; i++)
			if (i == 0 || counts[i] != counts[i - 1])
				play(g, counts[i], (uint64_t)(100 * files + i + 1));
		game_free(g);
		files++;
	}
	closedir(dir);
	ck_assert_int_gt(files, 0);
}

START_TEST(test_shipped_games)
{
	play_dir(TOP_SRCDIR "/games");
}
END_TEST

START_TEST(test_phase_kinds)
{
	play_dir(TESTS_DIR "/data/games");
}
END_TEST

/* Blind nil: a seat that chooses before looking at its cards sees none
 * of them, nor what it was dealt, until it has chosen, and a sample of
 * its view deals its hand at random; once it has chosen it sees them
 * all, while a partner still to choose blind sees none of its own. */
static void check_unseen(const state *s, int seat, bool looked)
{
	view v;
	state_view(s, seat, &v);
	cardset mine = s->hand[seat];
	ck_assert_int_eq(cset_count(mine), 13);
	if (looked) {
		ck_assert(cset_eq(v.s.hand[seat], mine));
		ck_assert(!cset_meets(v.unknown, mine));
		return;
	}
	ck_assert(cset_is_empty(v.s.hand[seat]));
	ck_assert(cset_subset(mine, v.unknown));
	ck_assert(!cset_meets(v.s.dealt[seat], mine));
	ck_assert_int_eq(v.hidden[seat], 13);
	rng r;
	rng_seed(&r, 7, 1);
	int same = 0;
	for (int i = 0; i < 8; i++) {
		state t;
		view_sample(&v, &r, &t);
		ck_assert_int_eq(cset_count(t.hand[seat]), 13);
		same += cset_eq(t.hand[seat], mine);
	}
	ck_assert_int_lt(same, 8);
}

START_TEST(test_blind_choice)
{
	game *g = scn_load(TOP_SRCDIR "/games/spades-blind-nil-unseen.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 4, 0, NULL, 11, why, sizeof why),
		      "%s", why);
	rng r;
	rng_seed(&r, 11, 3);
	/* random deals until a side is 100 behind: its players choose */
	for (int d = 0; d < 40 && state_phase_kind(&s) != PHASE_CHOOSE; d++) {
		if (d)
			state_random_playout(&s, &r);
		state_deal(&s);
	}
	ck_assert_int_eq(state_phase_kind(&s), PHASE_CHOOSE);
	int first = s.current, partner = (first + 2) % 4;
	ck_assert(!state_sees_hand(&s, first) && !state_sees_hand(&s, partner));
	ck_assert(state_sees_hand(&s, (first + 1) % 4));
	check_unseen(&s, first, false);
	check_unseen(&s, partner, false);
	check_unseen(&s, (first + 1) % 4, true);
	ck_assert(state_apply(&s, action_of(ACT_CHOICE, 0)));     /* look */
	check_unseen(&s, first, true);
	ck_assert_int_eq(s.current, partner);
	check_unseen(&s, partner, false);
	ck_assert(state_apply(&s, action_of(ACT_CHOICE, 1)));     /* blind */
	check_unseen(&s, partner, true);
	ck_assert_int_ne(state_phase_kind(&s), PHASE_CHOOSE);
	game_free(g);
}
END_TEST

/* Bridge's dummy: North (0) declares 1 S, East (1) leads; South's hand
 * is hidden from all but South until the lead, then seen by all; North
 * decides for it, with North's view, which holds South's cards and not
 * East's or West's; South never sees North's hand. */
START_TEST(test_dummy)
{
	game *g = scn_load(TOP_SRCDIR "/games/bridge.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 4, 0, NULL, 7, why, sizeof why), "%s",
		      why);
	state_deal(&s);
	scn_say(&s, "call 1 S");
	for (int i = 0; i < 3; i++)
		scn_say(&s, "call pass");
	ck_assert_int_eq(s.declarer, 0);
	ck_assert_int_eq(state_current(&s), 1);
	ck_assert_int_eq(state_decider(&s), 1);
	cardset south = s.hand[2];
	view v;
	for (int k = 0; k < 4; k++) {
		state_view(&s, k, &v);
		ck_assert(k == 2 ? cset_eq(v.s.hand[2], south)
			  : cset_is_empty(v.s.hand[2]));
	}
	action list[ACTIONS_MAX];
	ck_assert(state_legal(&s, list) > 0);
	ck_assert(state_apply(&s, list[0]));        /* the opening lead */
	ck_assert_int_eq(state_current(&s), 2);
	ck_assert_int_eq(state_decider(&s), 0);
	for (int k = 0; k < 4; k++) {
		state_view(&s, k, &v);
		ck_assert(cset_eq(v.s.hand[2], south));
		for (int q = 0; q < 4; q++)
			ck_assert(q == k || q == 2 ||
				  cset_is_empty(v.s.hand[q]));
	}
	/* North's view decides South's card: the legal cards are South's */
	state_view(&s, state_decider(&s), &v);
	action mine[ACTIONS_MAX];
	int n = state_legal(&v.s, mine), m = state_legal(&s, list);
	ck_assert_int_eq(n, m);
	for (int i = 0; i < n; i++)
		ck_assert(cset_has(south, mine[i].card[0]));
	game_free(g);
}
END_TEST

/* Skat's Ouvert: middlehand (2) wins the bidding at 18 and announces a
 * Grand Hand Ouvert; its hand lies open for all from the start of play,
 * samples keep it there, and the skat, played Hand, stays hidden from
 * everyone, the declarer too. */
START_TEST(test_open_hand)
{
	game *g = scn_load(TOP_SRCDIR "/games/skat.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 3, 0, NULL, 5, why, sizeof why), "%s",
		      why);
	state_deal(&s);
	const char *const say[] = {"call 18", "call pass", "call pass",
				   "choose hand", "choose grand"};
	for (size_t i = 0; i < sizeof say / sizeof *say; i++)
		scn_say(&s, say[i]);
	cardset soloist = s.hand[2], skat = cset_minus(s.in_play, cset_or(
		cset_or(s.hand[0], s.hand[1]), s.hand[2]));
	view v;
	state_view(&s, 0, &v);
	ck_assert(cset_is_empty(v.s.hand[2]));      /* not open yet */
	scn_say(&s, "choose ouvert");
	ck_assert_int_eq(state_phase_kind(&s), PHASE_TRICKS);
	rng r;
	rng_seed(&r, 5, 1);
	for (int k = 0; k < 3; k++) {
		state_view(&s, k, &v);
		ck_assert(cset_eq(v.s.hand[2], soloist));
		ck_assert(cset_subset(skat, v.unknown));
		for (int q = 0; q < 3; q++)
			ck_assert(q == k || q == 2 || cset_is_empty(v.s.hand[q]));
		state t;
		view_sample(&v, &r, &t);
		ck_assert(cset_eq(t.hand[2], soloist));
	}
	game_free(g);
}
END_TEST

/* Doppelkopf's calls during play move no card: a call of Kontra shows
 * nothing, a call of Re in a normal game shows one queen of clubs in the
 * caller's hand, which every view then places and every sample keeps;
 * a queen of clubs played shows its first holder, and samples keep it
 * there. */
START_TEST(test_calls_show_no_card)
{
	game *g = scn_load(TOP_SRCDIR "/games/doppelkopf.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 4, 0, NULL, 7, why, sizeof why), "%s",
		      why);
	state_deal(&s);
	for (int k = 0; k < 4; k++)
		scn_say(&s, "healthy");
	int caller = s.current;
	state before = s;
	cardset queens = g->deck.by_face[g->deck.face[scn_card(g, "QC#1")]];
	bool re = cset_meets(s.hand[caller], queens);
	scn_say(&s, re ? "re" : "kontra");
	ck_assert_int_eq(s.current, caller);
	ck_assert(memcmp(s.counter, before.counter, sizeof s.counter) != 0);
	rng r;
	rng_seed(&r, 11, 0);
	for (int k = 0; k < 4; k++) {
		view v, w;
		state_view(&s, k, &v);
		state_view(&before, k, &w);
		for (int q = 0; q < 4; q++) {
			cardset more = cset_minus(v.s.hand[q], w.s.hand[q]);
			if (q == caller && k != caller && re)
				ck_assert(cset_count(more) == 1 &&
					  cset_subset(more, queens));
			else
				ck_assert(cset_is_empty(more));
			ck_assert(q == k || q == caller ||
				  cset_is_empty(v.s.hand[q]));
		}
		for (int i = 0; re && i < 10; i++) {
			state t;
			view_sample(&v, &r, &t);
			ck_assert(cset_meets(t.hand[caller], queens));
		}
	}
	/* the caller's queen, once played, is known to come from its hand */
	card_id qc = scn_card(g, "QC#1");
	int holder = cset_has(s.hand[0], qc) ? 0 : cset_has(s.hand[1], qc) ? 1
		: cset_has(s.hand[2], qc) ? 2 : 3;
	while (s.current != holder || !cset_has(state_legal_cards(&s), qc)) {
		action list[ACTIONS_MAX];
		int n = state_legal(&s, list);
		ck_assert(n > 0 && s.current >= 0);
		int i = 0;
		while (list[i].kind != ACT_CARD || list[i].card[0] == qc)
			i++;
		ck_assert(state_apply(&s, list[i]));
		if (s.current == holder && state_phase_kind(&s) == PHASE_TRICKS) {
			action mine[ACTIONS_MAX];
			int m = state_legal(&s, mine);
			bool can = false;
			for (int j = 0; j < m; j++)
				can |= mine[j].kind == ACT_CARD && mine[j].card[0] == qc;
			if (can)
				break;
		}
	}
	ck_assert(state_apply(&s, action_card(qc)));
	for (int k = 0; k < 4; k++) {
		view v;
		state_view(&s, k, &v);
		ck_assert(cset_has(v.s.dealt[holder], qc));
		for (int i = 0; i < 10; i++) {
			state t;
			view_sample(&v, &r, &t);
			ck_assert(cset_has(t.dealt[holder], qc));
			for (int q = 0; q < 4; q++)
				ck_assert(q == k ? cset_eq(t.hand[q], s.hand[q])
					  : cset_count(t.hand[q]) ==
					    cset_count(s.hand[q]));
		}
	}
	game_free(g);
}
END_TEST

/* Spider: the 44 cards dealt face down are in no view, a sample of the
 * view puts other cards there (never the tops, which all see), and the
 * cards dealt onto every pile from the stock are known at once; the 50
 * of the stock stay unknown until dealt. */
START_TEST(test_spider_face_down)
{
	game *g = scn_load(TOP_SRCDIR "/games/spider.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 1, 0, NULL, 5, why, sizeof why),
		      "%s", why);
	state_deal(&s);
	view v;
	state_view(&s, 0, &v);
	ck_assert_int_eq(cset_count(s.down), 44);
	ck_assert(cset_subset(s.down, v.unknown));
	ck_assert_int_eq(cset_count(v.unknown), 44 + 50);
	ck_assert(!cset_meets(v.unknown, s.seen));
	for (int c = 0; c < g->deck.ncards; c++)  /* no face-down card placed */
		if (cset_has(s.down, (card_id)c))
			ck_assert_int_eq(v.s.pile_of[c], 0);
	rng r;
	rng_seed(&r, 5, 1);
	int same = 0;
	for (int i = 0; i < 8; i++) {
		state t;
		view_sample(&v, &r, &t);
		/* the tops where they are; the hidden piles as tall */
		for (int c = 0; c < g->deck.ncards; c++)
			if (cset_has(s.seen, (card_id)c))
				ck_assert_int_eq(t.pile_of[c], s.pile_of[c]);
		for (int p = 0; p < g->npiles; p++)
			ck_assert_int_eq(t.pile_size[p], s.pile_size[p]);
		same += memcmp(t.pile_of, s.pile_of, sizeof s.pile_of) == 0;
	}
	ck_assert_int_lt(same, 8);
	/* deal onto every pile, when it is the only way on or by choice */
	action list[ACTIONS_MAX];
	int n = state_legal(&s, list), k = 0;
	char words[40];
	for (; k < n; k++) {
		state_action_words(&s, &list[k], 1, words, sizeof words);
		if (strcmp(words, "deal") == 0)
			break;
	}
	ck_assert_int_lt(k, n);
	ck_assert(state_apply(&s, list[k]));
	state_view(&s, 0, &v);
	ck_assert_int_eq(cset_count(v.unknown), 44 + 40);
	ck_assert(!cset_meets(v.unknown, s.seen));
	ck_assert_int_eq(cset_count(s.seen), 10 + 10);
	game_free(g);
}
END_TEST

/* Pyramid: the stock is unknown until turned, no move names a card of
 * it (a pair takes two cards all see), and a sample of the view offers
 * exactly the moves of the game, all the way through a game. */
START_TEST(test_pyramid_pairs_name_seen_cards)
{
	game *g = scn_load(TOP_SRCDIR "/games/pyramid.yaml");
	state s;
	char why[200];
	ck_assert_msg(state_setup(&s, g, 1, 0, NULL, 7, why, sizeof why),
		      "%s", why);
	state_deal(&s);
	rng r;
	rng_seed(&r, 7, 1);
	int stock = -1, pairs = 0;
	for (int k = 0; k < g->nplaces; k++)
		if (strcmp(g->place[k].name, "stock") == 0)
			stock = k;
	ck_assert_int_ge(stock, 0);
	for (int step = 0; step < 400 && s.current == 0; step++) {
		view v;
		state_view(&s, 0, &v);
		cardset in_stock = place_cards(&s, stock);
		ck_assert(cset_subset(v.unknown, in_stock));
		ck_assert(!cset_meets(v.unknown, s.seen));
		action list[ACTIONS_MAX], seen[ACTIONS_MAX];
		int n = state_legal(&s, list);
		for (int i = 0; i < n; i++)
			for (int k = 0; k < 2; k++)
				ck_assert(list[i].card[k] == CARD_NONE ||
					  !cset_has(v.unknown, list[i].card[k]));
		state t;
		view_sample(&v, &r, &t);
		ck_assert_int_eq(state_legal(&t, seen), n);
		ck_assert(memcmp(seen, list, sizeof *list * (size_t)n) == 0);
		int pick = (int)rng_below(&r, (uint32_t)n);
		pairs += list[pick].card[1] != CARD_NONE;
		ck_assert(state_apply(&s, list[pick]));
	}
	ck_assert_int_gt(pairs, 0);
	game_free(g);
}
END_TEST

static Suite *hidden_suite(void)
{
	Suite *s = suite_create("hidden");
	TCase *tc = tcase_create("views");
	tcase_add_unchecked_fixture(tc, NULL, scn_cleanup);
	tcase_add_test(tc, test_shipped_games);
	tcase_add_test(tc, test_phase_kinds);
	tcase_add_test(tc, test_blind_choice);
	tcase_add_test(tc, test_dummy);
	tcase_add_test(tc, test_open_hand);
	tcase_add_test(tc, test_calls_show_no_card);
	tcase_add_test(tc, test_spider_face_down);
	tcase_add_test(tc, test_pyramid_pairs_name_seen_cards);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(hidden_suite)

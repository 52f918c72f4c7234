/* ismcts.c — information-set Monte Carlo tree search (see ismcts.h). */
#include "front/ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/lookahead.h"
#include "util/alloc.h"

/* Exploration against exploitation, for worths in units of their spread. */
#define EXPLORE 0.7
/* Decisions followed down the tree in one iteration, at most. */
#define DEPTH_MAX 1024

typedef struct tnode {
	action a;                       /* what led here */
	int parent;                     /* -1: none */
	int kids, nkids, kids_cap;      /* its children: tree.kid[kids ..
					   kids + nkids), in action order */
	int next;                       /* where the descent goes on: this
					   node, or for an action the others
					   cannot see, the node shared by all
					   such actions of its parent */
	int8_t actor;                   /* the seat that took `a` */
} tnode;

/* A child as its parent lists it, with what choosing among the children
 * needs: they lie side by side, so that matching them against the legal
 * actions and weighing them reads memory in order. */
typedef struct kid {
	action a;
	uint64_t key;                   /* action_key(a) */
	uint32_t visits;                /* iterations through it */
	uint32_t avail;                 /* iterations where `a` was legal */
	double worth;                   /* the actor's deal worth, summed */
	double worth_sq;                /* and its squares */
	int node;
} kid;

typedef struct tree {
	tnode *node;
	int n, cap;
	kid *kid;                       /* the nodes' blocks of children */
	int nkid, kid_cap;
	bool full;                      /* no memory for more nodes */
	double sum, sumsq, count;       /* the worths seen, for scaling */
} tree;

double search_clock(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

double search_cpu_clock(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

search_start search_begin(void)
{
	return (search_start){search_clock(), search_cpu_clock()};
}

bool search_budget_spent(search_budget budget, int done, search_start start)
{
	if (budget.ms <= 0 && (done >= budget.playouts || budget.cap_ms <= 0))
		return done >= budget.playouts;
	if (done < 4 || done % 8)
		return false;
	if (budget.ms > 0)
		return (search_cpu_clock() - start.cpu) * 1000.0 >= budget.ms;
	return (search_clock() - start.wall) * 1000.0 >= budget.cap_ms;
}

/* Room for one more child of node p: a full block moves to the end of
 * the pool with twice the room.  False when memory runs out. */
static bool room_for_kid(tree *t, tnode *p)
{
	if (p->nkids < p->kids_cap)
		return true;
	int cap = p->kids_cap ? p->kids_cap * 2 : 4;
	if (t->nkid + cap > t->kid_cap) {
		int grown_cap = t->kid_cap ? t->kid_cap * 2 : 4096;
		while (grown_cap < t->nkid + cap)
			grown_cap *= 2;
		kid *grown = cr_realloc(t->kid, (size_t)grown_cap * sizeof *grown);
		if (!grown)
			return false;
		t->kid = grown;
		t->kid_cap = grown_cap;
	}
	memcpy(&t->kid[t->nkid], &t->kid[p->kids],
	       (size_t)p->nkids * sizeof *t->kid);
	p->kids = t->nkid;
	p->kids_cap = cap;
	t->nkid += cap;
	return true;
}

/* The order of action_compare as one number, for the inner loop that
 * matches children and legal actions (kinds and flags are below 16). */
static uint64_t action_key(const action *a)
{
	return (uint64_t)a->kind << 60 | (uint64_t)a->flags << 56 |
	       (uint64_t)a->card[0] << 48 | (uint64_t)a->card[1] << 40 |
	       (uint64_t)(uint16_t)(a->number + 32768) << 24 |
	       (uint64_t)a->denom << 16 | (uint64_t)a->from << 8 | a->to;
}

/* Lists node i among its parent's children, in the order of
 * action_compare, so that they are matched against a sorted list of
 * legal actions in one pass. */
static bool list_kid(tree *t, int parent, int i)
{
	tnode *p = &t->node[parent];
	if (!room_for_kid(t, p))
		return false;
	kid *block = &t->kid[p->kids];
	uint64_t key = action_key(&t->node[i].a);
	int at = p->nkids;
	while (at > 0 && block[at - 1].key > key)
		at--;
	memmove(&block[at + 1], &block[at],
		(size_t)(p->nkids - at) * sizeof *block);
	block[at] = (kid){.a = t->node[i].a, .key = key, .node = i};
	p->nkids++;
	return true;
}

static int add_node(tree *t, int parent, action a, int actor)
{
	if (t->n == t->cap) {
		int cap = t->cap ? t->cap * 2 : 1024;
		tnode *grown = cr_realloc(t->node, (size_t)cap * sizeof *grown);
		if (!grown) {
			t->full = true;
			return -1;
		}
		t->node = grown;
		t->cap = cap;
	}
	int i = t->n;
	tnode *x = &t->node[i];
	x->a = a;
	x->parent = parent;
	x->kids = x->nkids = x->kids_cap = 0;
	x->next = i;
	x->actor = (int8_t)actor;
	if (parent >= 0 && !list_kid(t, parent, i)) {
		t->full = true;
		return -1;
	}
	t->n++;
	return i;
}

/* One over the spread of the worths seen: means are measured in it, as
 * deals vary far more than the choices that tell them apart. */
static double inverse_spread(const tree *t)
{
	if (t->count < 2)
		return 0;
	double mean = t->sum / t->count;
	double var = t->sumsq / t->count - mean * mean;
	return var > 0 ? 1 / sqrt(var) : 0;
}

/* The entry of node c in its parent's children (c is not the root). */
static kid *kid_of(tree *t, int c)
{
	const tnode *p = &t->node[t->node[c].parent];
	kid *block = &t->kid[p->kids];
	int i = 0;
	while (block[i].node != c)
		i++;
	return &block[i];
}

/* UCB1 with the number of times the child could have been chosen. */
static double bound(const kid *x, double inv_spread)
{
	return x->worth / x->visits * inv_spread +
	       EXPLORE * sqrt(log((double)x->avail) / (double)x->visits);
}

/* Plays the deal on from s to its score; `line` as lookahead.h's. */
static void play_out(state *s, const thumb_style *style,
		     lookahead_line *line, rng *r)
{
	if (style)
		lookahead_play_deal(s, style, line, r);
	else
		state_random_playout(s, r);
}

/* The actions legal at a node of one sampled deal: the set of legal
 * cards where the phase decides with single cards (nothing to list or
 * search), else the sorted list with the actions' keys. */
typedef struct legal_here {
	cardset cards;                  /* used when n == 0 */
	const action *list;
	const uint64_t *keys;
	int n;
} legal_here;

/* The keys of list[0..n) into keys. */
static void key_all(const action *list, int n, uint64_t *keys)
{
	for (int i = 0; i < n; i++)
		keys[i] = action_key(&list[i]);
}

/* An auction with more calls than this is searched over its candidate
 * calls alone (lookahead_candidates): tens of bids share too few
 * iterations, and the one that looks best is the luckiest, most often a
 * bid too high. */
#define CALLS_WIDE 16

/* The calls moves[0..n) narrowed to their candidates where they are
 * many; how many are left. */
static int narrow_calls(action *moves, int n)
{
	if (n <= CALLS_WIDE || !lookahead_is_call(moves, n))
		return n;
	action all[ACTIONS_MAX];
	memcpy(all, moves, (size_t)n * sizeof *moves);
	return lookahead_candidates(all, n, NULL, moves);
}

/* The legal actions of the seat to move in s, wide auctions narrowed;
 * list and keys have room for ACTIONS_MAX.  None at all: cards and n
 * both empty. */
static legal_here legal_at(const state *s, action *list, uint64_t *keys)
{
	legal_here h = {state_legal_cards(s), list, keys, 0};
	if (cset_is_empty(h.cards)) {
		h.n = narrow_calls(list, state_legal(s, list));
		key_all(list, h.n, keys);
	}
	return h;
}

static bool legal_is_empty(const legal_here *h)
{
	return h->n == 0 && cset_is_empty(h->cards);
}

/* The untried actions of a node as its children are met in order: the
 * cards not yet met, or a mark per listed action and the place in the
 * list the children have reached. */
typedef struct untried {
	cardset cards;
	uint64_t met[(ACTIONS_MAX + 63) / 64];
	int left;
	int next;
} untried;

static untried untried_start(const legal_here *h)
{
	untried u = {.cards = h->cards};
	u.left = h->n ? h->n : cset_count(h->cards);
	return u;
}

/* Whether a child's action is legal here; it is then met. */
static bool meet(untried *u, const legal_here *h, const kid *x)
{
	if (h->n == 0) {
		if (x->a.kind != ACT_CARD || !cset_has(u->cards, x->a.card[0]))
			return false;
		cset_del(&u->cards, x->a.card[0]);
	} else {
		int i = u->next;
		while (i < h->n && h->keys[i] < x->key)
			i++;
		u->next = i;
		if (i == h->n || h->keys[i] != x->key)
			return false;
		u->met[i / 64] |= UINT64_C(1) << (i % 64);
	}
	u->left--;
	return true;
}

/* A random action among those not met (some are left). */
static action random_untried(const untried *u, const legal_here *h, rng *r)
{
	int k = (int)rng_below(r, (uint32_t)u->left);
	if (h->n == 0)
		return action_card(cset_nth(u->cards, k));
	for (int i = 0;; i++)
		if (!(u->met[i / 64] >> (i % 64) & 1) && k-- == 0)
			return h->list[i];
}

/* The child of `at` to follow among the legal actions, or a new one for
 * an untried action; -1 when the tree cannot grow. */
static int select_child(tree *t, int at, const state *s, const legal_here *h,
			rng *r)
{
	untried u = untried_start(h);
	int best = -1;
	double best_bound = 0, inv_spread = inverse_spread(t);
	/* a node with no child yet may come before any child was stored */
	kid *block = t->node[at].nkids ? &t->kid[t->node[at].kids] : NULL;
	for (int i = 0; i < t->node[at].nkids; i++) {
		kid *x = &block[i];
		if (!meet(&u, h, x))
			continue;
		x->avail++;
		double b = bound(x, inv_spread);
		if (best < 0 || b > best_bound) {
			best = x->node;
			best_bound = b;
		}
	}
	if (u.left == 0 || t->full)
		return best;
	int c = add_node(t, at, random_untried(&u, h, r), s->current);
	if (c >= 0)
		kid_of(t, c)->avail = 1;
	return c >= 0 ? c : best;
}

/* The child of `at` for action a, added when new; -1 when the tree
 * cannot grow. */
static int child_for(tree *t, int at, action a, int actor)
{
	uint64_t key = action_key(&a);
	const tnode *p = &t->node[at];
	for (int i = 0; i < p->nkids; i++) {
		kid *x = &t->kid[p->kids + i];
		if (x->key == key) {
			x->avail++;
			return x->node;
		}
	}
	int c = add_node(t, at, a, actor);
	if (c >= 0)
		kid_of(t, c)->avail = 1;
	return c;
}

/* Another seat's call (a bid, a double, a declaration) as that seat
 * would make it from its hand in this deal (lookahead.h), not by the
 * bounds of a tree whose nodes are shared by every deal sampled: those
 * would choose alike whatever the seat holds, and raise or double at
 * random rather than when its cards say so.  -1: not such a call. */
static int modelled_call(tree *t, int at, const state *s, const view *v,
			 const legal_here *h, const thumb_style *style,
			 lookahead_line *line, rng *r)
{
	if (!style || s->current == v->seat || h->n < 2 ||
	    !lookahead_is_call(h->list, h->n))
		return -1;
	action a = lookahead_call(s, style, h->list, h->n, line, r);
	return child_for(t, at, a, s->current);
}

/* Whether the other seats cannot see which action a was, taken by
 * `actor` to reach s: cards laid face down, passed or voted, that the
 * next seat cannot place.  A card now among those played to the deal's
 * tricks lies face up: no view is needed to know it is seen. */
static bool unseen_by_others(const state *s, const action *a, int actor)
{
	if ((a->kind != ACT_CARD && a->kind != ACT_CARDS) ||
	    (a->kind == ACT_CARD && cset_has(s->played, a->card[0])))
		return false;
	static _Thread_local view other;       /* big; one per job */
	state_view(s, state_seat_plus(s, actor, 1), &other);
	for (int k = 0; k < (a->kind == ACT_CARDS ? 2 : 1); k++)
		if (!cset_has(other.unknown, a->card[k]))
			return false;
	return true;
}

/* The node that goes on after the unseen actions of `parent`, shared by
 * them all (an action of no kind, never legal); -1 when the tree cannot
 * grow. */
static int unseen_continuation(tree *t, int parent)
{
	const tnode *p = &t->node[parent];
	if (p->nkids > 0 && t->kid[p->kids].a.kind == ACT_NONE)
		return t->kid[p->kids].node;    /* the first in order */
	return add_node(t, parent, action_of(ACT_NONE, 0), -1);
}

/* A new node, its action just taken to reach s: where an action the others cannot see leads, the others decide the
 * same whichever it was (else their nodes would learn the hidden cards:
 * opponents matching face-down ribs they cannot see). */
static void place_new(tree *t, int c, const state *s)
{
	tnode *x = &t->node[c];
	if (!unseen_by_others(s, &x->a, x->actor))
		return;
	int parent = x->parent;
	int shared = unseen_continuation(t, parent);
	if (shared >= 0)
		t->node[c].next = shared;
}

/* Deals drawn for one iteration, at most, in search of one where the
 * other seat's standing contract looks sound to its declarer. */
#define SOUND_TRIES 4

/* Whether the seat in v, deciding whether to double another seat's
 * contract (a double or a named choice such as Kontra among its calls),
 * should read that contract as a sign of its declarer's hand: its
 * declarer chose it, so deals in which it fails at once are unlikely.
 * (A mere raise reads nothing: in Ribs the declarer is the last round's
 * leader, whose hand the rounds since have told little of.) */
static bool reads_contract(const view *v, const action *moves, int n,
			   const thumb_style *style)
{
	if (!style || v->s.declarer < 0 || v->s.declarer == v->seat ||
	    !lookahead_is_call(moves, n))
		return false;
	for (int i = 0; i < n; i++)
		if (moves[i].kind == ACT_DOUBLE || moves[i].kind == ACT_REDOUBLE ||
		    moves[i].kind == ACT_CHOICE)
			return true;
	return false;
}

/* A deal of the unseen cards for one iteration.  When the contract is
 * read, a deal in which the declarer's side loses, played on by the rules
 * of thumb alone with no more calls, is drawn again (a few times at most):
 * else a random hand stands for the declarer's, and every contract
 * looks doomed to the seat deciding whether to double it. */
static void sample_deal(const view *v, bool read, const thumb_style *style,
			rng *r, state *s)
{
	for (int i = 0; i < SOUND_TRIES; i++) {
		view_sample(v, r, s);
		if (!read)
			return;
		state t = *s;
		thumb_play_deal(&t, style, MIX_THUMB, r);
		if (!t.fault && state_deal_worth(&t, s->declarer) >= 0)
			return;
	}
}

/* One iteration: a sampled deal, down the tree, a playout, the worths
 * credited along the path. */
static void iterate(tree *t, const view *v, const legal_here *root,
		    bool read, const thumb_style *style, rng *r)
{
	state s;
	sample_deal(v, read, style, r, &s);
	int deal = s.deal_no;
	int path[DEPTH_MAX], depth = 0, at = 0;
	action moves[ACTIONS_MAX];
	uint64_t keys[ACTIONS_MAX];
	bool grew = false;
	lookahead_line line = {.known = false};    /* of the calls modelled */
	while (!grew && depth < DEPTH_MAX && s.current >= 0 &&
	       s.deal_no == deal) {
		legal_here h = at == 0 ? *root : legal_at(&s, moves, keys);
		if (legal_is_empty(&h))
			break;
		int before = t->n;
		int c = modelled_call(t, at, &s, v, &h, style, &line, r);
		if (c < 0) {
			line.known = false;
			c = select_child(t, at, &s, &h, r);
		}
		if (c < 0)
			break;
		grew = t->n > before;
		state_apply_listed(&s, t->node[c].a);
		if (grew)
			place_new(t, c, &s);
		path[depth++] = c;
		at = t->node[c].next;
	}
	if (s.current >= 0 && s.deal_no == deal)
		play_out(&s, style, &line, r);
	double worth[SEAT_MAX];
	for (int p = 0; p < s.players; p++) {
		worth[p] = s.fault ? 0 : state_deal_worth(&s, p);
		t->sum += worth[p];
		t->sumsq += worth[p] * worth[p];
		t->count++;
	}
	for (int i = 0; i < depth; i++) {
		kid *x = kid_of(t, path[i]);
		x->visits++;
		double w = worth[t->node[path[i]].actor];
		x->worth += w;
		x->worth_sq += w * w;
	}
}

/* The root's action tried most often; among equals the better mean. */
/* A call the rules of thumb would not make must look better than theirs
 * by this many standard errors of the difference: with tens of samples
 * a call, the one that looks best is often the luckiest, and a bid or a
 * double that is no better than a pass costs when it fails. */
#define CALL_MARGIN 1.0
/* A call for the seat's own side's contract (a bid, a declaration, a
 * redouble) must look better by this part of the spread of their worths
 * besides, however many the samples: the playouts play the cards by the
 * rules of thumb, whose defence lets a contract or a solo through more
 * often than a defence that searches does, so that such a call looks
 * better than it is by an amount that more samples do not shrink
 * (docs/experiments.md).  A call against the other side's contract (a
 * double, a Kontra) is not held back so: the same error runs its way. */
#define CALL_SPREAD_MARGIN 0.3

/* The root's child for action a; NULL: none. */
static const kid *root_kid(const tree *t, const action *a)
{
	const kid *block = &t->kid[t->node[0].kids];
	for (int i = 0; i < t->node[0].nkids; i++)
		if (action_eq(&block[i].a, a))
			return &block[i];
	return NULL;
}

/* The mean worth of a child and its variance over the iterations. */
static double mean_of(const kid *x)
{
	return x->worth / x->visits;
}

static double variance_of(const kid *x)
{
	double m = mean_of(x), v = x->worth_sq / x->visits - m * m;
	return v > 0 ? v : 0;
}

/* Whether call a of the seat in v is against another side's contract:
 * a double, or a named choice (a Kontra) where the other side has
 * declared. */
static bool against_contract(const view *v, const action *a)
{
	return a->kind == ACT_DOUBLE ||
	       (a->kind == ACT_CHOICE &&
		thumb_role_of(&v->s, v->seat) == ROLE_DEFENDING);
}

/* The call chosen, or the rules of thumb's call (a pass, no double, no
 * declaration) when the chosen one is not better by CALL_MARGIN standard
 * errors, and for its own side's contract by CALL_SPREAD_MARGIN of the
 * spread besides. */
static action with_margin(const tree *t, const view *v, action chosen,
			  action plain)
{
	const kid *c = root_kid(t, &chosen), *p = root_kid(t, &plain);
	if (!c || !p || c == p || c->visits < 2 || p->visits < 2)
		return chosen;
	double se = sqrt(variance_of(c) / c->visits +
			 variance_of(p) / p->visits);
	double margin = CALL_MARGIN * se;
	if (!against_contract(v, &chosen))
		margin += CALL_SPREAD_MARGIN *
			  sqrt((variance_of(c) + variance_of(p)) / 2);
	return mean_of(c) - mean_of(p) >= margin ? chosen : plain;
}

static action most_tried(const tree *t, action fallback)
{
	const kid *block = &t->kid[t->node[0].kids], *best = NULL;
	for (int i = 0; i < t->node[0].nkids; i++) {
		const kid *x = &block[i];
		if (x->a.kind == ACT_NONE || x->visits == 0)
			continue;       /* the continuation of unseen actions */
		if (!best || x->visits > best->visits ||
		    (x->visits == best->visits &&
		     x->worth / x->visits > best->worth / best->visits))
			best = x;
	}
	return best ? best->a : fallback;
}

action ismcts_choose(const view *v, const action *moves, int n,
		     search_budget budget, const thumb_style *style, rng *r)
{
	tree t = {0};
	if (add_node(&t, -1, action_of(ACT_NONE, 0), v->seat) < 0)
		return moves[0];
	/* the decision itself: its own moves */
	action own[ACTIONS_MAX];
	uint64_t keys[ACTIONS_MAX];
	memcpy(own, moves, (size_t)n * sizeof *moves);
	n = narrow_calls(own, n);
	key_all(own, n, keys);
	legal_here root = {cset_empty(), own, keys, n};
	bool read = reads_contract(v, moves, n, style);
	search_start start = search_begin();
	for (int done = 0; !search_budget_spent(budget, done, start); done++)
		iterate(&t, v, &root, read, style, r);
	action a = most_tried(&t, moves[0]);
	if (style && lookahead_is_call(own, n))
		a = with_margin(&t, v, a, thumb_choose(&v->s, style, own, n));
	free(t.node);
	free(t.kid);
	return a;
}

/*
 * layout_memo.c — a move's conditions, remembered.
 *
 * Listing a layout's moves tries every candidate against every pile it
 * may go to, and one move changes few piles: the next listing asks the
 * same questions again.  When a move's `when`, `prefer` and `best` read
 * nothing but the move's variables (card, target, pile, ...), their
 * results are a function of those values, kept here in a table of each
 * thread, keyed by the values the conditions read.  A kept result is the
 * one evaluating would give, so the moves listed stay the same.
 *
 * A level up, the candidates of a move from one pile onto another are
 * kept by hashes of the two piles (64 bits each, both must match): a
 * listing then tries only the pairs whose piles changed.  A run in
 * sequence judged by its sieve alone keeps its whole listing (Spider's
 * runs in suit): the next finds again only the candidates of the
 * sources that changed and of the targets whose board entries did.  A
 * source pile that gave a run move nothing gives it nothing again
 * while it and the move's targets are as they were.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/layout.h"
#include "util/alloc.h"

#define MEMO_SIZE 2048                  /* entries, a power of two */

/* A key: the layout, the move and the values its conditions read, in
 * words (three cards and three sets at most). */
#define KEY_WORDS (1 + 3 + 3 * CSET_WORDS)

typedef struct memo_entry {
	uint64_t key[KEY_WORDS];        /* key[0] == 0: empty */
	int64_t best;
	int32_t tier;
	bool ok;
} memo_entry;

/* The candidates of a pair of piles, kept (below). */
#define PAIR_SIZE 16384                 /* entries, a power of two */

/* The last candidates of each move and pair of piles, in a slot of
 * their own: one listing finds most of the next one's there, in a few
 * neighbouring lines of memory, before it looks in `pairs`. */
#define RECENT_SIZE (MOVES_MAX * PILES_MAX * PILES_MAX)

/* The tables of a thread, made when the thread first lists a layout's
 * moves (a trick game's threads never do) and freed when it ends; none
 * when memory runs out, and then nothing is kept. */
typedef struct memo_tables {
	memo_entry table[MEMO_SIZE];
	pair_entry pairs[PAIR_SIZE];
	pair_entry recent[RECENT_SIZE];
	sieve_entry sieve[MOVES_MAX][1 << SIEVE_KEPT_BITS];
	sieve_board board[MOVES_MAX];
	run_entry run[MOVES_MAX][PILES_MAX];
	listing_kept listing[MOVES_MAX];
	barren_entry barren[MOVES_MAX][PILES_MAX];
} memo_tables;

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static pthread_key_t tables_key;
static _Thread_local memo_tables *thread_tables;

static void make_tables_key(void)
{
	pthread_key_create(&tables_key, free);
}

static memo_tables *make_tables(void)
{
	pthread_once(&tables_once, make_tables_key);
	thread_tables = cr_calloc(1, sizeof *thread_tables);
	if (thread_tables)
		pthread_setspecific(tables_key, thread_tables);
	return thread_tables;
}

/* Inline: every pair of piles of every listing asks for them. */
static inline memo_tables *tables(void)
{
	return thread_tables ? thread_tables : make_tables();
}

/* Layouts are numbered as they are built, so that a game freed and
 * another built at its address do not share results. */
static uint32_t next_id;

/* Whether move m's conditions read only the move's variables, and
 * which of them. */
static uint8_t plan_move(const layout_phase *l, const move_def *m)
{
	const int slot[] = {l->v_card, l->v_target, l->v_beside,
			    l->v_pile, l->v_moving, l->v_source};
	const expr *e[MOVE_CONDITIONS_MAX];
	int ne = layout_move_conditions(m, e);
	uint8_t reads = MEMO_ON;
	for (int i = 0; i < ne; i++) {
		if (!e[i])
			continue;
		if (!expr_reads_only(e[i], slot, 6))
			return 0;
		for (int k = 0; k < 6; k++)
			if (expr_reads_slot(e[i], slot[k]))
				reads |= (uint8_t)(1u << k);
	}
	return reads;
}

/* The piles move m takes cards from. */
static int sources_of(const game *g, const move_def *m)
{
	int n = 0;
	for (int k = 0; k < g->nplaces; k++)
		if (m->from >> k & 1)
			n += g->place[k].npiles;
	return n;
}

void layout_memo_plan(const game *g, layout_phase *l)
{
	l->memo_id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
	if (l->memo_id == 0)            /* after 2^32 layouts: none kept */
		return;
	/* a move from one pile alone (a waste, a card drawn) meets a new
	 * card at nearly every move: keeping its results costs more than
	 * it saves (measured on Gridcannon) */
	for (int i = 0; i < l->nmoves; i++)
		if (sources_of(g, &l->move[i]) > 1 && !l->move[i].pair)
			l->move[i].memo = plan_move(l, &l->move[i]);
	/* a source that gave nothing gives nothing while it and the
	 * targets are as they were, where the conditions read nothing else
	 * and no tier of `prefer` is cut by the sources before it; kept
	 * for runs, each start of which is tried (Spider's suits going
	 * off): a top card costs less to try than to look up */
	for (int i = 0; i < l->nmoves; i++) {
		move_def *m = &l->move[i];
		m->keeps_barren = m->memo && m->group == GROUP_RUN &&
				  !m->nprefer && !m->pay && !m->has_count;
	}
}

static inline uint64_t *put_set(uint64_t *k, const cardset *cs)
{
	memcpy(k, cs->w, sizeof cs->w);
	return k + CSET_WORDS;
}

/* The key of move `move` over the frame's slots, the words it reads
 * one after another, the rest zero; its hash.  Written out rather than
 * looped over: every condition of every listing asks for one. */
static uint64_t key_of(const layout_phase *l, int move, const value *slot,
		       uint64_t *key)
{
	uint8_t reads = l->move[move].memo;     /* bits as plan_move sets
						   them, slot by slot */
	memset(key, 0, sizeof(uint64_t) * KEY_WORDS);
	uint64_t *k = key;
	*k++ = (uint64_t)l->memo_id << 16 | (uint64_t)move;
	if (reads & 0x01)
		*k++ = (uint64_t)slot[l->v_card].i;
	if (reads & 0x02)
		*k++ = (uint64_t)slot[l->v_target].i;
	if (reads & 0x04)
		*k++ = (uint64_t)slot[l->v_beside].i;
	if (reads & 0x08)
		k = put_set(k, &slot[l->v_pile].s);
	if (reads & 0x10)
		k = put_set(k, &slot[l->v_moving].s);
	if (reads & 0x20)
		k = put_set(k, &slot[l->v_source].s);
	uint64_t h = 0;
	for (const uint64_t *w = key; w < k; w++)
		h = (h ^ *w) * UINT64_C(0x9e3779b97f4a7c15);
	return h ^ h >> 29;
}

static memo_entry *entry_of(uint64_t hash)
{
	memo_tables *t = tables();
	return t ? &t->table[hash & (MEMO_SIZE - 1)] : NULL;
}

bool layout_memo_find(const layout_phase *l, int move, const value *slot,
		      memo_result *out)
{
	uint64_t key[KEY_WORDS];
	const memo_entry *e = entry_of(key_of(l, move, slot, key));
	if (!e)
		return false;
	uint64_t differ = 0;
	for (int i = 0; i < KEY_WORDS; i++)
		differ |= e->key[i] ^ key[i];
	if (differ)
		return false;
	out->ok = e->ok;
	out->tier = e->tier;
	out->best = e->best;
	return true;
}

void layout_memo_keep(const layout_phase *l, int move, const value *slot,
		      const memo_result *r)
{
	uint64_t key[KEY_WORDS];
	memo_entry *e = entry_of(key_of(l, move, slot, key));
	if (!e)
		return;
	memcpy(e->key, key, sizeof key);
	e->ok = r->ok;
	e->tier = r->tier;
	e->best = r->best;
}

/* ---- the candidates of a pair of piles ---- */

static pair_entry *pair_entry_of(const pair_key *k)
{
	memo_tables *t = tables();
	if (!t)
		return NULL;
	uint64_t h = (k->source ^ (uint64_t)k->move << 40 ^
		      (uint64_t)k->from << 48 ^ (uint64_t)k->to << 56) *
		     UINT64_C(0x9e3779b97f4a7c15);
	h ^= k->target + (uint64_t)k->id;
	h *= UINT64_C(0xff51afd7ed558ccd);
	return &t->pairs[(h >> 32) & (PAIR_SIZE - 1)];
}

/* The hashes first: they differ most often. */
static inline bool same_pair(const pair_key *a, const pair_key *b)
{
	return a->source == b->source && a->target == b->target &&
	       a->id == b->id && a->move == b->move && a->from == b->from &&
	       a->to == b->to;
}

static pair_entry *recent_of(const pair_key *k)
{
	memo_tables *t = tables();
	return t ? &t->recent[(k->move * PILES_MAX + k->from) * PILES_MAX +
			      k->to] : NULL;
}

static int copy_out(const pair_entry *e, layout_candidate *out, int room)
{
	int n = e->n < room ? e->n : room;
	for (int i = 0; i < n; i++)     /* mostly none or one */
		out[i] = e->cand[i];
	return n;
}

const pair_entry *layout_memo_recent_row(int move, int from)
{
	memo_tables *t = tables();
	return t ? &t->recent[(move * PILES_MAX + from) * PILES_MAX] : NULL;
}

int layout_memo_pair(const pair_key *key, layout_candidate *out, int room)
{
	if (key->id == 0)
		return -1;
	pair_entry *r = recent_of(key);
	if (r && same_pair(&r->key, key))
		return copy_out(r, out, room);
	const pair_entry *e = pair_entry_of(key);
	if (!e || !same_pair(&e->key, key))
		return -1;
	*r = *e;
	return copy_out(e, out, room);
}

static void keep_in(pair_entry *e, const pair_key *key,
		    const layout_candidate *c, int n)
{
	e->key = *key;
	e->n = n;
	memcpy(e->cand, c, sizeof *c * (size_t)n);
}

void layout_memo_keep_pair(const pair_key *key, const layout_candidate *c,
			   int n)
{
	if (key->id == 0 || n > PAIR_KEPT)
		return;
	pair_entry *e = pair_entry_of(key);
	if (!e)
		return;
	keep_in(e, key, c, n);
	keep_in(recent_of(key), key, c, n);
}

sieve_entry *layout_memo_sieve(int move, int slot)
{
	memo_tables *t = tables();
	return t ? &t->sieve[move][slot] : NULL;
}

run_entry *layout_memo_run(int move, int pile)
{
	memo_tables *t = tables();
	return t ? &t->run[move][pile] : NULL;
}

sieve_board *layout_memo_board(int move)
{
	memo_tables *t = tables();
	return t ? &t->board[move] : NULL;
}

listing_kept *layout_memo_listing(int move)
{
	memo_tables *t = tables();
	return t ? &t->listing[move] : NULL;
}

barren_entry *layout_memo_barren(int move, int pile)
{
	memo_tables *t = tables();
	return t ? &t->barren[move][pile] : NULL;
}

/*
 * expr.c — the lexer, and the parser that type-checks as it goes.
 *
 * The parser is recursive descent over the grammar in docs/expressions.md;
 * each grammar function opens with its rule.  Like Lua's expdesc, every
 * function returns a `cx`: the type, whether the value is per-seat or
 * constant, and either a tree node or, for a constant, the value itself,
 * so that constants fold without leaving dead nodes.  Type errors are
 * collected (a subexpression already found wrong has type TY_ERR and
 * raises no further message); a syntax error stops the parse.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "lang/expr_int.h"
#include "util/suggest.h"

#include <ctype.h>
#include <pcre2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

/* ==== Types ============================================================= */

static const char *const type_names[] = {
	[TY_NONE] = "any value",
	[TY_INT] = "an integer",
	[TY_BOOL] = "a boolean",
	[TY_CARD] = "a card",
	[TY_CARDS] = "a card set",
	[TY_SUIT] = "a suit",
	[TY_RANK] = "a rank",
	[TY_SEAT] = "a seat",
	[TY_SUITS] = "a suit set",
	[TY_ERR] = "an invalid value",
	[TY_T] = "a value",
	[TY_LIT] = "a number written out (as in rank(7))",
};

const char *expr_type_name(expr_type t)
{
	if ((unsigned)t < sizeof type_names / sizeof *type_names)
		return type_names[t];
	return "a value";
}

static const char *tname(int t)
{
	return expr_type_name((expr_type)t);
}

/* Wherever cards are wanted, a card, suit or rank means its cards;
 * wherever suits are wanted, a suit means itself. */
static bool promotable(int from, int to)
{
	if (from == to)
		return true;
	if (to == TY_CARDS)
		return from == TY_CARD || from == TY_SUIT || from == TY_RANK;
	return to == TY_SUITS && from == TY_SUIT;
}

/* The type both a and b can become (if branches, choose values); -1 if
 * none. */
static int unify(int a, int b)
{
	if (a == b)
		return a;
	if (promotable(a, TY_CARDS) && promotable(b, TY_CARDS))
		return TY_CARDS;
	if (promotable(a, TY_SUITS) && promotable(b, TY_SUITS))
		return TY_SUITS;
	return -1;
}

/* ==== Positions ========================================================= */

/* Columns count characters, as libyaml's marks do. */
static int chars(const char *s, size_t n)
{
	int c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_blank(s[i]))
			return false;
	return true;
}

static bool is_block(const node *n)
{
	return n->style == NODE_LITERAL || n->style == NODE_FOLDED;
}

/* Finds byte `off` of n's text in the source by walking both line by
 * line: YAML drops indentation and turns line breaks into spaces or
 * newlines, so at each line end the text's white space is skipped and the
 * next source line read from its first non-blank.  False where text and
 * source disagree (an escape sequence): the caller then estimates. */
static bool follow(const node *n, size_t off, int *line, int *col)
{
	const src_file *f = n->file;
	int ln = is_block(n) ? n->line + 1 : n->line;
	size_t slen, b = 0, i = 0;
	const char *s = src_line(f, ln, &slen);
	bool fresh = is_block(n);
	if (!s)
		return false;
	if (!fresh)
		b = src_col_to_byte(f, ln, n->col) + (n->style != NODE_PLAIN);
	if (b > slen)
		return false;
	for (;;) {
		while (fresh && blank(s, slen))
			if (!(s = src_line(f, ++ln, &slen)))
				return false;
		for (; fresh && b < slen && is_blank(s[b]); b++)
			;
		while (fresh && i < off && (is_blank(n->text[i])
					    || n->text[i] == '\n'))
			i++;
		fresh = false;
		while (i < off && i < n->len && b < slen && n->text[i] == s[b])
			i++, b++;
		if (i == off) {
			*line = ln;
			*col = 1 + chars(s, b);
			return true;
		}
		if (b > slen || !blank(s + b, slen - b))
			return false;
		if (!(s = src_line(f, ++ln, &slen)))
			return false;
		b = 0;
		fresh = true;
	}
}

/* Line and column of byte `off` of n's text: exact where the source can
 * be followed, else counted from the scalar's start. */
static void where(const node *n, size_t off, int *line, int *col)
{
	if (n->file && follow(n, off, line, col))
		return;
	size_t sol = 0;         /* start of the text line holding off */
	int k = 0;
	for (size_t i = 0; i < off; i++)
		if (n->text[i] == '\n')
			sol = i + 1, k++;
	*line = n->line;
	*col = n->col;
	if (is_block(n)) {
		/* the block's indentation: the source line's, less the
		 * spaces the text line keeps (a more-indented line) */
		size_t len, ind = 0, keep = 0;
		const char *s = n->file ? src_line(n->file, n->line + 1 + k,
						   &len) : NULL;
		while (s && ind < len && s[ind] == ' ')
			ind++;
		while (sol + keep < off && n->text[sol + keep] == ' ')
			keep++;
		*line = n->line + 1 + k;
		*col = (int)(ind > keep ? ind - keep : 0) + 1
			+ chars(n->text + sol, off - sol);
	} else if (k == 0) {
		*col += (n->style != NODE_PLAIN) + chars(n->text, off);
	}
}

/* ==== Lexer ============================================================= */

#define EXPR_TOKENS(X)                                                    \
	X(END, "") X(INT, "") X(NAME, "") X(WORD, "") X(BAD, "")          \
	X(AND, "and") X(OR, "or") X(NOT, "not") X(IF, "if")               \
	X(THEN, "then") X(ELSE, "else") X(IN, "in") X(TRUE, "true")       \
	X(FALSE, "false")                                                 \
	X(EQ, "==") X(NE, "!=") X(LE, "<=") X(GE, ">=") X(LT, "<")        \
	X(GT, ">") X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/")  \
	X(PERCENT, "%") X(AMP, "&") X(LPAREN, "(") X(RPAREN, ")")         \
	X(LBRACK, "[") X(RBRACK, "]") X(COMMA, ",") X(COLON, ":")

enum tok_kind {
#define X(k, s) T_##k,
	EXPR_TOKENS(X)
#undef X
};

static const char *const tok_text[] = {
#define X(k, s) s,
	EXPR_TOKENS(X)
#undef X
};

/* Symbols people bring from other languages, with what to write. */
static const struct {
	const char *text, *why;
} bad_ops[] = {
	{"&&", "'&&' is not an operator; write 'and'"},
	{"||", "'||' is not an operator; write 'or'"},
	{"|", "'|' is not an operator; write 'or'"},
	{"=", "'=' is not an operator; write '==' to compare"},
	{"=>", "'=>' is not an operator; write '>='"},
	{"=<", "'=<' is not an operator; write '<='"},
	{"!", "'!' is not an operator; write 'not'"},
	{"?", "'?' is not an operator; write 'if C then A else B'"},
};

typedef struct token {
	uint8_t kind;           /* enum tok_kind */
	bool big;               /* T_INT beyond int64 */
	int off, len;           /* bytes of the text */
	int64_t i;              /* T_INT */
	const char *why;        /* T_BAD: what to write instead */
} token;

/* One alternative per token class; white space (newlines too) first. */
static const char lex_pattern[] =
	"[ \\t\\r\\n]*+(?:"
	"([0-9]++)(?![A-Za-z_#])"                       /* 1 INT */
	"|([a-z_][a-z0-9_]*+)(?![A-Z#])"                /* 2 NAME, keyword */
	"|([0-9A-Za-z_#]++)"                            /* 3 card notation */
	"|(==|!=|<=|>=|=>|=<|&&|\\|\\||[-+*/%&<>()\\[\\],:=!?|])" /* 4 */
	"|(\\z)"                                        /* 5 END */
	"|(.))";                                        /* 6 BAD */

static pcre2_code *lex_re;
static pcre2_match_data *lex_md;

static bool lex_init(void)
{
	if (!lex_re) {
		int err;
		PCRE2_SIZE eoff;
		lex_re = pcre2_compile((PCRE2_SPTR)lex_pattern,
				       PCRE2_ZERO_TERMINATED,
				       PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
				       &err, &eoff, NULL);
	}
	if (lex_re && !lex_md)
		lex_md = pcre2_match_data_create_from_pattern(lex_re, NULL);
	return lex_md != NULL;
}

void expr_cleanup(void)
{
	pcre2_match_data_free(lex_md);
	pcre2_code_free(lex_re);
	lex_md = NULL;
	lex_re = NULL;
}

/* The kind of s[0..len) among tok_text[from..to], or -1. */
static int tok_lookup(const char *s, int len, int from, int to)
{
	for (int k = from; k <= to; k++)
		if ((int)strlen(tok_text[k]) == len && memcmp(tok_text[k], s, len) == 0)
			return k;
	return -1;
}

static void lex_int(token *t, const char *s)
{
	for (int i = 0; i < t->len; i++) {
		int d = s[i] - '0';
		if (t->i > (INT64_MAX - d) / 10)
			t->big = true;
		else
			t->i = t->i * 10 + d;
	}
}

static void lex_punct(token *t, const char *s)
{
	int k = tok_lookup(s, t->len, T_EQ, T_COLON);
	t->kind = (uint8_t)(k >= 0 ? k : T_BAD);
	for (size_t i = 0; k < 0 && i < sizeof bad_ops / sizeof *bad_ops; i++)
		if ((int)strlen(bad_ops[i].text) == t->len
		    && memcmp(bad_ops[i].text, s, t->len) == 0)
			t->why = bad_ops[i].why;
}

/* The token at or after byte pos. */
static token lex_one(const char *text, size_t len, size_t pos)
{
	token t = {0};
	int rc = pcre2_match(lex_re, (PCRE2_SPTR)text, len, pos,
			     PCRE2_ANCHORED, lex_md, NULL);
	if (rc < 2) {           /* an invalid UTF-8 sequence */
		while (pos < len && (is_blank(text[pos]) || text[pos] == '\n'))
			pos++;
		t.kind = T_BAD;
		t.off = (int)pos;
		t.len = 1;
		t.why = "the text is not valid UTF-8";
		return t;
	}
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(lex_md);
	int g = rc - 1;         /* the alternatives exclude each other */
	t.off = (int)ov[2 * g];
	t.len = (int)(ov[2 * g + 1] - ov[2 * g]);
	const char *s = text + t.off;
	int k;
	switch (g) {
	case 1:
		t.kind = T_INT;
		lex_int(&t, s);
		break;
	case 2:
		k = tok_lookup(s, t.len, T_AND, T_FALSE);
		t.kind = (uint8_t)(k >= 0 ? k : T_NAME);
		break;
	case 3:
		t.kind = T_WORD;
		break;
	case 4:
		lex_punct(&t, s);
		break;
	case 5:
		t.kind = T_END;
		break;
	default:
		t.kind = T_BAD;
		break;
	}
	return t;
}

/* ==== The parser's state ================================================ */

/* A compiled subexpression: a node, or a constant's value (k). */
typedef struct cx {
	const expr_node *n;
	value v;
	int t;                  /* expr_type or TY_ERR */
	bool k;                 /* constant: v holds the value, n is NULL */
	bool ps;                /* per-seat */
	bool dyn;               /* reads the frame: not constant */
	bool lit;               /* an integer literal as written */
	int h;                  /* height of the tree */
	int off, end;           /* the source bytes it spans */
} cx;

typedef struct local {
	const char *name;
	int len, type;
} local;

typedef struct parser {
	expr_scope *sc;
	const deck *d;
	diag *dg;
	const node *src;
	const char *text;
	token *tok;
	int pos;                /* the current token */
	int depth;
	int nerr;
	bool stop;              /* syntax error, too deep or out of memory */
	bool oom;
	local loc[EXPR_LOCALS];
	int nloc;
} parser;

static token *tk(parser *p)
{
	return &p->tok[p->pos];
}

/* The current token, after which the parser moves on. */
static token *advance(parser *p)
{
	token *t = &p->tok[p->pos];
	if (t->kind != T_END)
		p->pos++;
	return t;
}

static bool accept(parser *p, int kind)
{
	if (p->stop || tk(p)->kind != kind)
		return false;
	advance(p);
	return true;
}

/* Where the previous token ends. */
static int prev_end(const parser *p)
{
	const token *t = &p->tok[p->pos > 0 ? p->pos - 1 : 0];
	return t->off + t->len;
}

/* Text quoted in messages is cut short. */
static int qlen(int len)
{
	return len > 60 ? 60 : len;
}

static cx bad(int off, int end)
{
	cx r = {.t = TY_ERR, .off = off, .end = end, .h = 1};
	return r;
}

static cx konst(int t, int64_t i, int off, int end)
{
	cx r = {.t = t, .k = true, .h = 1, .off = off, .end = end};
	r.v.i = i;
	return r;
}

static void verr(parser *p, int off, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void verr(parser *p, int off, const char *fmt, va_list ap)
{
	char msg[512];
	int line, col;
	vsnprintf(msg, sizeof msg, fmt, ap);
	where(p->src, (size_t)off, &line, &col);
	char via[64];
	if (p->dg)
		diag_error(p->dg, p->src->file, line, col, "%s%s", msg,
			   node_via(p->src, via, sizeof via));
	p->nerr++;
}

/* Reports a problem at byte off; parsing goes on. */
static void err(parser *p, int off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void err(parser *p, int off, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verr(p, off, fmt, ap);
	va_end(ap);
}

/* Reports a problem that ends the parse (unless one already has). */
static cx fail(parser *p, int off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static cx fail(parser *p, int off, const char *fmt, ...)
{
	if (!p->stop) {
		va_list ap;
		va_start(ap, fmt);
		verr(p, off, fmt, ap);
		va_end(ap);
		p->stop = true;
	}
	return bad(off, off);
}

static cx oom(parser *p)
{
	p->oom = p->stop = true;
	return bad(0, 0);
}

static bool enter(parser *p)
{
	if (p->stop)
		return false;
	if (++p->depth <= EXPR_DEPTH_MAX)
		return true;
	fail(p, tk(p)->off, "the expression is nested too deeply");
	return false;
}

/* ==== Building nodes ==================================================== */

static const expr_node *tonode(parser *p, cx c)
{
	if (c.n)
		return c.n;
	expr_node *n = arena_alloc(p->sc->a, sizeof *n);
	if (!n) {
		oom(p);
		return NULL;
	}
	n->op = OP_CONST;
	n->type = (uint8_t)c.t;
	n->v = c.v;
	return n;
}

static value eval_now(parser *p, const expr_node *n)
{
	expr_env env = {.fr = {.seat = -1}, .d = p->d};
	return expr_ev(n, &env);
}

static void set_kids(expr_node *n, const expr_node **kid)
{
	if (n->op == OP_CALL)
		n->u.call.arg = kid;
	else
		for (int i = 0; i < n->nkid; i++)
			n->u.kid[i] = kid[i];
}

/* Evaluates proto over constant kids now (on the stack, nothing kept). */
static cx fold(parser *p, expr_node proto, const cx *kid, cx r)
{
	expr_node kn[EXPR_ARGS_MAX];
	const expr_node *kp[EXPR_ARGS_MAX];
	for (int i = 0; i < proto.nkid; i++) {
		memset(&kn[i], 0, sizeof kn[i]);
		kn[i].op = OP_CONST;
		kn[i].type = (uint8_t)kid[i].t;
		kn[i].v = kid[i].v;
		kp[i] = &kn[i];
	}
	set_kids(&proto, kp);
	r.v = eval_now(p, &proto);
	r.k = true;
	r.h = 1;
	return r;
}

/* The node proto over kids; its value when every kid is constant and
 * proto itself reads nothing from the frame (dyn). */
static cx make(parser *p, expr_node proto, const cx *kid, int nkid,
	       bool dyn, int off, int end)
{
	cx r = {.t = proto.type, .dyn = dyn, .h = 1, .off = off, .end = end};
	bool konst = !dyn && nkid > 0;   /* a leaf reads something */
	for (int i = 0; i < nkid; i++) {
		r.ps |= kid[i].ps;
		r.dyn |= kid[i].dyn;
		konst &= kid[i].k;
		if (kid[i].h + 1 > r.h)
			r.h = kid[i].h + 1;
	}
	proto.nkid = (uint8_t)nkid;
	if (konst)
		return fold(p, proto, kid, r);
	if (r.h > EXPR_HEIGHT_MAX)
		return fail(p, off, "the expression is nested too deeply");
	expr_node *n = arena_alloc(p->sc->a, sizeof *n);
	const expr_node **kp = NULL;
	if (nkid && !(kp = arena_alloc(p->sc->a, sizeof *kp * (size_t)nkid)))
		return oom(p);
	if (!n)
		return oom(p);
	*n = proto;
	for (int i = 0; i < nkid; i++)
		if (!(kp[i] = tonode(p, kid[i])))
			return oom(p);
	set_kids(n, kp);
	r.n = n;
	return r;
}

static expr_node proto_of(int op, int type)
{
	expr_node n;
	memset(&n, 0, sizeof n);
	n.op = (uint8_t)op;
	n.type = (uint8_t)type;
	return n;
}

/* A leaf reading the frame, the engine (getter g) or a loop name. */
static cx leaf_get(parser *p, int op, int type, int slot, const expr_name *g,
		   bool ps, int off, int end)
{
	expr_node proto = proto_of(op, type);
	proto.slot = slot;
	if (g) {
		proto.u.get = g->get;
		proto.u.by_seat = g->per_seat ? g->by_seat : NULL;
		proto.u.field = g->field;
		proto.u.stride = g->stride;
		proto.u.field_kind = g->field_kind;
	}
	cx r = make(p, proto, NULL, 0, op != OP_LOCAL, off, end);
	r.ps = ps;
	return r;
}

static cx leaf(parser *p, int op, int type, int slot, bool ps, int off,
	       int end)
{
	return leaf_get(p, op, type, slot, NULL, ps, off, end);
}

/* c as type `to`, which it is promotable to. */
static cx promote(parser *p, cx c, int to)
{
	if (c.t == to || c.t == TY_ERR)
		return c;
	int op = c.t == TY_CARD ? OP_FACESET
		: c.t == TY_RANK ? OP_RANKSET
		: to == TY_CARDS ? OP_SUITSET : OP_SUITBIT;
	return make(p, proto_of(op, to), &c, 1, false, c.off, c.end);
}

/* ==== Names ============================================================= */

/* Edit distance, or a large number for long words. */
/* The visible name closest to word: functions when fn, else values.  A
 * loop name points into the text: it is not NUL-terminated. */
static suggest closest(const parser *p, const char *word, int len, bool fn)
{
	suggest g;
	suggest_start(&g, word, (size_t)len);
	if (!fn) {
		suggest_consider(&g, "seat");
		suggest_consider(&g, "players");
		for (int i = 0; i < p->nloc; i++)
			suggest_consider_n(&g, p->loc[i].name, (size_t)p->loc[i].len);
	}
	for (const expr_scope *sc = p->sc; sc; sc = sc->parent)
		for (const expr_name *n = sc->names; n; n = n->next)
			if ((n->kind == NAME_TABLE || n->kind == NAME_NATIVE) == fn)
				suggest_consider(&g, n->name);
	for (const expr_builtin *b = expr_builtins; fn && b->name; b++)
		suggest_consider(&g, b->name);
	return g;
}

/* s[0..len) in upper case, len < 8 */
static const char *upper(const char *s, int len, char *buf)
{
	int n = len < 7 ? len : 7;
	for (int i = 0; i < n; i++)
		buf[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A'
				: s[i]);
	buf[n] = '\0';
	return buf;
}

static void unknown(parser *p, const token *t, bool fn)
{
	const char *s = p->text + t->off;
	const char *what = fn ? "function" : "name";
	suggest best = closest(p, s, t->len, fn);
	char up[8];
	if (best.best) {
		err(p, t->off, "unknown %s '%.*s' (did you mean '%.*s'?)", what,
		    qlen(t->len), s, (int)best.best_len, best.best);
	} else if (!fn && t->len < 8 && deck_is_card_notation(s, t->len)) {
		err(p, t->off, "unknown name '%.*s' (cards are written in "
		    "upper case: '%s')", t->len, s, upper(s, t->len, up));
	} else {
		err(p, t->off, "unknown %s '%.*s'", what, qlen(t->len), s);
	}
}

static const local *find_local(const parser *p, const char *s, int len)
{
	for (int i = p->nloc - 1; i >= 0; i--)
		if (p->loc[i].len == len && memcmp(p->loc[i].name, s, len) == 0)
			return &p->loc[i];
	return NULL;
}

/* A name used as a value: a loop name, seat, players or a scope's. */
static cx name(parser *p)
{
	token *t = advance(p);
	const char *s = p->text + t->off;
	int off = t->off, end = off + t->len;
	const local *l = find_local(p, s, t->len);
	if (l)
		return leaf(p, OP_LOCAL, l->type, (int)(l - p->loc), false,
			    off, end);
	if (t->len == 4 && memcmp(s, "seat", 4) == 0)
		return leaf(p, OP_SEAT, TY_SEAT, 0, true, off, end);
	if (t->len == 7 && memcmp(s, "players", 7) == 0)
		return leaf(p, OP_PLAYERS, TY_INT, 0, false, off, end);
	if (t->len == 5 && memcmp(s, "seats", 5) == 0) {
		err(p, off, "'seats' can only be looped over, as in "
		    "sum(s in seats, ...)");
		return bad(off, end);
	}
	expr_name *n = expr_scope_find(p->sc, s, t->len);
	if (n)
		n->uses++;
	if (n && n->kind == NAME_VAR)
		return leaf(p, n->per_seat ? OP_SEATVAR : OP_VAR, n->type,
			    n->slot, n->per_seat, off, end);
	if (n && n->kind == NAME_GETTER)
		return leaf_get(p, n->per_seat ? OP_SEATGET : OP_GET, n->type,
				n->slot, n, n->per_seat, off, end);
	if (n && n->kind == NAME_CONST)
		return konst(n->type, n->v, off, end);
	if (n && n->kind == NAME_POISON)        /* its own error was reported */
		return bad(off, end);
	if (n || expr_builtin_find(s, t->len))  /* a table, a native */
		err(p, off, "'%.*s' is a function: write %.*s(...)", t->len, s,
		    t->len, s);
	else
		unknown(p, t, false);
	return bad(off, end);
}

/* ==== Literals ========================================================== */

/* INT */
static cx intlit(parser *p)
{
	token *t = advance(p);
	if (t->big) {
		err(p, t->off, "the number %.*s is too large (the largest is "
		    "%lld)", qlen(t->len), p->text + t->off,
		    (long long)INT64_MAX);
		return bad(t->off, t->off + t->len);
	}
	if ((t->i > EXPR_SUMMABLE || t->i < -EXPR_SUMMABLE) && p->dg) {
		int line, col;
		where(p->src, (size_t)t->off, &line, &col);
		diag_warning(p->dg, p->src->file, line, col, "the number %.*s is "
			     "so large that its sum over a long match would pass "
			     "%lld, where totals stop (numbers up to %lld add up "
			     "safely over %d deals)", qlen(t->len),
			     p->text + t->off, (long long)INT64_MAX,
			     (long long)EXPR_SUMMABLE, EXPR_SUMMABLE_DEALS);
	}
	cx r = konst(TY_INT, t->i, t->off, t->off + t->len);
	r.lit = true;
	return r;
}

static bool has_lower(const char *s, int len)
{
	for (int i = 0; i < len; i++)
		if ((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_')
			return true;
	return false;
}

/* A card (QS, 10H, JK), once its spelling is upper-case notation. */
static cx card(parser *p, const token *t)
{
	const char *s = p->text + t->off;
	int off = t->off, end = off + t->len;
	card_face f;
	int copy;
	char up[8];
	const char *hash = memchr(s, '#', (size_t)t->len);
	bool notation = deck_is_card_notation(s, (size_t)t->len);
	if (notation && hash)
		err(p, off, "'%.*s' names one copy, but expressions speak of "
		    "cards by face: write '%.*s'", t->len, s,
		    (int)(hash - s), s);
	else if (notation && (s[0] == 'T' || s[0] == 't'))
		err(p, off, "the ten is written 10 in expressions: '10%.*s'",
		    t->len - 1, s + 1);
	else if (notation && has_lower(s, t->len))
		err(p, off, "cards are written in upper case in expressions: "
		    "'%s'", upper(s, t->len, up));
	else if (!notation)
		err(p, off, "'%.*s' is not a card, a suit or a rank",
		    qlen(t->len), s);
	else if (deck_parse_face(p->d, s, (size_t)t->len, &f, &copy)
		 == DECK_PARSE_OK)
		return konst(TY_CARD, f, off, end);
	else
		err(p, off, "the deck has no card '%.*s'", t->len, s);
	return bad(off, end);
}

/* CARD | SUIT | RANK: upper-case words resolved in the deck */
static cx word(parser *p)
{
	token *t = advance(p);
	char c = p->text[t->off];
	int off = t->off, end = off + t->len;
	if (t->len == 1 && strchr("SHDCXL", c)) {
		int s = deck_suit_index(p->d, c);
		if (s >= 0)
			return konst(TY_SUIT, s, off, end);
		err(p, off, "the deck has no suit '%c'", c);
		return bad(off, end);
	}
	if (t->len == 1 && strchr("JQKA", c)) {
		int r = deck_rank_index(p->d, &c, 1);
		if (r >= 0)
			return konst(TY_RANK, r, off, end);
		err(p, off, "the deck has no rank '%c'", c);
		return bad(off, end);
	}
	return card(p, t);
}

/* ==== Operators ========================================================= */

static const struct binop {
	uint8_t tok, l, r, res, op;
} binops[] = {
	{T_PLUS, TY_INT, TY_INT, TY_INT, OP_ADD},
	{T_PLUS, TY_CARDS, TY_CARDS, TY_CARDS, OP_UNION},
	{T_PLUS, TY_SUITS, TY_SUITS, TY_SUITS, OP_SUNION},
	{T_MINUS, TY_INT, TY_INT, TY_INT, OP_SUB},
	{T_MINUS, TY_CARDS, TY_CARDS, TY_CARDS, OP_DIFF},
	{T_MINUS, TY_SUITS, TY_SUITS, TY_SUITS, OP_SDIFF},
	{T_STAR, TY_INT, TY_INT, TY_INT, OP_MUL},
	{T_SLASH, TY_INT, TY_INT, TY_INT, OP_DIV},
	{T_PERCENT, TY_INT, TY_INT, TY_INT, OP_MOD},
	{T_AMP, TY_CARDS, TY_CARDS, TY_CARDS, OP_INTER},
	{T_AMP, TY_SUITS, TY_SUITS, TY_SUITS, OP_SINTER},
#define ORDER(tok, op) \
	{tok, TY_INT, TY_INT, TY_BOOL, op}, {tok, TY_RANK, TY_RANK, TY_BOOL, op}
	ORDER(T_LT, OP_LT), ORDER(T_LE, OP_LE),
	ORDER(T_GT, OP_GT), ORDER(T_GE, OP_GE),
#define SAME(tok, op, setop) \
	{tok, TY_INT, TY_INT, TY_BOOL, op}, {tok, TY_BOOL, TY_BOOL, TY_BOOL, op}, \
	{tok, TY_CARD, TY_CARD, TY_BOOL, op},                                 \
	{tok, TY_CARDS, TY_CARDS, TY_BOOL, setop},                            \
	{tok, TY_SUIT, TY_SUIT, TY_BOOL, op}, {tok, TY_RANK, TY_RANK, TY_BOOL, op}, \
	{tok, TY_SEAT, TY_SEAT, TY_BOOL, op}, {tok, TY_SUITS, TY_SUITS, TY_BOOL, op}
	SAME(T_EQ, OP_EQ, OP_SETEQ), SAME(T_NE, OP_NE, OP_SETNE),
	{T_IN, TY_CARD, TY_CARDS, TY_BOOL, OP_INCARDS},
	{T_IN, TY_SUIT, TY_SUITS, TY_BOOL, OP_INSUITS},
#undef ORDER
#undef SAME
};

/* How messages say what an operator failed to do. */
static const struct opword {
	uint8_t tok;
	const char *verb, *joiner, *hint;
	bool swap;              /* "subtract R from L" */
} opwords[] = {
	{T_PLUS, "add", "and", "", false},
	{T_MINUS, "subtract", "from", "", true},
	{T_STAR, "multiply", "by", "", false},
	{T_SLASH, "divide", "by", "", false},
	{T_PERCENT, "divide", "by", "", false},
	{T_AMP, "intersect", "with", "", false},
	{T_LT, "order", "and", "; it orders integers and ranks", false},
	{T_LE, "order", "and", "; it orders integers and ranks", false},
	{T_GT, "order", "and", "; it orders integers and ranks", false},
	{T_GE, "order", "and", "; it orders integers and ranks", false},
	{T_EQ, "compare", "with", "", false},
	{T_NE, "compare", "with", "", false},
	{T_IN, "look for", "in", "", false},
};

/* The rule for tok over l and r: exact types first, then promotions. */
static const struct binop *find_binop(int tok, int l, int r)
{
	const size_t n = sizeof binops / sizeof *binops;
	for (size_t i = 0; i < n; i++)
		if (binops[i].tok == tok && binops[i].l == l && binops[i].r == r)
			return &binops[i];
	for (size_t i = 0; i < n; i++)
		if (binops[i].tok == tok && promotable(l, binops[i].l)
		    && promotable(r, binops[i].r))
			return &binops[i];
	return NULL;
}

static bool is_binop(int tok)
{
	for (size_t i = 0; i < sizeof opwords / sizeof *opwords; i++)
		if (opwords[i].tok == tok)
			return true;
	return false;
}

static bool is_cmp(int tok)
{
	return tok == T_EQ || tok == T_NE || tok == T_LT || tok == T_LE
		|| tok == T_GT || tok == T_GE || tok == T_IN;
}

static void binop_error(parser *p, const token *op, int l, int r)
{
	const struct opword *w = opwords;
	while (w->tok != op->kind)
		w++;
	err(p, op->off, "'%s' cannot %s %s %s %s%s", tok_text[op->kind],
	    w->verb, tname(w->swap ? r : l), w->joiner,
	    tname(w->swap ? l : r), w->hint);
}

/* l OP r */
static cx binary(parser *p, const token *op, cx l, cx r)
{
	if (l.t == TY_ERR || r.t == TY_ERR)
		return bad(l.off, r.end);
	const struct binop *b = find_binop(op->kind, l.t, r.t);
	if (!b) {
		binop_error(p, op, l.t, r.t);
		return bad(l.off, r.end);
	}
	cx kid[2] = {promote(p, l, b->l), promote(p, r, b->r)};
	return make(p, proto_of(b->op, b->res), kid, 2, false, l.off, r.end);
}

/* l and r, l or r */
static cx logic(parser *p, const token *op, cx l, cx r)
{
	bool ok = l.t == TY_BOOL && r.t == TY_BOOL;
	if (l.t != TY_BOOL && l.t != TY_ERR)
		err(p, l.off, "'%s' needs booleans; its left side is %s",
		    tok_text[op->kind], tname(l.t));
	if (r.t != TY_BOOL && r.t != TY_ERR)
		err(p, r.off, "'%s' needs booleans; its right side is %s",
		    tok_text[op->kind], tname(r.t));
	if (!ok)
		return bad(l.off, r.end);
	int o = op->kind == T_AND ? OP_AND : OP_OR;
	cx kid[2] = {l, r};
	return make(p, proto_of(o, TY_BOOL), kid, 2, false, l.off, r.end);
}

/* ==== Grammar =========================================================== */

static cx parse_expr(parser *p);

/* Tokens after which an operand must come. */
static bool wants_operand(int kind)
{
	return (kind >= T_AND && kind <= T_IN) || is_binop(kind)
		|| kind == T_LPAREN || kind == T_LBRACK || kind == T_COMMA
		|| kind == T_COLON;
}

static cx unexpected(parser *p)
{
	token *t = tk(p);
	const token *prev = p->pos > 0 ? &p->tok[p->pos - 1] : NULL;
	const char *s = p->text + t->off;
	if (t->kind == T_BAD && t->why)
		return fail(p, t->off, "%s", t->why);
	if (t->kind == T_BAD && ((unsigned char)*s < 0x20 || *s == 0x7f))
		return fail(p, t->off, "unexpected control character 0x%02X",
			    (unsigned)(unsigned char)*s);
	if (t->kind == T_BAD && *s == '.' && prev && prev->kind == T_INT &&
	    prev->off + prev->len == t->off && isdigit((unsigned char)s[1])) {
		int n = prev->len + 1;
		while (isdigit((unsigned char)p->text[prev->off + n]))
			n++;
		return fail(p, prev->off, "'%.*s' is not a whole number: the "
			    "numbers of a formula are integers (for a fraction, "
			    "multiply, then divide: (x * 3) / 2)", n,
			    p->text + prev->off);
	}
	if (t->kind == T_BAD)
		return fail(p, t->off, "unexpected character '%.*s'", t->len, s);
	if (prev && wants_operand(prev->kind))
		return fail(p, t->off, "expected an expression after '%.*s'",
			    prev->len, p->text + prev->off);
	if (t->kind == T_END)
		return fail(p, t->off, "the expression ends too early");
	return fail(p, t->off, "unexpected '%.*s'", qlen(t->len), s);
}

/* Quotes c's text for a message, or gives `instead` when it is long. */
static const char *quote(const parser *p, cx c, const char *instead,
			 char *buf, size_t size)
{
	int n = c.end - c.off;
	if (n <= 0 || n > 40 || memchr(p->text + c.off, '\n', (size_t)n))
		return instead;
	snprintf(buf, size, "'%.*s'", n, p->text + c.off);
	return buf;
}

static cx seat_agg(parser *p, const expr_builtin *b, cx a, int off, int end)
{
	expr_node proto = proto_of(OP_SEATAGG,
				   b->agg == AGG_COUNT ? TY_INT : b->body);
	proto.agg = b->agg;
	cx r = make(p, proto, &a, 1, false, off, end);
	r.ps = false;
	return r;
}

/* ---- calls ---- */

typedef struct callee {
	const token *name;
	const expr_builtin *b;  /* or: */
	const expr_sig *sig;
	int nsig;
	const expr_name *entry; /* a table or a native */
} callee;

static bool sig_usable(const expr_sig *s)
{
	return s->fn || s->lit;
}

static int param_at(const expr_sig *s, int i)
{
	return s->param[i < s->nparam ? i : s->nparam - 1];
}

static bool arity_fits(const expr_sig *s, int n)
{
	return sig_usable(s) && n >= s->nparam
		&& (n == s->nparam || s->variadic);
}

static bool arg_fits(int pt, cx a, bool promo)
{
	if (pt == TY_LIT)
		return a.lit;
	if (pt == TY_T)
		return true;
	return a.t == pt || (promo && promotable(a.t, pt));
}

/* Whether s takes the arguments; *tt is the type of its T arguments. */
static bool sig_fits(const expr_sig *s, const cx *arg, int n, bool promo,
		     int *tt)
{
	if (!arity_fits(s, n))
		return false;
	int t = TY_NONE;
	for (int i = 0; i < n; i++) {
		int pt = param_at(s, i);
		if (!arg_fits(pt, arg[i], promo))
			return false;
		if (pt == TY_T && t == TY_NONE)
			t = arg[i].t;
		else if (pt == TY_T)
			t = promo ? unify(t, arg[i].t) : t == arg[i].t ? t : -1;
		if (t < 0)
			return false;
	}
	*tt = t;
	return true;
}

static const expr_sig *pick_sig(const callee *c, const cx *arg, int n,
				int *tt)
{
	for (int promo = 0; promo < 2; promo++)
		for (int i = 0; i < c->nsig; i++)
			if (sig_fits(&c->sig[i], arg, n, promo, tt))
				return &c->sig[i];
	return NULL;
}

/* "2 arguments", "1 to 2 arguments", "at least 2 arguments" */
static void describe_arity(const callee *c, char *buf, size_t size)
{
	int lo = 99, hi = -1;
	bool var = false;
	if (c->b && c->b->agg != AGG_NONE)
		lo = hi = 1;
	for (int i = 0; i < c->nsig; i++) {
		const expr_sig *s = &c->sig[i];
		if (!sig_usable(s))
			continue;
		lo = s->nparam < lo ? s->nparam : lo;
		hi = s->nparam > hi ? s->nparam : hi;
		var |= s->variadic;
	}
	const char *plural = (var ? lo : hi) == 1 ? "" : "s";
	if (var)
		snprintf(buf, size, "at least %d argument%s", lo, plural);
	else if (lo == hi)
		snprintf(buf, size, "%d argument%s", lo, plural);
	else
		snprintf(buf, size, "%d to %d arguments", lo, hi);
}

static bool any_arity_fits(const callee *c, int n)
{
	if (c->b && c->b->agg != AGG_NONE && n == 1)
		return true;
	for (int i = 0; i < c->nsig; i++)
		if (arity_fits(&c->sig[i], n))
			return true;
	return false;
}

/* "a card or a card set": what argument i may be. */
static bool describe_param(const callee *c, int n, int i, cx a, char *buf,
			   size_t size)
{
	int seen[TY_LIT + 1] = {0};
	bool fits = false;
	buf[0] = '\0';
	for (int k = 0; k <= c->nsig; k++) {
		int pt;
		if (k < c->nsig && arity_fits(&c->sig[k], n))
			pt = param_at(&c->sig[k], i);
		else if (k == c->nsig && c->b && c->b->agg != AGG_NONE && n == 1)
			pt = c->b->body;
		else
			continue;
		fits |= arg_fits(pt, a, true);
		if (seen[pt]++)
			continue;
		size_t len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s", len ? " or " : "",
			 tname(pt));
	}
	return fits;
}

static void call_error(parser *p, const callee *c, const cx *arg, int n)
{
	const token *t = c->name;
	const char *f = p->text + t->off;
	char what[200];
	if (!any_arity_fits(c, n)) {
		describe_arity(c, what, sizeof what);
		err(p, t->off, "%.*s() takes %s, but %d %s given", t->len, f,
		    what, n, n == 1 ? "is" : "are");
		return;
	}
	for (int i = 0; i < n; i++) {
		if (describe_param(c, n, i, arg[i], what, sizeof what))
			continue;
		if (n == 1)
			err(p, arg[i].off, "%.*s() needs %s, but this is %s",
			    t->len, f, what, tname(arg[i].t));
		else
			err(p, arg[i].off, "%.*s() needs %s as argument %d, "
			    "but this is %s", t->len, f, what, i + 1,
			    tname(arg[i].t));
		return;
	}
	err(p, t->off, "%.*s() needs values of one type, but its arguments "
	    "have different types", t->len, f);
}

/* rank(7): a function of a literal, evaluated now */
static cx call_lit(parser *p, const expr_sig *s, cx a, int off, int end)
{
	char why[160];
	value v = {.i = 0};
	if (!s->lit(p->d, a.v.i, &v, why, sizeof why)) {
		err(p, a.off, "%s", why);
		return bad(off, end);
	}
	return konst(s->result, v.i, off, end);
}

static cx apply(parser *p, const callee *c, cx *arg, int n, int off, int end)
{
	for (int i = 0; i < n; i++)
		if (arg[i].t == TY_ERR)
			return bad(off, end);
	const expr_builtin *b = c->b;
	if (b && b->agg != AGG_NONE && n == 1 && arg[0].t == b->body
	    && arg[0].ps)
		return seat_agg(p, b, arg[0], off, end);
	int tt = TY_NONE;
	const expr_sig *s = pick_sig(c, arg, n, &tt);
	if (!s && b && b->agg != AGG_NONE && n == 1 && arg[0].t == b->body) {
		char q[64];
		err(p, arg[0].off, "%s() %s, but %s is the same for every seat",
		    b->name, b->does, quote(p, arg[0], "its argument", q,
					      sizeof q));
		return bad(off, end);
	}
	if (!s) {
		call_error(p, c, arg, n);
		return bad(off, end);
	}
	if (s->lit)
		return call_lit(p, s, arg[0], off, end);
	for (int i = 0; i < n; i++) {
		int pt = param_at(s, i);
		arg[i] = promote(p, arg[i], pt == TY_T ? tt : pt);
	}
	expr_node proto = proto_of(OP_CALL, s->result == TY_T ? tt : s->result);
	proto.u.call.fn = s->fn;
	bool native = c->entry && c->entry->kind == NAME_NATIVE;
	if (native)
		proto.u.call.data.native = c->entry->native;
	else if (c->entry)
		proto.u.call.data.table = c->entry->table;
	return make(p, proto, arg, n, native || (b && b->reads_table), off,
		    end);
}

/* What the name before '(' calls; false (reported) when nothing. */
static bool find_callee(parser *p, const token *t, callee *c)
{
	const char *s = p->text + t->off;
	memset(c, 0, sizeof *c);
	c->name = t;
	if ((c->b = expr_builtin_find(s, t->len))) {
		c->sig = c->b->sig;
		c->nsig = EXPR_OVERLOADS;
		return true;
	}
	expr_name *n = expr_scope_find(p->sc, s, t->len);
	if (n)
		n->uses++;
	if (n && n->kind == NAME_TABLE) {
		c->entry = n;
		c->sig = expr_table_sigs;
		c->nsig = 2;
		return true;
	}
	if (n && n->kind == NAME_NATIVE) {
		c->entry = n;
		c->sig = &n->sig;
		c->nsig = 1;
		return true;
	}
	if (n || find_local(p, s, t->len) || (t->len == 4 && !memcmp(s, "seat", 4))
	    || (t->len == 7 && !memcmp(s, "players", 7)))
		err(p, t->off, "'%.*s' is not a function", t->len, s);
	else
		unknown(p, t, true);
	return false;
}

/* AGG '(' NAME 'in' ... ',' ... ')': a ',' before the call's ')'.  A
 * comma, not a colon: ': ' would end a plain YAML scalar. */
static bool is_loop(const parser *p)
{
	const token *t = &p->tok[p->pos];
	if (t[0].kind != T_LPAREN || t[1].kind != T_NAME || t[2].kind != T_IN)
		return false;
	int depth = 0;
	for (t += 3; t->kind != T_END; t++) {
		if (t->kind == T_LPAREN || t->kind == T_LBRACK)
			depth++;
		else if (t->kind == T_RPAREN || t->kind == T_RBRACK)
			depth--;
		if (depth < 0)
			return false;
		if (depth == 0 && (t->kind == T_COMMA || t->kind == T_COLON))
			return true;
	}
	return false;
}

/* An integer bound of range(FROM, TO). */
static cx range_bound(parser *p)
{
	cx b = parse_expr(p);
	if (b.t != TY_INT && b.t != TY_ERR) {
		err(p, b.off, "the bounds of range(FROM, TO) are integers; this "
		    "is %s", tname(b.t));
		return bad(b.off, b.end);
	}
	return b;
}

/* 'range' '(' expr ',' expr ')': the integers FROM to TO; *hi is TO. */
static cx range_domain(parser *p, cx *hi)
{
	advance(p);
	advance(p);
	cx lo = range_bound(p);
	if (!accept(p, T_COMMA))
		return fail(p, tk(p)->off, "expected ',' between the bounds of "
			    "range(FROM, TO)");
	*hi = range_bound(p);
	if (!accept(p, T_RPAREN))
		return fail(p, tk(p)->off, "expected ')' after range(FROM, TO)");
	return hi->t == TY_ERR ? *hi : lo;
}

/* The domain of a loop: cards, suits, 'seats' or range(FROM, TO); sets
 * *op and *xt, and *hi for a range. */
static cx domain(parser *p, int *op, int *xt, cx *hi)
{
	token *t = tk(p);
	if (t->kind == T_NAME && t->len == 5
	    && memcmp(p->text + t->off, "range", 5) == 0
	    && p->tok[p->pos + 1].kind == T_LPAREN) {
		*op = OP_FORRANGE;
		*xt = TY_INT;
		return range_domain(p, hi);
	}
	if (t->kind == T_NAME && t->len == 5
	    && memcmp(p->text + t->off, "seats", 5) == 0
	    && (p->tok[p->pos + 1].kind == T_COMMA
		|| p->tok[p->pos + 1].kind == T_COLON)) {
		advance(p);
		*op = OP_FORSEATS;
		*xt = TY_SEAT;
		return leaf(p, OP_PLAYERS, TY_INT, 0, false, t->off,
			    t->off + t->len);
	}
	cx d = parse_expr(p);
	*op = d.t == TY_SUITS ? OP_FORSUITS : OP_FORCARDS;
	*xt = d.t == TY_SUITS ? TY_SUIT : TY_CARD;
	if (!promotable(d.t, TY_CARDS) && d.t != TY_SUITS)
		*xt = TY_ERR;   /* x means nothing: no messages about it */
	if (d.t == TY_ERR || d.t == TY_SUITS)
		return d;
	if (promotable(d.t, TY_CARDS))
		return promote(p, d, TY_CARDS);
	err(p, d.off, "a loop goes over a card set, a suit set, 'seats' or "
	    "range(FROM, TO); this is %s", tname(d.t));
	return bad(d.off, d.end);
}

/* Binds the loop name x for the body. */
static bool bind(parser *p, const token *x, int type)
{
	const char *s = p->text + x->off;
	if (p->nloc == EXPR_LOCALS) {
		fail(p, x->off, "loops are nested too deeply (at most %d)",
		     EXPR_LOCALS);
		return false;
	}
	if (expr_is_reserved(s, x->len, true) || expr_scope_find(p->sc, s, x->len)
	    || find_local(p, s, x->len))
		err(p, x->off, "'%.*s' is already a name; choose another name "
		    "for the loop", qlen(x->len), s);
	local *l = &p->loc[p->nloc++];
	l->name = s;
	l->len = x->len;
	l->type = type;
	return true;
}

/* AGG '(' NAME 'in' expr ',' expr ')' */
static cx loop(parser *p, const token *fname, const expr_builtin *b)
{
	int op, xt;
	advance(p);
	const token *x = advance(p);
	advance(p);
	cx hi = bad(0, 0);
	cx dom = domain(p, &op, &xt, &hi);
	if (tk(p)->kind == T_COLON)
		return fail(p, tk(p)->off, "write a comma between the set and "
			    "the body, as in sum(x in won, points(x)): in YAML, "
			    "': ' ends a plain value");
	if (!accept(p, T_COMMA))
		return fail(p, tk(p)->off, "expected ',' after '%.*s in ...'",
			    qlen(x->len), p->text + x->off);
	if (!bind(p, x, xt))
		return bad(fname->off, fname->off);
	int slot = p->nloc - 1;
	cx body = parse_expr(p);
	p->nloc--;
	if (!accept(p, T_RPAREN))
		return fail(p, tk(p)->off, "expected ')' after the body of "
			    "%s(%.*s in ..., ...)", b->name, qlen(x->len),
			    p->text + x->off);
	int off = fname->off, end = prev_end(p);
	if (body.t != b->body && body.t != TY_ERR)
		err(p, body.off, "the body of %s(%.*s in ..., ...) must be %s, "
		    "but this is %s", b->name, qlen(x->len), p->text + x->off,
		    tname(b->body), tname(body.t));
	if (dom.t == TY_ERR || body.t != b->body)
		return bad(off, end);
	expr_node proto = proto_of(op, b->agg == AGG_COUNT ? TY_INT : b->body);
	proto.agg = b->agg;
	proto.slot = slot;
	cx kid[3] = {dom, body, hi};
	return make(p, proto, kid, op == OP_FORRANGE ? 3 : 2, false, off, end);
}

/* NAME '(' [expr (',' expr)*] ')' | AGG '(' NAME 'in' expr ',' expr ')' */
static cx call(parser *p)
{
	const token *t = advance(p);
	const expr_builtin *b = expr_builtin_find(p->text + t->off, t->len);
	if (b && b->agg != AGG_NONE && is_loop(p))
		return loop(p, t, b);
	cx arg[EXPR_ARGS_MAX];
	int n = 0;
	advance(p);
	if (tk(p)->kind != T_RPAREN) {
		do {
			cx a = parse_expr(p);
			if (n < EXPR_ARGS_MAX)
				arg[n] = a;
			n++;
		} while (accept(p, T_COMMA));
	}
	if (!accept(p, T_RPAREN))
		return fail(p, tk(p)->off, "expected ')' after the arguments "
			    "of '%.*s'", t->len, p->text + t->off);
	int off = t->off, end = prev_end(p);
	callee c;
	if (n > EXPR_ARGS_MAX) {
		err(p, off, "too many arguments (at most %d)", EXPR_ARGS_MAX);
		return bad(off, end);
	}
	if (!find_callee(p, t, &c))
		return bad(off, end);
	return apply(p, &c, arg, n, off, end);
}

/* primary := INT | true | false | NAME | CARD | SUIT | RANK | call
 *          | '(' expr ')' */
static cx primary(parser *p)
{
	token *t = tk(p);
	switch (t->kind) {
	case T_INT:
		return intlit(p);
	case T_TRUE:
	case T_FALSE:
		advance(p);
		return konst(TY_BOOL, t->kind == T_TRUE, t->off, t->off + t->len);
	case T_WORD:
		return word(p);
	case T_NAME:
		if (p->tok[p->pos + 1].kind == T_LPAREN)
			return call(p);
		return name(p);
	case T_LPAREN: {
		advance(p);
		cx e = parse_expr(p);
		if (!accept(p, T_RPAREN))
			return fail(p, tk(p)->off, "expected ')' to match the "
				    "'(' before");
		e.off = t->off;
		e.end = prev_end(p);
		return e;
	}
	case T_IF:
		return fail(p, t->off, "an 'if' inside an operation needs "
			    "parentheses: (if C then A else B)");
	default:
		return unexpected(p);
	}
}

/* E[s]: the per-seat E at seat s */
static cx index_at(parser *p, const token *lb, cx e, cx s)
{
	char q[64];
	int end = prev_end(p);
	if (e.t == TY_ERR || s.t == TY_ERR)
		return bad(e.off, end);
	if (s.t != TY_SEAT) {
		err(p, s.off, "'[...]' needs a seat, but this is %s", tname(s.t));
		return bad(e.off, end);
	}
	if (!e.ps) {
		err(p, lb->off, "'[...]' picks one seat's value, but %s is the "
		    "same for every seat", quote(p, e, "this value", q,
						 sizeof q));
		return bad(e.off, end);
	}
	cx kid[2] = {e, s};
	cx r = make(p, proto_of(OP_AT, e.t), kid, 2, false, e.off, end);
	r.ps = s.ps;
	return r;
}

/* postfix := primary ('[' expr ']')* */
static cx postfix(parser *p)
{
	cx e = primary(p);
	while (!p->stop && tk(p)->kind == T_LBRACK) {
		const token *lb = advance(p);
		cx s = parse_expr(p);
		if (!accept(p, T_RBRACK))
			return fail(p, tk(p)->off, "expected ']' after the seat");
		e = index_at(p, lb, e, s);
	}
	return e;
}

/* unary := '-' unary | postfix */
static cx unary(parser *p)
{
	if (tk(p)->kind != T_MINUS)
		return postfix(p);
	const token *op = advance(p);
	if (!enter(p))
		return bad(op->off, op->off);
	cx a = unary(p);
	p->depth--;
	if (a.t == TY_ERR)
		return bad(op->off, a.end);
	if (a.t != TY_INT) {
		err(p, op->off, "'-' cannot negate %s", tname(a.t));
		return bad(op->off, a.end);
	}
	return make(p, proto_of(OP_NEG, TY_INT), &a, 1, false, op->off, a.end);
}

/* mul := unary (('*' | '/' | '%' | '&') unary)* */
static cx mulexpr(parser *p)
{
	cx l = unary(p);
	for (;;) {
		int k = tk(p)->kind;
		if (p->stop || !(k == T_STAR || k == T_SLASH || k == T_PERCENT
				 || k == T_AMP))
			return l;
		const token *op = advance(p);
		l = binary(p, op, l, unary(p));
	}
}

/* add := mul (('+' | '-') mul)* */
static cx addexpr(parser *p)
{
	cx l = mulexpr(p);
	while (!p->stop && (tk(p)->kind == T_PLUS || tk(p)->kind == T_MINUS)) {
		const token *op = advance(p);
		l = binary(p, op, l, mulexpr(p));
	}
	return l;
}

/* cmp := add (CMPOP add)?   -- a < b < c is refused */
static cx cmpexpr(parser *p)
{
	cx l = addexpr(p);
	if (p->stop || !is_cmp(tk(p)->kind))
		return l;
	const token *op = advance(p);
	cx r = binary(p, op, l, addexpr(p));
	if (p->stop || !is_cmp(tk(p)->kind))
		return r;
	op = advance(p);
	err(p, op->off, "'%s' cannot follow another comparison; join "
	    "comparisons with 'and'", tok_text[op->kind]);
	addexpr(p);
	return bad(l.off, prev_end(p));
}

/* not := 'not' not | cmp */
static cx notexpr(parser *p)
{
	if (tk(p)->kind != T_NOT)
		return cmpexpr(p);
	const token *op = advance(p);
	if (!enter(p))
		return bad(op->off, op->off);
	cx a = notexpr(p);
	p->depth--;
	if (a.t == TY_ERR)
		return bad(op->off, a.end);
	if (a.t != TY_BOOL) {
		err(p, a.off, "'not' needs a boolean, but this is %s",
		    tname(a.t));
		return bad(op->off, a.end);
	}
	return make(p, proto_of(OP_NOT, TY_BOOL), &a, 1, false, op->off, a.end);
}

/* and := not ('and' not)* */
static cx andexpr(parser *p)
{
	cx l = notexpr(p);
	while (!p->stop && tk(p)->kind == T_AND) {
		const token *op = advance(p);
		l = logic(p, op, l, notexpr(p));
	}
	return l;
}

/* or := and ('or' and)* */
static cx orexpr(parser *p)
{
	cx l = andexpr(p);
	while (!p->stop && tk(p)->kind == T_OR) {
		const token *op = advance(p);
		l = logic(p, op, l, andexpr(p));
	}
	return l;
}

static cx check_if(parser *p, int off, cx c, cx a, cx b)
{
	int t = unify(a.t, b.t);
	bool ok = c.t == TY_BOOL && a.t != TY_ERR && b.t != TY_ERR && t >= 0;
	if (c.t != TY_BOOL && c.t != TY_ERR)
		err(p, c.off, "'if' needs a boolean condition, but this is %s",
		    tname(c.t));
	if (a.t != TY_ERR && b.t != TY_ERR && t < 0)
		err(p, b.off, "the branches of 'if' differ: %s after 'then', "
		    "%s after 'else'", tname(a.t), tname(b.t));
	if (!ok)
		return bad(off, b.end);
	a = promote(p, a, t);
	b = promote(p, b, t);
	if (c.k) {              /* the other branch is dead */
		cx r = c.v.i ? a : b;
		r.off = off;
		r.end = b.end;
		return r;
	}
	cx kid[3] = {c, a, b};
	return make(p, proto_of(OP_IF, t), kid, 3, false, off, b.end);
}

/* 'if' expr 'then' expr 'else' expr */
static cx ifexpr(parser *p)
{
	int off = advance(p)->off;
	cx c = parse_expr(p);
	if (!accept(p, T_THEN))
		return fail(p, tk(p)->off, "expected 'then' after the "
			    "condition of 'if'");
	cx a = parse_expr(p);
	if (!accept(p, T_ELSE))
		return fail(p, tk(p)->off, "expected 'else': every 'if' needs "
			    "one");
	cx b = parse_expr(p);
	return check_if(p, off, c, a, b);
}

/* expr := 'if' expr 'then' expr 'else' expr | or */
static cx parse_expr(parser *p)
{
	int off = tk(p)->off;
	if (!enter(p))
		return bad(off, off);
	cx r = tk(p)->kind == T_IF ? ifexpr(p) : orexpr(p);
	p->depth--;
	return r;
}

/* ==== Compiling ========================================================= */

static bool lex_all(parser *p, size_t len)
{
	int n = 0;
	size_t pos = 0;
	p->tok = cr_malloc((len + 2) * sizeof *p->tok);
	if (!p->tok)
		return false;
	do {
		p->tok[n] = lex_one(p->text, len, pos);
		pos = (size_t)(p->tok[n].off + p->tok[n].len);
	} while (p->tok[n++].kind != T_END);
	if (n > 1)              /* END points just past the last token */
		p->tok[n - 1].off = p->tok[n - 2].off + p->tok[n - 2].len;
	p->tok[n] = p->tok[n - 1];      /* lookahead past END stays there */
	return true;
}

/* The want check: the result as type want, promoted where it may be. */
static cx want_type(parser *p, cx r, int want)
{
	if (want == TY_NONE || r.t == TY_ERR || r.t == want)
		return r;
	if (promotable(r.t, want))
		return promote(p, r, want);
	err(p, r.off, "expected %s here, but this is %s", tname(want),
	    tname(r.t));
	return bad(r.off, r.end);
}

static const char *kind_name(const node *n)
{
	return n->kind == NODE_MAP ? "a mapping" : "a list";
}


/* The operands of the form run's `and`s, listed once: a condition whose
 * first operands hold for a whole trick reads the rest alone. */
static bool list_and_operands(arena *a, expr *e)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	e->and_op = NULL;
	e->nand_op = 0;
	if (e->fast->op != OP_AND)
		return true;
	int n = expr_and_operands(e->fast, op, EXPR_HEIGHT_MAX);
	if (!(e->and_op = arena_alloc(a, sizeof *op * (size_t)n)))
		return false;
	memcpy(e->and_op, op, sizeof *op * (size_t)n);
	e->nand_op = n;
	return true;
}

static expr *finish(parser *p, cx r)
{
	if (p->nerr || r.t == TY_ERR)
		return NULL;
	if (!r.dyn && !r.k) {           /* constant loops, tables: fold */
		r.v = eval_now(p, r.n);
		r.k = true;
		r.n = NULL;
	}
	const expr_node *root = tonode(p, r);
	expr *e = arena_alloc(p->sc->a, sizeof *e);
	if (!root || !e) {
		oom(p);
		return NULL;
	}
	e->root = root;
	e->fast = expr_fast(p->sc->a, root);
	if (!e->fast)
		e->fast = root;
	e->code = expr_code_of(p->sc->a, e->fast);
	if (!list_and_operands(p->sc->a, e)) {
		oom(p);
		return NULL;
	}
	expr_scope *top = p->sc;
	while (top->parent)
		top = top->parent;
	e->next = top->compiled;
	top->compiled = e;
	e->d = p->d;
	e->type = (expr_type)r.t;
	e->per_seat = r.ps;
	e->constant = !r.dyn;
	e->file = p->src->file;
	e->line = p->src->line;
	e->col = p->src->col;
	e->text = arena_strndup(p->sc->a, p->text, strlen(p->text));
	if (!e->text)
		e->text = "";
	e->says = NULL;
	return e;
}

expr *expr_compile(expr_scope *sc, const node *n, expr_type want, diag *d)
{
	parser p = {.sc = sc, .d = sc->d, .dg = d, .src = n};
	p.text = n->text ? n->text : "";
	if (n->kind != NODE_SCALAR) {
		if (d)
			diag_error(d, n->file, n->line, n->col, "expected an expression, "
			   "but this is %s", kind_name(n));
		return NULL;
	}
	if (n->len > EXPR_TEXT_MAX) {
		err(&p, 0, "the expression is longer than %d bytes",
		    EXPR_TEXT_MAX);
		return NULL;
	}
	if (!lex_init() || !lex_all(&p, n->len)) {
		err(&p, 0, "out of memory while compiling this expression");
		return NULL;
	}
	expr *e = NULL;
	if (p.tok[0].kind == T_END) {
		err(&p, 0, "the expression is empty");
	} else {
		cx r = parse_expr(&p);
		if (!p.stop && tk(&p)->kind != T_END)
			unexpected(&p);
		if (!p.stop)    /* after a syntax error the type means nothing */
			r = want_type(&p, r, want);
		e = finish(&p, r);
	}
	if (p.oom)
		err(&p, 0, "out of memory while compiling this expression");
	free(p.tok);
	return p.nerr ? NULL : e;
}

/* ==== Compiled expressions ============================================== */

expr_type expr_result_type(const expr *e)
{
	return e->type;
}

bool expr_is_per_seat(const expr *e)
{
	return e->per_seat;
}

bool expr_is_constant(const expr *e)
{
	return e->constant;
}

static bool node_reads(const expr_node *n, expr_getter_fn fn)
{
	if (n->op == OP_GET || n->op == OP_SEATGET)
		return n->u.get == fn;
	const expr_node *const *kid = n->op == OP_CALL ? n->u.call.arg
						       : n->u.kid;
	for (int i = 0; i < n->nkid; i++)
		if (node_reads(kid[i], fn))
			return true;
	return false;
}

bool expr_reads(const expr *e, expr_getter_fn fn)
{
	return node_reads(e->root, fn);
}

/* What a node may read besides literals, loop names and the deck: the
 * slots listed, and the seat-free getters getter_ok accepts (none when
 * NULL). */
typedef struct readable {
	const int *slot;
	int nslot;
	expr_getter_ok_fn getter_ok;
} readable;

/* Whether n reads nothing but what r allows: no other slot or getter,
 * no native, seat or player count. */
static bool node_reads_only(const expr_node *n, const readable *r)
{
	switch (n->op) {
	case OP_VAR:
		for (int i = 0; i < r->nslot; i++)
			if (r->slot[i] == n->slot)
				return true;
		return false;
	case OP_GET:
		return r->getter_ok && r->getter_ok(n->u.get);
	case OP_SEATGET: case OP_SEATVAR: case OP_SEAT:
	case OP_PLAYERS: case OP_AT: case OP_SEATAGG: case OP_FORSEATS:
		return false;
	case OP_CALL:
		if (n->u.call.fn == expr_native_call)
			return false;
		break;
	default:
		break;
	}
	const expr_node *const *kid = n->op == OP_CALL ? n->u.call.arg
						       : n->u.kid;
	for (int i = 0; i < n->nkid; i++)
		if (!node_reads_only(kid[i], r))
			return false;
	return true;
}

bool expr_reads_only(const expr *e, const int *slot, int nslot)
{
	readable r = {slot, nslot, NULL};
	return node_reads_only(e->root, &r);
}

bool expr_reads_only_getters(const expr *e, expr_getter_ok_fn ok)
{
	readable r = {NULL, 0, ok};
	return node_reads_only(e->root, &r);
}

bool expr_node_reads_only(const expr_node *n, const int *slot, int nslot)
{
	readable r = {slot, nslot, NULL};
	return node_reads_only(n, &r);
}

static bool node_reads_slot(const expr_node *n, int slot)
{
	if (n->op == OP_VAR || n->op == OP_SEATVAR)     /* a per-seat one's */
		return n->slot == slot;                 /* first slot */
	const expr_node *const *kid = n->op == OP_CALL ? n->u.call.arg
						       : n->u.kid;
	for (int i = 0; i < n->nkid; i++)
		if (node_reads_slot(kid[i], slot))
			return true;
	return false;
}

bool expr_reads_slot(const expr *e, int slot)
{
	return node_reads_slot(e->root, slot);
}

/* How surely n reads slot whenever it is evaluated (expr_surely_reads):
 * the kids that always run pass theirs on, a branch's only where both
 * branches read it, a loop's body nothing (it may not run), a seat
 * aggregate's body at every seat when it never stops early. */
static int node_surely_reads(const expr_node *n, int slot)
{
	int r = EXPR_READ_MAYBE;
	switch (n->op) {
	case OP_VAR:
		return n->slot == slot ? EXPR_READ_ALL : EXPR_READ_MAYBE;
	case OP_SEATVAR:
		return n->slot == slot ? EXPR_READ_HERE : EXPR_READ_MAYBE;
	case OP_AND:
	case OP_OR:
	case OP_FORCARDS:
	case OP_FORSUITS:
		return node_surely_reads(n->u.kid[0], slot);
	case OP_FORRANGE: {
		int lo = node_surely_reads(n->u.kid[0], slot);
		int hi = node_surely_reads(n->u.kid[2], slot);
		return lo > hi ? lo : hi;
	}
	case OP_IF: {
		int c = node_surely_reads(n->u.kid[0], slot);
		int a = node_surely_reads(n->u.kid[1], slot);
		int b = node_surely_reads(n->u.kid[2], slot);
		int both = a < b ? a : b;
		return c > both ? c : both;
	}
	case OP_AT: {           /* kid 0 at another seat: only what it reads
				   at every seat counts */
		int at = node_surely_reads(n->u.kid[1], slot);
		int x = node_surely_reads(n->u.kid[0], slot);
		return x == EXPR_READ_ALL ? x : at;
	}
	case OP_SEATAGG:
		if (n->agg == AGG_ANY || n->agg == AGG_ALL)
			return EXPR_READ_MAYBE;
		return node_surely_reads(n->u.kid[0], slot) ? EXPR_READ_ALL
							    : EXPR_READ_MAYBE;
	case OP_CALL:
		for (int i = 0; i < n->nkid; i++) {
			int k = node_surely_reads(n->u.call.arg[i], slot);
			r = k > r ? k : r;
		}
		return r;
	case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
	case OP_MOD: case OP_UNION: case OP_DIFF: case OP_INTER:
	case OP_SUNION: case OP_SDIFF: case OP_SINTER: case OP_EQ: case OP_NE:
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_SETEQ:
	case OP_SETNE: case OP_INCARDS: case OP_INSUITS: case OP_NOT:
	case OP_FACESET: case OP_SUITSET: case OP_RANKSET: case OP_SUITBIT:
		for (int i = 0; i < n->nkid; i++) {
			int k = node_surely_reads(n->u.kid[i], slot);
			r = k > r ? k : r;
		}
		return r;
	default:                /* reads no slot, or not surely */
		return EXPR_READ_MAYBE;
	}
}

int expr_surely_reads(const expr *e, int slot)
{
	return node_surely_reads(e->root, slot);
}

/* Whether n reads the frame's seat other than through `by` or a slot
 * slot_ok accepts. */
static bool node_reads_seat(const expr_node *n, expr_getter_fn by,
			    expr_slot_ok_fn slot_ok, const void *ctx)
{
	switch (n->op) {
	case OP_SEAT:
		return true;
	case OP_GET:
		return false;
	case OP_SEATGET:
		return n->u.get != by;
	case OP_SEATVAR:
		return !slot_ok(n->slot, ctx);
	case OP_AT:             /* kid 0 is read at the seat kid 1 names */
		return node_reads_seat(n->u.kid[1], by, slot_ok, ctx);
	case OP_SEATAGG:        /* its body is read at every seat in turn */
		return false;
	case OP_CALL:
		if (n->u.call.fn == expr_native_call)
			return true;    /* it is handed the frame */
		break;
	default:
		break;
	}
	const expr_node *const *kid = n->op == OP_CALL ? n->u.call.arg
						       : n->u.kid;
	for (int i = 0; i < n->nkid; i++)
		if (node_reads_seat(kid[i], by, slot_ok, ctx))
			return true;
	return false;
}

bool expr_reads_seat_through(const expr *e, expr_getter_fn by,
			     expr_slot_ok_fn slot_ok, const void *ctx)
{
	return !node_reads_seat(e->root, by, slot_ok, ctx);
}

/* The operands of the `and`s down n's left side, from the left: a, b,
 * c of ((a and b) and c); how many (at most max; n itself when it is
 * no `and`). */
int expr_and_operands(const expr_node *n, const expr_node **out, int max)
{
	if (n->op != OP_AND)
		return max > 0 ? (out[0] = n, 1) : 0;
	int k = expr_and_operands(n->u.kid[0], out, max);
	if (k < max)
		out[k++] = n->u.kid[1];
	return k;
}

int expr_and_lead(const expr *e, const int *slot, int nslot)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (e->root->op != OP_AND)
		return 0;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX), k = 0;
	while (k < n) {
		for (int i = 0; i < nslot; i++)
			if (node_reads_slot(op[k], slot[i]))
				return k;
		k++;
	}
	return k;
}

bool expr_and_lead_reads_only(const expr *e, int k, const int *slot,
			      int nslot)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (e->root->op != OP_AND)
		return false;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX);
	if (k <= 0 || k > n)
		return false;
	for (int i = 0; i < k; i++)
		if (!expr_node_reads_only(op[i], slot, nslot))
			return false;
	return true;
}

int expr_and_lead_fixed(const expr *e, expr_getter_ok_fn fixed)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (e->root->op != OP_AND)
		return 0;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX), k = 0;
	readable r = {NULL, 0, fixed};
	while (k < n && node_reads_only(op[k], &r))
		k++;
	return k;
}

int expr_and_lead_without(const expr *e, expr_getter_fn fn)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (e->root->op != OP_AND)
		return 0;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX), k = 0;
	while (k < n && !node_reads(op[k], fn))
		k++;
	return k;
}

static bool node_names_ok(const expr_node *n, expr_name_ok_fn ok,
			  const void *ctx)
{
	if ((n->op == OP_GET || n->op == OP_SEATGET) &&
	    !ok(n->u.get, n->slot, NULL, ctx))
		return false;
	if (n->op == OP_CALL && n->u.call.fn == expr_native_call &&
	    !ok(NULL, 0, n->u.call.data.native, ctx))
		return false;
	const expr_node *const *kid = n->op == OP_CALL ? n->u.call.arg
						       : n->u.kid;
	for (int i = 0; i < n->nkid; i++)
		if (!node_names_ok(kid[i], ok, ctx))
			return false;
	return true;
}

bool expr_reads_names_ok(const expr *e, expr_name_ok_fn ok, const void *ctx)
{
	return node_names_ok(e->root, ok, ctx);
}

uint32_t expr_and_ops_names_ok(const expr *e, expr_name_ok_fn ok,
			       const void *ctx)
{
	const expr_node *op[EXPR_HEIGHT_MAX];
	if (e->root->op != OP_AND)
		return 0;
	int n = expr_and_operands(e->root, op, EXPR_HEIGHT_MAX);
	if (n != e->nand_op || n > 32)  /* not listed as the form run's */
		return 0;
	uint32_t ops = 0;
	for (int i = 0; i < n; i++)
		if (node_names_ok(op[i], ok, ctx))
			ops |= UINT32_C(1) << i;
	return ops;
}

uint32_t expr_and_ops_all(const expr *e)
{
	return e->nand_op >= 32 ? UINT32_MAX
				: (UINT32_C(1) << e->nand_op) - 1;
}

const char *expr_text(const expr *e)
{
	return e->text;
}

const char *expr_says(const expr *e)
{
	return e->says;
}

void expr_set_says(expr *e, const char *says)
{
	e->says = says;
}

void expr_position(const expr *e, const src_file **file, int *line, int *col)
{
	*file = e->file;
	*line = e->line;
	*col = e->col;
}

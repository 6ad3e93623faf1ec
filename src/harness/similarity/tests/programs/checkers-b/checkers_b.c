/* checkers_b.c -- a second checkers program for COMP10002 2021 A2, written
 * apart from src/checkers from the handout and its notes: one file, a 10x10
 * "mailbox" board whose rim of '#' ends every diagonal walk, and a recursive
 * minimax over malloc'd move lists. Test data of the similarity tool: an
 * independent program of the same game, and an original to disguise. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RIM '#'
#define HOLE '.'
#define SQUARES 100
#define LOOKAHEAD 3
#define PLAY_TURNS 10
#define RULE "====================================="

/* Square of row r (1 = top) and column c (1 = A): r * 10 + c. */
#define SQ(r, c) ((r) * 10 + (c))

enum side { BLACK_SIDE = 0, WHITE_SIDE = 1 };

/* North-east, south-east, south-west, north-west: the order of the notes. */
static const int STEP[4] = { -9, 11, 9, -11 };

struct game {
    char sq[SQUARES];
    int mover;
    int played;
};

struct jump {
    int from, to, over;
};

struct jumplist {
    struct jump *items;
    int count, room;
};

static const char *const PROBLEM[7] = {
    "",
    "ERROR: Source cell is outside of the board.",
    "ERROR: Target cell is outside of the board.",
    "ERROR: Source cell is empty.",
    "ERROR: Target cell is not empty.",
    "ERROR: Source cell holds opponent's piece/tower.",
    "ERROR: Illegal action.",
};

static void *must_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (p == NULL) {
        fputs("checkers: out of memory\n", stderr);
        exit(3);
    }
    return p;
}

static int owner_of(char man)
{
    if (man == 'b' || man == 'B') {
        return BLACK_SIDE;
    }
    return (man == 'w' || man == 'W') ? WHITE_SIDE : -1;
}

static void setup(struct game *g)
{
    int r, c;
    memset(g->sq, RIM, sizeof g->sq);
    for (r = 1; r <= 8; r++) {
        for (c = 1; c <= 8; c++) {
            char man = HOLE;
            if ((r + c) % 2 == 1 && r <= 3) {
                man = 'w';
            } else if ((r + c) % 2 == 1 && r >= 6) {
                man = 'b';
            }
            g->sq[SQ(r, c)] = man;
        }
    }
    g->mover = BLACK_SIDE;
    g->played = 0;
}

static int material(const struct game *g)
{
    int i, sum = 0;
    for (i = 0; i < SQUARES; i++) {
        switch (g->sq[i]) {
        case 'b': sum += 1; break;
        case 'B': sum += 3; break;
        case 'w': sum -= 1; break;
        case 'W': sum -= 3; break;
        default: break;
        }
    }
    return sum;
}

static void push_jump(struct jumplist *list, int from, int to, int over)
{
    if (list->count == list->room) {
        int room = list->room ? list->room * 2 : 16;
        struct jump *bigger = must_alloc((size_t)room * sizeof *bigger);
        if (list->count) {
            memcpy(bigger, list->items, (size_t)list->count * sizeof *bigger);
        }
        free(list->items);
        list->items = bigger;
        list->room = room;
    }
    list->items[list->count].from = from;
    list->items[list->count].to = to;
    list->items[list->count++].over = over;
}

/* The legal actions of the man on square from, in the notes' direction order. */
static void actions_from(const struct game *g, int from, struct jumplist *list)
{
    char man = g->sq[from];
    int side = owner_of(man), d;
    for (d = 0; d < 4; d++) {
        int next = from + STEP[d];
        int ahead = (side == BLACK_SIDE) ? STEP[d] < 0 : STEP[d] > 0;
        if (man != 'B' && man != 'W' && !ahead) {
            continue;
        }
        if (g->sq[next] == HOLE) {
            push_jump(list, from, next, 0);
        } else if (owner_of(g->sq[next]) == 1 - side && g->sq[next + STEP[d]] == HOLE) {
            push_jump(list, from, next + STEP[d], next);
        }
    }
}

static void all_actions(const struct game *g, struct jumplist *list)
{
    int r, c;
    list->items = NULL;
    list->count = list->room = 0;
    for (r = 1; r <= 8; r++) {
        for (c = 1; c <= 8; c++) {
            if (owner_of(g->sq[SQ(r, c)]) == g->mover) {
                actions_from(g, SQ(r, c), list);
            }
        }
    }
}

static void perform(struct game *g, const struct jump *j)
{
    char man = g->sq[j->from];
    g->sq[j->from] = HOLE;
    if (j->over) {
        g->sq[j->over] = HOLE;
    }
    if (man == 'b' && j->to / 10 == 1) {
        man = 'B';
    } else if (man == 'w' && j->to / 10 == 8) {
        man = 'W';
    }
    g->sq[j->to] = man;
    g->mover = 1 - g->mover;
    g->played++;
}

/* Minimax value of g, depth plies below the root. */
static int value_of(const struct game *g, int depth)
{
    struct jumplist list;
    int k, best;
    if (depth == LOOKAHEAD) {
        return material(g);
    }
    all_actions(g, &list);
    best = (g->mover == BLACK_SIDE) ? INT_MIN : INT_MAX;
    for (k = 0; k < list.count; k++) {
        struct game child = *g;
        int v;
        perform(&child, &list.items[k]);
        v = value_of(&child, depth + 1);
        if ((g->mover == BLACK_SIDE && v > best) || (g->mover == WHITE_SIDE && v < best)) {
            best = v;
        }
    }
    free(list.items);
    return best;
}

/* The left-most best action for the side to move; 0 when it has none. */
static int choose(const struct game *g, struct jump *chosen)
{
    struct jumplist list;
    int k, best = 0, found = 0;
    all_actions(g, &list);
    for (k = 0; k < list.count; k++) {
        struct game child = *g;
        int v;
        perform(&child, &list.items[k]);
        v = value_of(&child, 1);
        if (!found || (g->mover == BLACK_SIDE ? v > best : v < best)) {
            best = v;
            *chosen = list.items[k];
            found = 1;
        }
    }
    free(list.items);
    return found;
}

static void draw(const struct game *g)
{
    const char *line = "   +---+---+---+---+---+---+---+---+\n";
    int r, c;
    printf("     A   B   C   D   E   F   G   H\n%s", line);
    for (r = 1; r <= 8; r++) {
        printf(" %d |", r);
        for (c = 1; c <= 8; c++) {
            printf(" %c |", g->sq[SQ(r, c)]);
        }
        printf("\n%s", line);
    }
}

static void report(const struct game *g, const struct jump *j, int computed)
{
    printf("%s\n%s%s ACTION #%d: %c%d-%c%d\nBOARD COST: %d\n", RULE, computed ? "*** " : "",
           g->mover == WHITE_SIDE ? "BLACK" : "WHITE", g->played,
           'A' + j->from % 10 - 1, j->from / 10, 'A' + j->to % 10 - 1, j->to / 10, material(g));
    draw(g);
}

/* A row of decimal digits; 99 stands for any row of more than two significant digits. */
static int row_number(const char *digits, int length)
{
    int i = 0, n = 0;
    while (i < length && digits[i] == '0') {
        i++;
    }
    if (length - i > 2) {
        return 99;
    }
    for (; i < length; i++) {
        n = n * 10 + (digits[i] - '0');
    }
    return n;
}

/* Reads "<A-Z><digits>" at text; returns the characters used, 0 if none. */
static int read_cell(const char *text, int length, int *col, int *row)
{
    int used = 1;
    if (length < 2 || text[0] < 'A' || text[0] > 'Z') {
        return 0;
    }
    while (used < length && text[used] >= '0' && text[used] <= '9') {
        used++;
    }
    if (used == 1) {
        return 0;
    }
    *col = text[0] - 'A' + 1;
    *row = row_number(text + 1, used - 1);
    return used;
}

static int on_board(int col, int row)
{
    return col >= 1 && col <= 8 && row >= 1 && row <= 8;
}

/* The first of the six problems of from-to for the side to move; 0 if legal. */
static int judge(const struct game *g, int fc, int fr, int tc, int tr, struct jump *legal)
{
    struct jumplist list;
    int k, verdict = 6;
    if (!on_board(fc, fr)) {
        return 1;
    }
    if (!on_board(tc, tr)) {
        return 2;
    }
    if (g->sq[SQ(fr, fc)] == HOLE) {
        return 3;
    }
    if (g->sq[SQ(tr, tc)] != HOLE) {
        return 4;
    }
    if (owner_of(g->sq[SQ(fr, fc)]) != g->mover) {
        return 5;
    }
    list.items = NULL;
    list.count = list.room = 0;
    actions_from(g, SQ(fr, fc), &list);
    for (k = 0; k < list.count; k++) {
        if (list.items[k].to == SQ(tr, tc)) {
            *legal = list.items[k];
            verdict = 0;
        }
    }
    free(list.items);
    return verdict;
}

static void autoplay(struct game *g, int turns)
{
    struct jump next;
    while (turns-- > 0) {
        if (!choose(g, &next)) {
            printf("%s WIN!\n", g->mover == BLACK_SIDE ? "WHITE" : "BLACK");
            return;
        }
        perform(g, &next);
        report(g, &next, 1);
    }
}

/* One trimmed input line: 0 to go on, 1 when the input ends here, or an exit status + 10. */
static int handle_line(struct game *g, const char *text, int length, int number)
{
    int fc, fr, tc, tr, a, b, problem;
    struct jump legal;
    if (length == 1 && (text[0] == 'A' || text[0] == 'P')) {
        autoplay(g, text[0] == 'A' ? 1 : PLAY_TURNS);
        return 1;
    }
    a = read_cell(text, length, &fc, &fr);
    b = (a && a < length && text[a] == '-') ? read_cell(text + a + 1, length - a - 1, &tc, &tr) : 0;
    if (!b || a + 1 + b != length) {
        fprintf(stderr, "checkers: line %d: malformed action \"%.*s\" (expected e.g. G6-F5, A or P)\n",
                number, length > 40 ? 40 : length, text);
        return 12;
    }
    problem = judge(g, fc, fr, tc, tr, &legal);
    if (problem) {
        printf("%s\n", PROBLEM[problem]);
        return 11;
    }
    perform(g, &legal);
    report(g, &legal, 0);
    return 0;
}

static char *slurp(FILE *in, size_t *size)
{
    size_t room = 4096, used = 0, got;
    char *data = must_alloc(room);
    while ((got = fread(data + used, 1, room - used, in)) > 0) {
        used += got;
        if (used == room) {
            char *bigger = must_alloc(room * 2);
            memcpy(bigger, data, used);
            free(data);
            data = bigger;
            room *= 2;
        }
    }
    *size = used;
    return data;
}

static int blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r';
}

int main(int argc, char **argv)
{
    struct game g;
    size_t size, start = 0, end;
    int number = 0, outcome = 0;
    char *data;
    if (argc > 1) {
        fprintf(stderr, "checkers: unknown option %s\n", argv[1]);
        return 2;
    }
    setup(&g);
    printf("BOARD SIZE: 8x8\n#BLACK PIECES: 12\n#WHITE PIECES: 12\n");
    draw(&g);
    data = slurp(stdin, &size);
    while (start < size && outcome == 0) {
        size_t first, last;
        for (end = start; end < size && data[end] != '\n'; end++) {
        }
        number++;
        for (first = start; first < end && blank(data[first]); first++) {
        }
        for (last = end; last > first && blank(data[last - 1]); last--) {
        }
        if (last > first) {
            outcome = handle_line(&g, data + first, (int)(last - first), number);
        }
        start = end + 1;
    }
    free(data);
    return outcome > 10 ? outcome - 10 : 0;
}

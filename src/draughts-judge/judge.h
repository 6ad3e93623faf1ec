/*
 * judge.h -- the types the parts of the draughts judge share: what a line
 * of a program's output says once it has been read tolerantly.
 *
 * The judge reads a program's output (a student's output.txt for CSCI 561
 * HW4) by JUDGE.md's rules, not NOTES.md's: white space, the letter case
 * of the words, the spelling of an infinity and the final '.' are free.
 * What a line says is kept as printed (numbers as printed, coordinates
 * even when they are off the board), so that the checks can name exactly
 * what is wrong with it; the rules engine in src/draughts/ decides what
 * is legal.
 */
#ifndef DRAUGHTS_JUDGE_H
#define DRAUGHTS_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "draughts.h"

enum {
    /* A side has at most 4 moves per piece and one piece per dark square
     * (the engine's MAX_MOVES, which lives in its search.h). */
    JUDGE_MAX_MOVES = 4 * (SQUARE_COUNT / 2),
    /* JUDGE.md: an integer whose magnitude exceeds 24 is an infinity, as
     * no heuristic can reach it with 12 pieces a side (12 kings make 24). */
    HANDOUT_LARGEST_HEURISTIC = 24
};

/* A number as printed: an infinity word (inf, Infinity, the sign ∞), or
 * an integer, saturated far beyond any heuristic so that a 40-digit
 * number still reads as an infinity. */
typedef enum {
    NUMBER_INTEGER,
    NUMBER_PLUS_INFINITY,
    NUMBER_MINUS_INFINITY
} number_kind_t;

typedef struct {
    number_kind_t kind;
    long long integer;  /* NUMBER_INTEGER only */
} printed_number_t;

/* A move as printed, `(from_row,from_col)=>(to_row,to_col)`; the numbers
 * may name squares off the board, which makes the move illegal, not the
 * line unreadable. */
typedef struct {
    long from_row, from_col, to_row, to_col;
} printed_move_t;

typedef enum {
    LINE_HEADER,      /* case N */
    LINE_MOVE,        /* |-|-A3: (r1,c1)=>(r2,c2) [; h=V] */
    LINE_PRUNING,     /* |-|-A3: pruning m, m, ...; alpha=X, beta=Y */
    LINE_FIRST_MOVE,  /* first move: (r1,c1)=>(r2,c2), or naming no move */
    LINE_MALFORMED    /* any other shape: a format fault */
} line_kind_t;

/* One non-blank line of the output. */
typedef struct {
    line_kind_t kind;
    size_t number;            /* 1-based; blank lines are counted too */
    const char *text;         /* as printed, trimmed; not owned */
    size_t length;
    int ply;                  /* LINE_MOVE, LINE_PRUNING: 1..4 */
    printed_move_t move;      /* LINE_MOVE; LINE_FIRST_MOVE if names_move */
    bool has_h;               /* LINE_MOVE */
    printed_number_t h;
    size_t pruned_first;      /* LINE_PRUNING: its moves in the pool */
    size_t pruned_count;
    printed_number_t alpha;   /* LINE_PRUNING */
    printed_number_t beta;
    long case_number;         /* LINE_HEADER, saturated */
    bool names_move;          /* LINE_FIRST_MOVE */
    const char *problem;      /* LINE_MALFORMED: what is wrong (static) */
} output_line_t;

/* Plies are A1, B2, A3, B4; their labels, indexed by ply. */
static inline const char *ply_label(int ply)
{
    static const char *const LABELS[] = {"", "A1", "B2", "A3", "B4"};
    return ply >= 1 && ply <= LAST_PLY ? LABELS[ply] : "?";
}

#endif

// CSCI 561 HW4 test player (C++): rules and search, declared here.
// See hw4.cpp for what this program is and which variants it has.
#ifndef HW4_DRAUGHTS_H
#define HW4_DRAUGHTS_H

#include <array>
#include <string>
#include <vector>

struct Move {
    int r1, c1, r2, c2;
};

using Board = std::array<std::string, 8>;

constexpr int POS_INF = 1000000;   // beyond any heuristic (12 kings make 24)
constexpr int NEG_INF = -1000000;

// What the HW4_VARIANT environment variable turns on.
struct Variant {
    bool header = true;            // no-header: no `case N` lines
    bool boundsBefore = false;     // bounds-before: alpha/beta before the last update
    bool kingsFirst = false;       // order-kings-first: kings' moves before men's
    bool mandatoryJumps = true;    // no-mandatory-jump (fault): steps allowed beside jumps
    bool missingChild = false;     // missing-child (fault): last B2 child dropped
};

// Rules (draughts.cpp).
std::vector<Move> legalMoves(const Board& b, bool alice, bool mandatoryJumps = true);
Board applyMove(const Board& b, const Move& m);
int heuristic(const Board& b);

// The traced search of one case (search.cpp); appends its lines to out.
void playCase(const Board& board, const Variant& variant, std::string& out);

#endif

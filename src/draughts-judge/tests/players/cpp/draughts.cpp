// CSCI 561 HW4 test player (C++): the handout's rules of English draughts.
// Alice ('A' man, 'k' king) moves up, Bill ('B' man, 'K' king) moves down;
// single jumps only; jumping is mandatory; a man reaching the far row is
// crowned at once.
#include "draughts.h"

#include <cstdlib>

namespace {

// Up-left, up-right, down-left, down-right: the reading order of destinations.
const int DR[4] = {-1, -1, 1, 1};
const int DC[4] = {-1, 1, -1, 1};

bool isAlice(char ch) { return ch == 'A' || ch == 'k'; }
bool isBill(char ch) { return ch == 'B' || ch == 'K'; }
bool owns(bool alice, char ch) { return alice ? isAlice(ch) : isBill(ch); }
bool inside(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

// Men move forward only; kings every way.
bool allowed(char ch, int d) {
    if (ch == 'k' || ch == 'K') return true;
    return ch == 'A' ? d < 2 : d >= 2;
}

}  // namespace

std::vector<Move> legalMoves(const Board& b, bool alice, bool mandatoryJumps) {
    std::vector<Move> jumps, steps, all;
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            if (!owns(alice, b[r][c])) continue;
            for (int d = 0; d < 4; ++d) {
                if (!allowed(b[r][c], d)) continue;
                int r1 = r + DR[d], c1 = c + DC[d], r2 = r1 + DR[d], c2 = c1 + DC[d];
                if (!inside(r1, c1)) continue;
                if (b[r1][c1] == 'O') {
                    steps.push_back({r, c, r1, c1});
                    all.push_back(steps.back());
                } else if (owns(!alice, b[r1][c1]) && inside(r2, c2) && b[r2][c2] == 'O') {
                    jumps.push_back({r, c, r2, c2});
                    all.push_back(jumps.back());
                }
            }
        }
    }
    if (!mandatoryJumps) return all;
    return jumps.empty() ? steps : jumps;
}

Board applyMove(const Board& b, const Move& m) {
    Board n = b;
    char ch = n[m.r1][m.c1];
    n[m.r1][m.c1] = 'O';
    if (std::abs(m.r2 - m.r1) == 2) n[(m.r1 + m.r2) / 2][(m.c1 + m.c2) / 2] = 'O';
    if (ch == 'A' && m.r2 == 0) ch = 'k';
    if (ch == 'B' && m.r2 == 7) ch = 'K';
    n[m.r2][m.c2] = ch;
    return n;
}

int heuristic(const Board& b) {
    int h = 0;
    for (const std::string& row : b) {
        for (char ch : row) {
            if (ch == 'A') h += 1;
            else if (ch == 'k') h += 2;
            else if (ch == 'B') h -= 1;
            else if (ch == 'K') h -= 2;
        }
    }
    return h;
}

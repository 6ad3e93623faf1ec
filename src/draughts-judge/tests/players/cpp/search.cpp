// CSCI 561 HW4 test player (C++): depth-4 minimax with alpha-beta, printing
// the traversal. Variants handled here: order-kings-first, bounds-before,
// and the faults no-mandatory-jump and missing-child (see draughts.h).
#include "draughts.h"

#include <algorithm>
#include <cstddef>

namespace {

std::string number(int v) {
    if (v >= POS_INF) return "+inf";
    if (v <= NEG_INF) return "-inf";
    return std::to_string(v);
}

std::string moveText(const Move& m) {
    return "(" + std::to_string(m.r1) + "," + std::to_string(m.c1) + ")=>(" +
           std::to_string(m.r2) + "," + std::to_string(m.c2) + ")";
}

std::string label(int ply) {
    std::string s;
    for (int i = 1; i < ply; ++i) s += "|-";
    return s + (ply % 2 == 1 ? "A" : "B") + std::to_string(ply) + ": ";
}

class Search {
public:
    Search(const Variant& v, std::string& out) : variant_(v), out_(out) {}

    int value(const Board& b, int ply, int alpha, int beta);
    std::vector<Move> children(const Board& b, int ply) const;
    const Move* firstMove() const;

private:
    bool stops(const Board& after, int ply) const;
    int worth(const Board& after, int ply) const;
    void pruneLine(int ply, const std::vector<Move>& moves, std::size_t from, int alpha, int beta);

    const Variant& variant_;
    std::string& out_;
    std::vector<Move> rootMoves_;
    std::vector<int> rootValues_;
};

std::vector<Move> Search::children(const Board& b, int ply) const {
    std::vector<Move> moves = legalMoves(b, ply % 2 == 1, variant_.mandatoryJumps);
    if (variant_.kingsFirst) {
        std::stable_partition(moves.begin(), moves.end(), [&b](const Move& m) {
            char ch = b[m.r1][m.c1];
            return ch == 'k' || ch == 'K';
        });
    }
    if (variant_.missingChild && ply == 2 && moves.size() > 1) moves.pop_back();
    return moves;
}

// The search stops after a move at ply when it is B4 or the side to move next is stuck.
bool Search::stops(const Board& after, int ply) const {
    return ply == 4 || legalMoves(after, ply % 2 == 0).empty();
}

int Search::worth(const Board& after, int ply) const {
    bool aliceNext = ply % 2 == 0;
    if (legalMoves(after, aliceNext).empty()) return aliceNext ? NEG_INF : POS_INF;
    return heuristic(after);
}

void Search::pruneLine(int ply, const std::vector<Move>& moves, std::size_t from, int alpha,
                       int beta) {
    out_ += label(ply) + "pruning ";
    for (std::size_t i = from; i < moves.size(); ++i) {
        if (i > from) out_ += ", ";
        out_ += moveText(moves[i]);
    }
    out_ += "; alpha=" + number(alpha) + ", beta=" + number(beta) + ".\n";
}

int Search::value(const Board& b, int ply, int alpha, int beta) {
    bool alice = ply % 2 == 1;
    std::vector<Move> moves = children(b, ply);
    int best = alice ? NEG_INF : POS_INF;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Board after = applyMove(b, moves[i]);
        int v = 0;
        out_ += label(ply) + moveText(moves[i]);
        if (stops(after, ply)) {
            v = worth(after, ply);
            out_ += "; h=" + number(v) + ".\n";
        } else {
            out_ += ".\n";
            v = value(after, ply + 1, alpha, beta);
        }
        if (ply == 1) {
            rootMoves_.push_back(moves[i]);
            rootValues_.push_back(v);
        }
        int oldAlpha = alpha, oldBeta = beta;
        if (alice) alpha = std::max(alpha, best = std::max(best, v));
        else beta = std::min(beta, best = std::min(best, v));
        if (alpha >= beta && i + 1 < moves.size()) {
            if (variant_.boundsBefore) pruneLine(ply, moves, i + 1, oldAlpha, oldBeta);
            else pruneLine(ply, moves, i + 1, alpha, beta);
            break;
        }
    }
    return best;
}

// The first A1 move with the largest value (later ones replace it only when strictly greater).
const Move* Search::firstMove() const {
    if (rootMoves_.empty()) return nullptr;
    std::size_t pick = 0;
    for (std::size_t i = 1; i < rootMoves_.size(); ++i)
        if (rootValues_[i] > rootValues_[pick]) pick = i;
    return &rootMoves_[pick];
}

}  // namespace

void playCase(const Board& board, const Variant& variant, std::string& out) {
    Search search(variant, out);
    if (!search.children(board, 1).empty()) search.value(board, 1, NEG_INF, POS_INF);
    const Move* first = search.firstMove();
    out += "first move: " + (first ? moveText(*first) : std::string("none")) + ".\n";
}

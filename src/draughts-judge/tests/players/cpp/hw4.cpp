// CSCI 561 HW4 (English draughts, depth-4 minimax with alpha-beta), C++17.
//
// TEST PLAYER for the draughts judge, written from the handout alone
// (assignment.txt, JUDGE.md); not a golden program. The environment
// variable HW4_VARIANT picks its behaviour (default reference-like):
//
//   correct: reference-like, no-header, bounds-before, order-kings-first
//   faults:  no-mandatory-jump, missing-child
//
// See ../README.md for what each variant changes.
// Build and run as the grader does:  g++ *.cpp -o hw4 ; ./hw4 input.txt output.txt
// Files: hw4.cpp (variant, input, output), draughts.cpp (rules),
// search.cpp (alpha-beta and the first move), draughts.h.
#include "draughts.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace {

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "hw4: %s\n", message.c_str());
    std::exit(2);
}

Variant variantFromEnvironment() {
    const char* env = std::getenv("HW4_VARIANT");
    std::string name = env ? env : "reference-like";
    Variant v;
    if (name == "no-header") v.header = false;
    else if (name == "bounds-before") v.boundsBefore = true;
    else if (name == "order-kings-first") v.kingsFirst = true;
    else if (name == "no-mandatory-jump") v.mandatoryJumps = false;
    else if (name == "missing-child") v.missingChild = true;
    else if (name != "reference-like") fail("unknown HW4_VARIANT '" + name + "'");
    return v;
}

// The non-blank lines of the input, white space around each removed; only \n ends a line.
std::vector<std::string> contentLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    const char* blanks = " \t\r\v\f";
    for (std::string line; std::getline(in, line);) {
        std::size_t from = line.find_first_not_of(blanks);
        if (from == std::string::npos) continue;
        lines.push_back(line.substr(from, line.find_last_not_of(blanks) - from + 1));
    }
    return lines;
}

// `case N`: N as a plain number (case 007 is case 7).
long long caseNumber(const std::string& line) {
    std::istringstream in(line);
    std::string word, digits, extra;
    in >> word >> digits;
    bool ok = word == "case" && !digits.empty() && digits.size() <= 18 && !(in >> extra);
    for (char ch : digits) ok = ok && ch >= '0' && ch <= '9';
    if (!ok) fail("expected 'case N', got '" + line + "'");
    return std::stoll(digits);
}

std::string solveAll(const std::string& text, const Variant& variant) {
    std::vector<std::string> lines = contentLines(text);
    std::string out;
    for (std::size_t at = 0; at < lines.size(); at += 9) {
        long long number = caseNumber(lines[at]);
        if (at + 9 > lines.size()) fail("case " + std::to_string(number) + " is cut short");
        Board board;
        for (int r = 0; r < 8; ++r) {
            board[r] = lines[at + 1 + r];
            if (board[r].size() != 8) fail("a board line is not 8 squares: '" + board[r] + "'");
        }
        if (variant.header) out += "case " + std::to_string(number) + "\n";
        playCase(board, variant, out);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    Variant variant = variantFromEnvironment();
    if (argc > 3) fail("usage: ./hw4 [input.txt [output.txt]]");
    std::string text;
    if (argc > 1) {
        std::ifstream in(argv[1], std::ios::binary);
        if (!in) fail(std::string("cannot read ") + argv[1]);
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } else {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    }
    std::string out = solveAll(text, variant);
    if (argc > 2) {
        std::ofstream file(argv[2], std::ios::binary);
        if (!(file << out)) fail(std::string("cannot write ") + argv[2]);
    } else {
        std::cout << out;
    }
    return 0;
}

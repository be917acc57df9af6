// The UCI front end of KestoG adapted to Dame (build.py compiles it with KestoG's adapted source):
// the position as Dame's text or `startpos` with moves in Dame's notation, `go` with a clock or
// `movetime`, and three commands of its own for checking it: `moves` (the legal moves), `fen` (the
// position's text) and `perft <depth>` (two routes of one capture counted once, as Dame's rules say;
// the last ply counted in bulk and moves made and unmade in place, as `duel perft` counts).
// Time: KestoG starts no iteration past 70 % of its budget and stops one at twice the budget; the
// budget is t/20 + inc (KestoG's own share), at most t/5, or half of `movetime`; a `go` with neither
// searches about a second (`stop` is not read during a search).
// The Windows shim first: KestoG uses its names before it includes <windows.h>.
#include "windows.h"
#include "kestog-dame-engine.cpp"

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char *const START = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1";

int board[46];
int side = WHITE;
int stopFlag = 0;
int lastDepth = -1;

// KestoG's squares run 5 to 40, one in nine left out as padding.
bool isSquare(int sq) { return sq >= 5 && sq <= 40 && sq % 9 != 0; }

std::string name(int sq) {
  char text[3];
  SquareToStr(sq, text);
  return text;
}

int squareNamed(const std::string &text) {
  for (int sq = 5; sq <= 40; sq++)
    if (isSquare(sq) && name(sq) == text) return sq;
  return 0;
}

int squareAt(int file, int rank) {
  if (file < 0 || file > 7 || rank < 1 || rank > 8) return 0;
  return squareNamed(std::string(1, char('a' + file)) + char('0' + rank));
}

// The legal moves, routes of one capture included; KestoG's piece lists must be current.
std::vector<move2> generate(int b[46], int color) {
  move2 list[MAXMOVES];
  int n = Gen_Captures(b, list, color);
  if (!n) n = Gen_Moves(b, list, color);
  return std::vector<move2>(list, list + n);
}

std::string moveText(const move2 &mv) {
  std::string text = name(mv.m[0] & 255);
  if (mv.l <= 2) return text + "-" + name(mv.m[1] & 255);
  for (int i = 1; i <= mv.l - 2; i++) text += "x" + name(mv.path[i]);
  return text;
}

// What tells a move apart whatever its route: its first and last squares and the pieces it takes.
std::string moveKey(const move2 &mv) {
  std::vector<int> taken;
  for (int i = 2; i < mv.l; i++) taken.push_back(mv.m[i] & 255);
  std::sort(taken.begin(), taken.end());
  std::string key = name(mv.m[0] & 255) + ":" + name(mv.m[1] & 255);
  for (int sq : taken) key += ":" + name(sq);
  return key;
}

// The key of a move written as its landing squares: the pieces jumped are those between them.
std::string routeKey(const std::string &text) {
  std::vector<std::string> squares;
  std::string square;
  for (char c : text + "-") {
    if (c == '-' || c == 'x') {
      squares.push_back(square);
      square.clear();
    } else {
      square += c;
    }
  }
  int from = squareNamed(squares.front());
  std::vector<int> taken;
  for (size_t i = 0; i + 1 < squares.size(); i++) {
    const std::string &a = squares[i], &b = squares[i + 1];
    if (a.size() != 2 || b.size() != 2) return "";
    int df = (b[0] > a[0]) - (b[0] < a[0]), dr = (b[1] > a[1]) - (b[1] < a[1]);
    for (int f = a[0] - 'a' + df, r = a[1] - '0' + dr; f != b[0] - 'a'; f += df, r += dr) {
      int sq = squareAt(f, r);
      if (sq && sq != from && board[sq] != FREE) taken.push_back(sq);
    }
  }
  std::sort(taken.begin(), taken.end());
  std::string key = squares.front() + ":" + squares.back();
  for (int sq : taken) key += ":" + name(sq);
  return key;
}

bool findMove(const std::string &text, move2 *found) {
  std::vector<move2> moves = generate(board, side);
  for (const move2 &mv : moves)
    if (moveText(mv) == text) return *found = mv, true;
  std::string key = routeKey(text);
  for (const move2 &mv : moves)
    if (moveKey(mv) == key) return *found = mv, true;
  return false;
}

void makeMove(move2 mv) {
  domove2(board, &mv, side);
  side ^= CHANGECOLOR;
  realdepth = 0;
  init(board);
}

bool setPosition(const std::string &rows, int color) {
  for (int sq = 0; sq < 46; sq++) board[sq] = isSquare(sq) ? FREE : OCCUPIED;
  int rank = 8, file = 0;
  for (char c : rows) {
    if (c == '/') {
      rank--, file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      int sq = squareAt(file++, rank);
      int piece = c == 'M' ? WHITE | MAN : c == 'K' ? WHITE | KING : c == 'm' ? BLACK | MAN : c == 'k' ? BLACK | KING : 0;
      if (!sq || !piece) return false;
      board[sq] = piece;
    }
  }
  side = color;
  realdepth = 0;
  init(board);
  return true;
}

void position(std::istringstream &words) {
  std::string word, rows, color;
  words >> word;
  if (word == "fen") {
    words >> rows >> color;
  } else {
    rows = START, color = "w";
  }
  if (!setPosition(rows, color == "b" ? BLACK : WHITE)) {
    std::cout << "info string bad position " << rows << std::endl;
    setPosition(START, WHITE);
  }
  while (words >> word && word != "moves") {
  }
  while (words >> word) {
    move2 mv;
    if (!findMove(word, &mv)) {
      std::cout << "info string illegal move " << word << std::endl;
      return;
    }
    makeMove(mv);
  }
}

void report(int score, int depth, int, char *, char *) {
  if (depth == lastDepth) return;
  lastDepth = depth;
  std::cout << "info depth " << depth << " score cp " << score << " nodes " << nodes << std::endl;
}

void go(std::istringstream &words) {
  std::string word, us = side == WHITE ? "w" : "b";
  long time = -1, inc = 0, movetime = -1;
  while (words >> word) {
    long value = 0;
    if (word == us + "time" && words >> value) time = value;
    if (word == us + "inc" && words >> value) inc = value;
    if (word == "movetime" && words >> value) movetime = value;
  }
  int budget = 500;  // neither clock nor movetime (`go infinite`, `go depth`): about a second
  if (movetime >= 0) {
    budget = std::max(1L, movetime / 2);
  } else if (time >= 0) {
    budget = std::max(1L, std::min(time / 20 + inc, time / 5));
  }
  int copy[46];
  std::copy(board, board + 46, copy);
  char output[256];
  stopFlag = 0;
  play = &stopFlag;
  lastDepth = -1;
  bestrootmove.l = 0;
  compute(copy, side, budget, output);
  std::cout << "bestmove " << (bestrootmove.l ? moveText(bestrootmove) : "0000") << std::endl;
}

// The squares a move takes, as a set: with its start and end, what makes it one move whatever its route.
unsigned long long takenSet(const move2 &mv) {
  unsigned long long set = 0;
  for (int i = 2; i < mv.l; i++) set |= 1ULL << (mv.m[i] & 255);
  return set;
}

// The legal moves with each route of one capture kept once (Dame's rules); `out` has room for them.
int distinctMoves(int b[46], int color, move2 *out) {
  if (!Test_Capture(b, color)) return Gen_Moves(b, out, color);
  int n = Gen_Captures(b, out, color);
  unsigned long long taken[MAXMOVES];
  int kept = 0;
  for (int i = 0; i < n; i++) {
    unsigned long long set = takenSet(out[i]);
    bool seen = false;
    for (int j = 0; j < kept && !seen; j++)
      seen = taken[j] == set && (out[j].m[0] & 255) == (out[i].m[0] & 255) && (out[j].m[1] & 255) == (out[i].m[1] & 255);
    if (!seen) taken[kept] = set, out[kept++] = out[i];
  }
  return kept;
}

// Perft with the last ply counted in bulk, as `duel perft` counts it: moves made and unmade in place.
long perft(int b[46], int color, int depth) {
  move2 list[MAXMOVES];
  int n = distinctMoves(b, color, list);
  if (depth <= 1) return depth == 1 ? n : 1;
  long total = 0;
  for (int i = 0; i < n; i++) {
    domove2(b, &list[i], color);
    total += perft(b, color ^ CHANGECOLOR, depth - 1);
    undomove(b, &list[i], color);
  }
  return total;
}

std::string positionText() {
  std::string text;
  for (int rank = 8; rank >= 1; rank--) {
    int empty = 0;
    for (int file = 0; file < 8; file++) {
      int sq = squareAt(file, rank);
      int piece = sq ? board[sq] : FREE;
      char c = piece == (WHITE | MAN) ? 'M' : piece == (WHITE | KING) ? 'K' : piece == (BLACK | MAN) ? 'm' : piece == (BLACK | KING) ? 'k' : 0;
      if (!c) {
        empty++;
        continue;
      }
      if (empty) text += char('0' + empty);
      empty = 0;
      text += c;
    }
    if (empty) text += char('0' + empty);
    if (rank > 1) text += "/";
  }
  return text + (side == WHITE ? " w" : " b");
}

void newGame() {
  TTableInit(64);
  searches_performed_in_game = 0;
}

}  // namespace

int main() {
  pfSearchInfo = report;
  Create_HashFunction();
  newGame();
  setPosition(START, WHITE);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command == "uci") {
      std::cout << "id name KestoG 1.4 (Dame)\nid author Kestutis Gasaitis (adapted to Dame)\nuciok" << std::endl;
    } else if (command == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (command == "ucinewgame") {
      newGame();
    } else if (command == "position") {
      position(words);
    } else if (command == "go") {
      go(words);
    } else if (command == "perft") {
      int depth = 1;
      words >> depth;
      std::cout << "nodes " << perft(board, side, depth) << std::endl;
    } else if (command == "fen") {
      std::cout << positionText() << std::endl;
    } else if (command == "moves") {
      std::string list;
      for (const move2 &mv : generate(board, side)) list += (list.empty() ? "" : " ") + moveText(mv);
      std::cout << list << std::endl;
    } else if (command == "quit") {
      break;
    }
  }
  return 0;
}

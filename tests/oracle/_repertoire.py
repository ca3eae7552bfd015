"""Checks games against a repertoire, independently, with python-chess: the
repertoire is every position its PGN reaches (every game, every variation),
told apart by Polyglot key, with the moves played from it anywhere in the
file. A game stays in it while each move is one of those of the position it
is played from; the first that is not is its exit: "end" where nothing is
prepared, else "deviation" when COLOR (white or black) moved, "surprise"
when the other side did; "inside" when the game ends in it, "outside" when
it never reaches it (a set-up start enters it at the first position of it it
reaches, within the plies a game can stay in the repertoire when every line
starts from the standard start). The gaps: in the positions of the repertoire with
the other side to move, the moves the games (those with a result, each once
per position and move, as fen tree counts) played there at least MIN_GAMES
times that are not prepared, or lead to a position with nothing prepared.

Prints one JSON object: {"check": [...], "gaps": [...]}.

Usage: python3 _repertoire.py REPERTOIRE GAMES COLOR MIN_GAMES
"""
import json
import math
import sys

import chess
import chess.pgn
import chess.polyglot

rep_path, games_path, color, min_games = sys.argv[1:5]
you = chess.WHITE if color == "white" else chess.BLACK
min_games = int(min_games)
key = chess.polyglot.zobrist_hash
prepared = {}


children = {}
standard = True


def walk(node, board):
    for child in node.variations:
        here = key(board)
        prepared.setdefault(here, set()).add(child.move.uci())
        board.push(child.move)
        prepared.setdefault(key(board), set())
        children.setdefault(here, set()).add(key(board))
        walk(child, board)
        board.pop()


with open(rep_path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        board = game.board()
        standard = standard and board.fen() == chess.STARTING_FEN
        prepared.setdefault(key(board), set())
        walk(game, board)


def longest(k, path, memo):
    """Plies of the longest line from k; infinite on a cycle."""
    if k in path:
        return math.inf
    if k not in memo:
        path.add(k)
        memo[k] = max([1 + longest(c, path, memo)
                       for c in children.get(k, ())] or [0])
        path.discard(k)
    return memo[k]


# The plies followed: past the longest line a game cannot still be in it,
# when every line starts from the standard start; all plies otherwise.
memo = {}
bound = (max(longest(k, set(), memo) for k in prepared) + 1
         if standard else math.inf)

checks = []
reached = {}
played = {}
with open(games_path) as pgn:
    number = 0
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        number += 1
        board = game.board()
        result = {"game": number, "exit": None, "plies": 0, "entered": 0,
                  "played": None, "prepared": []}
        inside = key(board) in prepared
        for ply, move in enumerate(game.mainline_moves(), 1):
            if ply > bound:
                break
            if not inside:
                # a set-up start enters at the first position it reaches
                board.push(move)
                if key(board) in prepared:
                    inside = True
                    result["plies"] = result["entered"] = ply
                continue
            moves = prepared[key(board)]
            if move.uci() in moves:
                board.push(move)
                result["plies"] = ply
                continue
            result["exit"] = ("end" if not moves else "deviation"
                              if board.turn == you else "surprise")
            result["played"] = move.uci()
            result["prepared"] = sorted(moves)
            break
        if result["exit"] is None:
            result["exit"] = "inside" if inside else "outside"
        checks.append(result)
        if game.headers.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
            continue
        board = game.board()
        seen = {key(board)}
        moved = set()
        for move in game.mainline_moves():
            moved.add((key(board), move.uci()))
            board.push(move)
            seen.add(key(board))
        for k in seen:
            reached[k] = reached.get(k, 0) + 1
        for pair in moved:
            played[pair] = played.get(pair, 0) + 1

# The repertoire's positions by key, as boards (their side to move).
boards = {}


def board_walk(node, board):
    boards.setdefault(key(board), board.copy(stack=False))
    for child in node.variations:
        board.push(child.move)
        board_walk(child, board)
        board.pop()


with open(rep_path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        board_walk(game, game.board())

out = []
for (k, uci), games in played.items():
    if k not in prepared or games < min_games or boards[k].turn == you:
        continue
    if uci in prepared[k]:
        board = boards[k].copy(stack=False)
        board.push_uci(uci)
        if prepared[key(board)]:
            continue
    position = " ".join(boards[k].fen().split(" ")[:3])
    out.append({"position": position, "uci": uci, "games": games,
                "total": reached[k]})

print(json.dumps({"check": checks, "gaps": out}))

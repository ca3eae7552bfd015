"""Checks games against a repertoire, independently, with python-chess: the
repertoire is every position its PGN reaches (every game, every variation),
told apart by Polyglot key, with the moves played from it anywhere in the
file. A game stays in it while each move is one of those of the position it
is played from; the first that is not is its exit: "end" where nothing is
prepared, else "deviation" when COLOR (white or black) moved, "surprise"
when the other side did; "inside" when the game ends in it, "outside" when
its start is not in it. The gaps: in the positions of the repertoire with
the other side to move, the moves the games (those with a result, each once
per position and move, as fen tree counts) played there at least MIN_GAMES
times that are not prepared, or lead to a position with nothing prepared.

Prints one JSON object: {"check": [...], "gaps": [...]}.

Usage: python3 _repertoire.py REPERTOIRE GAMES COLOR MIN_GAMES
"""
import json
import sys

import chess
import chess.pgn
import chess.polyglot

rep_path, games_path, color, min_games = sys.argv[1:5]
you = chess.WHITE if color == "white" else chess.BLACK
min_games = int(min_games)
key = chess.polyglot.zobrist_hash
prepared = {}


def walk(node, board):
    for child in node.variations:
        here = key(board)
        prepared.setdefault(here, set()).add(child.move.uci())
        board.push(child.move)
        prepared.setdefault(key(board), set())
        walk(child, board)
        board.pop()


with open(rep_path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        board = game.board()
        prepared.setdefault(key(board), set())
        walk(game, board)

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
        result = {"game": number, "exit": "inside", "plies": 0,
                  "played": None, "prepared": []}
        if key(board) not in prepared:
            result["exit"] = "outside"
        else:
            for move in game.mainline_moves():
                moves = prepared[key(board)]
                if move.uci() in moves:
                    board.push(move)
                    result["plies"] += 1
                    continue
                result["exit"] = ("end" if not moves else "deviation"
                                  if board.turn == you else "surprise")
                result["played"] = move.uci()
                result["prepared"] = sorted(moves)
                break
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

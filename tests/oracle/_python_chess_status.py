"""Judges variant positions with python-chess's variant boards for the
status of `fen --check`: is_check, is_checkmate, is_stalemate,
is_insufficient_material, the legal move count and outcome(). The
positions: the final positions (and a sample of the others) of random games
of each variant, and the trees of python-chess's perft positions, breadth
first, to about NODES positions each. One JSON line a position.
Usage: python3 _python_chess_status.py GAMES SEED NODES PERFT_DIR
(python-chess importable; PERFT_DIR holds its examples/perft files)."""

import json
import os
import random
import sys

import chess

from _python_chess_boards import VARIANTS

PERFT_FILES = {
    "crazyhouse.perft": "crazyhouse",
    "3check.perft": "threecheck",
    "atomic.perft": "atomic",
    "giveaway.perft": "antichess",
    "horde.perft": "horde",
    "racingkings.perft": "racingkings",
}


def judge(name, board):
    outcome = board.outcome()
    return {
        "variant": name,
        "fen": board.fen(en_passant="fen"),
        "check": board.is_check(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "insufficient": board.is_insufficient_material(),
        "moves": board.legal_moves.count(),
        "outcome": None if outcome is None else {
            "termination": outcome.termination.name,
            "winner": None if outcome.winner is None else ("w" if outcome.winner else "b"),
        },
    }


def games(count, rng):
    for name, Board in VARIANTS.items():
        for _ in range(count):
            board = Board()
            while board.outcome() is None and board.ply() < 400:
                board.push(rng.choice(list(board.legal_moves)))
                if rng.random() < 0.05:
                    yield judge(name, board)
            yield judge(name, board)


def tree(name, board, nodes):
    """The positions of the tree below `board`, breadth first, until about
    `nodes` are judged."""
    level, seen = [board], 0
    while level and seen < nodes:
        following = []
        for index, position in enumerate(level):
            if seen >= nodes:
                return
            yield judge(name, position)
            seen += 1
            # A child is made only if it can still be judged: before it come
            # the rest of this level and the children made so far. (Making
            # every child of the last level was two thirds of the run.)
            wanted = nodes - seen - (len(level) - index - 1)
            for move in position.legal_moves:
                if len(following) >= wanted:
                    break
                child = position.copy(stack=False)
                child.push(move)
                following.append(child)
        level = following


def perft_positions(directory, nodes):
    for file, name in PERFT_FILES.items():
        with open(os.path.join(directory, file)) as lines:
            for line in lines:
                if line.startswith("epd "):
                    board = VARIANTS[name](line[4:].strip() + " 0 1")
                    yield from tree(name, board, nodes)


def main():
    rng = random.Random(int(sys.argv[2]))
    for judged in games(int(sys.argv[1]), rng):
        print(json.dumps(judged))
    for judged in perft_positions(sys.argv[4], int(sys.argv[3])):
        print(json.dumps(judged))


main()

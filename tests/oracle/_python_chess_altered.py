"""Randomly altered positions of random games of the variants named, one
JSON line each with python-chess's judgement: is_valid(), and for a valid
one is_check(), the legal move count and outcome().
Usage: python3 _python_chess_altered.py COUNT SEED VARIANT... (COUNT altered
positions a variant; python-chess importable)."""

import json
import random
import sys

from _python_chess_boards import VARIANTS, mutate


def judged(name, board):
    valid = board.is_valid()
    outcome = board.outcome() if valid else None
    return {
        "variant": name,
        "fen": board.fen(en_passant="fen"),
        "valid": valid,
        "check": board.is_check() if valid else None,
        "moves": board.legal_moves.count() if valid else None,
        "outcome": None if outcome is None else {
            "termination": outcome.termination.name,
            "winner": None if outcome.winner is None else ("w" if outcome.winner else "b"),
        },
    }


def main():
    count = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    for name in sys.argv[3:]:
        written = 0
        while written < count:
            board = VARIANTS[name]()
            for _ in range(rng.randrange(20, 160)):
                moves = list(board.legal_moves)
                if not moves or board.is_variant_end() or written >= count:
                    break
                board.push(rng.choice(moves))
                if rng.random() < 0.3:
                    print(json.dumps(judged(name, mutate(board, rng))))
                    written += 1


main()

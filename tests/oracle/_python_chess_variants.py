"""Plays random games of the lichess variants with python-chess and prints
one JSON line per position: the variant, its FEN as python-chess writes it
("written"; "fen" is the record as given, for positions given) (en passant after every double push; crazyhouse pockets in brackets and
promoted pieces; three-check's remaining checks before the clocks), and
python-chess's judgement: is_valid(), status() bits, is_check(),
is_variant_end/win/loss/draw() and the outcome.
Usage: python3 _python_chess_variants.py GAMES SEED (python-chess importable).
Positions given on stdin (JSON lines {"variant", "fen"}) are judged too."""

import json
import random
import sys

import chess

from _python_chess_boards import VARIANTS, mutate


def judge(name, board):
    outcome = board.outcome()
    # Written once: the FEN was a third of the run.
    written = board.fen(en_passant="fen")
    return {
        "variant": name,
        "fen": written,
        "written": written,
        "valid": board.is_valid(),
        "status": int(board.status()),
        "check": board.is_check(),
        "end": board.is_variant_end(),
        "win": board.is_variant_win(),
        "loss": board.is_variant_loss(),
        "draw": board.is_variant_draw(),
        "outcome": None if outcome is None else {
            "termination": outcome.termination.name,
            "winner": None if outcome.winner is None else ("w" if outcome.winner else "b"),
        },
    }


def main():
    games = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    for name, Board in VARIANTS.items():
        for _ in range(games):
            board = Board()
            print(json.dumps(judge(name, board)))
            for _ in range(rng.randrange(20, 160)):
                moves = list(board.legal_moves)
                if not moves or board.is_variant_end():
                    break
                board.push(rng.choice(moves))
                print(json.dumps(judge(name, board)))
                if rng.random() < 0.3:
                    print(json.dumps(judge(name, mutate(board, rng))))
    for line in sys.stdin:
        if line.strip():
            given = json.loads(line)
            board = VARIANTS[given["variant"]](given["fen"])
            judged = judge(given["variant"], board)
            # judged with the rights as given (the FEN would clean them)
            judged["fen"] = given["fen"]
            print(json.dumps(judged))


main()

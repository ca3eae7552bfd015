"""Counts what `fen tree` lists, independently, with python-chess: for each
position of the games' mainlines up to MAX_PLY (told apart by their Polyglot
key), the games that reached it by result, and each move played there with
its results and the average of the games' ratings (both Elo tags needed).
A game counts once per position and per move, with its Result tag; games
with another result are left out. Filters: PLAYER ('' none), COLOR ('' any),
MIN_RATING (0 none), SINCE ('' none). Prints JSON lines in first-reached
order, moves most played first (ties: by UCI).

Several counts, each five arguments, read the games once (python-chess's
reading is most of the time); their lines are separated by an empty line.

Usage: python3 _tree_count.py PGN MAX_PLY PLAYER COLOR MIN_RATING SINCE [...]
"""
import json
import math
import sys

import chess
import chess.pgn
import chess.polyglot

path, cases = sys.argv[1], sys.argv[2:]


def rating(headers):
    try:
        white, black = int(headers["WhiteElo"]), int(headers["BlackElo"])
    except (KeyError, ValueError):
        return None
    return (white + black) / 2 if white > 0 and black > 0 else None


def wanted(headers, player, color, min_rating, since):
    if player:
        white = headers.get("White", "").lower() == player.lower()
        black = headers.get("Black", "").lower() == player.lower()
        if color == "white" and not white or color == "black" and not black:
            return False
        if not color and not white and not black:
            return False
    r = rating(headers)
    if min_rating and (r is None or r < min_rating):
        return False
    if since and headers.get("Date", "").replace("?", "0") < since:
        return False
    return True


def read_games():
    games = []
    with open(path) as pgn:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                return games
            games.append((game.headers, game.board(), list(game.mainline_moves())))


def count(games, max_ply, player, color, min_rating, since):
    nodes = {}
    order = []
    for headers, start, moves in games:
        field = {"1-0": "white", "0-1": "black", "1/2-1/2": "draws"}.get(
            headers.get("Result"))
        if field is None or not wanted(headers, player, color, min_rating, since):
            continue
        board = start.copy()
        chess960 = board.chess960
        seen_nodes, seen_moves = set(), set()
        for ply in range(0, min(max_ply, len(moves)) + 1):
            key = chess.polyglot.zobrist_hash(board)
            if key not in nodes:
                nodes[key] = {"fen": board.fen(shredder=chess960, en_passant="fen"), "white": 0,
                              "draws": 0, "black": 0, "moves": {}}
                order.append(key)
            node = nodes[key]
            if key not in seen_nodes:
                seen_nodes.add(key)
                node[field] += 1
            if ply == min(max_ply, len(moves)):
                break
            move = moves[ply]
            uci = board.uci(move, chess960=chess960)
            if uci not in node["moves"]:
                node["moves"][uci] = {"uci": uci, "san": board.san(move),
                                      "white": 0, "draws": 0, "black": 0,
                                      "sum": 0, "rated": 0}
            if (key, uci) not in seen_moves:
                seen_moves.add((key, uci))
                entry = node["moves"][uci]
                entry[field] += 1
                r = rating(headers)
                if r is not None:
                    entry["sum"] += r
                    entry["rated"] += 1
            board.push(move)
    return nodes, order


def write(nodes, order):
    for key in order:
        node = nodes[key]
        moves = sorted(node["moves"].values(),
                       key=lambda m: (-(m["white"] + m["draws"] + m["black"]), m["uci"]))
        node["moves"] = [
            {"uci": m["uci"], "san": m["san"], "white": m["white"],
             "draws": m["draws"], "black": m["black"],
             "averageRating": math.floor(m["sum"] / m["rated"] + 0.5) if m["rated"] else None,
             "ratedGames": m["rated"], "ratingSum": m["sum"]}
            for m in moves]
        print(json.dumps(node, separators=(",", ":")))


games = read_games()
for at in range(0, len(cases), 5):
    if at > 0:
        print()
    max_ply, player, color, min_rating, since = cases[at:at + 5]
    write(*count(games, int(max_ply), player, color, int(min_rating), since))

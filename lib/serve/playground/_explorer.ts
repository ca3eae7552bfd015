/// <reference lib="dom" />
// The explorer panel beside the board, shown when the server has a game
// database (`fen serve --db`, which `/facts` says): the moves played in
// the position shown, each a button with its games and the white/draw/
// black bar as lichess's explorer draws it (a click plays it), then the
// top and recent games (a click opens one in the game viewer). What the
// database answers is text on the page, never markup; an answer that is
// an error is said in the panel, and the page goes on.

import type {
  ExplorerAnswer,
  ExplorerGame,
  ExplorerMove,
} from "../../db/explorer.ts";
import type { Position, Rules } from "../../types.ts";
import { stringifyFen } from "../../fen/mod.ts";
import { add, element } from "./_dom.ts";
import {
  DEFAULT_SETTINGS,
  EXPLORER_RATINGS,
  EXPLORER_SPEEDS,
  explorerRequest,
  type ExplorerSettings,
  type ExplorerSource,
  formatCount,
  gameShare,
  playerText,
  resultBar,
  type Results,
  resultText,
  resultWords,
} from "./_explorer_view.ts";

/** What the panel asks of the page. */
export interface ExplorerHost {
  /** Plays a move (UCI) on the board shown. */
  play(uci: string): void;
  /** Shows a game (PGN) in the game viewer. */
  open(pgn: string): void;
}

/** The most answers kept, so that stepping back and forth asks once. */
const KEPT_ANSWERS = 200;

/** The speeds as lichess's explorer names them. */
const SPEED_NAMES: Readonly<Record<string, string>> = {
  ultraBullet: "UltraBullet",
  bullet: "Bullet",
  blitz: "Blitz",
  rapid: "Rapid",
  classical: "Classical",
  correspondence: "Correspondence",
};

/** A path of the service, from the page's own folder (a proxy may move it). */
function served(path: string): string {
  return `.${path}`;
}

/** The message of a refused request's JSON body, else its status. */
async function failure(response: Response): Promise<string> {
  try {
    const body = await response.json();
    if (typeof body?.error?.message === "string") return body.error.message;
  } catch {
    // not the service's JSON: the status says it
  }
  return `the server answered ${response.status}`;
}

/** The explorer panel: its settings, the position asked, the answers kept. */
export class ExplorerPanel {
  readonly #host: ExplorerHost;
  readonly #settings: ExplorerSettings = { ...DEFAULT_SETTINGS };
  readonly #kept = new Map<string, ExplorerAnswer>();
  #enabled = false;
  /** The FEN asked about, or null when there is nothing to ask. */
  #fen: string | null = null;
  /** The rules of the position shown: the variant's index is asked. */
  #rules: Rules = "chess";
  /** Counts requests, so that a late answer to an old one is dropped. */
  #asked = 0;

  /** @param host How a move is played and a game opened on the page. */
  constructor(host: ExplorerHost) {
    this.#host = host;
  }

  /**
   * Asks the server whether it has a database; with one, the panel is
   * shown and filled for the position `current` gives. Never throws: without a database, or
   * any failure, the page stays as it is.
   */
  async start(current: () => [Position | null, Rules]): Promise<void> {
    try {
      const response = await fetch(served("/facts"));
      if (!response.ok) return;
      const facts = await response.json();
      const games = facts?.database?.games;
      if (typeof games !== "number") return;
      element("explorer-games").textContent = `${formatCount(games)} games`;
    } catch {
      return;
    }
    this.#enabled = true;
    this.#fillSettings();
    element("explorer-box").hidden = false;
    this.show(...current());
  }

  /** Shows the explorer's answer for the position on the board. */
  show(position: Position | null, rules: Rules): void {
    if (!this.#enabled) return;
    if (position === null) {
      this.#fen = null;
      this.#clear("");
      return;
    }
    this.#fen = stringifyFen(position);
    this.#rules = rules;
    this.#load().catch((error) => this.#failed(error));
  }

  /** Says that the explorer failed, and why; the page goes on. */
  #failed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.#clear(`The explorer could not answer: ${reason}`);
  }

  async #load(): Promise<void> {
    if (this.#fen === null) return;
    const asked = ++this.#asked;
    const request = explorerRequest(this.#fen, this.#settings, {
      rules: this.#rules,
    });
    if ("problem" in request) return this.#clear(request.problem);
    let answer = this.#kept.get(request.path);
    if (answer === undefined) {
      element("explorer-box").setAttribute("aria-busy", "true");
      const response = await fetch(served(request.path));
      if (asked !== this.#asked) return;
      if (!response.ok) {
        return this.#clear(
          `The explorer could not answer: ${await failure(response)}`,
        );
      }
      // `/player` answers in NDJSON lines: the last is the whole answer.
      const lines = (await response.text()).trim().split("\n");
      answer = JSON.parse(lines[lines.length - 1]) as ExplorerAnswer;
      if (asked !== this.#asked) return;
      this.#kept.set(request.path, answer);
      if (this.#kept.size > KEPT_ANSWERS) {
        this.#kept.delete(this.#kept.keys().next().value!);
      }
    }
    this.#render(answer, this.#fen);
  }

  /** Empties the panel, saying why (or nothing). */
  #clear(message: string): void {
    const box = element("explorer-box");
    box.removeAttribute("aria-busy");
    box.dataset.fen = this.#fen ?? "";
    for (
      const id of ["explorer-opening", "explorer-moves", "explorer-games-list"]
    ) {
      element(id).replaceChildren();
    }
    element("explorer-status").textContent = message;
  }

  #render(answer: ExplorerAnswer, fen: string): void {
    // A move played from the keyboard: the focus stays among the moves.
    const focused = element("explorer-moves").contains(document.activeElement);
    this.#clear("");
    const { opening } = answer;
    if (opening !== null) {
      element("explorer-opening").textContent =
        `${opening.eco} ${opening.name}`;
    }
    if (answer.moves.length === 0) {
      element("explorer-status").textContent =
        "No game found: the database has none here (or fewer with the settings chosen).";
    } else this.#moves(answer);
    const games = element("explorer-games-list");
    this.#games(games, "Top games", answer.topGames);
    this.#games(games, "Recent games", answer.recentGames);
    element("explorer-box").dataset.fen = fen;
    if (focused) {
      document.querySelector<HTMLElement>("button.explorer-move")?.focus();
    }
  }

  /** The moves, each a button that plays it, and the sum under them. */
  #moves(answer: ExplorerAnswer): void {
    const list = element("explorer-moves");
    const total = answer.white + answer.draws + answer.black;
    for (const move of answer.moves) {
      const games = move.white + move.draws + move.black;
      const button = add(list, "button", "", "explorer-move");
      button.setAttribute("type", "button");
      button.dataset.uci = move.uci;
      button.setAttribute(
        "aria-label",
        `${move.san}: ${formatCount(games)} games (${
          gameShare(games, total)
        }), ${resultWords(move)}`,
      );
      button.title = moveTitle(move);
      moveCells(button, move.san, { games, total, results: move });
      button.addEventListener("click", () => {
        try {
          this.#host.play(move.uci);
        } catch (error) {
          // A database made from other games than the rules allow here.
          this.#failed(error);
        }
      });
    }
    if (answer.moves.length > 1) {
      const sum = add(list, "div", "", "explorer-move sum");
      sum.setAttribute(
        "aria-label",
        `All: ${formatCount(total)} games, ${resultWords(answer)}`,
      );
      moveCells(sum, "Σ", { games: total, total, results: answer });
    }
  }

  /** A list of games under its title, each a button that opens it. */
  #games(parent: HTMLElement, title: string, games: ExplorerGame[]): void {
    if (games.length === 0) return;
    add(parent, "h3", title);
    const list = add(parent, "div", "", "explorer-games");
    for (const game of games) {
      const players = `${playerText(game.white)} – ${playerText(game.black)}`;
      const when = game.month ?? (game.year === null ? "" : `${game.year}`);
      const button = add(list, "button", "", "explorer-game");
      button.setAttribute("type", "button");
      button.dataset.id = game.id;
      button.setAttribute(
        "aria-label",
        `Open the game ${players}, ${resultText(game.winner)}${
          when === "" ? "" : `, ${when}`
        }`,
      );
      add(button, "span", players, "players");
      add(
        button,
        "span",
        resultText(game.winner),
        `result ${game.winner ?? "draws"}`,
      );
      add(button, "span", when, "when");
      button.addEventListener("click", () => {
        this.#open(game.id).catch((error) => this.#failed(error));
      });
    }
  }

  async #open(id: string): Promise<void> {
    const response = await fetch(
      served(`/masters/pgn/${encodeURIComponent(id)}`),
    );
    if (!response.ok) {
      this.#clear(`The game could not be opened: ${await failure(response)}`);
      return;
    }
    this.#host.open(await response.text());
  }

  /** The settings' controls, filled once, each change asking again. */
  #fillSettings(): void {
    const ticks = (id: string, names: readonly (string | number)[]) => {
      for (const name of names) {
        const label = add(element(id), "label", "");
        const box = add(label, "input", "") as HTMLInputElement;
        box.type = "checkbox";
        box.checked = true;
        box.value = String(name);
        label.append(` ${SPEED_NAMES[name] ?? name}`);
      }
    };
    ticks("explorer-speeds", EXPLORER_SPEEDS);
    ticks("explorer-ratings", EXPLORER_RATINGS);
    // The player's name, in the settings too, asks again once it is typed.
    element("explorer-settings").addEventListener("change", () => this.#read());
    this.#read();
  }

  /** The settings as the controls have them; the panel asks again. */
  #read(): void {
    const checked = (selector: string): string[] =>
      [...document.querySelectorAll<HTMLInputElement>(selector)]
        .filter((box) => box.checked).map((box) => box.value);
    const source = (checked("input[name=explorer-source]")[0] ??
      "lichess") as ExplorerSource;
    Object.assign(this.#settings, {
      source,
      speeds: checked("#explorer-speeds input"),
      ratings: checked("#explorer-ratings input").map(Number),
      player: element<HTMLInputElement>("explorer-player").value,
      color: element<HTMLSelectElement>("explorer-color").value,
    });
    element("explorer-player-row").hidden = source !== "player";
    element("explorer-filters").hidden = source === "masters";
    this.#load().catch((error) => this.#failed(error));
  }
}

/** The cells of a move's row: the move, its share, its games, its bar. */
function moveCells(
  row: HTMLElement,
  san: string,
  { games, total, results }: { games: number; total: number; results: Results },
): void {
  add(row, "span", san, "san");
  add(row, "span", gameShare(games, total), "share");
  add(row, "span", formatCount(games), "count");
  const bar = add(row, "span", "", "bar");
  for (const part of resultBar(results)) {
    add(bar, "span", part.label, part.key).style.width = part.width;
  }
}

/** A move's tooltip, as lichess's: the one game, or the average rating. */
function moveTitle(move: ExplorerMove): string {
  if (move.game !== null) {
    const g = move.game;
    return `${playerText(g.white)} ${resultText(g.winner)} ${
      playerText(g.black)
    }`;
  }
  if (move.averageRating !== null) {
    return `Average rating: ${move.averageRating}`;
  }
  if (move.averageOpponentRating !== null && move.performance !== null) {
    return `Performance rating: ${move.performance}, average opponent: ${move.averageOpponentRating}`;
  }
  return "";
}

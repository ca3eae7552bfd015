/// <reference lib="dom" />
// The playground page's script, bundled for the browser (`deno task
// playground`): the library itself reads the record, checks it, draws it
// and replays games; the PNG and GIF are the service's image URLs. The
// text field is the one source: the board editor, the setup controls and
// the move list write it or read it, and everything is redrawn from it.
// Everything the user typed reaches the page as text (textContent), never
// as markup; the only markup inserted is the SVG our renderer wrote from
// the parsed position, and the page's own constant icon.

import { FenSyntaxError } from "../../errors.ts";
import { parseEpd } from "../../fen/epd.ts";
import { stringifyFen } from "../../fen/mod.ts";
import { checkPosition, type Problem } from "../../legality/mod.ts";
import {
  BOARD_THEMES,
  type BoardTheme,
  checkSvgOptions,
  COORDINATES,
  type Coordinates,
  parseArrows,
  parseSquareMarks,
  PIECE_SETS,
  type PieceSet,
  renderSvg,
  type RenderSvgOptions,
  type SquareMark,
} from "../../svg/mod.ts";
import {
  parsePgn,
  type PgnGame,
  PgnMoveError,
  PgnSyntaxError,
} from "../../pgn/mod.ts";
import {
  INITIAL_FEN,
  type Position,
  type Rules,
  VARIANT_RULES,
} from "../../types.ts";
import {
  BoardEditor,
  type EditorHost,
  fillPalette,
  type Squares,
} from "./_board.ts";
import { BoardKeys } from "./_board_keys.ts";
import { add, clear, element, fillSelect } from "./_dom.ts";
import { ExplorerPanel } from "./_explorer.ts";
import { playedMove, plyOf } from "./_explorer_view.ts";
import { showFacts, showPgnError, showSyntaxError } from "./_facts.ts";
import { MoveList } from "./_moves.ts";
import { SETUP_CONTROLS, setupFen, showSetup } from "./_setup.ts";
import {
  FIELDS,
  readState,
  restoreState,
  SIZE,
  type State,
  updateLinks,
} from "./_state.ts";

/**
 * The tints of squares a problem names, by severity: an error red, a
 * warning amber, so that the two never look alike.
 */
const PROBLEM_TINTS: Readonly<Record<Problem["severity"], string>> = {
  error: "#e0282899",
  warning: "#ffb30099",
};

/** The empty board the "Clear board" button leaves. */
const EMPTY_FEN = "8/8/8/8/8/8/8/8 w - - 0 1";

/** The diagram's options; a bad annotation is reported, not drawn. */
function drawingOptions(
  state: State,
  problems: Problem[],
  list: HTMLElement,
): RenderSvgOptions {
  const options: RenderSvgOptions = {
    style: "vector",
    size: SIZE,
    flip: state.flip,
    theme: state.theme as BoardTheme,
    pieces: state.pieces as PieceSet,
    coordinates: state.coordinates as Coordinates,
  };
  const tints: SquareMark[] = problems.flatMap((problem) =>
    problem.squares.map((square) => ({
      square,
      color: PROBLEM_TINTS[problem.severity],
    }))
  );
  const annotations: [string, () => void][] = [
    ["arrows", () => options.arrows = parseArrows(state.arrows)],
    ["squares", () => tints.push(...parseSquareMarks(state.squares))],
    ["last move", () => {
      if (state.lastMove === "") return;
      const wrong = checkSvgOptions({ lastMove: state.lastMove });
      if (wrong !== null) throw new RangeError(wrong);
      options.lastMove = state.lastMove;
    }],
  ];
  for (const [name, read] of annotations) {
    try {
      read();
    } catch (error) {
      add(list, "li", `error ${name}: ${(error as Error).message}`, "error");
    }
  }
  if (tints.length > 0) options.highlight = tints;
  return options;
}

/** A position to show: from a FEN or EPD record, or a ply of a game. */
interface Shown {
  position: Position;
  lastMove: string;
  /** The game's text when the input is PGN (for the GIF link). */
  pgn: string | null;
  /** The game, when the input is one, and the ply shown. */
  game: PgnGame | null;
  ply: number;
}

/** The rules the variant menu chose (a game's `Variant` tag wins). */
function rulesOf(state: State): Rules {
  const rules = state.variant as Rules;
  return VARIANT_RULES.includes(rules) ? rules : "chess";
}

/** Whether the input is a game rather than a record: tags or move numbers. */
function looksLikePgn(text: string): boolean {
  return /^\[/.test(text) || /^\d+\.\s*[a-zA-Z]/.test(text);
}

/** The game's position at the state's ply; the slider follows the game. */
function gamePosition(text: string, state: State): Shown {
  const [game] = parsePgn(text, { rules: rulesOf(state) });
  if (game === undefined) {
    throw new PgnSyntaxError({
      game: 1,
      line: 1,
      column: 1,
      reason: "no game",
    });
  }
  const plies = game.mainline.moves.length;
  const slider = element<HTMLInputElement>("ply");
  slider.max = String(plies);
  const wanted = state.ply === ""
    ? plies
    : Math.min(Number(state.ply) || 0, plies);
  slider.value = String(wanted);
  for (const at of game.positions()) {
    if (at.ply !== wanted) continue;
    const move = at.move;
    const number = Math.ceil(at.ply / 2);
    element("ply-label").textContent = move === null
      ? "the start"
      : `after ${number}${at.ply % 2 === 1 ? "." : "..."} ${move.san}`;
    return {
      position: at.toPosition(),
      lastMove: move === null || at.from === null ? "" : `${at.from}${at.to}`,
      pgn: text,
      game,
      ply: wanted,
    };
  }
  throw new RangeError(`no position at ply ${wanted}`);
}

/** Reads the input: a game, else a FEN or EPD record. Null after an error. */
function readInput(
  text: string,
  state: State,
  list: HTMLElement,
): Shown | null {
  const game = looksLikePgn(text);
  element("ply-box").hidden = !game;
  try {
    if (game) return gamePosition(text, state);
    const { position } = parseEpd(text, { rules: rulesOf(state) });
    return { position, lastMove: "", pgn: null, game: null, ply: 0 };
  } catch (error) {
    if (error instanceof FenSyntaxError) showSyntaxError(list, text, error);
    else if (error instanceof PgnSyntaxError || error instanceof PgnMoveError) {
      showPgnError(list, text, error);
    } else throw error;
    return null;
  }
}

/** The page: what it shows, its board editor and its move list. */
class Playground {
  readonly #editor: BoardEditor;
  readonly #moves: MoveList;
  readonly #keys: BoardKeys;
  readonly #explorer: ExplorerPanel;
  /** What is shown now; null after an input that could not be read. */
  #shown: Shown | null = null;
  /** The last drawing's options, for a board drawn during a drag. */
  #drawing: RenderSvgOptions = {};

  constructor() {
    this.#moves = new MoveList(element("movelist"), (ply) => this.go(ply));
    const host: EditorHost = {
      squares: () => this.#shown?.position.board ?? null,
      flipped: () => element<HTMLInputElement>("flip").checked,
      pieceSet: () => element<HTMLSelectElement>("pieces").value as PieceSet,
      preview: (squares) => this.#draw(squares),
      commit: (squares) => this.edit(squares),
    };
    const board = element("board");
    this.#editor = new BoardEditor(host, {
      board,
      palettes: [element("palette-b"), element("palette-w")],
    });
    this.#keys = new BoardKeys(
      { board, status: element("board-status") },
      this.#editor,
      host,
    );
    this.#explorer = new ExplorerPanel({
      play: (uci) => this.play(uci),
      open: (pgn) => this.open(pgn),
    });
  }

  /** The explorer panel, shown once the server says it has a database. */
  startExplorer(): Promise<void> {
    return this.#explorer.start(() => this.#asked());
  }

  /** The position the explorer is asked about, and its rules. */
  #asked(): [Position | null, Rules] {
    const shown = this.#shown;
    return [
      shown?.position ?? null,
      shown?.game?.rules ?? rulesOf(readState()),
    ];
  }

  /** Plays a move (UCI) on the board shown: the explorer's moves. */
  play(uci: string): void {
    if (this.#shown === null) return;
    const played = playedMove(this.#shown, uci, { rules: this.#asked()[1] });
    if ("ply" in played) this.go(played.ply);
    else this.write(played.text);
  }

  /** Opens a game in the viewer where the board was, else at its start. */
  open(pgn: string): void {
    const before = this.#shown?.position ?? null;
    this.write(pgn);
    const game = this.#shown?.game ?? null;
    if (game === null) return;
    this.go(before === null ? 0 : plyOf(game, before) ?? 0);
  }

  /** The palettes, drawn with the board's piece set. */
  fillPalettes(): void {
    const pieces = element<HTMLSelectElement>("pieces").value as PieceSet;
    fillPalette(element("palette-b"), "b", pieces);
    fillPalette(element("palette-w"), "w", pieces);
    this.#editor.pick(this.#editor.picked);
  }

  /** Puts `text` in the field, as if typed, and shows it. */
  write(text: string): void {
    element<HTMLTextAreaElement>("input").value = text;
    delete element("ply").dataset.ply;
    this.update();
  }

  /** The board edited: its FEN, with the setup controls' fields, written. */
  edit(squares: Squares): void {
    if (this.#shown === null) return;
    this.write(setupFen(squares, this.#shown.position));
  }

  /** The setup controls changed: the board shown, with their fields. */
  editSetup(): void {
    if (this.#shown !== null) this.edit(this.#shown.position.board);
  }

  /** Shows the game at `ply`. */
  go(ply: number): void {
    if (this.#shown?.game === null || this.#shown === null) return;
    element("ply").dataset.ply = String(ply);
    this.update();
  }

  /** Steps through the game with a key; whether the key was one. */
  step(key: string): boolean {
    if (this.#shown?.game == null) return false;
    const to = this.#moves.keyTarget(key);
    if (to !== null) this.go(to);
    return to !== null;
  }

  #draw(squares: Squares | Position): void {
    // From the parsed position or the editor's board: no input markup.
    element("board").innerHTML = renderSvg(squares, this.#drawing);
    this.#keys.show();
  }

  /** Reads the record and shows everything about it. */
  update(): void {
    const state = readState();
    clear("board", "problems", "fen", "explain", "status", "moves", "verdict");
    const list = element("problems");
    const verdict = element("verdict");
    const text = state.fen.trim();
    const shown = readInput(text, state, list);
    this.#shown = shown;
    element("game-box").hidden = shown?.game == null;
    if (shown === null) {
      this.#moves.hide();
      this.#explorer.show(null, "chess");
      verdict.textContent = looksLikePgn(text)
        ? "Not a PGN game"
        : "Not a FEN record";
      verdict.className = "bad";
      return;
    }
    if (shown.game !== null) {
      this.#moves.show(shown.game, text);
      this.#moves.mark(shown.ply);
    } else this.#moves.hide();
    const { position } = shown;
    showSetup(position);
    // A game's Variant tag may name other rules than the menu's.
    const rules = shown.game?.rules ?? rulesOf(state);
    const problems = checkPosition(position, { rules });
    showFacts(position, problems, { text, pgn: shown.pgn, rules });
    const drawn = shown.lastMove !== "" && state.lastMove === ""
      ? { ...state, lastMove: shown.lastMove }
      : state;
    this.#drawing = drawingOptions(drawn, problems, list);
    placePalettes(state.flip);
    this.#draw(position);
    const svg = element("board").innerHTML;
    updateLinks(drawn, stringifyFen(position), svg, shown.pgn);
    this.#explorer.show(position, rules);
  }
}

/** Each side's palette on its side of the board, as the board is seen. */
function placePalettes(flip: boolean): void {
  const column = element("board").parentElement!;
  column.prepend(element(flip ? "palette-w" : "palette-b"));
  column.append(element(flip ? "palette-b" : "palette-w"));
}

/** Whether a key press belongs to a field that uses the keys itself. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement &&
    target.matches("input, textarea, select, [contenteditable]");
}

function start(): void {
  fillSelect("variant", VARIANT_RULES);
  fillSelect("theme", Object.keys(BOARD_THEMES));
  fillSelect("pieces", PIECE_SETS);
  fillSelect("coordinates", [...COORDINATES].reverse());
  element<HTMLSelectElement>("coordinates").value = "inside";
  const server = element<HTMLInputElement>("server");
  server.value = location.protocol.startsWith("http")
    ? location.origin
    : "http://127.0.0.1:8080";
  if (location.hash.length > 1) restoreState(location.hash);
  const page = new Playground();
  page.fillPalettes();
  const update = () => page.update();
  const ply = element<HTMLInputElement>("ply");
  ply.addEventListener("input", () => {
    ply.dataset.ply = ply.value;
    update();
  });
  // A new game is shown at its end until a move is chosen.
  element("input").addEventListener("input", () => delete ply.dataset.ply);
  for (const id of [...Object.values(FIELDS), "flip", "server"]) {
    element(id).addEventListener("input", update);
    element(id).addEventListener("change", update);
  }
  element("pieces").addEventListener("change", () => page.fillPalettes());
  for (const id of SETUP_CONTROLS) {
    element(id).addEventListener("change", () => page.editSetup());
  }
  element("start").addEventListener("click", () => page.write(INITIAL_FEN));
  element("clear").addEventListener("click", () => page.write(EMPTY_FEN));
  document.addEventListener("keydown", (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    // Enter ticks a checkbox as Space does.
    if (e.key === "Enter" && target.matches?.("input[type=checkbox]")) {
      e.preventDefault();
      target.click();
      return;
    }
    if (
      typing(target) || target.id === "movelist" || target.id === "board" ||
      e.altKey || e.ctrlKey
    ) {
      return;
    }
    if (page.step(e.key)) e.preventDefault();
  });
  update();
  page.startExplorer();
}

start();

// The example game of lila-gif's README (lichess.org/Q0iQs5Zi): 93 frames,
// the start and 92 plies, with the move-quality suffixes as badges.

import { parseFen } from "../lib/fen/mod.ts";
import { playMoves } from "../lib/moves/play.ts";
import type { GifFrame, Player } from "../lib/gif/mod.ts";
import type { MoveGlyph } from "../lib/svg/mod.ts";

export const LILA_GAME =
  "1. c4 Nf6 2. Nc3 e5 3. d4 exd4 4. Qxd4 Nc6 5. Qd1 Bb4 6. Bd2 O-O 7. e3 Bxc3 8. Bxc3 Ne4 9. Ne2 d6 10. Qc2 Re8 11. Nf4 Bf5 12. Bd3 Qg5 13. O-O g6?! 14. Rae1? Nxc3 15. Qxc3 Bxd3 16. Qxd3 Ne5 17. Qd1? Rad8?? 18. b3?? c6 19. Kh1 Qf5 20. Qa1 h5 21. Rd1 Ng4 22. h3 Nf6 23. Qd4 a6 24. f3 Qe5 25. Rfe1 Qxd4 26. exd4 Rxe1+ 27. Rxe1 Kf8 28. h4 Re8?! 29. Rxe8+ Kxe8 30. Kg1 Ng8 31. Kf2 Nh6 32. g3 Ke7 33. Ng2 Ke6 34. Ne3 a5 35. g4 f6 36. Kg3 d5 37. c5 Nf7? 38. Ng2? hxg4 39. fxg4 Nd8 40. Nf4+ Kf7 41. h5 g5 42. Ne2 Ne6 43. Kf3 Kg7 44. Ke3 Kh6 45. Ng3 Ng7 46. Nf5+?? Nxf5+";

export const LILA_WHITE: Player = {
  title: "GM",
  name: "DrDrunkenstein",
  rating: 2888,
};
export const LILA_BLACK: Player = {
  title: "GM",
  name: "Zhigalko_Sergei",
  rating: 2895,
};

/** The frames of a game in SAN with suffixes: start, then one per ply. */
export function gameFrames(game: string): GifFrame[] {
  let position = parseFen(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  );
  const frames: GifFrame[] = [{ position }];
  for (const token of game.split(/\s+/)) {
    if (/^\d+\.$/.test(token)) continue;
    const [, san, suffix] = /^(.*?)([!?]{1,2})?$/.exec(token)!;
    const played = playMoves(position, [san]);
    position = played.position;
    const { from, to } = played.moves[0];
    frames.push({
      position,
      lastMove: { from, to },
      ...(suffix ? { glyph: suffix as MoveGlyph } : {}),
    });
  }
  return frames;
}

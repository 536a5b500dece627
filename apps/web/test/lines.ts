/**
 * Whole games the browser tests play through the boards, each found offline with the engines and the AI and kept
 * here as plain move lists; `lines.test.ts` replays every one on its engine, so a rules change that breaks a line is
 * named there rather than as a stuck click in a browser.
 */

/**
 * Chinese Checkers, two players, ten pieces, the default rules: a complete race in which Red's ten pieces fill
 * Green's corner on the 65th ply (33 moves of Red, 32 of Green). Made with `answer` from @qiyuan/ai: Red the club
 * level, Green the beginner level with seed `ply + 52001`; the shortest of 210 seeded games (seeds `ply + 1 + 1000k`)
 * that ended with nothing but red in the corner (under the default anti-blocking rule a green piece left there
 * would count as filling it). Ply 4 (`a1-g7`) is a chain of three jumps, a1 → c1 → e7 → g7, where c1, e7 and e5 are
 * landings too.
 */
export const CC_RACE = [
  'c1-e7',
  'o2-m8',
  'e7-f7',
  'o1-m5',
  'a1-g7',
  'n1-l4',
  'd3-e8',
  'q1-m7',
  'b1-h6',
  'o3-m9',
  'd1-f6',
  'n2-l7',
  'c2-i6',
  'm5-m6',
  'f7-h5',
  'n3-l6',
  'c3-i5',
  'l4-k3',
  'd4-j6',
  'm6-k6',
  'b2-c2',
  'm7-k5',
  'i5-k7',
  'k3-j3',
  'g7-i5',
  'k6-i2',
  'c2-i4',
  'l6-h3',
  'h5-n3',
  'l7-h4',
  'h6-l7',
  'j3-h2',
  'k7-q1',
  'm8-k4',
  'i6-o2',
  'p2-n2',
  'i5-o3',
  'n4-l9',
  'd2-e7',
  'm9-k9',
  'e7-o1',
  'p1-n1',
  'e8-e7',
  'h4-g5',
  'f6-j5',
  'n2-m7',
  'i4-m6',
  'n1-j4',
  'l7-p2',
  'k5-g3',
  'j5-k6',
  'i2-g4',
  'e7-f6',
  'k4-i4',
  'f6-n2',
  'j4-f5',
  'j6-p1',
  'h2-f6',
  'k6-l6',
  'k9-k10',
  'l6-n1',
  'g5-e5',
  'm6-m8',
  'm7-l7',
  'm8-n4',
] as const;

/** The ply of `CC_RACE` whose move is a chain of jumps with landings to stop on along the way. */
export const CC_CHAIN_PLY = 4;

/**
 * Abalone from the Belgian Daisy: White pushes six black marbles off in twelve plies. Made by a cooperative search
 * with the engine (both sides choose together): from each position the shortest sequence, by iterative deepening to
 * five plies, after which White has pushed one more marble off and Black none; Black feeds, White pushes.
 */
export const ABALONE_SIX = [
  'A1A3',
  'C5A3',
  'B1A1',
  'A5A2',
  'B2D4',
  'A3A1',
  'G7I7',
  'G5I7',
  'B3C4',
  'I5I8',
  'C2C5',
  'I6I9',
] as const;

/**
 * Hive (Base, tournament opening): fifteen plies after which Black has no legal move and must pass. Each of its four
 * tiles on the board is pinned (lifting it would split the hive) and every free cell beside a black tile touches a
 * white one, so Black can neither move nor place. Made by a beam search with the engine over both sides' moves (200
 * positions a ply), keeping the positions where Black had the fewest moves.
 */
export const HIVE_PASS = [
  'wS1',
  'bS1 wS1-',
  'wQ \\wS1',
  'bS2 bS1/',
  'wA1 wQ/',
  'bB1 bS2\\',
  'wA1 bB1\\',
  'bQ bS2/',
  'wA2 wQ/',
  'bQ wA2-',
  'wA2 bQ-',
  'bQ -bS2',
  'wS2 \\wQ',
  'bS1 -wS1',
  'wS2 /bS1',
] as const;

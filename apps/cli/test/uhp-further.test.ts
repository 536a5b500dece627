/**
 * `qiyuan uhp` as a separate process with the reverse sides: two scripted games in the all-reverse roster played to
 * their end (what each move does is told by the engine replaying the script, so the games' claims are checked), the
 * roster phase of the advanced game, and bestmove in a mixed roster.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  cellQ,
  cellR,
  MOVE_CARRY,
  MOVE_GRAB,
  MOVE_SWAP,
  moveKind,
  movePiece,
  moveTo,
  parseGameString,
} from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/qiyuan.js', import.meta.url));

/** Runs one `qiyuan uhp` process on `commands`; returns the answer of each command (lines up to its `ok`). */
const session = (commands: readonly string[]): string[][] => {
  const r = spawnSync(process.execPath, [bin, 'uhp'], {
    input: `${[...commands, 'exit'].join('\n')}\n`,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const answers: string[][] = [];
  let current: string[] = [];
  for (const line of r.stdout.split('\n')) {
    if (line === '') continue;
    if (line === 'ok') {
      answers.push(current);
      current = [];
    } else current.push(line);
  }
  // The first answer is the banner (`info`, sent unasked on start).
  return answers.slice(1);
};

/** A game found by a seeded greedy self-play (kept as data): Black surrounds White's Queen on ply 74. */
const GAME = [
  'wW1',
  'bF1 -wW1',
  'wD wW1\\',
  'bR1 /bF1',
  'wW2 wW1-',
  'bC bR1\\',
  'wQ wW1/',
  'bQ -bR1',
  'wW2 -bF1',
  'bQ -wW2',
  'wF1 wD\\',
  'bC -wD',
  'wC wF1-',
  'bC =wD',
  'wC =wF1',
  'bC =wW1',
  'wC =wF1',
  'bC =wQ',
  'wC =wF1',
  'bT1 \\bC',
  'wC =wF1',
  'bC =bT1',
  'wC =wF1',
  'bC =bT1',
  'wC =wF1',
  'bC =bT1',
  'wC =wF1',
  'bT1 +bC',
  'wC =wW1',
  'bT1 -bC',
  'wC =wQ',
  'bC =bT1',
  'wD wW1',
  'bT1 +bC',
  'wC =wQ',
  'bT1 bC\\',
  'wC =wQ',
  'bC =bT1',
  'wC =wQ',
  'bC =bT1',
  'wC =wQ',
  'bT1 +bC',
  'wC =wQ',
  'bD bT1-',
  'wC =wQ',
  'bT1 /bD',
  'wD wF1\\',
  'bC =bD',
  'wC =wQ',
  'bC =bT1',
  'wC =wQ',
  'bC =wF1',
  'wC =bF1',
  'bT1 +bD',
  'wD bT1\\',
  'bC =wF1',
  'wD wF1\\',
  'bC =wQ',
  'wC =wW2',
  'bC =wQ',
  'wC =bQ',
  'bC =wQ',
  'wD bT1\\',
  'bC =bF1',
  'wD wF1\\',
  'bC =wW2',
  'wD -wF1',
  'bC =wW2',
  'wD wF1\\',
  'bC =bF1',
  'wD bT1\\',
  'bR1 -wF1',
  'wD -bT1',
  'bT1 bD\\',
] as const;

/**
 * A second game, found by seeded self-play that first sought the moves below and then pressed Black's Queen: every
 * new bug is placed and moves — the Fly walks and flies, the Mantis grabs, the Centipede swaps, the Dragonfly
 * carries, the Cockroach crosses its own tiles — and White surrounds Black's Queen on ply 83.
 */
const GAME2 = [
  'wR1',
  'bD wR1/',
  'wC /wR1',
  'bK bD-',
  'wF1 /wC',
  'bT1 bK\\',
  'wQ /wF1',
  'bQ bT1\\',
  'wR2 -wQ',
  'bW1 bQ-',
  'wR2 -wR1',
  'bW1 -wQ',
  'wR2 \\bW1',
  'bT1 +bQ',
  'wC =wF1',
  'bT2 bD/',
  'wK wC\\',
  'bT1 bQ\\',
  'wK wQ\\',
  'bC \\bT2',
  'wW1 \\wR2',
  'bW2 bK-',
  'wF2 wW1-',
  'bW2 -wW1',
  'wT1 wF1\\',
  'bC -bT2',
  'wF2 wW1/',
  'bR1 /bW1',
  'wK /wQ',
  'bW3 bQ-',
  'wD -wF1',
  'bR1 wQ\\',
  'wK -wC',
  'bW3 wT1-',
  'wK -wD',
  'bW2 wF2-',
  'wD bW2/',
  'bT2 +bC',
  'wT2 -wW1',
  'bW3 wR1\\',
  'wW2 wD/',
  'bW3 \\wF2',
  'wC =wQ',
  'bR1 wT1-',
  'wW2 \\bT2',
  'bF1 -bW3',
  'wW2 bT1-',
  'bF2 /bT1',
  'wC =wQ',
  'bF3 bF1/',
  'wD -bT2',
  'bF2 bR1\\',
  'wW2 /bF2',
  'bR2 bQ-',
  'wW2 -bF3',
  'bF3 bW3/',
  'wC =wF1',
  'bW2 -wT2',
  'wW2 -bW2',
  'bF1 -wF2',
  'wW2 -bW3',
  'bF1 bK-',
  'wW2 bR2-',
  'bW2 wQ\\',
  'wD bK',
  'bF2 /bT1',
  'wD -bT1',
  'bT2 bC-',
  'wW2 -bF1',
  'bR2 bF2\\',
  'wR1 wF2-',
  'bF3 \\bW3',
  'wK /wT2',
  'bW2 wR1-',
  'wF1 -wC',
  'bF1 bQ-',
  'wK -wF2',
  'bW2 /wT2',
  'wW3 -wF1',
  'bT2 +bC',
  'wF2 bT2\\',
  'bT2 bC-',
  'wR1 -bQ',
] as const;

const ALL_REVERSE = 'Base+MLP:R2T2F3W3DKC';

const hexDistance = (a: number, b: number): number => {
  const dq = cellQ(a) - cellQ(b);
  const dr = cellR(a) - cellR(b);
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
};

/**
 * What each move of a script does, told by the engine replaying it: `place:X` for a tile of bug X placed, `grab`,
 * `swap`, `carry`, a Fly's `F:walk` (one step) or `F:flight` (farther), `X:move` for any other movement of bug X.
 */
const kindsOf = (moves: readonly string[]): string[] => {
  const g = parseGameString(ALL_REVERSE);
  if (!g.ok) throw new Error(g.error.reason);
  const game = g.value;
  return moves.map((text) => {
    const m = game.parseMove(text);
    if (!m.ok) throw new Error(`${text}: ${m.error.reason}`);
    const p = game.position;
    const piece = movePiece(m.value);
    const bug = p.nameOf(piece)[1]!;
    const from = p.pos[piece]!;
    const kind = moveKind(m.value);
    const played = game.play(m.value);
    if (!played.ok) throw new Error(`${text}: ${played.error.reason}`);
    if (from < 0) return `place:${bug}`;
    if (kind === MOVE_GRAB) return 'grab';
    if (kind === MOVE_SWAP) return 'swap';
    if (kind === MOVE_CARRY) return 'carry';
    if (bug === 'F') return hexDistance(from, moveTo(m.value)) > 1 ? 'F:flight' : 'F:walk';
    return `${bug}:move`;
  });
};

/** Plays a script through `qiyuan uhp`, each move after a `validmoves` that must list it; returns the answers. */
const playScript = (moves: readonly string[], extra: readonly string[] = []): string[][] => {
  const commands = [`newgame ${ALL_REVERSE}`];
  for (const m of moves) commands.push('validmoves', `play ${m}`);
  const answers = session([...commands, ...extra]);
  expect(answers[0]).toEqual([`${ALL_REVERSE};NotStarted;White[1]`]);
  for (const [i, m] of moves.entries()) {
    const listed = answers[1 + 2 * i]![0]!.split(';');
    expect(listed, `before ${m}`).toContain(m);
    const state = answers[2 + 2 * i]![0]!;
    expect(state.startsWith(`${ALL_REVERSE};`), `${m}: ${state}`).toBe(true);
    expect(state.endsWith(`;${m}`)).toBe(true);
  }
  return answers;
};

describe('qiyuan uhp with the reverse sides', () => {
  it('plays a whole all-reverse game to a surrounded Queen, each move listed by validmoves first', () => {
    const answers = playScript(GAME, ['play wQ wD-', 'validmoves']);
    const last = answers[2 * GAME.length]![0]!;
    expect(last.split(';')[1]).toBe('BlackWins');
    expect(answers.at(-2)![0]).toMatch(/^invalidmove the game is over/);
    // validmoves of a finished game: an empty list.
    expect(answers.at(-1)).toEqual([]);
    const kinds = kindsOf(GAME);
    for (const kind of ['grab', 'swap', 'carry']) expect(kinds, kind).toContain(kind);
  });

  it('plays a second game in which every new bug is placed and moves, to a surrounded Queen', () => {
    const answers = playScript(GAME2);
    expect(answers[2 * GAME2.length]![0]!.split(';')[1]).toBe('WhiteWins');
    const kinds = kindsOf(GAME2);
    for (const bug of ['R', 'T', 'F', 'W', 'D', 'K', 'C']) {
      expect(kinds, `place:${bug}`).toContain(`place:${bug}`);
      expect(
        kinds.some((k) => k.startsWith(`${bug}:`)),
        `${bug} moves`,
      ).toBe(true);
    }
    for (const kind of ['F:walk', 'F:flight', 'grab', 'swap', 'carry']) expect(kinds, kind).toContain(kind);
    // The carry: listed by validmoves before it is played (the MoveString is the Dragonfly's own), and played.
    const carry = kinds.indexOf('carry');
    expect(GAME2[carry]).toMatch(/^[wb]D /);
    expect(answers[1 + 2 * carry]![0]!.split(';')).toContain(GAME2[carry]);
    expect(answers[2 + 2 * carry]![0]!.endsWith(`;${GAME2[carry]}`)).toBe(true);
  });

  it('plays the advanced game’s roster phase, then moves', () => {
    const answers = session([
      'newgame Base+MLP:?',
      'validmoves',
      'play wQ',
      'bestmove depth 1',
      'play roster T1F2W',
      'play roster Z',
      'undo',
      'play roster T1F2W',
      'play roster R2DC',
      'play wT1',
      'play bC wT1-',
      'play wQ -wT1',
      'play bQ bC-',
      'validmoves',
      'play wT1 +bQ',
      'play wT1 +wQ',
      'bestmove depth 2',
    ]);
    expect(answers[0]).toEqual(['Base+MLP:?;NotStarted;White[1]']);
    const rosters = answers[1]![0]!.split(';');
    expect(rosters).toHaveLength(1152);
    expect(rosters).toContain('roster -');
    expect(rosters).toContain('roster R2T2F3W3DKC');
    expect(answers[2]![0]).toMatch(/^invalidmove .*roster/);
    expect(answers[3]).toEqual(['roster -']);
    expect(answers[4]).toEqual(['Base+MLP:?;NotStarted;White[1]']);
    expect(answers[5]![0]).toMatch(/^invalidmove .*not a reverse side/);
    expect(answers[6]).toEqual(['Base+MLP:?;NotStarted;White[1]']);
    expect(answers[8]).toEqual(['Base+MLP:TF2W/R2DC;NotStarted;White[1]']);
    expect(answers[12]).toEqual(['Base+MLP:TF2W/R2DC;InProgress;White[3];wT1;bC wT1-;wQ -wT1;bQ bC-']);
    expect(answers[13]![0]!.split(';')).toContain('wT1 +wQ');
    // bQ is not next to the Mantis.
    expect(answers[14]![0]).toMatch(/^invalidmove /);
    expect(answers[15]![0]).toBe('Base+MLP:TF2W/R2DC;InProgress;Black[3];wT1;bC wT1-;wQ -wT1;bQ bC-;wT1 +wQ');
    expect(answers[16]![0]).toMatch(/^b[A-Z]/);
  });

  it('refuses a malformed extended game type with the reason', () => {
    const answers = session(['newgame Base:D', 'newgame Base+MLP:RR', 'info']);
    expect(answers[0]![0]).toMatch(/^err .*needs the \+M expansion/);
    expect(answers[1]![0]).toMatch(/^err .*order RTFWDKC/);
    expect(answers[2]![0]).toMatch(/^id .*R T F W D K C/);
    expect(answers[2]![1]).toBe('Mosquito;Ladybug;Pillbug');
  });
});

/**
 * `qiyuan uhp` as a separate process with the reverse sides: a scripted game in the all-reverse roster played to
 * its end (grabs, swaps and carries included), the roster phase of the advanced game, and bestmove in a mixed roster.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

describe('qiyuan uhp with the reverse sides', () => {
  it('plays a whole all-reverse game to a surrounded Queen, each move listed by validmoves first', () => {
    const commands = ['newgame Base+MLP:R2T2F3W3DKC'];
    for (const m of GAME) commands.push('validmoves', `play ${m}`);
    commands.push('play wQ wD-', 'validmoves');
    const answers = session(commands);
    expect(answers[0]).toEqual(['Base+MLP:R2T2F3W3DKC;NotStarted;White[1]']);
    for (const [i, m] of GAME.entries()) {
      const listed = answers[1 + 2 * i]![0]!.split(';');
      expect(listed, `before ${m}`).toContain(m);
      const state = answers[2 + 2 * i]![0]!;
      expect(state.startsWith('Base+MLP:R2T2F3W3DKC;'), `${m}: ${state}`).toBe(true);
      expect(state.endsWith(`;${m}`)).toBe(true);
    }
    const last = answers[2 * GAME.length]![0]!;
    expect(last.split(';')[1]).toBe('BlackWins');
    expect(answers.at(-2)![0]).toMatch(/^invalidmove the game is over/);
    // validmoves of a finished game: an empty list.
    expect(answers.at(-1)).toEqual([]);
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

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UhpPlayer } from '../../src/bot/uhp-player.js';

/**
 * A fake UHP engine: it writes every command it gets to a log file, greets with the capabilities it is given, and
 * answers `bestmove` with the moves it is given, one per question (`err …` answers an `err` line as UHP does).
 */
const FAKE = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const [log, caps, ...answers] = process.argv.slice(2);
const say = (...lines) => process.stdout.write(lines.join('\\n') + '\\nok\\n');
say('id FakeEngine 1.0');
for await (const line of createInterface({ input: process.stdin })) {
  appendFileSync(log, line + '\\n');
  if (line === 'info') say('id FakeEngine 1.0', caps);
  else if (line.startsWith('newgame ')) say(line.slice(8));
  else if (line.startsWith('bestmove')) say(answers.shift() ?? 'err no more moves');
  else say('err unknown command');
}
`;

const dir = mkdtempSync(join(tmpdir(), 'qiyuan-fake-uhp-'));
const script = join(dir, 'fake-uhp.mjs');
writeFileSync(script, FAKE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let runs = 0;
const fake = async (caps: string, ...answers: string[]) => {
  const log = join(dir, `log-${runs++}.txt`);
  writeFileSync(log, '');
  const quoted = [caps, ...answers].map((a) => `"${a}"`).join(' ');
  const started = await UhpPlayer.start(`${process.execPath} ${script} ${log} ${quoted}`);
  if (!started.ok) throw new Error(started.error.reason);
  return { player: started.value, sent: () => readFileSync(log, 'utf8').trim().split('\n') };
};

const request = (moves: string[], budgetMs = 2500) => ({
  game: 'hive' as const,
  options: {},
  moves,
  seat: moves.length % 2,
  budgetMs,
});

describe('UhpPlayer', () => {
  it('starts each move with newgame and the GameString of the moves, then bestmove time from the budget', async () => {
    const { player, sent } = await fake('Mosquito;Ladybug;Pillbug', 'wG1 -wS1');
    try {
      const r = await player.choose(request(['wS1', 'bS1 wS1-'], 2500));
      expect(r).toEqual({ ok: true, value: 'wG1 -wS1' });
      expect(sent()).toEqual(['info', 'newgame Base;InProgress;White[2];wS1;bS1 wS1-', 'bestmove time 00:00:03']);
      expect(player.name).toBe('FakeEngine 1.0');
    } finally {
      await player.close();
    }
  });

  it('asks bestmove depth N when given a depth', async () => {
    const log = join(dir, 'depth.txt');
    writeFileSync(log, '');
    const started = await UhpPlayer.start(`${process.execPath} ${script} ${log} "" wS1`, { depth: 3 });
    if (!started.ok) throw new Error(started.error.reason);
    try {
      expect(await started.value.choose(request([]))).toEqual({ ok: true, value: 'wS1' });
      expect(readFileSync(log, 'utf8').trim().split('\n').slice(1)).toEqual([
        'newgame Base;NotStarted;White[1]',
        'bestmove depth 3',
      ]);
    } finally {
      await started.value.close();
    }
  });

  it('catches an illegal or unreadable answer with its reason instead of sending it', async () => {
    const { player } = await fake('', 'wQ', 'bG1 -wS1', 'err engine crashed');
    try {
      const queenFirst = await player.choose(request([]));
      expect(queenFirst.ok).toBe(false);
      if (!queenFirst.ok) expect(queenFirst.error.reason).toMatch(/^the engine answered "wQ": /);
      const wrongColour = await player.choose(request([]));
      expect(wrongColour.ok).toBe(false);
      const engineErr = await player.choose(request([]));
      expect(engineErr).toMatchObject({ ok: false, error: { code: 'uhp-err', reason: 'err engine crashed' } });
    } finally {
      await player.close();
    }
  });

  it('takes the games the engine names in its capabilities, and declines the rest with a reason', async () => {
    const { player } = await fake('Mosquito;Pillbug');
    try {
      expect(player.canPlay('hive', {})).toBeUndefined();
      expect(player.canPlay('hive', { variant: 'Base+MP' })).toBeUndefined();
      expect(player.canPlay('hive', { variant: 'Base+MLP' })).toBe('the engine does not play the Ladybug');
      expect(player.canPlay('hive', { variant: 'Base', sides: 'advanced' })).toMatch(/reverse sides/);
      expect(player.canPlay('junqi', {})).toBe('a UHP engine plays Hive only, not junqi');
      expect(player.canPlay('hive', { variant: 'Chess' })).toBeDefined();
    } finally {
      await player.close();
    }
  });

  it('serves games played at once one after another', async () => {
    const { player, sent } = await fake('', 'wS1', 'wG1');
    try {
      const [a, b] = await Promise.all([player.choose(request([])), player.choose(request([]))]);
      expect([a, b]).toEqual([
        { ok: true, value: 'wS1' },
        { ok: true, value: 'wG1' },
      ]);
      expect(
        sent()
          .slice(1)
          .map((l) => l.split(' ')[0]),
      ).toEqual(['newgame', 'bestmove', 'newgame', 'bestmove']);
    } finally {
      await player.close();
    }
  });
});

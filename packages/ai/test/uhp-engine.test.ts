import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runUhpArena, uhpTime } from '../src/arena-uhp.js';
import { splitCommand, UhpEngine } from '../src/uhp-engine.js';

// Our own `qiyuan uhp`, run as any external engine would be.
const cli = fileURLToPath(new URL('../../../apps/cli/bin/qiyuan.js', import.meta.url));
const ours = `node ${cli} uhp`;

describe('UHP engine client', () => {
  it('splits a command line, keeping quoted parts together', () => {
    expect(splitCommand('node "my engine.js" uhp')).toEqual(['node', 'my engine.js', 'uhp']);
  });
  it('formats move times as whole seconds, at least one', () => {
    expect(uhpTime(200)).toBe('00:00:01');
    expect(uhpTime(61_000)).toBe('00:01:01');
  });
  it('a missing command is a failure with a reason, not a throw', async () => {
    const r = await UhpEngine.start('no-such-uhp-engine-anywhere --x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toContain('no-such-uhp-engine-anywhere');
  });
  it('an engine that exits without a greeting is reported with its exit', async () => {
    const r = await UhpEngine.start(`node -e "process.exit(3)"`);
    expect(r).toMatchObject({ ok: false, error: { code: 'uhp-exited' } });
    if (!r.ok) expect(r.error.reason).toContain('code 3');
  });
  it('a silent engine times out', async () => {
    const r = await UhpEngine.start(`node -e "setTimeout(() => {}, 5000)"`, { startMs: 300 });
    expect(r).toMatchObject({ ok: false, error: { code: 'uhp-timeout' } });
  });
  it('speaks UHP with our own engine: newgame, play, bestmove; invalid moves come back as failures', async () => {
    const started = await UhpEngine.start(ours);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const engine = started.value;
    try {
      expect(engine.id).toContain('Qiyuan');
      expect(await engine.send('newgame Base')).toEqual({ ok: true, value: ['Base;NotStarted;White[1]'] });
      expect(await engine.send('play wS1')).toEqual({ ok: true, value: ['Base;InProgress;Black[1];wS1'] });
      const best = await engine.send('bestmove depth 1');
      expect(best.ok).toBe(true);
      if (best.ok) expect(best.value[0]).toMatch(/^b[QSBGA]\d? /);
      const bad = await engine.send('play wQ nowhere');
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(['uhp-err', 'uhp-invalidmove']).toContain(bad.error.code);
    } finally {
      await engine.close();
    }
  });
});

describe('arena against an external UHP engine', () => {
  it('plays whole games against our own engine run as a child process, both colours', async () => {
    const specs = [0, 1].map((index) => ({
      game: 'hive' as const,
      options: {},
      a: `uhp:${ours}`,
      b: 'greedy',
      index,
      seed: 1,
      maxPlies: 60,
    }));
    const results = await runUhpArena({ specs, workers: 1, uhpDepth: 1 });
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r.error).toBeUndefined();
      expect(r.moves.a).toBeGreaterThan(0);
      expect(r.moves.b).toBeGreaterThan(0);
    }
    expect(results.map((r) => r.seatsOfA)).toEqual([[0], [1]]);
  });
  it('an engine that answers err loses the game, with its answer as the reason', async () => {
    const fake = join(mkdtempSync(join(tmpdir(), 'uhp-')), 'fake.mjs');
    // Greets, then refuses everything: a misbehaving engine.
    writeFileSync(
      fake,
      "import { createInterface } from 'node:readline';\n" +
        "console.log('id Grumpy 1.0\\nok');\n" +
        "for await (const _ of createInterface({ input: process.stdin })) console.log('err not today\\nok');\n",
    );
    const results = await runUhpArena({
      specs: [{ game: 'hive', options: {}, a: `uhp:node ${fake}`, b: 'greedy', index: 0, seed: 1 }],
    });
    expect(results[0]).toMatchObject({ result: 'loss', reason: 'player-error' });
    expect(results[0]!.error).toContain('not today');
  });
  it("--uhp-seconds asks for nokamute's bestmove seconds with the time under a second", async () => {
    const fake = join(mkdtempSync(join(tmpdir(), 'uhp-')), 'echo.mjs');
    // Takes the game as given, then refuses the move request quoting it back.
    writeFileSync(
      fake,
      "import { createInterface } from 'node:readline';\n" +
        "console.log('id Echo 1.0\\nok');\n" +
        'for await (const line of createInterface({ input: process.stdin })) {\n' +
        "  if (line.startsWith('newgame ')) console.log(line.slice(8) + '\\nok');\n" +
        "  else console.log('err asked: ' + line + '\\nok');\n" +
        '}\n',
    );
    const spec = { game: 'hive' as const, options: {}, a: `uhp:node ${fake}`, b: 'greedy', index: 0, seed: 1 };
    const [seconds] = await runUhpArena({ specs: [{ ...spec, timeMs: 200 }], uhpSeconds: true });
    expect(seconds!.error).toContain('asked: bestmove seconds 0.200');
    const [whole] = await runUhpArena({ specs: [{ ...spec, timeMs: 200 }] });
    expect(whole!.error).toContain('asked: bestmove time 00:00:01');
  });
  it('a missing engine loses every game with the reason', async () => {
    const results = await runUhpArena({
      specs: [{ game: 'hive', options: {}, a: 'greedy', b: 'uhp:no-such-uhp-engine', index: 0, seed: 1 }],
    });
    expect(results[0]).toMatchObject({ result: 'win', reason: 'engine-error' });
    expect(results[0]!.error).toContain('no-such-uhp-engine');
  });
});

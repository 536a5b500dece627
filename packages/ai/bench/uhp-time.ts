// How closely `qiyuan uhp` keeps to `bestmove time`: npx tsx packages/ai/bench/uhp-time.ts [positions] [seconds] [threads]
// Plays a seeded game of Base+MLP by the engine's own moves at depth 1 and, every few plies, asks for a move with
// `bestmove time`; prints each answer's time over the time given, then the mean, the lowest and the highest.
import { fileURLToPath } from 'node:url';
import { UhpEngine } from '../src/uhp-engine.js';

const positions = Number(process.argv[2] ?? 20);
const seconds = Number(process.argv[3] ?? 1);
const threads = Number(process.argv[4] ?? 1);
const cli = fileURLToPath(new URL('../../../apps/cli/bin/qiyuan.js', import.meta.url));

const ask = async (engine: UhpEngine, line: string): Promise<string[]> => {
  const r = await engine.send(line, 120_000);
  if (!r.ok) throw new Error(`${line}: ${r.error.reason}`);
  return r.value;
};

const started = await UhpEngine.start(`${process.execPath} ${cli} uhp`, { startMs: 60_000 });
if (!started.ok) throw new Error(started.error.reason);
const engine = started.value;
const time = `00:00:${String(seconds).padStart(2, '0')}`;
const ratios: number[] = [];
let forced = 0;
try {
  await ask(engine, `options set NumThreads ${threads}`);
  await ask(engine, 'newgame Base+MLP');
  for (let ply = 0; ratios.length + forced < positions; ply++) {
    const state = (await ask(engine, 'validmoves'))[0]!;
    if (ply % 3 === 2) {
      const t0 = performance.now();
      await ask(engine, `bestmove time ${time}`);
      const ratio = (performance.now() - t0) / (seconds * 1000);
      // A single legal move or a proven win is answered at once, by design: not a measure of the clock.
      if (state.split(';').length === 1 || ratio < 0.5) forced++;
      else ratios.push(ratio);
      console.log(`ply ${ply}: ${ratio.toFixed(3)} of the time`);
    }
    // Move on by a quick search, so that the positions are those of a game.
    const next = (await ask(engine, 'bestmove depth 1'))[0]!;
    const after = (await ask(engine, `play ${next}`))[0]!;
    if (!after.includes(';InProgress;')) await ask(engine, 'newgame Base+MLP');
  }
} finally {
  await engine.close();
}
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
console.log(
  `bestmove time ${time}, ${threads} thread(s): ${ratios.length} searches, mean ${mean.toFixed(3)}, lowest ${Math.min(...ratios).toFixed(3)}, highest ${Math.max(...ratios).toFixed(3)} of the time given, ${ratios.filter((r) => Math.abs(r - 1) <= 0.05).length} within 5%; ${forced} answered at once (forced move or proven win)`,
);

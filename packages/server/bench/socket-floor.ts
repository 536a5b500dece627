/**
 * What the sockets alone cost a move: `qiyuan bench server`'s load (10,000 connections, 16 games, 15 s, 5,000 moves/s
 * offered, or QIYUAN_BENCH_RATE) against socket-floor-server.ts, which answers with texts made once. The server's CPU a
 * move here is the part of the real figure that no change to the game, the store or the frames can remove.
 * `npx tsx packages/server/bench/socket-floor.ts`
 */
import { runLoad } from './load.js';

const rate = Number(process.env.QIYUAN_BENCH_RATE) || 5000;
const r = await runLoad({
  connections: 10_000,
  games: 16,
  seconds: 15,
  processes: 1,
  rate,
  serverScript: 'socket-floor-server.ts',
});
console.log(
  `sockets alone at ${rate} moves/s offered: ${Math.round(r.movesPerSecond)} moves/s, ` +
    `${r.serverCpuMsPerMove.toFixed(3)} server CPU ms/move, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`,
);

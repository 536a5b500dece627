// Depth-7 shape probe: perft(5) below the first few two-ply positions (leaves counted at ply 7).
import { Position } from '../src/index.js';

const take = Number(process.argv[2] ?? 3);
const p = new Position({
  mosquito: true,
  ladybug: true,
  pillbug: true,
  tournamentOpening: true,
  pillbugDutchRule: false,
});
const first = [...p.generateMoves()];
const c0 = process.cpuUsage();
let n = 0;
let done = 0;
for (const a of first) {
  p.makeMove(a);
  const second = [...p.generateMoves()];
  for (const b of second) {
    if (done >= take) break;
    p.makeMove(b);
    n += p.perft(5);
    p.unmakeMove();
    done++;
  }
  p.unmakeMove();
  if (done >= take) break;
}
const cpu = process.cpuUsage(c0);
const s = (cpu.user + cpu.system) / 1e6;
console.log(
  `${take} two-ply positions, perft 5: ${n} leaves, ${s.toFixed(2)} s CPU, ${(n / s / 1e6).toFixed(2)} M leaves/s`,
);

import { fail, ok, type Result } from '@qiyuan/core';
import { byId, playsIn } from './field.js';
import { type EntrantRecord, pairedBefore, records } from './records.js';
import { rankedStandings } from './standings.js';
import type { Entrant, EntrantId, History, Pairing, TournamentSpec } from './types.js';

/** Cost of two players at one table who have already shared one, against one place of rank moved. */
const REPEAT = 1_000;

/**
 * Seats round `round` (1-based) of a table tournament (Chinese Checkers 3/4/6, free-for-all Junqi 4).
 * - Players left over when the field does not fill whole tables get a bye: the lowest ranked who have had none.
 * - Round one: tables in snake order of rating (table 1 takes seeds 1, 2k, 2k + 1, …) so every table is alike.
 * - Later rounds: like a Swiss, the standings' top players share table 1, the next table 2, and so on; then
 *   players are swapped between neighbouring tables while that lowers the meetings repeated (each costs REPEAT)
 *   plus how far players move from their place.
 * - Seats: the table's players in standing order, turned by the round, so the first seat (first to move) passes
 *   around.
 */
export const pairTables = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  round: number,
): Result<Pairing[]> => {
  const size = spec.tableSize ?? 2;
  const known = byId(entrants);
  const order = rankedStandings(spec, entrants, history)
    .map((s) => known.get(s.id) as Entrant)
    .filter((e) => playsIn(e, round));
  if (order.length < size) return fail('too-few-players', `a table needs ${size} players; ${order.length} are left`);
  const all = records(spec, entrants, history);
  const tableCount = Math.floor(order.length / size);
  const spare = order.length - tableCount * size;
  // Byes: from the bottom, those without one first.
  const byes: EntrantId[] = [];
  for (const e of [...order].reverse()) {
    if (byes.length === spare) break;
    if ((all.get(e.id) as EntrantRecord).byes === 0) byes.push(e.id);
  }
  for (const e of [...order].reverse()) {
    if (byes.length === spare) break;
    if (!byes.includes(e.id)) byes.push(e.id);
  }
  const seated = order.filter((e) => !byes.includes(e.id)).map((e) => e.id);
  const tables: EntrantId[][] = Array.from({ length: tableCount }, () => []);
  if (history.length === 0 || round === 1) {
    seated.forEach((id, i) => {
      const lap = Math.floor(i / tableCount);
      const t = lap % 2 === 0 ? i % tableCount : tableCount - 1 - (i % tableCount);
      (tables[t] as EntrantId[]).push(id);
    });
  } else {
    seated.forEach((id, i) => {
      (tables[Math.floor(i / size)] as EntrantId[]).push(id);
    });
    improve(tables, seated, pairedBefore(history));
  }
  const place = new Map(seated.map((id, i) => [id, i]));
  const pairings: Pairing[] = tables.map((table) => {
    const sorted = [...table].sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
    const turn = (round - 1) % sorted.length;
    return { table: [...sorted.slice(turn), ...sorted.slice(0, turn)] };
  });
  for (const id of byes.reverse()) pairings.push({ bye: id });
  return ok(pairings);
};

/** Swaps players between neighbouring tables while a swap lowers the cost (repeats, then distance moved). */
const improve = (tables: EntrantId[][], ranked: readonly EntrantId[], met: Map<EntrantId, Set<EntrantId>>) => {
  const place = new Map(ranked.map((id, i) => [id, i]));
  const size = tables[0]?.length ?? 0;
  const tableCost = (table: readonly EntrantId[], t: number): number => {
    let cost = 0;
    for (let i = 0; i < table.length; i++) {
      const a = table[i] as EntrantId;
      for (let j = i + 1; j < table.length; j++) if (met.get(a)?.has(table[j] as EntrantId)) cost += REPEAT;
      // How far a player sits from the table their place would give.
      cost += Math.abs(Math.floor((place.get(a) ?? 0) / size) - t);
    }
    return cost;
  };
  for (let pass = 0, better = true; better && pass < 20; pass++) {
    better = false;
    for (let t = 0; t + 1 < tables.length; t++)
      for (let u = t + 1; u < tables.length && u <= t + 2; u++) {
        const x = tables[t] as EntrantId[];
        const y = tables[u] as EntrantId[];
        for (let i = 0; i < x.length; i++)
          for (let j = 0; j < y.length; j++) {
            const before = tableCost(x, t) + tableCost(y, u);
            const a = x[i] as EntrantId;
            x[i] = y[j] as EntrantId;
            y[j] = a;
            if (tableCost(x, t) + tableCost(y, u) < before) better = true;
            else {
              y[j] = x[i] as EntrantId;
              x[i] = a;
            }
          }
      }
  }
};

/**
 * What the records tell one seat about the game so far: every combat (who
 * attacked whom, the result, the ranks this seat may know), flags shown,
 * armies out, 翻棋 flips and colours. Which army stands on which point is
 * public in every mode, so it is followed here from the start position and
 * the public results; ranks come only from the records the engine wrote for
 * this seat (`recordFor`), never from anywhere else.
 */
import type { PlayRecord } from '@qiyuan/core';
import type { Board } from '@qiyuan/junqi';

export type Result = 'attacker' | 'defender' | 'both';

export type ReportEvent =
  | {
      readonly kind: 'combat';
      readonly ply: number;
      readonly seat: number;
      readonly from: number;
      readonly to: number;
      /** Armies by the public record of the board; null where nobody can tell (a face-down piece). */
      readonly attackerArmy: number | null;
      readonly defenderArmy: number | null;
      readonly attackerRank: string | null;
      readonly defenderRank: string | null;
      readonly result: Result;
    }
  | { readonly kind: 'flag-shown'; readonly ply: number; readonly army: number; readonly point: number }
  | { readonly kind: 'out'; readonly ply: number; readonly seat: number; readonly reason: string }
  | {
      readonly kind: 'flip';
      readonly ply: number;
      readonly seat: number;
      readonly at: number;
      readonly army: number;
      readonly rank: string | null;
    }
  | { readonly kind: 'colours'; readonly ply: number; readonly colours: readonly number[] };

const EMPTY = -1;
const UNKNOWN = -2;
const MOVE = /^([A-Za-z]{1,2}\d{1,2})\s*[-x:]\s*([A-Za-z]{1,2}\d{1,2})$/;
const FLIP = /^(?:flip\s+|\*)([A-Za-z]{1,2}\d{1,2})$/;

interface Detail {
  combat?: Result;
  attackerRank?: string;
  defenderRank?: string;
  flagsRevealed?: { army: number; point: number }[];
  knockedOut?: { seat: number; reason: string }[];
  flipped?: { army: number; rank: string };
  colours?: number[];
}

/** A move in notation as two point ids, or undefined. */
export const parseMovePoints = (board: Board, notation: string): { from: number; to: number } | undefined => {
  const m = MOVE.exec(notation.trim());
  if (!m) return undefined;
  const from = board.byName(m[1]!);
  const to = board.byName(m[2]!);
  return from === undefined || to === undefined ? undefined : { from, to };
};

export const parseFlipPoint = (board: Board, notation: string): number | undefined => {
  const m = FLIP.exec(notation.trim());
  return m ? board.byName(m[1]!) : undefined;
};

/**
 * Replays the public side of `records`: which army stands where (-1 empty,
 * -2 face down) and the events, oldest first.
 */
export const readRecords = (
  board: Board,
  records: readonly PlayRecord[],
  game: { readonly players: number; readonly mode: string },
): { events: ReportEvent[]; occupancy: number[] } => {
  const occ = new Array<number>(board.points.length).fill(EMPTY);
  const flip = game.mode === 'flip';
  for (const p of board.points) {
    if (p.kind === 'camp' || p.army === null) continue;
    if (flip) occ[p.id] = UNKNOWN;
    else if (p.army < game.players) occ[p.id] = p.army;
  }
  // seat → army: the seat's own army, until a 翻棋 flip decides the colours
  let armyOfSeat: number[] = Array.from({ length: Math.max(game.players, 2) }, (_, s) => (flip ? -1 : s));
  const events: ReportEvent[] = [];
  const leave = (seat: number) => {
    const army = armyOfSeat[seat] ?? -1;
    if (army < 0) return;
    for (let i = 0; i < occ.length; i++) if (occ[i] === army) occ[i] = EMPTY;
  };
  for (const r of records) {
    const d = (r.detail ?? {}) as Detail;
    const move = parseMovePoints(board, r.notation);
    const at = move ? undefined : parseFlipPoint(board, r.notation);
    if (move) {
      const a = occ[move.from]!;
      const b = occ[move.to]!;
      if (d.combat) {
        events.push({
          kind: 'combat',
          ply: r.ply,
          seat: r.seat,
          from: move.from,
          to: move.to,
          attackerArmy: a >= 0 ? a : null,
          defenderArmy: b >= 0 ? b : null,
          attackerRank: d.attackerRank ?? null,
          defenderRank: d.defenderRank ?? null,
          result: d.combat,
        });
        occ[move.to] = d.combat === 'attacker' ? a : d.combat === 'defender' ? b : EMPTY;
      } else {
        occ[move.to] = a;
      }
      occ[move.from] = EMPTY;
    } else if (at !== undefined && d.flipped) {
      occ[at] = d.flipped.army;
      events.push({ kind: 'flip', ply: r.ply, seat: r.seat, at, army: d.flipped.army, rank: d.flipped.rank ?? null });
    }
    if (d.colours) {
      armyOfSeat = [...d.colours];
      events.push({ kind: 'colours', ply: r.ply, colours: [...d.colours] });
    }
    for (const f of d.flagsRevealed ?? [])
      events.push({ kind: 'flag-shown', ply: r.ply, army: f.army, point: f.point });
    for (const k of d.knockedOut ?? []) {
      // an army that is out leaves the board (ruling R9; two players: the game is over anyway)
      if (game.players > 2) leave(k.seat);
      events.push({ kind: 'out', ply: r.ply, seat: k.seat, reason: k.reason });
    }
  }
  return { events, occupancy: occ };
};

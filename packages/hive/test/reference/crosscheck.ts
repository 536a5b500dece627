/**
 * The comparison loop, kept apart from the engine: it drives any UHP session handed to it (one line in, answer lines
 * out) and reads every MoveString with the reference's own parser.
 */
import { Rng } from '@qiyuan/core';
import { parseGameType } from './gametype.js';
import { legalMoves, slides } from './movegen.js';
import { bugOf, type RefMove, RefPosition } from './position.js';
import { parseMoveString } from './uhp.js';

export interface UhpLike {
  handle(line: string): string[];
}

export const start = (type: string): RefPosition => {
  const t = parseGameType(type);
  if (!t.ok) throw new Error(t.reason);
  return RefPosition.start(t.value);
};

export interface Report {
  positions: number;
  /** How many listed moves were grabs (`+`), swaps (`=`) or Dragonfly carries, so a test can see they were exercised. */
  twoTileMoves: number;
  /** The moves played, by `describeMove`'s label (`F:flight`, `T:grab`, `A:move`…); placements are not counted. */
  played: Record<string, number>;
  problems: string[];
}

/** The special moves `describeMove` names, as opposed to a bug's plain `move`. */
export const SPECIAL_MOVES = ['grab', 'swap', 'carry', 'throw', 'flight', 'onto', 'top'] as const;

/**
 * What a movement is, as `bug:kind` with the letter of the bug that acts (the thrower for a throw): `T:grab`,
 * `C:swap`, `D:carry`, `P:throw` (`M:…` for a Mosquito using a copied ability), `F:flight` (a Fly on the ground with
 * no sliding step) or `F:move`, `D:onto` (a Dragonfly landing on top of the hive) or `D:move`, `T:top` (a Mantis
 * moving from on top), or `X:move` for any other bug X. Undefined for a placement or a pass. Read from the position
 * before the move.
 */
export const describeMove = (p: RefPosition, m: RefMove): string | undefined => {
  if (m.kind === 'place' || m.kind === 'pass') return undefined;
  if (m.kind !== 'move') return `${bugOf(m.by ?? m.piece)}:${m.kind}`;
  const bug = bugOf(m.piece);
  if (bug === 'D' && p.occupied(m.to)) return 'D:onto';
  if (bug === 'T') return 'T:top';
  if (bug === 'F' && p.levelOf(m.piece) === 0) {
    const from = p.at.get(m.piece)!;
    if (p.withLifted(m.piece, () => slides(p, from)).length === 0) return 'F:flight';
  }
  return `${bug}:move`;
};

const count = (tally: Record<string, number>, key: string): void => {
  tally[key] = (tally[key] ?? 0) + 1;
};

/**
 * Plays `games` seeded random games of at most `plies` moves, the engine choosing among its own legal moves, and
 * compares at every position the engine's list (read by the reference's own MoveString parser) with the reference's.
 * A game stops at its first difference, which is reported with the GameString to reproduce it.
 */
export const crossCheck = (newSession: () => UhpLike, type: string, games: number, plies: number): Report => {
  const report: Report = { positions: 0, twoTileMoves: 0, played: {}, problems: [] };
  for (let seed = 1; seed <= games; seed++) {
    const rng = Rng.fromSeed(`${type}#${seed}`);
    const session = newSession();
    let gameString = session.handle(`newgame ${type}`)[0]!;
    if (!gameString.startsWith(type.split(':')[0]!) || gameString.startsWith('err')) {
      report.problems.push(`${type}: the engine refuses the game type (${gameString})`);
      return report;
    }
    let ref = start(type);
    for (let ply = 0; ply < plies; ply++) {
      const listed = session.handle('validmoves')[0]!.split(';');
      const mine = new Map<string, RefMove>();
      for (const m of legalMoves(ref)) mine.set(ref.keyOf(m), m);
      const theirs = new Map<string, string>();
      const unreadable: string[] = [];
      for (const text of listed) {
        const key = parseMoveString(ref, text);
        if (!key.ok) unreadable.push(`${text} (${key.reason})`);
        else if (theirs.has(key.value)) unreadable.push(`${text} repeats ${theirs.get(key.value)}`);
        else theirs.set(key.value, text);
      }
      report.positions++;
      for (const k of theirs.keys()) if (k.includes('|')) report.twoTileMoves++;
      const engineOnly = [...theirs].filter(([k]) => !mine.has(k)).map(([, t]) => t);
      const referenceOnly = [...mine.keys()].filter((k) => !theirs.has(k));
      if (unreadable.length + engineOnly.length + referenceOnly.length > 0) {
        report.problems.push(
          `${gameString}\n  engine only: ${engineOnly.join(' ')}\n  reference only: ${referenceOnly.join(' ')}\n  unreadable: ${unreadable.join(' ')}`,
        );
        break;
      }
      // Placements outnumber movements for most of a game, and a uniform pick would rarely play the new pieces'
      // special moves: a quarter of the picks go to a special move and a third to a movement, when there is one.
      const movements = [...theirs].filter(([k]) => describeMove(ref, mine.get(k)!) !== undefined);
      const specials = movements.filter(([k]) => !describeMove(ref, mine.get(k)!)!.endsWith(':move')).map(([, t]) => t);
      const roll = rng.float();
      const text = rng.pick(
        roll < 0.25 && specials.length > 0
          ? specials
          : roll < 0.6 && movements.length > 0
            ? movements.map(([, t]) => t)
            : listed,
      );
      const chosen = parseMoveString(ref, text);
      const move = mine.get(chosen.ok ? chosen.value : '')!;
      const label = describeMove(ref, move);
      if (label) count(report.played, label);
      ref = ref.play(move);
      gameString = session.handle(`play ${text}`)[0]!;
      const state = gameString.split(';')[1];
      if (state !== 'InProgress') {
        // The engine ends a game on a surrounded Queen or on threefold repetition; the reference knows only the first.
        if (state !== 'Draw' && !ref.isOver())
          report.problems.push(`${gameString}\n  the engine ends the game, the reference does not`);
        break;
      }
      if (ref.isOver()) {
        report.problems.push(`${gameString}\n  the reference ends the game, the engine does not`);
        break;
      }
    }
  }
  return report;
};

/** Replays a GameString's moves on the reference (each must be legal there); the reason names the first that is not. */
export const replay = (gameString: string): { ok: true; value: RefPosition } | { ok: false; reason: string } => {
  const [type, , , ...moves] = gameString.split(';');
  const t = parseGameType(type ?? '');
  if (!t.ok) return t;
  let p = RefPosition.start(t.value);
  for (const text of moves) {
    const key = parseMoveString(p, text);
    if (!key.ok) return key;
    const move = legalMoves(p).find((m) => p.keyOf(m) === key.value);
    if (!move) return { ok: false, reason: `${text} is not legal in the reference after ${p.ply} moves` };
    p = p.play(move);
  }
  return { ok: true, value: p };
};

/**
 * A finished game as the replay holds it: the server's stored game or this device's save, turned into the whole
 * game as the engine knows it (hidden pieces included, once it is over), with what the page says about it besides
 * its moves.
 */
import type { Game, GameId, Outcome, PlayRecord, Seat } from '@qiyuan/core';
import type { ClockSpec } from '@qiyuan/protocol';
import type { ComponentChildren } from 'preact';
import type { GameModule } from '../games/types.js';
import { formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import type { GameSummary } from '../online/wire.js';
import type { RecordContext } from '../pages/record-headers.js';
import type { ReviewState } from '../pages/review.js';
import type { LocalSave } from '../play/session.js';

/** `GET /api/games/:id`. */
export interface StoredGame extends GameSummary {
  readonly options: Record<string, unknown>;
  readonly clock: ClockSpec;
  readonly records: readonly PlayRecord[];
  readonly finishedAt: number | null;
  /** The commitment to the server's seed, and its salt once the game is over (docs/FAIRPLAY.md). */
  readonly commitment?: string;
  readonly salt?: string;
  /** The computer review of a finished game (../pages/review.tsx). */
  readonly review?: ReviewState;
}

/** The commitment of a stored game, with its seed and salt once they are revealed, for the export's headers. */
export const fairDealOf = (stored: StoredGame): NonNullable<RecordContext['fairDeal']> => {
  const seed = stored.options.seed;
  return {
    commitment: stored.commitment as string,
    ...(stored.salt !== undefined && (typeof seed === 'string' || typeof seed === 'number')
      ? { seed, salt: stored.salt }
      : {}),
  };
};
/** What the replay says about a game besides its moves, whether the server or this device kept it. */
export interface ReplayInfo {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seatCount: number;
  /** The seat this browser played, or -1 (at one screen every seat was played here: none is singled out). */
  readonly mySeat: number;
  readonly aiSeats: readonly Seat[];
  /** Who held each seat: a name (with a profile link and a rating change online), the AI, or this screen. */
  readonly holders: readonly ComponentChildren[];
  /** One line on when and how the game was played. */
  readonly about: string;
  /**
   * How the game ended, as its record says: a resignation, a flag fall or an agreed draw is no move, so the moves
   * replayed alone do not know it. Undefined only for a game that never ended (aborted).
   */
  readonly outcome: Outcome | undefined;
  /** An online game aborted without a result: the seats that made no first move. */
  readonly aborted?: readonly Seat[] | undefined;
  /** Where, when and between whom it was played: the exported record's headers. */
  readonly record: RecordContext;
}

export interface Ready {
  readonly info: ReplayInfo;
  readonly mod: GameModule;
  /** The whole game as the engine knows it, at its end. */
  readonly final: Game;
  /** Its record in the game's own notation, to copy or download; undefined when it could not be made. */
  readonly exported: string | undefined;
}

const stringify = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/**
 * The whole game, as the engine knows it: from its export (all hidden
 * information of a finished game, e.g. Junqi's deployments), else replayed
 * from the public record.
 */
export const rebuild = (mod: GameModule, stored: StoredGame, exported: string | undefined): Game | undefined => {
  const def = mod.definition;
  if (exported !== undefined) {
    const g = def.parseGame(exported);
    if (g.ok && g.value.ply === stored.records.length) return g.value;
  }
  const o = def.parseOptions(stored.options);
  const o2 = o.ok ? o : def.parseOptions(stringify(stored.options));
  if (!o2.ok) return undefined;
  const g = def.create(o2.value);
  if (!g.ok) return undefined;
  for (const r of stored.records) {
    const m = g.value.parseMove(r.notation, r.seat);
    if (!m.ok || !g.value.play(m.value, r.seat).ok) return undefined;
  }
  return g.value;
};
/** A game kept on this device, once over: the whole game from its snapshot (hidden pieces included), its record. */
export const fromDevice = (save: LocalSave, mod: GameModule): Ready | undefined => {
  let final: ReturnType<GameModule['definition']['fromSnapshot']>;
  try {
    final = mod.definition.fromSnapshot(save.snapshot);
  } catch {
    // a save damaged in storage may trip the engine up: the page says it cannot be found rather than breaking
    return undefined;
  }
  if (!final.ok) return undefined;
  let exported: string | undefined;
  try {
    exported = mod.definition.exportGame(final.value);
  } catch {
    exported = undefined;
  }
  const seatCount = final.value.seatCount;
  // against the AI the player's own seat is singled out (and seen from); at one screen every seat was played here
  const mySeat =
    save.mode === 'ai'
      ? (Array.from({ length: seatCount }, (_, i) => i).find((i) => !save.aiSeats.includes(i)) ?? -1)
      : -1;
  return {
    mod,
    final: final.value,
    exported,
    info: {
      id: save.id,
      game: save.game,
      options: save.options,
      seatCount,
      mySeat,
      aiSeats: save.aiSeats,
      holders: Array.from({ length: seatCount }, (_, seat) =>
        save.aiSeats.includes(seat) ? t('replay.aiLevel', { n: save.level }) : t('replay.here'),
      ),
      outcome: final.value.outcome(),
      record: {
        event: save.mode === 'ai' ? 'Qiyuan game against the AI' : 'Qiyuan game at one screen',
        site: location.origin,
        date: new Date(save.created),
        players: Array.from({ length: seatCount }, (_, seat) =>
          save.aiSeats.includes(seat) ? `Qiyuan AI level ${save.level}` : `Player ${seat + 1}`,
        ),
        outcome: final.value.outcome(),
        clock: undefined,
      },
      about: t('replay.onDevice', { mode: t(`modes.${save.mode}`), date: formatDateTime(save.created) }),
    },
  };
};

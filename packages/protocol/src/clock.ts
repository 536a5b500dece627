import * as v from 'valibot';

/**
 * Time controls. All times are milliseconds on the server's clock.
 * - `none`: no clock (correspondence-like, or a casual hotseat game).
 * - `fischer`: a bank per seat, plus `incrementMs` after each own move.
 * - `delay`: a bank per seat; each turn the first `delayMs` do not count (simple delay).
 * - `move`: a fixed limit per move (Junqi's 30 s rule); running out is a timeout the
 *   engine counts, the bank does not carry over.
 * - `correspondence`: `daysPerMove` days for each move (1, 2, 3, 5, 7 or 14), unused time
 *   does not carry over and running out loses the game; each player also has a vacation
 *   allowance (`VACATION_DAYS` per game) during which their clock does not run.
 * `setupMs` bounds a simultaneous phase (Junqi deployment, Hive roster choice) that
 * runs before the clock starts; 0 or absent means no limit.
 */
export const CLOCK_KINDS = ['none', 'fischer', 'delay', 'move', 'correspondence'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

const ms = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const DAY = 86_400_000;

/** The days per move a correspondence game may give (as lichess offers them). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
export type CorrespondenceDays = (typeof CORRESPONDENCE_DAYS)[number];
/**
 * Days of vacation each player of a correspondence game may take in that game: while a player's vacation is on,
 * their clock does not run; it ends when they move, switch it off, or the allowance is used up.
 */
export const VACATION_DAYS = 14;

export const ClockSpecSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('none'), setupMs: v.optional(ms(DAY)) }),
  v.strictObject({
    kind: v.literal('fischer'),
    initialMs: v.pipe(ms(7 * DAY), v.minValue(1000)),
    incrementMs: ms(DAY),
    setupMs: v.optional(ms(DAY)),
  }),
  v.strictObject({
    kind: v.literal('delay'),
    initialMs: v.pipe(ms(7 * DAY), v.minValue(1000)),
    delayMs: ms(DAY),
    setupMs: v.optional(ms(DAY)),
  }),
  v.strictObject({ kind: v.literal('move'), moveMs: v.pipe(ms(DAY), v.minValue(1000)), setupMs: v.optional(ms(DAY)) }),
  v.strictObject({
    kind: v.literal('correspondence'),
    daysPerMove: v.picklist(CORRESPONDENCE_DAYS),
    setupMs: v.optional(ms(DAY)),
  }),
]);
export type ClockSpec = v.InferOutput<typeof ClockSpecSchema>;

/** lichess's speed classes, from the estimated duration of a 40-move game per seat; days per move are correspondence. */
export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited'] as const;
export type Speed = (typeof SPEEDS)[number];

export const speedOf = (clock: ClockSpec): Speed => {
  let estimate: number;
  switch (clock.kind) {
    case 'none':
      return 'unlimited';
    case 'correspondence':
      return 'correspondence';
    case 'fischer':
      estimate = clock.initialMs + 40 * clock.incrementMs;
      break;
    case 'delay':
      estimate = clock.initialMs + 40 * clock.delayMs;
      break;
    case 'move':
      estimate = 40 * clock.moveMs;
      break;
  }
  if (estimate < 180_000) return 'bullet';
  if (estimate < 480_000) return 'blitz';
  if (estimate < 1_500_000) return 'rapid';
  return 'classical';
};

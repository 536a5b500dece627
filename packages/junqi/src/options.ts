import { type BaseOptions, fail, isSecretSeed, ok, type Result } from '@qiyuan/core';
import { MODES, type Mode } from './position.js';
import { PRESET_NAMES } from './setup.js';

export const TEAM_MODES = ['pairs', 'ffa'] as const;
/** Four players: 2v2 with partners opposite (`pairs`) or every army for itself (`ffa`). */
export type TeamMode = (typeof TEAM_MODES)[number];

export const VARIANTS = ['standard', 'landlord'] as const;
/** `landlord` is 三打一 (one against three, with bidding). */
export type Variant = (typeof VARIANTS)[number];

export const BIDDINGS = ['points', 'landlord'] as const;
/** 三打一 bidding: call 1–3 points (armies to destroy), or call landlord (always three). */
export type Bidding = (typeof BIDDINGS)[number];

export interface JunqiOptions extends BaseOptions {
  readonly players: 2 | 3 | 4;
  readonly mode: Mode;
  readonly teams: TeamMode;
  readonly variant: Variant;
  readonly bidding: Bidding;
  /** 2v2 and 三打一's farmers: partners see each other's pieces in 暗棋. */
  readonly partnersSee: boolean;
  /** A preset name or `random`: every seat starts deployed so, and the setup phase is skipped. */
  readonly setup?: string;
  /** One setup notation per seat (overrides `setup`). */
  readonly setups?: readonly string[];
  /** The server's secret seed (32 hex digits), or an old numeric seed of a stored game (replayed as it was played). */
  readonly seed: number | string;
  /** Plies in a row without a capture that end the game drawn; 0 turns it off. */
  readonly noCaptureLimit: number;
  /** Total plies after which the game is drawn; 0 turns it off. */
  readonly moveLimit: number;
  /** Consecutive quiet moves of one piece that may keep threatening the same enemy piece; 0 turns it off. */
  readonly chaseLimit: number;
  /** Timeouts after which a seat loses; 0 turns it off. */
  readonly timeoutLimit: number;
  /** Whether an agreed draw is accepted. */
  readonly drawOffers: boolean;
}

/** The defaults, per number of players where they differ. */
export const defaultOptions = (players: 2 | 3 | 4 = 2): JunqiOptions => ({
  players,
  mode: 'hidden',
  teams: players === 3 ? 'ffa' : 'pairs',
  variant: 'standard',
  bidding: 'points',
  partnersSee: false,
  seed: 1,
  noCaptureLimit: 50 * players,
  moveLimit: 500 * players,
  chaseLimit: 5,
  timeoutLimit: 5,
  drawOffers: true,
});

/**
 * Whether four armies play as two teams of partners sitting opposite (2v2): not free-for-all, not 三打一. Every
 * reader of options or views asks this one question, so the game, the AI and the board never disagree on it.
 */
export const playsInPairs = (o: {
  readonly players: number;
  readonly teams: string;
  readonly variant: string;
}): boolean => o.players === 4 && o.teams === 'pairs' && o.variant !== 'landlord';

const asText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

const wholeNumber = (name: string, v: unknown): Result<number> => {
  const t = asText(v);
  if (t === undefined || !/^\d+$/.test(t.trim())) return fail('bad-options', `${name} must be a whole number ≥ 0`);
  const n = Number(t);
  return Number.isSafeInteger(n) ? ok(n) : fail('bad-options', `${name} is too large`);
};

/** A secret seed (32 lowercase hex digits) or the old form, a whole number, which only stored games carry. */
const seedOption = (v: unknown): Result<number | string> => {
  if (isSecretSeed(v)) return ok(v);
  const n = wholeNumber('seed', v);
  return n.ok ? n : fail('bad-options', "seed must be 32 lowercase hex digits (or a stored game's whole number)");
};

const boolean = (name: string, v: unknown): Result<boolean> => {
  const t = asText(v)?.trim().toLowerCase();
  if (t === 'true' || t === '1' || t === 'yes' || t === '') return ok(true);
  if (t === 'false' || t === '0' || t === 'no') return ok(false);
  return fail('bad-options', `${name} must be true or false`);
};

const oneOf = <T extends string>(name: string, v: unknown, values: readonly T[]): Result<T> => {
  const t = asText(v)?.trim();
  return t !== undefined && (values as readonly string[]).includes(t)
    ? ok(t as T)
    : fail('bad-options', `${name} must be one of ${values.join(', ')}`);
};

const KNOWN = [
  'players',
  'mode',
  'teams',
  'variant',
  'bidding',
  'partnersSee',
  'setup',
  'setups',
  'seed',
  'noCaptureLimit',
  'moveLimit',
  'chaseLimit',
  'timeoutLimit',
  'drawOffers',
] as const;

/**
 * The options a game's creator chooses for every seat, as the lobby shows them (`GameDefinition.lobbyOptions`). Not
 * `setup` or `setups`: a deployment fixed by the creator would write the other armies, and in 暗棋 tell the creator
 * where every enemy piece stands; each seat deploys its own army (a preset is that seat's own setup move).
 */
export const LOBBY_OPTIONS = [
  'players',
  'mode',
  'teams',
  'variant',
  'bidding',
  'partnersSee',
  'noCaptureLimit',
  'moveLimit',
  'chaseLimit',
  'timeoutLimit',
  'drawOffers',
] as const;

/** Accepts CLI flags (strings), lobby forms and JSON; camelCase or kebab-case names. */
export const parseOptions = (input: Readonly<Record<string, unknown>>): Result<JunqiOptions> => {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    const key = k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!(KNOWN as readonly string[]).includes(key)) {
      return fail('bad-options', `unknown option "${k}" (known: ${KNOWN.join(', ')})`);
    }
    raw[key] = v;
  }
  let players: 2 | 3 | 4 = 2;
  if (raw.players !== undefined) {
    const p = oneOf('players', raw.players, ['2', '3', '4']);
    if (!p.ok) return p;
    players = Number(p.value) as 2 | 3 | 4;
  }
  const o: { -readonly [K in keyof JunqiOptions]: JunqiOptions[K] } = { ...defaultOptions(players) };
  const steps: [keyof JunqiOptions, () => Result<unknown>][] = [
    ['mode', () => oneOf('mode', raw.mode, MODES)],
    ['teams', () => oneOf('teams', raw.teams, TEAM_MODES)],
    ['variant', () => oneOf('variant', raw.variant, VARIANTS)],
    ['bidding', () => oneOf('bidding', raw.bidding, BIDDINGS)],
    ['partnersSee', () => boolean('partnersSee', raw.partnersSee)],
    ['seed', () => seedOption(raw.seed)],
    ['noCaptureLimit', () => wholeNumber('noCaptureLimit', raw.noCaptureLimit)],
    ['moveLimit', () => wholeNumber('moveLimit', raw.moveLimit)],
    ['chaseLimit', () => wholeNumber('chaseLimit', raw.chaseLimit)],
    ['timeoutLimit', () => wholeNumber('timeoutLimit', raw.timeoutLimit)],
    ['drawOffers', () => boolean('drawOffers', raw.drawOffers)],
  ];
  for (const [key, read] of steps) {
    if (raw[key] === undefined) continue;
    const r = read();
    if (!r.ok) return r;
    (o as Record<string, unknown>)[key] = r.value;
  }
  if (raw.setup !== undefined) {
    const t = asText(raw.setup)?.trim();
    if (!t || !(t === 'random' || (PRESET_NAMES as string[]).includes(t))) {
      return fail('bad-options', `setup must be random or a preset: ${PRESET_NAMES.join(', ')}`);
    }
    o.setup = t;
  }
  if (raw.setups !== undefined) {
    const list = Array.isArray(raw.setups) ? raw.setups : asText(raw.setups)?.split(',');
    if (!list || list.some((s) => typeof s !== 'string'))
      return fail('bad-options', 'setups is a list of setup notations');
    if (list.length !== players) return fail('bad-options', `setups needs one setup per seat (${players})`);
    o.setups = (list as string[]).map((s) => s.trim());
  }
  if (raw.teams === undefined && players === 3) o.teams = 'ffa';
  if (players === 2 && raw.teams !== undefined && o.teams !== 'pairs') {
    return fail('bad-options', 'teams applies to four players only');
  }
  if (players === 3 && o.teams === 'pairs')
    return fail('bad-options', 'three players play every army for itself (teams ffa)');
  if (o.variant === 'landlord' && players !== 4)
    return fail('bad-options', '三打一 (variant landlord) needs four players');
  if (o.variant === 'landlord' && o.mode === 'flip')
    return fail('bad-options', '三打一 is played with deployed armies, not 翻棋');
  if (o.mode === 'flip' && players !== 2) {
    return fail('bad-options', '翻棋 (mode flip) is played by two players on the two-player board');
  }
  if (o.mode === 'flip' && (o.setup !== undefined || o.setups !== undefined)) {
    return fail('bad-options', '翻棋 has no setup: the pieces are shuffled face down');
  }
  return ok(o);
};

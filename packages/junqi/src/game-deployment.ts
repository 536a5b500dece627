/**
 * The deployment (setup) phase of a Junqi game: each army's setup, chosen, preset or drawn at random, and the start
 * of play once every army still in stands on the board (翻棋 starts at once, every piece face down).
 */
import { fail, ok, type Result, Rng, type Seat } from '@qiyuan/core';
import { endWith, type HistoryEntry, type JunqiMove, type State, type Table } from './game-state.js';
import { type Rank, STANDARD_ARMY } from './piece.js';
import { type PieceState, Position, type Rules } from './position.js';
import { type ArmySetup, PRESETS, type PresetName, randomSetup, readSetup, setupToString } from './setup.js';
import { decidedByExits, exitsOf, teamsFor } from './standing.js';

/** The state of a new game, before anything is dealt or deployed. */
export const newState = (seats: number): State => ({
  phase: 'setup',
  pos: undefined,
  setups: new Array(seats).fill(undefined),
  holdings: Array.from({ length: seats }, () => [...STANDARD_ARMY]),
  hands: [],
  kitty: [],
  dealNo: 0,
  bids: [],
  bidder: 0,
  landlord: -1,
  target: 0,
  timeouts: new Array(seats).fill(0),
  outBeforePlay: [],
  ended: undefined,
});

/** 翻棋: every piece face down on the non-camp points, shuffled by the seed; play starts at once. */
export const startFlip = (t: Table): void => {
  const board = t.board;
  const slots = board.points.filter((p) => p.kind !== 'camp').map((p) => p.id);
  const bag: { army: number; rank: Rank }[] = [];
  for (let army = 0; army < 2; army++) {
    STANDARD_ARMY.forEach((n, rank) => {
      for (let i = 0; i < n; i++) bag.push({ army, rank });
    });
  }
  Rng.fromSeed(`${t.options.seed}:flip`).shuffle(bag);
  const pieces: PieceState[] = slots.map((point, i) => ({ point, ...bag[i]!, faceDown: true, id: i }));
  t.state.pos = new Position(rulesFor(t, -1), pieces);
  t.state.pos.start();
  t.state.phase = 'play';
};

/** Deploys every army from `setup`/`setups` when the options say so. */
export const presetSetups = (t: Table): Result<void> => {
  const { options: o, state } = t;
  if (o.setups === undefined && o.setup === undefined) return ok(undefined);
  for (let seat = 0; seat < o.players; seat++) {
    const pick = state.landlord === seat;
    let setup: Result<ArmySetup>;
    if (o.setups !== undefined) setup = readSetup(o.setups[seat]!, state.holdings[seat], pick);
    else if (o.setup === 'random') setup = randomSetup(setupRng(t, seat), state.holdings[seat], pick);
    else setup = readSetup(PRESETS[o.setup as PresetName], state.holdings[seat], pick);
    if (!setup.ok) {
      return fail(setup.error.code, `seat ${seat}: ${setup.error.reason}`);
    }
    state.setups[seat] = setup.value;
  }
  startPlay(t);
  return ok(undefined);
};

export const setupRng = ({ options, state }: Table, seat: Seat): Rng =>
  Rng.fromSeed(`${options.seed}:setup:${state.dealNo}:${seat}`);

/** The rules the play phase runs by, once `landlord` (三打一; -1 otherwise) is known. */
const rulesFor = ({ options: o, board, state }: Table, landlord: Seat): Rules => {
  const seats = o.players;
  return {
    board,
    seats,
    mode: o.mode,
    armyOfSeat: o.mode === 'flip' ? [-1, -1] : Array.from({ length: seats }, (_, s) => s),
    teamOfSeat: teamsFor(o, landlord),
    landlord,
    target: state.target,
    firstSeat: landlord >= 0 ? landlord : 0,
    noCaptureLimit: o.noCaptureLimit,
    moveLimit: o.moveLimit,
    chaseLimit: o.chaseLimit,
  };
};

const startPlay = (t: Table): void => {
  const pieces: PieceState[] = [];
  t.state.setups.forEach((setup, army) => {
    let index = 0;
    setup?.forEach((rank, slot) => {
      if (rank < 0) return;
      const row = Math.floor(slot / 5) + 1;
      pieces.push({
        point: t.board.at(army, row, slot % 5),
        army,
        rank,
        faceDown: false,
        id: army * 25 + index++,
      });
    });
  });
  t.state.pos = new Position(rulesFor(t, t.state.landlord), pieces);
  t.state.pos.start(t.state.outBeforePlay);
  t.state.phase = 'play';
};

/** Whether `seat` left while the armies deployed. */
const outBeforePlay = (s: State, seat: Seat): boolean => s.outBeforePlay.some((g) => g.seat === seat);

/** Play starts once every seat still in has deployed. */
const startPlayIfDeployed = (t: Table): void => {
  const s = t.state;
  if (s.setups.every((x, seat) => x !== undefined || outBeforePlay(s, seat))) startPlay(t);
};

/** The seats that still have to deploy. */
export const seatsToDeploy = (s: State): Seat[] =>
  s.setups.flatMap((x, seat) => (x === undefined && !outBeforePlay(s, seat) ? [seat] : []));

/** The setups `seat` may play now: any legal deployment may be played; these are the presets that fit, or one random deployment. */
export const setupChoices = (t: Table, seat: Seat): JunqiMove[] => {
  const s = t.state;
  if (s.setups[seat] !== undefined || seat >= t.options.players || outBeforePlay(s, seat)) return [];
  const pick = s.landlord === seat;
  const out: JunqiMove[] = [];
  for (const text of Object.values(PRESETS)) {
    if (readSetup(text, s.holdings[seat], pick).ok) out.push({ type: 'setup', setup: text });
  }
  if (out.length === 0) {
    const r = randomSetup(setupRng(t, seat), s.holdings[seat], pick);
    if (r.ok) out.push({ type: 'setup', setup: setupToString(r.value) });
  }
  return out;
};

export const playSetup = (t: Table, seat: Seat, text: string): Result<HistoryEntry> => {
  const s = t.state;
  if (s.phase !== 'setup') return fail('not-setup', 'the setup phase is over');
  if (s.setups[seat] !== undefined) return fail('already-set-up', `seat ${seat} has already deployed`);
  if (outBeforePlay(s, seat)) return fail('already-out', `seat ${seat} is out: it resigned`);
  if (typeof text !== 'string') return fail('bad-setup', 'a setup is a notation string');
  const setup = readSetup(text, s.holdings[seat], s.landlord === seat);
  if (!setup.ok) return setup;
  s.setups[seat] = setup.value;
  startPlayIfDeployed(t);
  return ok({ action: { seat, move: { type: 'setup', setup: setupToString(setup.value) } }, phase: 'setup' });
};

/** A timeout while deploying deploys at random. */
export const deployAtRandom = (t: Table, seat: Seat): Result<void> => {
  const s = t.state;
  const r = randomSetup(setupRng(t, seat), s.holdings[seat], s.landlord === seat);
  if (!r.ok) return r;
  s.setups[seat] = r.value;
  startPlayIfDeployed(t);
  return ok(undefined);
};

/**
 * A resignation before play (R13). Two players: the game ends. More: the resigner's army is out and never
 * deployed, and the others deploy and play on, as a resignation during play, unless the seats out decide the
 * game already. 三打一's bidding has no sides yet and cannot go on with three: the game ends, the resigner
 * alone loses.
 */
export const resignBeforePlay = (t: Table, seat: Seat): Result<void> => {
  const s = t.state;
  const o = t.options;
  if (o.players === 2 || s.phase === 'bidding') {
    s.ended = endWith(t, 'resigned', (other) => (other === seat ? 'loss' : 'win'));
    return ok(undefined);
  }
  if (outBeforePlay(s, seat)) return fail('already-out', `seat ${seat} is already out`);
  s.outBeforePlay.push({ seat, reason: 'resigned' });
  // a deployment already made is withdrawn with its army: nothing of it reaches the board or the views
  s.setups[seat] = undefined;
  const sides = { seats: o.players, teamOfSeat: teamsFor(o, s.landlord), landlord: s.landlord, target: s.target };
  s.ended = decidedByExits(sides, exitsOf(s.outBeforePlay));
  if (!s.ended) startPlayIfDeployed(t);
  return ok(undefined);
};

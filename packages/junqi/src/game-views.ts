/** What a Junqi game shows one viewer: its view of the position, and its record of each ply. */
import { type JsonObject, type JsonValue, type PlayRecord, type Seat, SPECTATOR, type Viewer } from '@qiyuan/core';
import type { JunqiGame } from './game.js';
import { FLAG, type Rank, rankLetter } from './piece.js';
import { setupToString } from './setup.js';

export const viewOf = (game: JunqiGame, viewer: Viewer): JsonObject => {
  const { state: s } = game.internals;
  const o = game.options;
  const pos = s.pos;
  const seatView = viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < game.seatCount;
  const who: Viewer = seatView ? viewer : SPECTATOR;
  const turn = game.turn();
  const view: Record<string, JsonValue> = {
    game: 'junqi',
    viewer: who,
    players: o.players,
    mode: o.mode,
    variant: o.variant,
    teams: o.players === 2 ? 'pairs' : o.teams,
    partnersSee: o.partnersSee,
    phase: s.phase,
    ply: game.ply,
    turn: turn as unknown as JsonValue,
    timeouts: [...s.timeouts],
    limits: {
      noCapture: o.noCaptureLimit,
      moves: o.moveLimit,
      chase: o.chaseLimit,
      timeouts: o.timeoutLimit,
      drawOffers: o.drawOffers,
    },
  };
  if (o.variant === 'landlord') {
    // the bidding style is public: a UI needs it to offer the calls, an AI to reason about them
    view.bidding = o.bidding;
    view.bids = s.bids.map((b) => ({ seat: b.seat, call: b.call }));
    view.landlord = s.landlord;
    view.target = s.target;
    if (seatView && s.phase !== 'play')
      view.hand = countsToText(s.phase === 'bidding' ? s.hands[who as Seat]! : s.holdings[who as Seat]!);
  }
  if (s.phase === 'setup') {
    view.deployed = s.setups.map((x) => x !== undefined);
    // a seat that resigned while deploying is out already (R13)
    if (s.outBeforePlay.length > 0) {
      view.out = s.setups.map((_, seat) => s.outBeforePlay.some((g) => g.seat === seat));
    }
    if (seatView && s.setups[who as Seat]) view.mySetup = setupToString(s.setups[who as Seat]!);
  }
  if (pos) {
    view.armyOfSeat = [...pos.armyOfSeat];
    view.out = Array.from({ length: game.seatCount }, (_, seat) => pos.isOut(seat));
    view.noCapture = pos.noCapture;
    view.plies = pos.plies;
    view.toMove = pos.toMove;
    view.dead = pos.deadPieces().map((id) => {
      const army = pos.pieceArmy[id]!;
      const rank = pos.pieceRank[id]!;
      return { id, army, rank: game.canSee(who, army, rank, false) ? rankLetter(rank) : null };
    });
    view.flagsRevealed = [0, 1, 2, 3].filter((a) => (pos.flagRevealed >> a) & 1);
    view.pieces = pos.pieces().map((p) => {
      const visible = game.canSee(who, p.army, p.rank, p.faceDown);
      const piece: Record<string, JsonValue> = {
        id: p.id,
        point: p.point,
        moved: pos.moved[p.id] === 1,
        origin: pos.origin[p.id]!,
      };
      // A face-down 翻棋 piece shows neither colour nor rank (until the game is over).
      piece.army = p.faceDown && !visible ? null : p.army;
      piece.rank = visible ? rankLetter(p.rank) : null;
      if (p.faceDown) piece.faceDown = true;
      return piece;
    });
  }
  const outcome = game.outcome();
  if (outcome) view.outcome = outcome as unknown as JsonValue;
  return view;
};

const countsToText = (counts: readonly number[]): string =>
  counts.map((n, rank) => rankLetter(rank).repeat(n)).join('');

export const recordOf = (game: JunqiGame, viewer: Viewer, ply: number): PlayRecord => {
  const { history } = game.internals;
  const entry = history[ply];
  if (!entry) return { ply, seat: -1, notation: '' };
  const a = entry.action;
  const who: Viewer = viewer === SPECTATOR || !Number.isInteger(viewer) ? SPECTATOR : viewer;
  if ('event' in a) {
    return {
      ply,
      seat: a.seat,
      notation: a.event.type === 'draw-agreed' ? 'draw-agreed' : `${a.event.type}`,
      ...(entry.effect?.knockedOut ? { detail: { knockedOut: entry.effect.knockedOut } as unknown as JsonValue } : {}),
    };
  }
  const move = a.move;
  if (move.type === 'setup') {
    // A deployment is its owner's secret; in 明棋 it is shown once every army stands on the board.
    const show =
      who === a.seat || (game.options.mode === 'open' && game.phase === 'play') || game.outcome() !== undefined;
    return { ply, seat: a.seat, notation: show ? game.moveToString(move) : 'setup' };
  }
  const record: { ply: number; seat: Seat; notation: string; detail?: JsonValue } = {
    ply,
    seat: a.seat,
    notation: game.moveToString(move),
  };
  const e = entry.effect;
  if (!e) return record;
  const detail: Record<string, JsonValue> = {};
  if (e.flipped) detail.flipped = { army: e.flipped.army, rank: rankLetter(e.flipped.rank) };
  if (e.colours) detail.colours = [...e.colours];
  if (e.combat && e.attacker && e.defender) {
    detail.combat = e.combat;
    const mode = game.options.mode;
    const over = game.outcome() !== undefined;
    const knows = (army: number, rank: Rank) => {
      if (mode === 'open' || mode === 'flip' || over) return true;
      if (rank === FLAG) return true; // a captured flag ends that army: everyone learns it
      if (who === SPECTATOR) return false;
      const pos = game.position!;
      const seat = pos.seatOfArmy(army);
      return (
        seat === who ||
        (game.options.partnersSee && game.seatCount > 2 && pos.rules.teamOfSeat[seat] === pos.rules.teamOfSeat[who])
      );
    };
    if (knows(e.attacker.army, e.attacker.rank)) detail.attackerRank = rankLetter(e.attacker.rank);
    if (knows(e.defender.army, e.defender.rank)) detail.defenderRank = rankLetter(e.defender.rank);
  }
  if (entry.flagPoints) detail.flagsRevealed = entry.flagPoints.map((f) => ({ army: f.army, point: f.point }));
  if (e.knockedOut) detail.knockedOut = e.knockedOut.map((k) => ({ seat: k.seat, reason: k.reason }));
  if (Object.keys(detail).length > 0) record.detail = detail;
  return record;
};

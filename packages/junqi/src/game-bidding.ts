/** 三打一's bidding: the deal, the calls each seat may make, and the landlord it decides (rulings L1–L3). */
import { fail, ok, type Result, type Seat } from '@qiyuan/core';
import { presetSetups } from './game-deployment.js';
import type { HistoryEntry, Table } from './game-state.js';
import { type Call, deal, farmerArmy, landlordHolding } from './landlord.js';

/** Deals the hands and the kitty of the current deal; its seat opens the bidding. */
export const dealHands = ({ options, state }: Table): void => {
  const d = deal(options.seed, state.dealNo);
  state.hands = d.hands.map((h) => [...h]);
  state.kitty = [...d.kitty];
  state.bids = [];
  state.bidder = state.dealNo % 4;
};

export const legalCalls = ({ options, state }: Table): Call[] => {
  if (options.bidding === 'landlord') return ['pass', 'landlord'];
  const best = Math.max(0, ...state.bids.map((b) => (b.call === 'pass' ? 0 : Number(b.call))));
  return ['pass', ...(['1', '2', '3'] as const).filter((c) => Number(c) > best)];
};

export const playBid = (t: Table, seat: Seat, call: Call): Result<HistoryEntry> => {
  const s = t.state;
  if (s.phase !== 'bidding') return fail('not-bidding', 'bidding is over');
  if (seat !== s.bidder) return fail('not-your-turn', `seat ${s.bidder} bids now`);
  if (!legalCalls(t).includes(call)) {
    return fail('illegal-bid', `"${call}" is not a legal call now (legal: ${legalCalls(t).join(', ')})`);
  }
  s.bids.push({ seat, call });
  const entry: HistoryEntry = { action: { seat, move: { type: 'bid', call } }, phase: 'bidding' };
  const calls = s.bids.filter((b) => b.call !== 'pass');
  const decisive = call === '3' || call === 'landlord';
  if (decisive || s.bids.length === 4) {
    if (calls.length === 0) {
      // L3: nobody called — a new deal, and the next seat opens the bidding.
      s.dealNo++;
      dealHands(t);
      return ok(entry);
    }
    const top = calls[calls.length - 1]!;
    s.landlord = top.seat;
    s.target = top.call === 'landlord' ? 3 : Number(top.call);
    s.holdings = s.hands.map((h, i) => (i === s.landlord ? landlordHolding(h, s.kitty) : farmerArmy(h)));
    s.phase = 'setup';
    const preset = presetSetups(t);
    if (!preset.ok) return preset;
    return ok(entry);
  }
  s.bidder = (s.bidder + 1) % 4;
  return ok(entry);
};

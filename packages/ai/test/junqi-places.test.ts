import { unwrap } from '@qiyuan/core';
import { type JunqiGame, junqi, type Position } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { junqiReward, ownPlacesReward, placesReward, teamsOf } from '../src/games/junqi/evaluate.js';
import { KNOWLEDGE_VARIANTS } from '../src/games/junqi/knowledge.js';
import { answer, requestFor } from '../src/index.js';

/** A game of `players` with every army deployed by the heuristic player, at the first move of play. */
const inPlay = (options: Record<string, string>): JunqiGame => {
  const game = unwrap(
    junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed: '7', ...options }))),
  ) as JunqiGame;
  for (let i = 0; i < 8 && !game.position; i++) {
    const turn = game.turn();
    const seats = turn.kind === 'seat' ? [turn.seat] : turn.kind === 'simultaneous' ? turn.seats : [];
    for (const seat of seats) {
      const r = answer(requestFor(game, seat, 'heuristic', { seed: seat }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
  }
  if (!game.position) throw new Error('the armies never met');
  return game;
};

const ffaTeams = teamsOf(4, 'standard', 'ffa', -1);

/** The armies' pieces of `seat` removed from the board but its seat still in: a weaker army than the rest. */
const weaken = (pos: Position, seat: number, keep: number) => {
  const army = pos.armyOfSeat[seat]!;
  let kept = 0;
  for (let p = 0; p < pos.n; p++) {
    if (pos.owner[p] !== army) continue;
    // The flag and `keep` other pieces stay, so the seat is still in.
    if (pos.rank[p] === 0 || kept++ < keep) continue;
    pos.owner[p] = -1;
  }
};

describe('Junqi places reward: the share of opponents a seat may finish ahead of', () => {
  it('scores equal armies level and sums to what is shared out', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    const r = placesReward(pos, ffaTeams);
    for (const x of r) expect(x).toBeGreaterThan(0.3);
    for (const x of r) expect(x).toBeLessThan(0.7);
    // Every pair is scored from both ends, so the shares of four seats sum to two.
    expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 9);
  });

  it('places a seat that is out behind everyone still in, and behind those who went out after it', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    pos.forfeit(2, 'resigned');
    pos.forfeit(0, 'resigned');
    const r = placesReward(pos, ffaTeams);
    expect(r[2]).toBe(0); // out first: behind all three
    expect(r[0]).toBeCloseTo(1 / 3, 9); // out second: ahead of seat 2 only
    // The two still in are ahead of both who are out, and share their own pair between them.
    for (const s of [1, 3]) expect(r[s]).toBeGreaterThan(2 / 3);
    expect(r[1]! + r[3]!).toBeCloseTo(5 / 3, 9);
  });

  it('gives the finished game its places: the winner 1, then by how long each stayed in', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    pos.forfeit(3, 'resigned');
    pos.forfeit(1, 'resigned');
    pos.forfeit(0, 'resigned');
    expect(pos.outcome()).toBeDefined();
    expect(placesReward(pos, ffaTeams)).toEqual([2 / 3, 1 / 3, 1, 0].map((x) => expect.closeTo(x, 9)));
  });

  it('leaves the seats out before the search out of the shares, so a last duel spans the whole range', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    pos.forfeit(1, 'resigned');
    pos.forfeit(3, 'resigned');
    const settled = [false, true, false, true];
    const before = placesReward(pos, ffaTeams, undefined, settled);
    const counted = placesReward(pos, ffaTeams);
    // Seats 0 and 2 fight for first: counted in, the two out opponents pin their shares to [⅔, 1].
    expect(before[0]! + before[2]!).toBeCloseTo(1, 9);
    expect(counted[0]).toBeCloseTo((2 + before[0]!) / 3, 9);
    // A duel's swing is the whole swing of the pair, three times what the counted-in share moves.
    weaken(pos, 2, 3);
    const after = placesReward(pos, ffaTeams, undefined, settled);
    const swing = after[0]! - before[0]!;
    expect(swing).toBeGreaterThan(0.2);
    expect(placesReward(pos, ffaTeams)[0]! - counted[0]!).toBeCloseTo(swing / 3, 9);
  });

  it('values hurting any opponent, where the plain reward sees only the strongest', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    // Seat 1 is already far behind; weakening it further is worth nothing against the strongest enemy alone.
    weaken(pos, 1, 8);
    const before = pos.clone();
    weaken(pos, 1, 4);
    expect(junqiReward(pos, ffaTeams)[0]).toBeCloseTo(junqiReward(before, ffaTeams)[0]!, 9);
    expect(placesReward(pos, ffaTeams)[0]).toBeGreaterThan(placesReward(before, ffaTeams)[0]!);
  });

  it('does not count a teammate as an opponent in 2v2', () => {
    const pos = inPlay({ players: '4' }).position!.clone();
    const teams = teamsOf(4, 'standard', 'pairs', -1);
    pos.forfeit(2, 'resigned'); // seat 0's partner
    const r = placesReward(pos, teams);
    // Seat 0 is compared with seats 1 and 3 only, both still in, so its partner's exit does not drag it to zero.
    expect(r[0]).toBeGreaterThan(0);
    expect(r[2]).toBe(0);
  });

  it('scores only the searching seat by places, and its rivals as they play, by their lead over the strongest', () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    weaken(pos, 1, 8);
    const plain = junqiReward(pos, ffaTeams);
    const places = placesReward(pos, ffaTeams);
    const own = ownPlacesReward(pos, ffaTeams, 2);
    expect(own[2]).toBeCloseTo(places[2]!, 9);
    for (const s of [0, 1, 3]) expect(own[s]).toBeCloseTo(plain[s]!, 9);
    // The two judgements differ here, so the mix is not either one alone.
    expect(places[2]).not.toBeCloseTo(plain[2]!, 3);
  });

  it("weighs the searching seat's places with its own lead when told to mix them, its rivals unchanged", () => {
    const pos = inPlay({ players: '4', teams: 'ffa' }).position!.clone();
    weaken(pos, 1, 8);
    const plain = junqiReward(pos, ffaTeams);
    const places = placesReward(pos, ffaTeams);
    const quarter = ownPlacesReward(pos, ffaTeams, 2, undefined, undefined, 0.25);
    expect(quarter[2]).toBeCloseTo(0.25 * places[2]! + 0.75 * plain[2]!, 9);
    for (const s of [0, 1, 3]) expect(quarter[s]).toBeCloseTo(plain[s]!, 9);
    expect(ownPlacesReward(pos, ffaTeams, 2, undefined, undefined, 0)[2]).toBeCloseTo(plain[2]!, 9);
  });

  it.each(['master@motionown', 'master@motionownguard', 'master@motionmix'])(
    '%s plays a legal move for a seat of a free-for-all after two rivals are out',
    (player) => {
      const game = inPlay({ players: '4', teams: 'ffa' });
      const mover = game.position!.sideToMove();
      const others = [0, 1, 2, 3].filter((s) => s !== mover);
      for (const s of others.slice(0, 2)) unwrap(game.apply({ type: 'resign', seat: s }));
      const reply = answer(requestFor(game, mover, player, { seed: 3, iterations: 200 }));
      if (!reply.ok) throw new Error(reply.error.reason);
      expect(game.play(unwrap(game.parseMove(reply.move, mover)), mover).ok).toBe(true);
    },
  );

  it('is a variant the arena can name, alone and with the priors', () => {
    expect(KNOWLEDGE_VARIANTS.places?.places).toBe(true);
    expect(KNOWLEDGE_VARIANTS.motionplaces).toMatchObject({ places: true, deploy: true, motion: true });
    expect(KNOWLEDGE_VARIANTS.motionown).toMatchObject({ places: true, placesOwn: true, deploy: true, motion: true });
    expect(KNOWLEDGE_VARIANTS.motionownguard).toMatchObject({ ...KNOWLEDGE_VARIANTS.motionown, guard: true });
    expect(KNOWLEDGE_VARIANTS.motionmix).toMatchObject({ ...KNOWLEDGE_VARIANTS.motionown, placesMix: 0.5 });
  });
});

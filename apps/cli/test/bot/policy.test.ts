import { describe, expect, it } from 'vitest';
import { type ChallengeInfo, type ChallengePolicy, decideChallenge } from '../../src/bot/policy.js';

const hiveOnly = (game: string) => (game === 'hive' ? undefined : `plays Hive only, not ${game}`);
const base: ChallengeInfo = {
  id: 'c1',
  game: 'hive',
  options: {},
  clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 5000 },
  rated: true,
  challenger: { name: 'alice' },
};
const policy: ChallengePolicy = { maxGames: 2 };

describe('decideChallenge', () => {
  it.each<[string, Partial<ChallengeInfo>, Partial<ChallengePolicy>, number, string | undefined]>([
    ['a game it plays', {}, {}, 0, undefined],
    ['a game outside --games', { game: 'abalone' }, { games: ['hive'] }, 0, 'variant'],
    ['a game the player cannot play', { game: 'junqi' }, {}, 0, 'variant'],
    [
      'a clock kind it does not take',
      { clock: { kind: 'correspondence', daysPerMove: 1 } },
      { clocks: ['fischer'] },
      0,
      'timeControl',
    ],
    ['a casual game when rated only', { rated: false }, { rated: 'only' }, 0, 'casual'],
    ['a rated game when casual only', { rated: true }, { rated: 'never' }, 0, 'rated'],
    ['a bot when bots are refused', { challenger: { name: 'b', bot: true } }, { bots: false }, 0, 'noBot'],
    ['a bot when bots are welcome', { challenger: { name: 'b', bot: true } }, {}, 0, undefined],
    ['one game too many', {}, {}, 2, 'later'],
    ['one game below the cap', {}, {}, 1, undefined],
  ])('%s', (_, c, p, playing, reason) => {
    const d = decideChallenge({ ...base, ...c }, { ...policy, ...p }, hiveOnly, playing);
    if (reason === undefined) expect(d).toEqual({ accept: true });
    else {
      expect(d).toMatchObject({ accept: false, reason });
      if (!d.accept) expect(d.detail.length).toBeGreaterThan(0);
    }
  });

  it('passes on the player’s own reason', () => {
    const d = decideChallenge({ ...base, game: 'junqi' }, policy, hiveOnly, 0);
    expect(d).toEqual({ accept: false, reason: 'variant', detail: 'plays Hive only, not junqi' });
  });
});

import { type Game, unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { answerAsk } from '../src/play/ai-ask.js';

/** The page's AI worker answers from the game on the device, whatever the game hides or shows. */
describe('the AI worker', () => {
  it.each(['open', 'hidden', 'flip'])('deploys and moves in Junqi (%s)', async (mode) => {
    const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ mode, seed: '5' })))) as unknown as Game;
    for (let ply = 0; ply < 6; ply++) {
      const turn = game.turn();
      const seat =
        turn.kind === 'seat'
          ? turn.seat
          : turn.kind === 'simultaneous'
            ? turn.seats.find((s) => game.legalMoves(s).length > 0)!
            : 0;
      const reply = await answerAsk({
        id: ply,
        game: 'junqi',
        player: '1',
        seat,
        snapshot: game.snapshot(),
        seed: ply + 1,
      });
      expect(reply).toMatchObject({ ok: true, id: ply });
      if (!reply.ok) return;
      unwrap(game.play(unwrap(game.parseMove(reply.move, seat)), seat));
    }
    expect(game.ply).toBe(6);
  });

  it('says why when the saved game cannot be read', async () => {
    const reply = await answerAsk({
      id: 1,
      game: 'junqi',
      player: '1',
      seat: 1,
      snapshot: { nonsense: true },
      seed: 1,
    });
    expect(reply.ok).toBe(false);
  });
});
